package gems

import (
	"context"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// TestMatch3QueuesNeverRunDryUnderARuleSetThatRefills: under every named
// rule set with refill=queue, whose engines always fill, no generated
// case runs a queue dry in the reference's game, nor does any candidate
// a shrink tries or the case it ends with. The shrinks are of generated
// cases that the planted variants of the rule set fail, one per variant
// (every sixth under -short, of 12 cases); their cuts of swaps and of the board
// change the game, and so what it draws.
func TestMatch3QueuesNeverRunDryUnderARuleSetThatRefills(t *testing.T) {
	cases, every := 60, 1
	if testing.Short() {
		cases, every = 12, 6
	}
	for _, r := range match3.Named() {
		if r.Refill != match3.RefillQueue {
			continue
		}
		t.Run(r.Name, func(t *testing.T) {
			g := Under(r)
			var generated []*match3.Case
			for i := range cases {
				c := g.Generate(35, i, 10)
				if casegen.RunsDry(c) {
					t.Errorf("generated case %d runs a queue dry:\n%v", i, c)
				}
				generated = append(generated, c)
			}
			shrunk := 0
			for n, v := range g.Variants() {
				if n%every != 0 {
					continue
				}
				fails := func(c *match3.Case) bool { return differs(v.Play(c), reference.PlayMatch3(c)) }
				// Each variant from another case on, for cases of many
				// shapes.
				for j := range generated {
					if i := (7*n + j) % len(generated); fails(generated[i]) {
						shrunk++
						shrinkNeverDry(t, g, v.Name, i, generated[i], fails)
						break
					}
				}
			}
			if shrunk == 0 {
				t.Errorf("no planted variant fails one of %d generated cases", cases)
			}
		})
	}
}

// shrinkNeverDry shrinks generated case i, which fails (variant v),
// and reports a candidate or a shrunk case that runs a queue dry.
func shrinkNeverDry(t *testing.T, g *conformance.Game[*match3.Case, match3.Trace], v string, i int, c *match3.Case, fails func(*match3.Case) bool) {
	t.Helper()
	tried, dry := 0, 0
	got, stats := g.Shrink(context.Background(), c, func(c *match3.Case) bool {
		tried++
		if casegen.RunsDry(c) {
			if dry++; dry == 1 {
				t.Errorf("%s: a shrink of case %d tries a case that runs a queue dry:\n%v", v, i, c)
			}
		}
		return fails(c)
	}, conformance.ShrinkOptions{Budget: 200})
	t.Logf("%s: case %d, %s -> %s; %d candidates tried, %d run dry; %v", v, i, g.Size(c), g.Size(got), tried, dry, stats)
	if casegen.RunsDry(got) {
		t.Errorf("%s: the shrink of case %d runs a queue dry:\n%v", v, i, got)
	}
	if !fails(got) {
		t.Errorf("%s: the shrink of case %d no longer fails:\n%v", v, i, got)
	}
}

// differs reports whether two traces of a case part in the total or on
// the final board.
func differs(a, b match3.Trace) bool {
	return a.Total != b.Total || !slices.Equal(a.Board, b.Board)
}
