package reference

import (
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// TestMarksLeaveCellsOutsideTheBoard adds and asks cells just outside a
// 2x3 board on every side, and corners: as Add and Has say, none is in
// the set, and adding one does nothing (an area clipped at the border
// reaches such cells).
func TestMarksLeaveCellsOutsideTheBoard(t *testing.T) {
	g := NewGrid(&match3.Case{Rows: 2, Cols: 3, Colours: 2, Board: make([]match3.Piece, 6)})
	m := NewMarks(g)
	for _, c := range []match3.Cell{{X: 0, Y: 1}, {X: 3, Y: 1}, {X: 1, Y: 0}, {X: 1, Y: 4}, {X: 2, Y: 0}, {X: 2, Y: 4}, {X: 0, Y: 0}, {X: 3, Y: 4}} {
		m.Add(c)
		if m.Has(c) {
			t.Errorf("Has(%v) after Add, outside a 2x3 board", c)
		}
	}
	if cells := m.Cells(); cells != nil {
		t.Errorf("Cells = %v, want none", cells)
	}
	m.Add(match3.Cell{X: 2, Y: 3})
	if !m.Has(match3.Cell{X: 2, Y: 3}) || len(m.Cells()) != 1 {
		t.Errorf("a cell inside: Cells = %v, want (2, 3) alone", m.Cells())
	}
}

// TestAreaOfAPlainPieceOrAnEmptyCellIsNothing asks Area of a plain piece
// and of an empty cell, beside a special: each marks nothing, as Area
// says (M5.2: only a special has an area).
func TestAreaOfAPlainPieceOrAnEmptyCellIsNothing(t *testing.T) {
	g := NewGrid(match3Case(t, 3, []string{"123", "231", "312"}, []string{"000", "010", "000"}))
	g.Set(match3.Cell{X: 3, Y: 3}, match3.Piece{})
	for _, c := range []match3.Cell{{X: 1, Y: 1}, {X: 3, Y: 3}} {
		if area := g.Area(c); area != nil {
			t.Errorf("Area(%v) = %v, want nothing", c, area)
		}
	}
	if area := g.Area(match3.Cell{X: 2, Y: 2}); len(area) != 3 {
		t.Errorf("Area of the row special = %v, want its row", area)
	}
}
