package cubes

import (
	"context"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

// A term for the cubes left that is wrong only from 21 cubes on (the max
// of jawbreaker's max(20-n,0)^2 left out) shrinks to a box of 21 cubes
// and no group, not to the 65 cells whose three clicks leave 21.
func TestShrinkADeadEndToItsCubesLeft(t *testing.T) {
	r, _ := samegame.Lookup("jawbreaker")
	g := Under(r)
	var v conformance.Variant[*samegame.Case, samegame.Trace]
	for _, w := range planted.SameGameUnder(r) {
		if w.Name == "no max in the left term: (20-n)^2" {
			v = w
		}
	}
	if v.Play == nil {
		t.Fatal("no variant without the max under jawbreaker")
	}
	c := fixture.ParseCase(t, g, strings.Join([]string{"5 13",
		"21121", "12311", "21133", "11323", "11113", "11243", "31113",
		"13113", "12423", "12213", "11133", "11311", "21211",
		"3", "3 10, 1 3, 0 1", ""}, "\n"))
	fails := func(c *samegame.Case) bool { return v.Play(c).Total != g.Reference(c).Total }
	if !fails(c) {
		t.Fatal("the case does not fail")
	}
	got, stats := g.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{Aim: sameGameTotal})
	if stats.Err != nil || !fails(got) || got.W*got.H > 23 {
		var b strings.Builder
		samegame.Format(&b, got)
		t.Errorf("shrunk to %d cells (%v), want 23 at most:\n%s", got.W*got.H, stats, b.String())
	}
}
