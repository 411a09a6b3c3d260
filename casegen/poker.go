package casegen

import (
	"slices"
	"sync"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// handParts are the multiplicities of the colours of each hand, largest
// first: a full house is a colour three times and another twice.
var handParts = [...][]int{
	match3.FiveOfAKind:  {5},
	match3.FourOfAKind:  {4, 1},
	match3.FullHouse:    {3, 2},
	match3.ThreeOfAKind: {3, 1, 1},
	match3.TwoPairs:     {2, 2, 1},
	match3.OnePair:      {2, 1, 1, 1},
	match3.HighCard:     {1, 1, 1, 1, 1},
}

// pokerAim steers the main colours of each five valid operations towards
// a hand.
type pokerAim struct {
	parts []int // nil: no aim
	cards []int // the main colours counted so far in this hand
	// all, some and most hold prefer's lists, pieces its count of each
	// colour's pieces: a case asks before every valid operation.
	all, some, most []reference.ValidSwap
	pieces          []int
	// narrowed holds the lists chooseValid narrows to, in turn.
	narrowed [2][]reference.ValidSwap
}

// newPokerAim returns an aim at a hand of kind k, its lists those of an
// aim released before (release).
func newPokerAim(k match3.HandKind) *pokerAim {
	a := pokerAims.Get().(*pokerAim)
	a.parts, a.cards = handParts[k], a.cards[:0]
	return a
}

// release gives back an aim its case is done with.
func (a *pokerAim) release() { pokerAims.Put(a) }

// pokerAims holds the aims of the cases generated before.
var pokerAims = sync.Pool{New: func() any { return new(pokerAim) }}

// fits reports whether the cards so far plus colour c can still complete
// the hand. Matching the colour counts, largest first, against the parts,
// largest first, finds a fit whenever one exists.
func (a *pokerAim) fits(c int) bool {
	// The hand's colours and how many cards show each: five at most,
	// counted in place (a candidate's every main colour is asked).
	var vals, counts [5]int
	n := 0
	for k := -1; k < len(a.cards); k++ {
		v := c
		if k >= 0 {
			v = a.cards[k]
		}
		i := slices.Index(vals[:n], v)
		if i < 0 {
			i = n
			vals[i] = v
			n++
		}
		counts[i]++
	}
	if n > len(a.parts) {
		return false
	}
	slices.Sort(counts[:n])
	slices.Reverse(counts[:n])
	for i, m := range counts[:n] {
		if m > a.parts[i] {
			return false
		}
	}
	return true
}

// prefer narrows the valid swaps to those that keep the hand within
// reach: best those whose every main colour fits (the scorer picks the
// best hand, so a stray second colour could turn it into another one),
// then those with one colour that fits. When the hand is still empty it
// goes for the colour with most pieces on the board g, since a hand of a
// kind needs that colour again and again.
func (a *pokerAim) prefer(cands []reference.ValidSwap, g reference.Grid) []reference.ValidSwap {
	if a.parts == nil {
		return cands
	}
	all, some := a.all[:0], a.some[:0]
	defer func() { a.all, a.some = all[:0], some[:0] }()
	for _, c := range cands {
		fit := 0
		for _, m := range c.Main {
			if m != 0 && a.fits(m) {
				fit++
			}
		}
		switch {
		case fit == 0:
		case fit == 1 && c.Main[1] != 0:
			some = append(some, c)
		default:
			all = append(all, c)
		}
	}
	best := all
	if len(best) == 0 {
		best = some
	}
	if len(best) == 0 {
		return cands
	}
	if len(a.cards) == 0 && a.parts[0] >= 3 {
		// Pieces of each colour, indexed by colour: a main colour is
		// one of the board's.
		pieces := a.pieces[:0]
		for x := range g {
			for _, p := range g[x] {
				if p.Colour >= len(pieces) {
					// Past its length, pieces holds zeros (cleared
					// below, or never used).
					pieces = slices.Grow(pieces, p.Colour+1-len(pieces))[:p.Colour+1]
				}
				pieces[p.Colour]++
			}
		}
		count := func(colour int) int {
			if colour < len(pieces) {
				return pieces[colour]
			}
			return 0
		}
		top := 0
		for _, c := range best {
			top = max(top, count(c.Main[0]))
		}
		most := a.most[:0]
		for _, c := range best {
			if count(c.Main[0]) == top {
				most = append(most, c)
			}
		}
		clear(pieces)
		a.pieces, a.most = pieces[:0], most
		return most
	}
	return best
}

// count records the main colours of a valid operation, choosing the one
// that fits the hand.
func (a *pokerAim) count(main [2]int) {
	card := main[0]
	if main[1] != 0 && !a.fits(card) && a.fits(main[1]) {
		card = main[1]
	}
	a.cards = append(a.cards, card)
	if len(a.cards) == 5 {
		a.cards = a.cards[:0]
	}
}
