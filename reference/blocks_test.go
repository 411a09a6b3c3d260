package reference

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

func TestMatch3BlockCellsHoldTheCellsBlocksCounts(t *testing.T) {
	// A U of seven 9s (rows 1-3 of columns 1 and 3, joined along row 3)
	// and, apart from it, a run of three 9s in row 5: two blocks, the U
	// first (reading order of first cells), each cell in exactly one.
	board := []string{"12121", "21212", "12121", "21212", "12121"}
	g := NewGrid(match3Case(t, 9, board, nil))
	line := NewMarks(g)
	u := cells(1, 1, 2, 1, 3, 1, 3, 2, 3, 3, 2, 3, 1, 3)
	run := cells(5, 3, 5, 4, 5, 5)
	for _, c := range append(slices.Clone(u), run...) {
		g.Set(c, match3.Piece{Colour: 9})
		line.Add(c)
	}
	blocks := g.BlockCells(line, NewMarks(g))
	if len(blocks) != 2 {
		t.Fatalf("BlockCells = %v, want 2 blocks", blocks)
	}
	for i, want := range [][]match3.Cell{u, run} {
		got := slices.Clone(blocks[i])
		slices.SortFunc(got, readingOrder)
		want = slices.Clone(want)
		slices.SortFunc(want, readingOrder)
		if !slices.Equal(got, want) {
			t.Errorf("block %d = %v, want %v", i+1, got, want)
		}
		if blocks[i][0] != want[0] {
			t.Errorf("block %d starts at %v, want its first cell in reading order %v", i+1, blocks[i][0], want[0])
		}
	}
	if sizes := g.Blocks(line, NewMarks(g)); !slices.Equal(sizes, []int{7, 3}) {
		t.Errorf("Blocks = %v, want [7 3]", sizes)
	}
}
