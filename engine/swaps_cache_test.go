package engine_test

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
)

// TestValidSwapsListedAgainAreListedAfresh plays generated cases of the
// statement and of rule sets that refill the board, big boards and long
// games among them, an operation at a time, and before every operation
// lists the valid swaps of the engine that played them, whose listing
// skips the swaps its last one found invalid when nothing near them
// changed, and of a clone of it, which lists every swap afresh: the same
// swaps, in the same order, with the same fields. Every seventh listing
// is stopped after its first swaps, as a caller may stop it, and the
// next one must not take the swaps it did not reach for tried.
func TestValidSwapsListedAgainAreListedAfresh(t *testing.T) {
	games := []*conformance.Game[*match3.Case, match3.Trace]{gems.Game}
	for _, name := range []string{"gymmatch3", "bevymatch3", "leetcode723", "tilematch"} {
		r, ok := match3.Lookup(name)
		if !ok {
			t.Fatalf("no rule set %s", name)
		}
		g, err := gems.Member(r, conformance.Confine{})
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	n := 400
	if testing.Short() {
		n = 100
	}
	listings, big := 0, 0
	var got, want []engine.ValidSwap
	for gi, g := range games {
		for i := range n {
			c := g.Generate(9, i, 0)
			if len(c.Board) > 0 && len(c.Ops) > 300 {
				// The statement's limit cases: a few hundred operations
				// of them tell as much as a thousand.
				c.Ops = c.Ops[:300]
			}
			e := engine.NewMatch3(c)
			for k, s := range append(c.Ops, match3.Swap{}) {
				if listings%7 == 3 {
					stop := 0
					for range e.EachValidSwap {
						if stop++; stop == 2 {
							break
						}
					}
				}
				got = e.ValidSwaps(got[:0])
				want = e.Clone().ValidSwaps(want[:0])
				if !slices.Equal(got, want) {
					t.Fatalf("game %d, case %d, before operation %d:\n%s\nvalid swaps %v, listed afresh %v", gi, i, k, c, got, want)
				}
				listings++
				if c.Rows*c.Cols >= 400 {
					big++
				}
				if s == (match3.Swap{}) || e.Over() {
					break
				}
				e.Apply(s)
			}
		}
	}
	if big < 100 {
		t.Errorf("only %d listings on boards of 400 cells or more", big)
	}
	t.Logf("%d listings, %d on boards of 400 cells or more", listings, big)
}
