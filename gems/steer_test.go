package gems

import (
	"testing"

	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
)

func TestSteeringIsAFixedScheduleOfSeedPlusI(t *testing.T) {
	sc := match3Steering.Get()
	for s := range 3 * uint64(len(sc.Aims)) * sc.Every {
		a, ok := sc.Steered(s)
		if want := s%sc.Every == 0; ok != want {
			t.Fatalf("seed %d: steered = %v, want %v", s, ok, want)
		}
		if ok && a.Item != sc.Aims[s/sc.Every%uint64(len(sc.Aims))].Item {
			t.Fatalf("seed %d: steered towards %s, out of turn", s, a.Item)
		}
	}
	// Case i of seed s is case 0 of seed s+i, steered cases included.
	for i := range 2 * int(sc.Every) {
		if a, b := Game.Generate(40, i, 0).String(), Game.Generate(40+uint64(i), 0, 0).String(); a != b {
			t.Errorf("match-3 case %d of seed 40 differs from case 0 of seed %d", i, 40+i)
		}
	}
}

// TestEveryAimReachesItsItem holds each aim to its purpose (see
// fixture.CheckAim).
func TestEveryAimReachesItsItem(t *testing.T) {
	sc := match3Steering.Get()
	const n = 36
	for j, a := range sc.Aims {
		t.Run(a.Item, func(t *testing.T) {
			fixture.CheckAim(t, a.Item, func(s uint64) bool { _, ok := sc.Steered(s); return ok }, fixture.SteeredSeeds(sc, j, n),
				func(s uint64) map[string]int { return Game.Covers(Game.Generate(s, 0, 0)) }, n)
		})
	}
}

func TestAimsGiveWayToMaxSize(t *testing.T) {
	sc := match3Steering.Get()
	for j, a := range sc.Aims {
		for _, s := range fixture.SteeredSeeds(sc, j, 3) {
			c := Game.Generate(s, 0, 10)
			if c.Rows > 10 || c.Cols > 10 {
				t.Errorf("%s: a %dx%d board under a maximum side of 10", a.Item, c.Rows, c.Cols)
			}
			if ok, why := Game.InLimits(c); !ok {
				t.Errorf("%s: a case outside the statement's limits: %s", a.Item, why)
			}
		}
	}
}

// TestEveryRuleSetAimReachesItsItem holds each aim of every named rule
// set's schedule (rulesSteering) to its purpose (see fixture.CheckAim).
// The schedule steers the cases of s = 2 modulo 4; the usual mix is the
// cases neither schedule steers. Drawing the usual mix of a rule set
// with refills costs seconds (boards of 50 x 50 with a thousand swaps
// among them): -short checks leetcode723 and gymmatch3 only, whose
// aims are those of the others.
func TestEveryRuleSetAimReachesItsItem(t *testing.T) {
	const n = 36
	for _, r := range match3.Named()[1:] {
		if testing.Short() && r.Name != "leetcode723" && r.Name != "gymmatch3" {
			continue
		}
		sc, g := rulesSteering(r), Under(r)
		for j, a := range sc.Aims {
			t.Run(r.Name+"/"+a.Item, func(t *testing.T) {
				var seeds []uint64
				for _, s := range fixture.SteeredSeeds(sc, j, n) {
					// s+2 is steered to aim j when s is: the seeds of
					// one period on keep it, and none is below 2.
					seeds = append(seeds, s+sc.Every*uint64(len(sc.Aims))-2)
				}
				steered := func(s uint64) bool { return s%2 == 0 }
				fixture.CheckAim(t, a.Item, steered, seeds, func(s uint64) map[string]int { return g.Covers(g.Generate(s, 0, 0)) }, n)
			})
		}
	}
}
