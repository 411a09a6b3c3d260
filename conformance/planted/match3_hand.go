package planted

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// lastFiveMains returns the main colours of the last five valid
// operations, or false when no hand is due after the latest operation.
func lastFiveMains(ops []reference.Played) ([5][]int, bool) {
	valid, due := reference.ValidMains(ops, 5)
	if !due {
		return [5][]int{}, false
	}
	return [5][]int(valid[len(valid)-5:]), true
}

// largestTies picks, among the best-scoring hands, the one whose cards
// are the lexicographically largest sequence.
func largestTies(ops []reference.Played, end bool) match3.Hand {
	mains, ok := lastFiveMains(ops)
	if end || !ok {
		return match3.Hand{}
	}
	var best match3.Hand
	var cards [5]int
	var try func(i int)
	try = func(i int) {
		if i == 5 {
			h := reference.ScoreHand(cards)
			if best.Kind == match3.NoHand || h.Score > best.Score ||
				h.Score == best.Score && slices.Compare(h.Cards[:], best.Cards[:]) > 0 {
				best = h
			}
			return
		}
		for _, c := range mains[i] {
			cards[i] = c
			try(i + 1)
		}
	}
	try(0)
	return best
}

// leftoverHand scores, at the end of the game, the one to four valid
// operations after the last hand as a hand whose missing cards are 0.
func leftoverHand(ops []reference.Played, end bool) match3.Hand {
	if !end {
		return reference.PatternHand(ops, end)
	}
	valid, _ := reference.ValidMains(ops, 5)
	left := valid[len(valid)-len(valid)%5:]
	if len(left) == 0 {
		return match3.Hand{}
	}
	var mains [5][]int
	copy(mains[:], left)
	return reference.BestHand(mains)
}

// rescore scores hands of one kind by score instead of the literal
// pattern score; score gets the cards and how many of each colour.
func rescore(kind match3.HandKind, score func(cards []int, count map[int]int) int64) reference.Match3Rules {
	return reference.Match3Rules{
		Hand: func(ops []reference.Played, end bool) match3.Hand {
			h := reference.PatternHand(ops, end)
			if h.Kind == kind {
				count := map[int]int{}
				for _, c := range h.Cards {
					count[c]++
				}
				h.Score = score(h.Cards[:], count)
			}
			return h
		},
	}
}

// withCount returns the colours that occur n times, largest first.
func withCount(count map[int]int, n int) []int {
	var cs []int
	for c, k := range count {
		if k == n {
			cs = append(cs, c)
		}
	}
	slices.Sort(cs)
	slices.Reverse(cs)
	return cs
}

// handEvery scores a hand after every nth valid operation instead of
// every fifth, as a counter off by one would: the hand is the best of
// the main colours of the last five valid operations, or of as many as
// there are, the missing cards 0.
func handEvery(n int) func(ops []reference.Played, end bool) match3.Hand {
	return func(ops []reference.Played, end bool) match3.Hand {
		valid, due := reference.ValidMains(ops, n)
		if end || !due {
			return match3.Hand{}
		}
		var mains [5][]int
		copy(mains[:], valid[max(len(valid)-5, 0):])
		return reference.BestHand(mains)
	}
}
