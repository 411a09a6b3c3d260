package engine

import (
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// TestMatch3AtOffTheBoardIsEmpty asks At for the cells just off a 2x3
// board on every side: each is Colour 0, as At says, where a cell one
// column left of the board read another column's piece or past the
// board.
func TestMatch3AtOffTheBoardIsEmpty(t *testing.T) {
	c := &match3.Case{Rows: 2, Cols: 3, Colours: 2, Board: []match3.Piece{{Colour: 1}, {Colour: 2}, {Colour: 1}, {Colour: 2}, {Colour: 1}, {Colour: 2}}}
	g := NewMatch3(c)
	for _, cell := range []match3.Cell{{X: 0, Y: 1}, {X: 3, Y: 1}, {X: 1, Y: 0}, {X: 2, Y: 0}, {X: 1, Y: 4}, {X: 2, Y: 4}, {X: 0, Y: 0}, {X: 3, Y: 4}} {
		if p := g.At(cell); p != (match3.Piece{}) {
			t.Errorf("At(%v) = %v off a 2x3 board, want an empty cell", cell, p)
		}
	}
	if p := g.At(match3.Cell{X: 2, Y: 3}); p.Colour != 2 {
		t.Errorf("At(2, 3) = %v, want colour 2", p)
	}
}
