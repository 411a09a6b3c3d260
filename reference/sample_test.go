package reference

import (
	"strings"
	"testing"

	"cascade/match3"
	"cascade/samegame"
)

// The documented examples of the two statements, with their answers.

const sameGameExample = `5
14111
23334
43212
33323
21232
12
0 4, 3 0, 0 1, 2 2, 1 1, 4 2, 3 2, 0 1, 3 2, 3 1, 3 0, 2 0
`

// match3Board is the start position shared by match3 samples 1 and 2.
const match3Board = `1 1 5 1 5 4 5 3
2 1 2 2 5 4 3 2
1 4 1 4 2 1 5 4
2 1 5 5 2 1 4 4
2 3 5 2 3 4 2 2
4 2 4 3 3 2 4 5
1 3 4 3 5 2 4 3
3 4 2 5 2 1 1 2
0 0 0 0 0 0 0 0
2 0 0 0 0 0 0 0
0 0 0 0 5 0 0 0
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
0 0 0 6 0 0 3 1
0 0 0 0 3 0 0 0
`

const match3Sample1 = "8 8 5 5\n" + match3Board + `0 0 0 0 0 0 1 4
3 2 4 2
5 4 5 5
7 2 7 3
8 5 8 6
6 7 6 8
`

const match3Sample2 = "8 8 5 8\n" + match3Board + `0 0 0 0 0 0 0 0
1 1 2 2
3 2 4 2
3 2 3 3
4 2 4 3
5 4 5 5
7 2 7 3
8 5 8 6
6 7 6 8
`

const match3Sample3 = `5 5 2 1
1 1 2 1 1
1 1 2 1 1
2 2 1 2 2
1 1 2 1 1
1 1 2 1 1
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
3 3 4 3
`

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
	tr := PlaySameGame(parseSameGame(t, sameGameExample))
	if tr.Total != 54 {
		t.Errorf("total = %d, want 54", tr.Total)
	}
}

func TestSameGameExampleStepPoints(t *testing.T) {
	tr := PlaySameGame(parseSameGame(t, sameGameExample))
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
	for _, tc := range []struct {
		name  string
		in    string
		total int64
	}{
		{"sample1", match3Sample1, 11692},
		{"sample2", match3Sample2, 684},
		{"sample3", match3Sample3, 3023},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := PlayMatch3(parseMatch3(t, tc.in))
			if tr.Total != tc.total {
				t.Errorf("total = %d, want %d", tr.Total, tc.total)
				for _, r := range tr.Ops {
					t.Log(r)
				}
			}
		})
	}
}

func TestMatch3Sample1PerOperation(t *testing.T) {
	tr := PlayMatch3(parseMatch3(t, match3Sample1))
	want := []int64{315, 102, 12, 6, 47}
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
