package samegame

import (
	"fmt"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/paint"
)

// Size names the size of c in reports: "N=5, K=12" for a square box,
// "W=15, H=10, K=12" for another.
func (c *Case) Size() string {
	if c.Square() {
		return fmt.Sprintf("N=%d, K=%d", c.W, len(c.Moves))
	}
	return fmt.Sprintf("W=%d, H=%d, K=%d", c.W, c.H, len(c.Moves))
}

// Legend is the one line that explains how a trace draws a box.
const Legend = "cells: a cube's colour 1-9; - empty"

// WriteTrace explains t, the trace of c, for people, as cascade trace
// prints it: the legend, the start box, then every move with the group
// it took and its points, the box after it when t has Detail, and the
// total. Boxes are drawn top row first, '-' for an empty cell; p colours
// the cubes (the zero Painter leaves them plain).
func WriteTrace(w io.Writer, c *Case, t Trace, p paint.Painter) {
	fmt.Fprintf(w, "samegame: %s\n", c.Size())
	if !c.Rules.IsDefault() {
		fmt.Fprintf(w, "rules %s\n", c.Rules)
	}
	fmt.Fprintf(w, "%s\nstart\n", Legend)
	drawBox(w, c.W, c.H, c.Board, p)
	for i, r := range t.Moves {
		switch {
		case r.Colour == 0:
			fmt.Fprintf(w, "step %d %v: empty cell, 0 points\n", i+1, r.Move)
		case r.Removed == 0:
			fmt.Fprintf(w, "step %d %v: group of colour %s below the minimum of %d, 0 points\n",
				i+1, r.Move, p.Piece(int(r.Colour), fmt.Sprint(r.Colour)), c.Rules.Effective().Min)
		default:
			fmt.Fprintf(w, "step %d %v: %s of colour %s, %s\n",
				i+1, r.Move, p.Mark(paint.Line, input.Count(int64(r.Removed), "cube", "cubes")),
				p.Piece(int(r.Colour), fmt.Sprint(r.Colour)), input.Count(r.Points, "point", "points"))
		}
		if i < len(t.Detail) {
			drawBox(w, c.W, c.H, t.Detail[i].Board, p)
		}
	}
	for _, line := range endLines(c, t) {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "total %d\n", t.Total)
}

// drawBox draws a box laid out like Case.Board.
func drawBox(w io.Writer, n, h int, board []uint8, p paint.Painter) {
	var row strings.Builder
	for r := range h {
		row.Reset()
		row.WriteString("  ")
		for _, v := range board[r*n : (r+1)*n] {
			switch {
			case v == 0:
				row.WriteByte('-')
			case p.On():
				row.WriteString(p.Piece(int(v), string(rune('0'+v))))
			default:
				row.WriteByte('0' + v)
			}
		}
		row.WriteByte('\n')
		io.WriteString(w, row.String())
	}
}
