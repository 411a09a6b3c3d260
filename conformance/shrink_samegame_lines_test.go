package conformance

import (
	"context"
	"testing"

	"github.com/cascade-harness/cascade/samegame"
)

func TestShrinkCutsARowAndAColumnTogetherOnSameGame(t *testing.T) {
	// A failure that needs the four corners of colour 2: a crop at any
	// corner brings a cube of colour 1 there, but the middle row and
	// column together leave the corners alone.
	corners := func(c *samegame.Case) bool {
		n := c.N
		return n >= 2 && c.Board[0] == 2 && c.Board[n-1] == 2 && c.Board[n*(n-1)] == 2 && c.Board[n*n-1] == 2
	}
	c := &samegame.Case{N: 3, Board: []uint8{2, 1, 2, 1, 1, 1, 2, 1, 2}, Moves: []samegame.Move{{X: 1, Y: 1}}}
	without := withoutPasses(SameGame, "fresh", "row and column")
	if got, _ := without.Shrink(context.Background(), c, corners, ShrinkOptions{}); got.N != 3 {
		t.Fatalf("without the row-and-column pass: shrunk to N = %d, want it stuck at 3", got.N)
	}
	got, stats := withoutPasses(SameGame, "fresh").Shrink(context.Background(), c, corners, ShrinkOptions{})
	if got.N != 2 || stats.Err != nil {
		t.Errorf("with it: shrunk to N = %d (%v), want 2", got.N, stats)
	}
}

func TestCutSameGameCrossRenumbersMoves(t *testing.T) {
	c := &samegame.Case{N: 3, Board: []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9},
		Moves: []samegame.Move{{X: 2, Y: 2}, {X: 1, Y: 1}, {X: 0, Y: 0}}}
	// Without the middle row and column: the corners, and moves past
	// the removed lines one step closer.
	d := cutSameGameCross(c, 1, 1)
	want := &samegame.Case{N: 2, Board: []uint8{1, 3, 7, 9},
		Moves: []samegame.Move{{X: 1, Y: 1}, {X: 1, Y: 1}, {X: 0, Y: 0}}}
	if d.String() != want.String() {
		t.Errorf("cutSameGameCross(c, 1, 1) =\n%v\nwant\n%v", d, want)
	}
	if cutSameGameCross(&samegame.Case{N: 1, Board: []uint8{1}}, 0, 0) != nil {
		t.Error("cutSameGameCross of a 1x1 box is not nil")
	}
}
