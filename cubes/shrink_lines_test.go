package cubes

import (
	"context"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

func TestShrinkCutsARowAndAColumnTogetherOnSameGame(t *testing.T) {
	// A failure that needs the four corners of colour 2: a crop at any
	// corner brings a cube of colour 1 there, but the middle row and
	// column together leave the corners alone.
	corners := func(c *samegame.Case) bool {
		n := c.W
		return n >= 2 && c.Board[0] == 2 && c.Board[n-1] == 2 && c.Board[n*(n-1)] == 2 && c.Board[n*n-1] == 2
	}
	c := &samegame.Case{W: 3, H: 3, Board: []uint8{2, 1, 2, 1, 1, 1, 2, 1, 2}, Moves: []samegame.Move{{X: 1, Y: 1}}}
	without := fixture.WithoutPasses(Game, "fresh", "row and column")
	if got, _ := without.Shrink(context.Background(), c, corners, conformance.ShrinkOptions{}); got.W != 3 {
		t.Fatalf("without the row-and-column pass: shrunk to N = %d, want it stuck at 3", got.W)
	}
	got, stats := fixture.WithoutPasses(Game, "fresh").Shrink(context.Background(), c, corners, conformance.ShrinkOptions{})
	if got.W != 2 || stats.Err != nil {
		t.Errorf("with it: shrunk to N = %d (%v), want 2", got.W, stats)
	}
}

func TestCutSameGameCrossRenumbersMoves(t *testing.T) {
	c := &samegame.Case{W: 3, H: 3, Board: []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9},
		Moves: []samegame.Move{{X: 2, Y: 2}, {X: 1, Y: 1}, {X: 0, Y: 0}}}
	// Without the middle row and column: the corners, and moves past
	// the removed lines one step closer.
	d := cutSameGameCross(c, 1, 1)
	want := &samegame.Case{W: 2, H: 2, Board: []uint8{1, 3, 7, 9},
		Moves: []samegame.Move{{X: 1, Y: 1}, {X: 1, Y: 1}, {X: 0, Y: 0}}}
	if d.String() != want.String() {
		t.Errorf("cutSameGameCross(c, 1, 1) =\n%v\nwant\n%v", d, want)
	}
	if cutSameGameCross(&samegame.Case{W: 1, H: 1, Board: []uint8{1}}, 0, 0) != nil {
		t.Error("cutSameGameCross of a 1x1 box is not nil")
	}
}
