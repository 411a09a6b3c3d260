package engine

import (
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

func parseSameGame(t testing.TB, in string) *samegame.Case {
	t.Helper()
	c, err := samegame.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func parseMatch3(t testing.TB, in string) *match3.Case {
	t.Helper()
	c, err := match3.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestSameGameExampleScoresPerStep(t *testing.T) {
	ex := sample.SameGame()[0]
	tr := PlaySameGame(parseSameGame(t, ex.Input))
	// The statement's step-by-step account.
	want := []struct {
		colour  uint8
		removed int
	}{{1, 1}, {3, 1}, {3, 6}, {1, 1}, {4, 2}, {2, 1}, {3, 1}, {2, 2}, {4, 1}, {3, 1}, {2, 4}, {1, 4}}
	if len(tr.Moves) != len(want) {
		t.Fatalf("got %d moves, want %d", len(tr.Moves), len(want))
	}
	for i, w := range want {
		got := tr.Moves[i]
		if got.Colour != w.colour || got.Removed != w.removed || got.Points != samegame.Points(w.removed) {
			t.Errorf("step %d: got %v, want %d cubes of colour %d", i+1, got, w.removed, w.colour)
		}
	}
	if tr.Total != ex.Want {
		t.Errorf("total = %d, want %d", tr.Total, ex.Want)
	}
}

func TestMatch3SamplesTotals(t *testing.T) {
	for _, ex := range sample.Match3() {
		t.Run(ex.Name, func(t *testing.T) {
			if got := PlayMatch3(parseMatch3(t, ex.Input)).Total; got != ex.Want {
				t.Errorf("total = %d, want %d", got, ex.Want)
			}
		})
	}
}

func TestMatch3Sample1ScoresPerOperation(t *testing.T) {
	tr := PlayMatch3(parseMatch3(t, sample.Match3()[0].Input))
	for i, w := range sample.Match3Sample1Scores {
		if got := tr.Ops[i].Score(); got != w {
			t.Errorf("operation %d: score %d, want %d (%v)", i+1, got, w, tr.Ops[i])
		}
	}
	wantHand := match3.Hand{Kind: match3.TwoPairs, Cards: [5]int{1, 2, 4, 2, 4}, Score: 210}
	if got := tr.Ops[4].Hand; got != wantHand {
		t.Errorf("hand after operation 5 = %v, want %v", got, wantHand)
	}
	if !tr.AllValid || !tr.Cleared || tr.Bonus != 11000 {
		t.Errorf("endgame: all-valid %t, cleared %t, bonus %d; want true, true, 11000", tr.AllValid, tr.Cleared, tr.Bonus)
	}
}
