package conformance

import "testing"

// steeredCases are the seeds of the first n generated cases (case 0 of
// seed s) the schedule steers towards aim number j of aims.
func steeredCases[O any](aims []aim[O], j, n int) []uint64 {
	var seeds []uint64
	for s := uint64(j * SteerEvery); len(seeds) < n; s += uint64(len(aims) * SteerEvery) {
		seeds = append(seeds, s)
	}
	return seeds
}

func TestSteeringIsAFixedScheduleOfSeedPlusI(t *testing.T) {
	aims := match3Aims
	for s := uint64(0); s < uint64(3*len(aims)*SteerEvery); s++ {
		a, ok := steered(aims, s)
		if want := s%SteerEvery == 0; ok != want {
			t.Fatalf("seed %d: steered = %v, want %v", s, ok, want)
		}
		if ok && a.item != aims[s/SteerEvery%uint64(len(aims))].item {
			t.Fatalf("seed %d: steered towards %s, out of turn", s, a.item)
		}
	}
	// Case i of seed s is case 0 of seed s+i, steered cases included.
	for i := range 2 * SteerEvery {
		if a, b := generateMatch3(40, i, 0).String(), generateMatch3(40+uint64(i), 0, 0).String(); a != b {
			t.Errorf("match-3 case %d of seed 40 differs from case 0 of seed %d", i, 40+i)
		}
	}
}

// TestEveryAimReachesItsItem holds each aim to its purpose: its cases
// reach its item in at least a quarter of them, and at three times the
// rate of the cases of the usual mix.
func TestEveryAimReachesItsItem(t *testing.T) {
	const n = 24
	plain := func(item string, cover func(s uint64) map[string]int) int {
		reached := 0
		for s := uint64(1); s < 1+n*SteerEvery; s++ {
			if s%SteerEvery != 0 && cover(s)[item] > 0 {
				reached++
			}
		}
		return reached
	}
	check := func(t *testing.T, item string, seeds []uint64, cover func(s uint64) map[string]int) {
		reached := 0
		for _, s := range seeds {
			if cover(s)[item] > 0 {
				reached++
			}
		}
		if reached < len(seeds)/4 {
			t.Errorf("%s: aimed cases reach it in %d of %d", item, reached, len(seeds))
		}
		// The usual mix's rate, over as many cases, for comparison;
		// every item aimed at is one it reaches seldom.
		if usual := plain(item, cover); reached*(SteerEvery-1) < 3*usual {
			t.Errorf("%s: aimed cases reach it in %d of %d, the usual mix in %d of %d", item, reached, len(seeds), usual, n*(SteerEvery-1))
		}
	}
	t.Run("match3", func(t *testing.T) {
		done := map[string]bool{}
		for j, a := range match3Aims {
			if done[a.item] {
				continue
			}
			done[a.item] = true
			t.Run(a.item, func(t *testing.T) {
				check(t, a.item, steeredCases(match3Aims, j, n), func(s uint64) map[string]int { return Match3.Covers(generateMatch3(s, 0, 0)) })
			})
		}
	})
	t.Run("samegame", func(t *testing.T) {
		done := map[string]bool{}
		for j, a := range sameGameAims {
			if done[a.item] {
				continue
			}
			done[a.item] = true
			cases := n
			if a.item == sgMovePast31 {
				cases = 4 // a big group is slow; its aim always makes one
			}
			t.Run(a.item, func(t *testing.T) {
				check(t, a.item, steeredCases(sameGameAims, j, cases), func(s uint64) map[string]int { return SameGame.Covers(generateSameGame(s, 0, 0)) })
			})
		}
	})
}

func TestAimsGiveWayToMaxSize(t *testing.T) {
	for j, a := range match3Aims {
		for _, s := range steeredCases(match3Aims, j, 3) {
			c := generateMatch3(s, 0, 10)
			if c.Rows > 10 || c.Cols > 10 {
				t.Errorf("%s: a %dx%d board under a maximum side of 10", a.item, c.Rows, c.Cols)
			}
			if ok, why := Match3.InLimits(c); !ok {
				t.Errorf("%s: a case outside the statement's limits: %s", a.item, why)
			}
		}
	}
	big := len(sameGameAims) - 1
	if sameGameAims[big].item != sgMovePast31 {
		t.Fatalf("the last SameGame aim is %s, want %s", sameGameAims[big].item, sgMovePast31)
	}
	for _, s := range steeredCases(sameGameAims, big, 2) {
		if c := generateSameGame(s, 0, 40); c.N > 40 {
			t.Errorf("%s: a box of side %d under a maximum side of 40", sameGameAims[big].item, c.N)
		}
	}
	if _, ok := largeGroupKnobs(nil, 5); ok {
		t.Errorf("a large group aimed at under a maximum side of 5, which holds no 100 cubes")
	}
}
