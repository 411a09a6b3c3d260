package reference

import (
	"testing"

	"github.com/cascade-harness/cascade/internal/alloc"
	"github.com/cascade-harness/cascade/match3"
)

// TestATallBoardsMarksAndFallAllocateNoRowOfTheirOwn plays the two
// steps of every round on a board of one column and 200,000 rows, every
// other cell empty. A set of marks is one flag per cell (a slice per
// row, 24 bytes a cell more, took 4.8 MB here, and a round makes three
// sets), and gravity moves the pieces within the column (a copy of it,
// grown by append, took 5 MB a round): a match-3 board of a million
// rows of one cell went past its memory bound on every command that
// plays it with the reference.
func TestATallBoardsMarksAndFallAllocateNoRowOfTheirOwn(t *testing.T) {
	const rows = 200_000
	c := &match3.Case{Rows: rows, Cols: 1, Colours: 3, Board: make([]match3.Piece, rows)}
	for x := 0; x < rows; x += 2 {
		c.Board[x] = match3.Piece{Colour: x/2%3 + 1}
	}
	g := NewGrid(c)
	var m Marks
	if n := alloc.Bytes(func() { m = NewMarks(g) }); n > rows+64<<10 {
		t.Errorf("NewMarks of a %dx1 board allocates %d KB, want at most a flag a cell, %d KB", rows, n>>10, rows>>10)
	}
	m.Add(match3.Cell{X: rows, Y: 1})
	if cells := m.Cells(); len(cells) != 1 || cells[0] != (match3.Cell{X: rows, Y: 1}) {
		t.Errorf("marks of the bottom cell: Cells = %v", cells)
	}
	if n := alloc.Bytes(g.Fall); n > 64<<10 {
		t.Errorf("Fall on a %dx1 board allocates %d KB, want nothing", rows, n>>10)
	}
	for x := range rows {
		want := match3.Piece{}
		if x >= rows/2 {
			want = match3.Piece{Colour: (x-rows/2)%3 + 1}
		}
		if g[x][0] != want {
			t.Fatalf("after Fall, row %d holds %v, want %v: the pieces at the bottom in their order", x+1, g[x][0], want)
		}
	}
}
