package reference

import (
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

func TestScoreHandKinds(t *testing.T) {
	for _, tc := range []struct {
		cards [5]int
		kind  match3.HandKind
		score int64
	}{
		{[5]int{1, 2, 3, 6, 4}, match3.HighCard, 56},       // 50 + 6
		{[5]int{3, 1, 3, 2, 5}, match3.OnePair, 106},       // 100 + 2*3
		{[5]int{2, 4, 2, 4, 1}, match3.TwoPairs, 210},      // 200 + 2*4 + 2
		{[5]int{4, 1, 1, 4, 9}, match3.TwoPairs, 209},      // 200 + 2*4 + 1, the 9 is no pair
		{[5]int{5, 5, 1, 5, 2}, match3.ThreeOfAKind, 315},  // 300 + 3*5
		{[5]int{2, 3, 2, 3, 2}, match3.FullHouse, 509},     // 500 + 3*2 + 3
		{[5]int{3, 2, 3, 2, 2}, match3.FullHouse, 509},     // 500 + 3*2 + 3, the pair larger
		{[5]int{4, 4, 4, 1, 4}, match3.FourOfAKind, 770},   // 750 + 5*4
		{[5]int{7, 7, 7, 7, 7}, match3.FiveOfAKind, 1070},  // 1000 + 10*7
		{[5]int{100, 99, 98, 97, 1}, match3.HighCard, 150}, // 50 + 100
	} {
		h := ScoreHand(tc.cards)
		want := match3.Hand{Kind: tc.kind, Cards: tc.cards, Score: tc.score}
		if h != want {
			t.Errorf("ScoreHand(%v) = %v, want %v", tc.cards, h, want)
		}
	}
}

func TestBestHandChoosesAmongMainColours(t *testing.T) {
	for _, tc := range []struct {
		name  string
		mains [5][]int
		want  match3.Hand
	}{
		// 2 2 3 4 5 is a pair of 2s (104); 1 2 3 4 5 only a high card (55).
		{"pair beats high card", [5][]int{{1, 2}, {2}, {3}, {4}, {5}},
			match3.Hand{Kind: match3.OnePair, Cards: [5]int{2, 2, 3, 4, 5}, Score: 104}},
		// Pair of 3s (106) beats pair of 1s (102) and high cards (55).
		{"larger pair", [5][]int{{1, 3}, {1, 3}, {2}, {4}, {5}},
			match3.Hand{Kind: match3.OnePair, Cards: [5]int{3, 3, 2, 4, 5}, Score: 106}},
		// 2 2 3 3 2 is a full house (500 + 3*2 + 3 = 509); 5 2 3 3 2 only
		// two pairs (200 + 2*3 + 2 = 208).
		{"full house", [5][]int{{2, 5}, {2}, {3}, {3}, {2}},
			match3.Hand{Kind: match3.FullHouse, Cards: [5]int{2, 2, 3, 3, 2}, Score: 509}},
		// 1 3 4 5 7 and 2 3 4 5 7 both score 50 + 7: the smaller sequence.
		{"tie takes the smallest sequence", [5][]int{{1, 2}, {3}, {4}, {5}, {7}},
			match3.Hand{Kind: match3.HighCard, Cards: [5]int{1, 3, 4, 5, 7}, Score: 57}},
		// Five 2s (1000 + 10*2 = 1020) beat four 1s and a 2 (750 + 5 = 755).
		{"five of a kind", [5][]int{{1, 2}, {1, 2}, {2}, {1, 2}, {1, 2}},
			match3.Hand{Kind: match3.FiveOfAKind, Cards: [5]int{2, 2, 2, 2, 2}, Score: 1020}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := BestHand(tc.mains); got != tc.want {
				t.Errorf("BestHand(%v) = %v, want %v", tc.mains, got, tc.want)
			}
		})
	}
}

func TestPatternHandAfterEveryFifthValidOperation(t *testing.T) {
	v := func(c int) Played { return Played{Valid: true, Main: []int{c}} }
	invalid := Played{}
	pair := match3.Hand{Kind: match3.OnePair, Cards: [5]int{1, 1, 2, 3, 4}, Score: 102}
	for _, tc := range []struct {
		name string
		ops  []Played
		end  bool
		want match3.Hand
	}{
		{"four valid", []Played{v(1), v(1), v(2), v(3)}, false, match3.Hand{}},
		{"fifth valid", []Played{v(1), v(1), v(2), v(3), v(4)}, false, pair},
		{"fifth valid after an invalid one", []Played{v(1), v(1), invalid, v(2), v(3), v(4)}, false, pair},
		{"invalid ones do not count", []Played{v(1), invalid, v(1), v(2), invalid}, false, match3.Hand{}},
		{"after the fifth an invalid one scores nothing", []Played{v(1), v(1), v(2), v(3), v(4), invalid}, false, match3.Hand{}},
		{"sixth valid", []Played{v(1), v(1), v(2), v(3), v(4), v(5)}, false, match3.Hand{}},
		{"tenth valid takes the last five", []Played{v(9), v(9), v(9), v(9), v(9), v(1), v(1), v(2), v(3), v(4)}, false, pair},
		{"leftover at the end", []Played{v(1), v(1), v(1), v(1)}, true, match3.Hand{}},
		{"none", nil, false, match3.Hand{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PatternHand(tc.ops, tc.end); got != tc.want {
				t.Errorf("PatternHand = %v, want %v", got, tc.want)
			}
		})
	}
}
