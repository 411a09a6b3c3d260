package gems

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// match3Neighbours are the cases one step smaller than c: one operation
// fewer, one row or one column fewer (the operations on it dropped, or
// put back aimed anew as the shrink does), and one colour in use merged
// into a smaller one in use.
func match3Neighbours(c *match3.Case) map[string]*match3.Case {
	out := make(map[string]*match3.Case)
	for i := range c.Ops {
		d := c.Clone()
		d.Ops = slices.Delete(d.Ops, i, i+1)
		out[fmt.Sprintf("without operation %d", i+1)] = d
	}
	cut := func(name string, x0, x1, y0, y1 int) {
		d, kept := cutMatch3(c, x0, x1, y0, y1)
		out[name] = d
		out[name+", operations aimed anew"] = reaimMatch3(d, kept)
	}
	for x := range c.Rows {
		cut(fmt.Sprintf("without row %d", x+1), x, x+1, 0, 0)
	}
	for y := range c.Cols {
		cut(fmt.Sprintf("without column %d", y+1), 0, 0, y, y+1)
	}
	used := conformance.ColoursUsed(c.Board, func(p match3.Piece) int { return p.Colour })
	for _, a := range used {
		for _, b := range used {
			if b >= a {
				continue
			}
			d := c.Clone()
			for i, p := range d.Board {
				if p.Colour == a {
					d.Board[i].Colour = b
				}
			}
			out[fmt.Sprintf("colour %d merged into %d", a, b)] = d
		}
	}
	return out
}

func TestShrinkEndsOneMinimalOnMatch3(t *testing.T) {
	checked := 0
	for _, tc := range []struct {
		name  string
		rules reference.Match3Rules
		opt   conformance.ShrinkOptions
	}{
		// Inside the limits, this one ends on a 2x3 board with one
		// operation, which has no neighbour inside them.
		{"5x5 as 3x3", fixture.SquareFiveAsThree, conformance.ShrinkOptions{}},
		{"5x5 as 3x3 ignoring limits", fixture.SquareFiveAsThree, conformance.ShrinkOptions{IgnoreLimits: true}},
		{"hand plus one", fixture.HandPlusOne, conformance.ShrinkOptions{}},
		{"linear combination", reference.Match3Rules{Combination: func(x int) int64 { return 50 * int64(x-3) }}, conformance.ShrinkOptions{}},
	} {
		fails := fixture.Match3Fails(t, tc.rules)
		for _, seed := range []uint64{31, 32} {
			c := fixture.FailingMatch3(t, seed, fails)
			checked += fixture.CheckOneMinimal(t, Game, fmt.Sprintf("%s, seed %d", tc.name, seed), c, fails, tc.opt, match3Neighbours)
		}
	}
	if checked == 0 {
		t.Error("no shrunk case has a valid neighbour; the test shows nothing")
	}
}
