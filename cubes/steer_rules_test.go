package cubes

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

// steerRuleSets are the rule sets the steering tests hold: every named
// one whose expressions have items, and custom ones with min, max, a
// power of a negative base and a division by a value that passes 0.
func steerRuleSets(t *testing.T) []samegame.Rules {
	var rs []samegame.Rules
	for _, r := range samegame.Named()[1:] {
		rs = append(rs, r)
	}
	for _, s := range []string{
		"custom min=2 points=max(n-10,0)*3 clear=0 left=min(n,5)*10-(n-8)^3/7 end=over close=left",
		"custom min=3 points=100/(n-4) clear=50 left=max(n-30,0) end=list close=left",
	} {
		r, err := samegame.ParseRules(s)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r.Effective())
	}
	return rs
}

// TestEveryRuleSetAimReachesItsItem holds each aim of a rule set's
// schedule to its purpose: an item that holds a span of n (more than 20
// cubes left, a group of 11 or more) is reached by a sixth of the cases
// aimed at it at least, and by three times the rate of the usual mix
// where that mix reaches it in fewer than one case in ten. An item of a
// single n (exactly 20 cubes left) is a needle no box is sized for; it
// is held to nothing, and its rate is logged. An item with no aim is
// reached by the usual mix in one case in ten at least.
func TestEveryRuleSetAimReachesItsItem(t *testing.T) {
	const aimed, usual = 36, 200
	for _, r := range steerRuleSets(t) {
		g := Under(r)
		ex := newExprCoverage(r)
		sc := rulesSteering(ex)
		plain, cases := map[string]int{}, 0
		for s := uint64(1); cases < usual; s++ {
			if _, ok := sc.Steered(s); ok {
				continue
			}
			cases++
			for item, n := range g.Covers(g.Generate(s, 0, 0)) {
				if n > 0 {
					plain[item]++
				}
			}
		}
		aimedAt := map[string]bool{}
		for j, a := range sc.Aims {
			aimedAt[a.Item] = true
			reached := 0
			for _, s := range fixture.SteeredSeeds(sc, j, aimed) {
				if g.Covers(g.Generate(s, 0, 0))[a.Item] > 0 {
					reached++
				}
			}
			it := itemOf(t, g, a.Item)
			t.Logf("%s %s (n from %d): aimed cases reach it in %d of %d, the usual mix in %d of %d", r.Name, a.Item, it.Lo, reached, aimed, plain[a.Item], cases)
			if it.Lo == it.Hi {
				continue
			}
			if reached < aimed/6 {
				t.Errorf("%s %s: aimed cases reach it in %d of %d", r.Name, a.Item, reached, aimed)
			}
			if plain[a.Item]*10 < cases && reached*cases < 3*plain[a.Item]*aimed {
				t.Errorf("%s %s: aimed cases reach it in %d of %d, the usual mix in %d of %d", r.Name, a.Item, reached, aimed, plain[a.Item], cases)
			}
		}
		for _, name := range append(slices.Clone(ex.pointNames), ex.leftNames...) {
			if !aimedAt[name] && plain[name]*10 < cases {
				t.Errorf("%s %s: no aim, and the usual mix reaches it in %d of %d", r.Name, name, plain[name], cases)
			}
		}
	}
}

// itemOf is the expression item of g named name.
func itemOf(t *testing.T, g *conformance.Game[*samegame.Case, samegame.Trace], name string) samegame.ExprItem {
	r, _ := samegame.ParseRules(g.Rules)
	ex := newExprCoverage(r.Effective())
	for i, it := range ex.points.Items() {
		if ex.pointNames[i] == name {
			return it
		}
	}
	for i, it := range ex.left.Items() {
		if ex.leftNames[i] == name {
			return it
		}
	}
	t.Fatalf("%s: no expression item %s", g.Rules, name)
	return samegame.ExprItem{}
}

// Every aim gives way to --max-size: a box no wider or taller.
func TestRuleSetAimsGiveWayToMaxSize(t *testing.T) {
	for _, r := range steerRuleSets(t) {
		g := Under(r)
		sc := rulesSteering(newExprCoverage(r))
		for j, a := range sc.Aims {
			for _, s := range fixture.SteeredSeeds(sc, j, 2) {
				if c := g.Generate(s, 0, 5); c.W > 5 || c.H > 5 {
					t.Errorf("%s %s: a %dx%d box under a maximum side of 5", r.Name, a.Item, c.W, c.H)
				}
			}
		}
	}
}

// The jawbreaker term's arm 0, more than 20 cubes left at a dead end,
// which the usual mix reaches in one case in 300, has an aim.
func TestJawbreakerSteersToMoreThanTwentyCubesLeft(t *testing.T) {
	r, _ := samegame.Lookup("jawbreaker")
	for _, a := range rulesSteering(newExprCoverage(r)).Aims {
		if a.Item == "left:max(20-n,0)->0" {
			return
		}
	}
	t.Error("no aim at left:max(20-n,0)->0")
}
