package samegame

import (
	"fmt"
	"io"

	"cascade/input"
)

// Size names the size of c in reports: "N=5, K=12".
func (c *Case) Size() string { return fmt.Sprintf("N=%d, K=%d", c.N, len(c.Moves)) }

// WriteTrace explains t, the trace of c, for people, as cascade trace
// prints it: the start box, then every move with the group it took and
// its points, the box after it when t has Detail, and the total. Boxes
// are drawn top row first, '-' for an empty cell.
func WriteTrace(w io.Writer, c *Case, t Trace) {
	fmt.Fprintf(w, "samegame: %s\nstart\n", c.Size())
	drawBox(w, c.N, c.Board)
	for i, r := range t.Moves {
		if r.Removed == 0 {
			fmt.Fprintf(w, "step %d %v: empty cell, 0 points\n", i+1, r.Move)
		} else {
			fmt.Fprintf(w, "step %d %v: %s of colour %d, %s\n",
				i+1, r.Move, input.Count(int64(r.Removed), "cube", "cubes"), r.Colour, input.Count(r.Points, "point", "points"))
		}
		if i < len(t.Detail) {
			drawBox(w, c.N, t.Detail[i].Board)
		}
	}
	fmt.Fprintf(w, "total %d\n", t.Total)
}

// drawBox draws a box laid out like Case.Board.
func drawBox(w io.Writer, n int, board []uint8) {
	row := make([]byte, 0, n+3)
	for r := range n {
		row = append(row[:0], "  "...)
		for _, v := range board[r*n : (r+1)*n] {
			if v == 0 {
				row = append(row, '-')
			} else {
				row = append(row, '0'+v)
			}
		}
		row = append(row, '\n')
		w.Write(row)
	}
}
