// hand.go scores the poker hand of five operations' main colours: the
// choice among up to 32 combinations and the tie-break, without
// allocating.

package engine

import "github.com/cascade-harness/cascade/match3"

// bestHand returns the best hand the main colours of five operations can
// make: the highest score, and among equal scores the lexicographically
// smallest cards.
func bestHand(mains *[5][2]int) match3.Hand {
	var best match3.Hand
	for choice := range 1 << 5 {
		var cards [5]int
		skip := false
		for i, m := range mains {
			switch {
			case choice&(1<<i) == 0:
				cards[i] = m[0]
			case m[1] == 0:
				skip = true // the same cards as without this bit
			default:
				cards[i] = m[1]
			}
		}
		if skip {
			continue
		}
		kind, score := handScore(cards)
		if best.Kind == match3.NoHand || score > best.Score || score == best.Score && less(cards, best.Cards) {
			best = match3.Hand{Kind: kind, Cards: cards, Score: score}
		}
	}
	return best
}

func less(a, b [5]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// handScore classifies five cards and returns the pattern score.
func handScore(cards [5]int) (match3.HandKind, int64) {
	// Sort descending, then group equal cards: groups[j] is the size of
	// the j-th group and values[j] its colour.
	s := cards
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] > s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	var sizes, values [5]int
	n := 0
	for i, v := range s {
		if i > 0 && v == s[i-1] {
			sizes[n-1]++
			continue
		}
		sizes[n], values[n] = 1, v
		n++
	}
	// Order the groups by size, larger first; equal sizes keep the
	// descending colour order.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && sizes[j] > sizes[j-1]; j-- {
			sizes[j], sizes[j-1] = sizes[j-1], sizes[j]
			values[j], values[j-1] = values[j-1], values[j]
		}
	}
	a, b := int64(values[0]), int64(values[1])
	switch {
	case sizes[0] == 5:
		return match3.FiveOfAKind, 1000 + 10*a
	case sizes[0] == 4:
		return match3.FourOfAKind, 750 + 5*a
	case sizes[0] == 3 && sizes[1] == 2:
		return match3.FullHouse, 500 + 3*a + b
	case sizes[0] == 3:
		return match3.ThreeOfAKind, 300 + 3*a
	case sizes[0] == 2 && sizes[1] == 2:
		return match3.TwoPairs, 200 + 2*a + b
	case sizes[0] == 2:
		return match3.OnePair, 100 + 2*a
	}
	return match3.HighCard, 50 + a
}
