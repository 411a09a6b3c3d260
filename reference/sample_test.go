package reference

import (
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

func parseSameGame(t *testing.T, s string) *samegame.Case {
	t.Helper()
	c, err := samegame.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return c
}

func parseMatch3(t *testing.T, s string) *match3.Case {
	t.Helper()
	c, err := match3.Parse(strings.NewReader(s))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return c
}

func TestSameGameExampleScores54(t *testing.T) {
	ex := sample.SameGame()[0]
	tr := PlaySameGame(parseSameGame(t, ex.Input))
	if tr.Total != ex.Want {
		t.Errorf("total = %d, want %d", tr.Total, ex.Want)
	}
}

func TestSameGameExampleStepPoints(t *testing.T) {
	tr := PlaySameGame(parseSameGame(t, sample.SameGame()[0].Input))
	want := []int64{1, 1, 21, 1, 3, 1, 1, 3, 1, 1, 10, 10}
	if len(tr.Moves) != len(want) {
		t.Fatalf("%d moves, want %d", len(tr.Moves), len(want))
	}
	for i, r := range tr.Moves {
		if r.Points != want[i] {
			t.Errorf("step %d %v: points %d, want %d", i+1, r.Move, r.Points, want[i])
		}
	}
	if len(tr.Detail) != len(want) {
		t.Fatalf("%d details, want %d", len(tr.Detail), len(want))
	}
	// The statement's game ends with every cube removed.
	for i, v := range tr.Detail[len(want)-1].Board {
		if v != 0 {
			t.Fatalf("final board cell %d = %d, want empty", i, v)
		}
	}
}

func TestMatch3SampleTotals(t *testing.T) {
	for _, ex := range sample.Match3() {
		t.Run(ex.Name, func(t *testing.T) {
			tr := PlayMatch3(parseMatch3(t, ex.Input))
			if tr.Total != ex.Want {
				t.Errorf("total = %d, want %d", tr.Total, ex.Want)
				for _, r := range tr.Ops {
					t.Log(r)
				}
			}
		})
	}
}

func TestMatch3Sample1PerOperation(t *testing.T) {
	tr := PlayMatch3(parseMatch3(t, sample.Match3()[0].Input))
	want := sample.Match3Sample1Scores
	if len(tr.Ops) != len(want) {
		t.Fatalf("%d operations, want %d", len(tr.Ops), len(want))
	}
	for i, r := range tr.Ops {
		if r.Validity != match3.Valid {
			t.Errorf("operation %d: %v, want valid", i+1, r.Validity)
		}
		if got := r.Score(); got != want[i] {
			t.Errorf("operation %d: elimination+combination+chain = %d, want %d", i+1, got, want[i])
		}
	}
	for i, r := range tr.Ops[:4] {
		if r.Hand.Kind != match3.NoHand {
			t.Errorf("operation %d: hand %v, want none before the fifth", i+1, r.Hand)
		}
	}
	wantHand := match3.Hand{Kind: match3.TwoPairs, Cards: [5]int{1, 2, 4, 2, 4}, Score: 210}
	if h := tr.Ops[4].Hand; h != wantHand {
		t.Errorf("hand after operation 5 = %v, want %v", h, wantHand)
	}
	if !tr.AllValid || !tr.Cleared || tr.Bonus != 11000 {
		t.Errorf("endgame: all-valid %t, cleared %t, bonus %d; want true, true, 11000", tr.AllValid, tr.Cleared, tr.Bonus)
	}
}

// TestBriefPlayIsPlayWithoutDetail checks that the brief plays a check
// uses give the literal traces, Detail aside, on every documented example
// and on cases of every size the random tests draw.
func TestBriefPlayIsPlayWithoutDetail(t *testing.T) {
	for _, ex := range sample.SameGame() {
		c, err := samegame.Parse(strings.NewReader(ex.Input))
		if err != nil {
			t.Fatal(err)
		}
		full, brief := PlaySameGame(c), PlaySameGameBrief(c)
		if move, msg := samegame.Diff(brief, full); move >= 0 || len(brief.Detail) != 0 || brief.Total != ex.Want {
			t.Errorf("%s: brief trace differs at move %d (%s), %d details, total %d want %d", ex.Name, move, msg, len(brief.Detail), brief.Total, ex.Want)
		}
	}
	for _, ex := range sample.Match3() {
		c, err := match3.Parse(strings.NewReader(ex.Input))
		if err != nil {
			t.Fatal(err)
		}
		full, brief := PlayMatch3(c), PlayMatch3Brief(c)
		if op, msg := match3.Diff(brief, full); op >= 0 || len(brief.Detail) != 0 || brief.Total != ex.Want {
			t.Errorf("%s: brief trace differs at operation %d (%s), %d details, total %d want %d", ex.Name, op, msg, len(brief.Detail), brief.Total, ex.Want)
		}
	}
}
