package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// One operation on a fresh 1000x1000 board, set up so that its first run
// holds a special: what one colour special costs, and what a row special
// over a row of colour specials of many colours costs. After every
// operation, outside the timer, the columns it changed are put back.

func BenchmarkMatch3ColourApply(b *testing.B) {
	for _, w := range []struct {
		name    string
		colours int
		special match3.Special
		row     bool // the special's row holds colour specials
	}{
		{"1000x1000-k50-run-plain", 50, match3.Plain, false},
		{"1000x1000-k50-run-colour", 50, match3.Colour, false},
		{"1000x1000-k1000-run-row-over-colours", 1000, match3.Row, true},
	} {
		b.Run(w.name, func(b *testing.B) {
			c, s := colourCase(1000, w.colours, w.special, w.row)
			g := NewMatch3(c)
			board := append([]piece(nil), g.board...)
			removed := 0
			for b.Loop() {
				res := g.Apply(s)
				b.StopTimer()
				if res.Validity != match3.Valid {
					b.Fatalf("operation %v is %v, want valid", s, res.Validity)
				}
				removed = len(board) - g.pieces
				// Pieces only leave a column and fall, so a column changed
				// when its top did, or when it holds a swapped cell.
				for col, t := range g.top {
					if t != 0 || col == s.A.Y-1 || col == s.B.Y-1 {
						copy(g.board[col*g.rows:(col+1)*g.rows], board[col*g.rows:])
						g.top[col] = 0
					}
				}
				g.pieces = len(board)
				b.StartTimer()
			}
			b.ReportMetric(float64(removed), "removed")
		})
	}
}

// colourCase returns a side x side run-free board of k colours and a swap
// that makes a run of three in the middle row through the piece it moves
// up, which holds special. With row set, every other cell of that row
// holds a colour special.
func colourCase(side, k int, special match3.Special, row bool) (*match3.Case, match3.Swap) {
	r := rand.New(rand.NewPCG(uint64(k), 3))
	c := &match3.Case{Rows: side, Cols: side, Colours: k, Board: make([]match3.Piece, side*side)}
	for !fillRunFree(r, c) {
	}
	x, y := side/2, side/2 // 0-based: the run is row x, columns y..y+2
	at := func(x, y int) *match3.Piece { return &c.Board[x*side+y] }
	for a := 1; ; a++ {
		if a > k {
			panic("no colour makes the run without one on the start position")
		}
		*at(x, y), *at(x, y+1), *at(x+1, y+2) = match3.Piece{Colour: a}, match3.Piece{Colour: a}, match3.Piece{Colour: a}
		if at(x, y+2).Colour != a && c.Validate() == nil {
			break
		}
	}
	at(x+1, y+2).Special = special
	if row {
		for j := range side {
			if j < y || j > y+2 {
				at(x, j).Special = match3.Colour
			}
		}
	}
	return c, match3.Swap{A: match3.Cell{X: x + 2, Y: y + 3}, B: match3.Cell{X: x + 1, Y: y + 3}}
}
