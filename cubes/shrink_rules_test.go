package cubes

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/samegame"
)

// Under a rule set the shrinker keeps the rule set and cuts rows and
// columns apart: a bug that needs a tall box, a wide one or one cube
// ends on a box of that shape, not on the square around it.
func TestShrinkUnderARuleSetKeepsItAndCutsRowsAndColumnsApart(t *testing.T) {
	r, _ := samegame.Lookup("jawbreaker")
	g := Under(r)
	variants := map[string]conformance.Variant[*samegame.Case, samegame.Trace]{}
	for _, v := range planted.SameGameUnder(r) {
		variants[v.Name] = v
	}
	rectangles := 0
	for _, name := range []string{
		"Y counted from the top", "X counted on the original columns", "empty columns not closed",
		"min one larger: a group of exactly min cubes stays", "points dropped: every group scores 0",
		"clear bonus lost to a last click on the cleared box", "empty columns close to the left",
	} {
		v, ok := variants[name]
		if !ok {
			t.Fatalf("no variant %q under jawbreaker", name)
		}
		fails := func(c *samegame.Case) bool { return v.Play(c).Total != g.Reference(c).Total }
		rnd := rand.New(rand.NewPCG(3, 2))
		var c *samegame.Case
		for range 200 {
			d := casegen.SameGame(rnd, casegen.SameGameOptions{Rules: r, N: casegen.Between(8, 12), H: casegen.Between(4, 12),
				Colours: casegen.Between(2, 4), Clicks: casegen.Between(10, 30)})
			if fails(d) {
				c = d
				break
			}
		}
		if c == nil {
			t.Fatalf("%s: no failing case in 200 draws", name)
		}
		got, stats := g.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
		t.Logf("%s: %dx%d, %d clicks -> %dx%d, %d clicks", name, c.W, c.H, len(c.Moves), got.W, got.H, len(got.Moves))
		switch {
		case stats.Err != nil:
			t.Errorf("%s: %v, want a fixed point", name, stats.Err)
		case !got.Rules.Same(r):
			t.Errorf("%s: shrunk under %s, want %s", name, got.Rules, r)
		case !fails(got):
			t.Errorf("%s: the shrunk case no longer fails", name)
		case got.W*got.H > 12:
			t.Errorf("%s: shrunk to %dx%d, want 12 cells at most", name, got.W, got.H)
		}
		if got.W != got.H {
			rectangles++
		}
	}
	if rectangles < 4 {
		t.Errorf("%d shrunk boxes are not square, want most of them: rows and columns cut together", rectangles)
	}
}
