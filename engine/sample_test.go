package engine

import (
	"strings"
	"testing"

	"cascade/match3"
	"cascade/samegame"
)

// The documented examples with their answers (shared/samples).
const (
	sameGameExample = `5
14111
23334
43212
33323
21232
12
0 4, 3 0, 0 1, 2 2, 1 1, 4 2, 3 2, 0 1, 3 2, 3 1, 3 0, 2 0
`
	match3Sample1 = `8 8 5 5
1 1 5 1 5 4 5 3
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
0 0 0 0 0 0 1 4
3 2 4 2
5 4 5 5
7 2 7 3
8 5 8 6
6 7 6 8
`
	match3Sample2 = `8 8 5 8
1 1 5 1 5 4 5 3
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
0 0 0 0 0 0 0 0
1 1 2 2
3 2 4 2
3 2 3 3
4 2 4 3
5 4 5 5
7 2 7 3
8 5 8 6
6 7 6 8
`
	match3Sample3 = `5 5 2 1
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
	tr := PlaySameGame(parseSameGame(t, sameGameExample))
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
	if tr.Total != 54 {
		t.Errorf("total = %d, want 54", tr.Total)
	}
}

func TestMatch3SamplesTotals(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     int64
	}{
		{"sample-1", match3Sample1, 11692},
		{"sample-2", match3Sample2, 684},
		{"sample-3", match3Sample3, 3023},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PlayMatch3(parseMatch3(t, tc.in)).Total; got != tc.want {
				t.Errorf("total = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestMatch3Sample1ScoresPerOperation(t *testing.T) {
	tr := PlayMatch3(parseMatch3(t, match3Sample1))
	want := []int64{315, 102, 12, 6, 47}
	for i, w := range want {
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
