package gems

import (
	"testing"

	"github.com/cascade-harness/cascade/internal/fixture"
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
