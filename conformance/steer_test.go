package conformance

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/samegame"
)

// steeredSeeds are the seeds of the first n generated cases (case 0 of
// seed s) sc steers towards aim number j.
func steeredSeeds[O any](sc schedule[O], j, n int) []uint64 {
	var seeds []uint64
	for s := uint64(j) * sc.every; len(seeds) < n; s += uint64(len(sc.aims)) * sc.every {
		seeds = append(seeds, s)
	}
	return seeds
}

func TestSteeringIsAFixedScheduleOfSeedPlusI(t *testing.T) {
	sc := match3Steering.Get()
	for s := range 3 * uint64(len(sc.aims)) * sc.every {
		a, ok := sc.steered(s)
		if want := s%sc.every == 0; ok != want {
			t.Fatalf("seed %d: steered = %v, want %v", s, ok, want)
		}
		if ok && a.item != sc.aims[s/sc.every%uint64(len(sc.aims))].item {
			t.Fatalf("seed %d: steered towards %s, out of turn", s, a.item)
		}
	}
	// Case i of seed s is case 0 of seed s+i, steered cases included.
	for i := range 2 * int(sc.every) {
		if a, b := generateMatch3(40, i, 0).String(), generateMatch3(40+uint64(i), 0, 0).String(); a != b {
			t.Errorf("match-3 case %d of seed 40 differs from case 0 of seed %d", i, 40+i)
		}
	}
	if a, b := generateSameGame(0, 256, 0).String(), generateSameGame(256, 0, 0).String(); a != b {
		t.Errorf("SameGame case 256 of seed 0 differs from case 0 of seed 256")
	}
}

// TestEveryAimReachesItsItem holds each aim to its purpose: its cases
// reach its item in at least a sixth of them, and at three times the
// rate of the cases of the usual mix.
func TestEveryAimReachesItsItem(t *testing.T) {
	check := func(t *testing.T, item string, sc func(uint64) bool, seeds []uint64, cover func(s uint64) map[string]int, usual int) {
		reached := 0
		for _, s := range seeds {
			if cover(s)[item] > 0 {
				reached++
			}
		}
		if reached < len(seeds)/6 {
			t.Errorf("%s: aimed cases reach it in %d of %d", item, reached, len(seeds))
		}
		// The usual mix over three times as many cases, for
		// comparison: every item aimed at is one it reaches seldom.
		plain, cases := 0, 0
		for s := uint64(1); cases < 3*usual; s++ {
			if sc(s) {
				continue
			}
			cases++
			if cover(s)[item] > 0 {
				plain++
			}
		}
		if reached*cases < 3*plain*len(seeds) {
			t.Errorf("%s: aimed cases reach it in %d of %d, the usual mix in %d of %d", item, reached, len(seeds), plain, cases)
		}
	}
	const n = 36
	for j, a := range match3Steering.Get().aims {
		t.Run(a.item, func(t *testing.T) {
			check(t, a.item, func(s uint64) bool { _, ok := match3Steering.Get().steered(s); return ok }, steeredSeeds(match3Steering.Get(), j, n),
				func(s uint64) map[string]int { return Match3.Covers(generateMatch3(s, 0, 0)) }, n)
		})
	}
	for j, a := range sameGameSteering.Get().aims {
		// A big group is slow: a few aimed cases, against the usual
		// mix over a few hundred.
		t.Run(a.item, func(t *testing.T) {
			check(t, a.item, func(s uint64) bool { _, ok := sameGameSteering.Get().steered(s); return ok }, steeredSeeds(sameGameSteering.Get(), j, 3),
				func(s uint64) map[string]int { return SameGame.Covers(generateSameGame(s, 0, 0)) }, 100)
		})
	}
}

func TestAimsGiveWayToMaxSize(t *testing.T) {
	for j, a := range match3Steering.Get().aims {
		for _, s := range steeredSeeds(match3Steering.Get(), j, 3) {
			c := generateMatch3(s, 0, 10)
			if c.Rows > 10 || c.Cols > 10 {
				t.Errorf("%s: a %dx%d board under a maximum side of 10", a.item, c.Rows, c.Cols)
			}
			if ok, why := Match3.InLimits(c); !ok {
				t.Errorf("%s: a case outside the statement's limits: %s", a.item, why)
			}
		}
	}
	for j, a := range sameGameSteering.Get().aims {
		for _, s := range steeredSeeds(sameGameSteering.Get(), j, 2) {
			if c := generateSameGame(s, 0, 40); c.W > 40 {
				t.Errorf("%s: a box of side %d under a maximum side of 40", a.item, c.W)
			}
		}
	}
}

// TestSameGameRuleSetItemsNeedNoAim holds the usual mix, under every
// named rule set, to reaching each item of the rule set's settings (a
// click below the minimum, a cleared box and a click on it, a dead end's
// term, a list stopped with a move left, a column closing right) in one
// case in ten at least: the rate below which an item gets an aim. The
// boxes of 1 to 8 on a side, in 1 to 5 colours, clear in a case in four
// and reach a dead end in one in six, so none needs one. A dead start
// under end=move, from the smallest boxes, comes in one case in twenty
// at least: rarer, yet its planted variant is caught from such cases
// within the self-test's budget, so it has no aim either.
func TestSameGameRuleSetItemsNeedNoAim(t *testing.T) {
	settingItems := []string{sgBelowMin, sgCleared, sgClickCleared, sgLeftTerm, sgMoveLeft, sgCloseRight}
	const cases = 300
	for _, r := range samegame.Named()[1:] {
		g := SameGameUnder(r)
		reached := map[string]int{}
		for i := range cases {
			for item, n := range g.Covers(g.Generate(1, i, 0)) {
				if n > 0 {
					reached[item]++
				}
			}
		}
		for _, it := range g.CoverageItems {
			if slices.Contains(settingItems, it.Name) && reached[it.Name] < cases/10 {
				t.Errorf("%s: %s reached in %d of %d generated cases, fewer than one in ten", r.Name, it.Name, reached[it.Name], cases)
			}
			// A dead start comes with the smallest boxes, a case in
			// fourteen under jawbreaker: often enough for its variant.
			if it.Name == sgDeadStart && reached[it.Name] < cases/20 {
				t.Errorf("%s: %s reached in %d of %d generated cases, fewer than one in twenty", r.Name, it.Name, reached[it.Name], cases)
			}
		}
	}
}
