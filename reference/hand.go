package reference

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// Played is what the pattern score sees of one operation.
type Played struct {
	Valid bool
	// Main holds the operation's main colours, ascending; nil when it was
	// invalid.
	Main []int
}

// PatternHand is the literal pattern score (M8), asked after every
// operation with ops holding all operations so far, the latest last, and
// once more at the end of the game with end set. After the 5th, 10th, ...
// valid operation it is the best hand of the main colours of the last
// five valid operations; otherwise, and at the end (operations left over
// score nothing), it is no hand.
func PatternHand(ops []Played, end bool) match3.Hand {
	valid, due := ValidMains(ops, 5)
	if end || !due {
		return match3.Hand{}
	}
	return BestHand([5][]int(valid[len(valid)-5:]))
}

// ValidMains returns the main colours of the valid operations of ops, in
// order, and whether a hand is due after the latest operation when one
// is scored every so many valid operations: the latest was valid, and
// the valid ones so far are a multiple of every.
func ValidMains(ops []Played, every int) ([][]int, bool) {
	var valid [][]int
	for _, op := range ops {
		if op.Valid {
			valid = append(valid, op.Main)
		}
	}
	due := len(ops) > 0 && ops[len(ops)-1].Valid && len(valid)%every == 0
	return valid, due
}

// BestHand is the best-scoring hand that takes one colour from each of
// the five operations' main colours; among hands of equal score, the one
// whose cards are the lexicographically smallest sequence. An operation
// with no main colour gives the card 0.
func BestHand(mains [5][]int) match3.Hand {
	var best match3.Hand
	var cards [5]int
	var try func(i int)
	try = func(i int) {
		if i == len(cards) {
			h := ScoreHand(cards)
			if best.Kind == match3.NoHand || h.Score > best.Score ||
				h.Score == best.Score && slices.Compare(h.Cards[:], best.Cards[:]) < 0 {
				best = h
			}
			return
		}
		choices := mains[i]
		if len(choices) == 0 {
			choices = []int{0}
		}
		for _, c := range choices {
			cards[i] = c
			try(i + 1)
		}
	}
	try(0)
	return best
}

// ScoreHand scores five cards, in the order given, as a poker hand (M8).
func ScoreHand(cards [5]int) match3.Hand {
	count := map[int]int{}
	for _, c := range cards {
		count[c]++
	}
	// Colours by how many cards show them: most first, then the larger.
	var colours []int
	for c := range count {
		colours = append(colours, c)
	}
	slices.SortFunc(colours, func(a, b int) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return b - a
	})
	top := colours[0]
	var kind match3.HandKind
	var score int
	switch {
	case count[top] == 5:
		kind, score = match3.FiveOfAKind, 1000+10*top
	case count[top] == 4:
		kind, score = match3.FourOfAKind, 750+5*top
	case count[top] == 3 && count[colours[1]] == 2:
		kind, score = match3.FullHouse, 500+3*top+colours[1]
	case count[top] == 3:
		kind, score = match3.ThreeOfAKind, 300+3*top
	case count[top] == 2 && count[colours[1]] == 2:
		// colours[0] is the larger pair colour.
		kind, score = match3.TwoPairs, 200+2*top+colours[1]
	case count[top] == 2:
		kind, score = match3.OnePair, 100+2*top
	default:
		// top is the largest colour.
		kind, score = match3.HighCard, 50+top
	}
	return match3.Hand{Kind: kind, Cards: cards, Score: int64(score)}
}
