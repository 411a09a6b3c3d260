package conformance_test

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// firstDiffering checks every prefix in turn: the answer the binary search
// must agree with.
func firstDiffering(n int, differs func(i int) bool) int {
	for i := range n + 1 {
		if differs(i) {
			return i
		}
	}
	return -1
}

func TestLocaliseFindsTheFirstDivergingMatch3Operation(t *testing.T) {
	for _, tc := range []struct {
		name    string
		rules   reference.Match3Rules
		differs func(got, want match3.Trace) bool
	}{
		// Per-operation results: a divergence stays once it appears.
		{"5x5 as 3x3 by trace", fixture.SquareFiveAsThree, func(got, want match3.Trace) bool {
			op, _ := match3.Diff(got, want)
			return op != -1
		}},
		// Scores only: the extra point stays once a hand is scored.
		{"hand plus one by score", fixture.HandPlusOne, func(got, want match3.Trace) bool { return got.Total != want.Total }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(11, 11))
			found := 0
			for range 40 {
				c := fixture.RandomMatch3(r, 6+r.IntN(6), 6+r.IntN(6), 3+r.IntN(4), 10+r.IntN(40))
				differs := func(p *match3.Case) bool { return tc.differs(tc.rules.Play(p), reference.PlayMatch3(p)) }
				if !differs(c) {
					continue
				}
				found++
				calls := 0
				got, err := gems.Game.Localise(c, func(p *match3.Case) (bool, error) {
					calls++
					return differs(p), nil
				})
				want := firstDiffering(len(c.Ops), func(i int) bool { return differs(gems.Game.Prefix(c, i)) })
				if err != nil || got != want {
					t.Errorf("Match3.Localise = %d, %v; want %d (every prefix checked) on\n%v", got, err, want, c)
				}
				if limit := bits.Len(uint(len(c.Ops))) + 4; calls > limit {
					t.Errorf("%d calls for %d operations, want at most %d", calls, len(c.Ops), limit)
				}
			}
			if found < 5 {
				t.Fatalf("only %d of 40 cases diverge; the test needs more", found)
			}
		})
	}
}

func TestLocaliseAgreesWithTheMatch3TraceDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 12))
	for range 30 {
		c := fixture.RandomMatch3(r, 8, 8, 4, 30)
		want, _ := match3.Diff(fixture.SquareFiveAsThree.Play(c), reference.PlayMatch3(c))
		if want <= 0 {
			continue
		}
		got, err := gems.Game.Localise(c, func(p *match3.Case) (bool, error) {
			op, _ := match3.Diff(fixture.SquareFiveAsThree.Play(p), reference.PlayMatch3(p))
			return op != -1, nil
		})
		if err != nil || got != want {
			t.Errorf("Match3.Localise = %d, %v; match3.Diff names operation %d", got, err, want)
		}
	}
}

func TestLocaliseFindsTheFirstDivergingSameGameMove(t *testing.T) {
	fails := fixture.SameGameFails(t, fixture.CloseOneColumn)
	for _, seed := range []uint64{21, 22, 23, 24} {
		c := fixture.FailingSameGame(t, seed, fails)
		got, err := cubes.Game.Localise(c, func(p *samegame.Case) (bool, error) { return fails(p), nil })
		want := firstDiffering(len(c.Moves), func(i int) bool {
			return fails(cubes.Game.Prefix(c, i))
		})
		if err != nil || got != want {
			t.Errorf("seed %d: SameGame.Localise = %d, %v; want %d (every prefix checked)", seed, got, err, want)
		}
	}
}

// A comparison that depends only on the prefix length shows the search
// itself at work, over every place the divergence can start.
func TestLocaliseFindsEveryThreshold(t *testing.T) {
	for n := range 20 {
		c := &samegame.Case{W: 1, H: 1, Board: []uint8{1}, Moves: make([]samegame.Move, n)}
		for first := range n + 1 {
			got, err := cubes.Game.Localise(c, func(p *samegame.Case) (bool, error) { return len(p.Moves) >= first, nil })
			if err != nil || got != first {
				t.Errorf("%d moves, first divergence at %d: SameGame.Localise = %d, %v", n, first, got, err)
			}
		}
	}
}

func TestLocaliseReportsNoDivergence(t *testing.T) {
	c := fixture.RandomMatch3(rand.New(rand.NewPCG(13, 13)), 5, 5, 4, 8)
	calls := 0
	_, err := gems.Game.Localise(c, func(*match3.Case) (bool, error) { calls++; return false, nil })
	if !errors.Is(err, conformance.ErrNoDivergence) || calls != 1 {
		t.Errorf("Match3.Localise error %v after %d calls, want ErrNoDivergence after 1", err, calls)
	}
}

func TestLocaliseReportsInconsistentAnswers(t *testing.T) {
	c := &samegame.Case{W: 1, H: 1, Board: []uint8{1}, Moves: make([]samegame.Move, 16)}
	// Prefixes of 9 or more moves differ, but only the first time they
	// are asked, as a flaky program might.
	asked := make(map[int]bool)
	got, err := cubes.Game.Localise(c, func(p *samegame.Case) (bool, error) {
		n := len(p.Moves)
		again := asked[n]
		asked[n] = true
		return n >= 9 && (!again || n == 16), nil
	})
	if !errors.Is(err, conformance.ErrInconsistent) || got != 9 {
		t.Errorf("SameGame.Localise = %d, %v; want 9 and ErrInconsistent", got, err)
	}
}

func TestLocalisePassesOnTheComparisonsError(t *testing.T) {
	c := &samegame.Case{W: 1, H: 1, Board: []uint8{1}, Moves: make([]samegame.Move, 16)}
	broken := errors.New("program crashed")
	_, err := cubes.Game.Localise(c, func(p *samegame.Case) (bool, error) {
		if len(p.Moves) == 8 {
			return false, broken
		}
		return len(p.Moves) > 3, nil
	})
	if !errors.Is(err, broken) || !strings.Contains(err.Error(), "prefix of 8 moves") {
		t.Errorf("SameGame.Localise error %v, want the comparison's error on the prefix of 8 moves", err)
	}
}

func TestLocaliseReturnsZeroWhenTheBoardAloneDiffers(t *testing.T) {
	c := fixture.RandomMatch3(rand.New(rand.NewPCG(14, 14)), 5, 5, 4, 8)
	got, err := gems.Game.Localise(c, func(*match3.Case) (bool, error) { return true, nil })
	if err != nil || got != 0 {
		t.Errorf("Match3.Localise = %d, %v; want 0", got, err)
	}
}
