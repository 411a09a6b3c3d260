package cubes

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGameNeighbours are the cases one step smaller than c: one move
// fewer, the box one line smaller at each corner (it stays square), one
// colour in use merged into a smaller one in use, and the colours
// renumbered densely.
func sameGameNeighbours(c *samegame.Case) map[string]*samegame.Case {
	out := make(map[string]*samegame.Case)
	for i := range c.Moves {
		d := c.Clone()
		d.Moves = slices.Delete(d.Moves, i, i+1)
		out[fmt.Sprintf("without move %d", i+1)] = d
	}
	for _, top := range []bool{false, true} {
		for _, left := range []bool{false, true} {
			out[fmt.Sprintf("cropped by one (top %t, left %t)", top, left)] = cropSameGame(c, 1, 1, top, left)
		}
	}
	used := conformance.ColoursUsed(c.Board, func(v uint8) int { return int(v) })
	for _, a := range used {
		for _, b := range used {
			if b < a {
				out[fmt.Sprintf("colour %d merged into %d", a, b)] = renumberSameGame(c, uint8(a), uint8(b))
			}
		}
	}
	out["colours renumbered"] = renumberSameGame(c, 0, 0)
	return out
}

func TestShrinkEndsOneMinimalOnSameGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules reference.SameGameRules
	}{
		{"close one column", fixture.CloseOneColumn},
		{"no close", reference.SameGameRules{Close: func(reference.Box) {}}},
		{"empty click scores", reference.SameGameRules{Points: func(n int) int64 { return samegame.Points(max(n, 1)) }}},
	} {
		fails := fixture.SameGameFails(t, tc.rules)
		checked := 0
		for _, seed := range []uint64{31, 32} {
			c := fixture.FailingSameGame(t, seed, fails)
			checked += fixture.CheckOneMinimal(t, Game, fmt.Sprintf("%s, seed %d", tc.name, seed), c, fails, conformance.ShrinkOptions{}, sameGameNeighbours)
		}
		if checked == 0 {
			t.Errorf("%s: no shrunk case has a valid neighbour; the test shows nothing", tc.name)
		}
	}
}
