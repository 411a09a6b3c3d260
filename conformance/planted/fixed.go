package planted

import (
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// fixedSide is the side of the fixed box: room for the statement's
// examples and then some, the size a solution in C picks when it
// declares its box as a global array.
const fixedSide = 20

// playFixedBox plays c on a box held in a [20][20] array, as a C or C++
// solution that declares a fixed array would. A box of side 21 or more
// indexes past the array while it is loaded and panics with an index out
// of range, where the C++ solution would crash or write over its own
// memory. Up to side 20 it plays exactly like the reference.
//
// It cannot be a replaced step, since reference.SameGameRules allocates
// its own box; so it plays the game itself, with the literal steps, on a
// reference.Box whose columns are slices of the array.
func playFixedBox(c *samegame.Case) samegame.Trace {
	var cells [fixedSide][fixedSide]uint8
	for x := range c.W {
		for y := range c.H {
			cells[x][y] = c.At(x, y)
		}
	}
	b := make(reference.Box, c.W)
	for x := range b {
		b[x] = cells[x][:c.H:c.H]
	}
	t := samegame.Trace{Moves: make([]samegame.Result, 0, len(c.Moves)), Detail: make([]samegame.Detail, 0, len(c.Moves))}
	for _, m := range c.Moves {
		p := b.Locate(m)
		colour := b.At(p)
		group := b.Group(p)
		for _, q := range group {
			b[q.X][q.Y] = 0
		}
		b.Fall()
		b.Close()
		res := samegame.Result{Move: m, Colour: colour, Removed: len(group), Points: samegame.Points(len(group))}
		t.Moves = append(t.Moves, res)
		t.Total += res.Points
		t.Detail = append(t.Detail, samegame.Detail{Columns: b.Columns()})
	}
	if n := len(t.Detail); n > 0 {
		t.Detail[n-1].Board = b.Board()
	}
	return t
}
