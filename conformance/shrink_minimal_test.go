package conformance_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
)

// A shrink that was not stopped ends 1-minimal: no one step smaller than
// its result still fails. These tests build every such neighbour of the
// result afresh and ask the predicate about each.

func TestShrinkEndsOneMinimalOnTheToyGame(t *testing.T) {
	neighbours := func(c *toyCase) map[string]*toyCase {
		out := make(map[string]*toyCase)
		for i := range c.Drops {
			d := c.clone()
			d.Drops = slices.Delete(d.Drops, i, i+1)
			out[fmt.Sprintf("without drop %d", i+1)] = d
		}
		for i := range c.Row {
			out[fmt.Sprintf("without cell %d", i)] = toyCut(c, i, i+1)
		}
		used := conformance.ColoursUsed(c.Row, func(v uint8) int { return int(v) })
		for _, a := range used {
			for _, b := range used {
				if b < a {
					out[fmt.Sprintf("colour %d merged into %d", a, b)] = toyRecolour(c, uint8(a), uint8(b))
				}
			}
		}
		return out
	}
	failing, checked := 0, 0
	for i := range 40 {
		if c := toy.Generate(40, i, 0); toyFails(c) {
			failing++
			checked += fixture.CheckOneMinimal(t, toy, fmt.Sprintf("generated case %d", i), c, toyFails, conformance.ShrinkOptions{}, neighbours)
		}
	}
	if failing < 3 || checked == 0 {
		t.Errorf("%d of 40 generated cases fail, %d neighbours checked; the test needs more", failing, checked)
	}
}
