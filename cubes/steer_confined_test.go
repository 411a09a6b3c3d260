package cubes

import (
	"context"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// unreachableIn200 says why a confined member of rule set r cannot reach
// the coverage item named item in its first 200 generated cases, "" when
// it can: a click past 2^31 needs a box of 257 on a side, which no usual
// box is and which SameGame's steering draws one case in 256; a large
// group needs a box of LargeGroup cubes.
func unreachableIn200(r samegame.Rules, cf conformance.Confine, item string) string {
	switch {
	case item == sgMovePast31 || item == sgTotalPast31:
		return "a box of 257 on a side, one case in 256 and never the usual box"
	case item == sgLargeGroup && cf.UsualBox && r.Width*r.Height < LargeGroup:
		return "a usual box of fewer cubes than a large group"
	}
	return ""
}

// TestConfinedMembersReachEveryItemInTheirFirst200Cases holds the
// steering of a confined member: under every named rule set and every
// confinement, the first 200 generated cases reach every coverage item
// the confinement can reach. Before the confinement was steered, a
// cleared box came in 3 of 20,000 cases of benchmark --legal
// --usual-box, and a dead start or a dead end with 20 cubes left under
// jawbreaker --usual-box in none of 200.
func TestConfinedMembersReachEveryItemInTheirFirst200Cases(t *testing.T) {
	for _, r := range samegame.Named() {
		for _, cf := range []conformance.Confine{{Legal: true}, {UsualBox: true}, {Legal: true, UsualBox: true}} {
			if cf.UsualBox && r.Width == 0 {
				continue // codeabbey names no usual box
			}
			g, err := Member(r, cf)
			if err != nil {
				t.Fatalf("Member(%s, %+v): %v", r.Name, cf, err)
			}
			reached := map[string]int{}
			for i := range 200 {
				c := g.Generate(1, i, 0)
				if cf.Legal && !casegenLegal(c) {
					t.Fatalf("%s %+v: generated case %d has a click that removes nothing", r.Name, cf, i)
				}
				for item, n := range g.Covers(c) {
					if n > 0 {
						reached[item]++
					}
				}
			}
			for _, it := range g.CoverageItems {
				if reached[it.Name] == 0 && unreachableIn200(r, cf, it.Name) == "" {
					t.Errorf("%s legal=%v usual-box=%v: %s not reached in the first 200 generated cases", r.Name, cf.Legal, cf.UsualBox, it.Name)
				}
			}
		}
	}
}

// casegenLegal reports whether every click of c removes a group.
func casegenLegal(c *samegame.Case) bool {
	g := reference.NewSameGameBrief(c)
	return !slices.ContainsFunc(c.Moves, func(m samegame.Move) bool { return g.Apply(m).Removed == 0 })
}

// TestConfinedBenchmarkCatchesAnEngineWithoutTheClearBonus checks the
// engine of a CodinGame bot author who forgot the clear bonus, as cascade
// check --rules benchmark --legal --usual-box checks it: the generated
// cases catch it within 200 on each of three seeds.
func TestConfinedBenchmarkCatchesAnEngineWithoutTheClearBonus(t *testing.T) {
	bench, _ := samegame.Lookup("benchmark")
	g, err := Member(bench, conformance.Confine{Legal: true, UsualBox: true})
	if err != nil {
		t.Fatal(err)
	}
	impl := g.Func("no-clear-bonus", func(c *samegame.Case) (samegame.Trace, error) {
		d := c.Clone()
		d.Rules.Clear = 0
		return reference.PlaySameGame(d), nil
	})
	for _, seed := range []uint64{1, 2, 3} {
		rep, err := g.Run(context.Background(), impl, conformance.RunOptions{Seed: seed, Count: 200, NoBuiltin: true, Jobs: 1})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Divergence == nil {
			t.Errorf("seed %d: %d generated cases accepted, want the missing bonus caught", seed, rep.Generated)
			continue
		}
		t.Logf("seed %d: caught at %s", seed, rep.Divergence.Source)
	}
}
