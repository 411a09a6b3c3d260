package casegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// decidedHands counts the hands of ps, and those whose cards the tie-break
// decides (TieBreakDecides on their five operations' main colours).
func decidedHands(ps []played) (decided, hands int) {
	for _, p := range ps {
		var mains [][2]int
		for _, res := range p.t.Ops {
			if res.Validity != match3.Valid {
				continue
			}
			if mains = append(mains, res.Main); len(mains) == 5 {
				hands++
				if TieBreakDecides([5][2]int(mains)) {
					decided++
				}
				mains = mains[:0]
			}
		}
	}
	return decided, hands
}

// TestTieBreakAimMakesHandsTheTieBreakDecides measures the aim on the
// reference's traces: a good share of the cases score a hand whose cards
// the tie-break decides, many times more than the same boards without
// the aim.
func TestTieBreakAimMakesHandsTheTieBreakDecides(t *testing.T) {
	aimed := Match3Options{TieBreak: true}
	// The same boards and lengths without the aim.
	plain := Match3Options{Rows: aimed.rows(), Cols: aimed.cols(), Colours: aimed.colours(), Ops: aimed.ops()}
	count := func(o Match3Options) (float64, int) {
		ps := playMatch3(3, 200, o)
		n := 0
		for _, p := range ps {
			if d, _ := decidedHands([]played{p}); d > 0 {
				n++
			}
		}
		_, hands := decidedHands(ps)
		return float64(n) / float64(len(ps)), hands
	}
	got, hands := count(aimed)
	base, _ := count(plain)
	t.Logf("%.1f%% of cases with a hand the tie-break decides (%.1f%% without the aim), %d hands", 100*got, 100*base, hands)
	if got < 0.2 || got < 3*base {
		t.Errorf("TieBreak: %.1f%% of cases score a hand the tie-break decides (%.1f%% without), want at least 20%% and three times as many", 100*got, 100*base)
	}
}

func TestTieBreakDecides(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mains [5][2]int
		want  bool
	}{
		// One choice of cards only.
		{"one main each", [5][2]int{{1, 0}, {2, 0}, {2, 0}, {3, 0}, {4, 0}}, false},
		// Pairs of 2 from (2,1) and (1,2), both 104: the count tries
		// (2,1,...) first, the smallest is (1,2,...).
		{"crossed pair", [5][2]int{{1, 2}, {1, 2}, {2, 0}, {5, 0}, {6, 0}}, false},
		// All four choices make a high card 7, the first tried, (1,3),
		// the smallest.
		{"high card ties", [5][2]int{{1, 2}, {3, 4}, {5, 0}, {6, 0}, {7, 0}}, false},
		// Full houses of 507: 1,1,1,4,4 and 2,2,2,1,1, tried first as
		// 2,1,2,2,1.
		{"full houses of one score", [5][2]int{{1, 2}, {1, 0}, {2, 4}, {2, 4}, {1, 3}}, true},
	} {
		if got := TieBreakDecides(tc.mains); got != tc.want {
			t.Errorf("%s: TieBreakDecides(%v) = %v, want %v", tc.name, tc.mains, got, tc.want)
		}
	}
}

// TestTieBreakCasesShowTheEnginesHands plays TieBreak cases on the engine
// and the reference: the hands the tie-break decides are where an engine
// that keeps the first best choice of cards, not the smallest, parts
// from the reference (engine/hand.go's less always false did, unseen by
// 65,000 cases of cascade check before the knob).
func TestTieBreakCasesShowTheEnginesHands(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 37))
	for i := range 60 {
		c := Match3(r, Match3Options{TieBreak: true})
		if op, msg := match3.Diff(engine.PlayMatch3(c), reference.PlayMatch3(c)); op >= 0 {
			t.Fatalf("case %d: engine and reference part at %s\n%v", i, msg, c)
		}
	}
}

// TestTieHandsAreEveryHandTieBreakDecides checks the table of hands the
// tie-break cases are planted from, built with each set of cards scored
// once, against TieBreakDecides asked of every hand of colours 1..4.
func TestTieHandsAreEveryHandTieBreakDecides(t *testing.T) {
	var want [][5][2]int
	var pairs [][2]int
	for a := 1; a <= 4; a++ {
		for b := a + 1; b <= 4; b++ {
			pairs = append(pairs, [2]int{a, b})
		}
	}
	for n := range len(pairs) * len(pairs) * len(pairs) * len(pairs) * len(pairs) {
		var hand [5][2]int
		for i := len(hand) - 1; i >= 0; i-- {
			hand[i] = pairs[n%len(pairs)]
			n /= len(pairs)
		}
		if TieBreakDecides(hand) {
			want = append(want, hand)
		}
	}
	if got := tieHands.Get(); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("%d tie hands, want %d", len(got), len(want))
	}
}
