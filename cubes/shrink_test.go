package cubes

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

func TestShrinkCutsALargeSameGameCaseDownToThePlantedCloseBug(t *testing.T) {
	fails := fixture.SameGameFails(t, fixture.CloseOneColumn)
	for _, seed := range []uint64{1, 2} {
		c := fixture.FailingSameGame(t, seed, fails)
		got, stats := Game.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
		t.Logf("seed %d: N %d, %d moves -> N %d, %d moves; %v", seed, c.W, len(c.Moves), got.W, len(got.Moves), stats)
		if stats.Err != nil {
			t.Errorf("seed %d: stats.Err = %v, want a fixed point", seed, stats.Err)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("seed %d: shrunk case is not valid: %v", seed, err)
		}
		if !fails(got) {
			t.Errorf("seed %d: shrunk case no longer fails: %+v", seed, got)
		}
		// Two columns must empty in one move, and a later move must
		// see the difference: two moves and a 3x3 box suffice when the
		// columns are neighbours, 4x4 when a column parts them.
		if got.W > 4 || len(got.Moves) > 2 {
			t.Errorf("seed %d: shrunk to N = %d with %d moves, want N <= 4 and at most 2 moves: %+v", seed, got.W, len(got.Moves), got)
		}
	}
}

func TestShrinkReducesEverythingASameGamePredicateIgnores(t *testing.T) {
	c := casegen.SameGame(rand.New(rand.NewPCG(6, 6)), casegen.SameGameOptions{
		N: casegen.Exactly(9), Colours: casegen.Exactly(6), Clicks: casegen.Exactly(20),
	})
	// Fails while the box holds two colours and there is a move.
	twoColours := func(c *samegame.Case) bool {
		return len(c.Moves) > 0 && len(conformance.ColoursUsed(c.Board, func(v uint8) int { return int(v) })) >= 2
	}
	got, stats := Game.Shrink(context.Background(), c, twoColours, conformance.ShrinkOptions{})
	// The smallest box with two colours, three cubes of colour 1 and one
	// of colour 2, and one click moved to the corner.
	ones := 0
	for _, v := range got.Board {
		if v == 1 {
			ones++
		}
	}
	if stats.Err != nil || got.W != 2 || ones != 3 || !reflect.DeepEqual(got.Moves, []samegame.Move{{X: 0, Y: 0}}) {
		t.Errorf("got %+v (%v), want a 2x2 box of three 1s and a 2, and the click (0, 0)", got, stats)
	}
}

func TestCropSameGameRenumbersMovesAndClampsThoseOutside(t *testing.T) {
	c := &samegame.Case{W: 3, H: 3, Board: []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9}}
	// The first move hits 5, which every crop keeps; it must still hit 5.
	c.Moves = []samegame.Move{{X: 1, Y: 1}, {X: 0, Y: 0}, {X: 2, Y: 2}}
	for _, tc := range []struct {
		top, left bool
		board     []uint8
		moves     []samegame.Move
	}{
		{true, false, []uint8{4, 5, 7, 8}, []samegame.Move{{X: 1, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
		{true, true, []uint8{5, 6, 8, 9}, []samegame.Move{{X: 0, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
		{false, false, []uint8{1, 2, 4, 5}, []samegame.Move{{X: 1, Y: 0}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
		{false, true, []uint8{2, 3, 5, 6}, []samegame.Move{{X: 0, Y: 0}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
	} {
		got := cropSameGame(c, 1, 1, tc.top, tc.left)
		want := &samegame.Case{W: 2, H: 2, Board: tc.board, Moves: tc.moves}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("cropSameGame(top %t, left %t) = %+v, want %+v", tc.top, tc.left, got, want)
		}
		if m := got.Moves[0]; got.At(m.X, m.Y) != 5 {
			t.Errorf("cropSameGame(top %t, left %t): first move hits %d, want 5", tc.top, tc.left, got.At(m.X, m.Y))
		}
	}
}
