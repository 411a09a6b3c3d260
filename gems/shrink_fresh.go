package gems

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// match3Fresh offers small match-3 cases drawn afresh (see
// Shrinking.Fresh), with the knobs that make the failure's kind of step
// likely (match3FreshOptions). The boards start at the smallest the
// statement allows and grow with the tries, never past the case at hand.
func match3Fresh(s *match3Shrinking) {
	c := s.Case()
	var hands []match3.HandKind
	if s.Aim() == match3WithHand || s.Aim() == "" {
		hands = handsOf(c)
	}
	s.Fresh(s.FreshTries(c.Rows*c.Cols), func(r *rand.Rand, i int) (*match3.Case, bool) {
		o := match3FreshOptions(s.Aim(), i, hands)
		cur := s.Case()
		o.Rows.Max = min(o.Rows.Max, max(cur.Rows, o.Rows.Min))
		o.Cols.Max = min(o.Cols.Max, max(cur.Cols, o.Cols.Min))
		o.InStatement = true
		o.NewPlayer = engineMatch3
		return casegen.Match3(r, o), true
	}, match3Smaller)
}

// match3Smaller reports whether a has fewer cells than b, or as many and
// fewer operations.
func match3Smaller(a, b *match3.Case) bool {
	ca, cb := a.Rows*a.Cols, b.Rows*b.Cols
	return ca < cb || ca == cb && len(a.Ops) < len(b.Ops)
}

// handsOf returns the kinds of the hands the reference scores on c, in
// the order they come, each once: the hand a hand's bug shows on is
// likely one of them.
func handsOf(c *match3.Case) []match3.HandKind {
	var kinds []match3.HandKind
	for _, r := range reference.PlayMatch3Brief(c).Ops {
		if k := r.Hand.Kind; k != match3.NoHand && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// match3FreshOptions are the knobs of fresh try i aimed at a failure
// whose first diverging step is of kind aim; hands are the hands of the
// case at hand, for a hand's failure. The sides grow by one every few
// tries, and so does the number of operations, so the first tries are
// the smallest cases.
//
//	the endgame          boards cleared by valid swaps (ClearBoard, half
//	                     of them with an invalid operation), every fourth
//	                     try plain operations, since a bonus's bug may
//	                     need only an invalid one
//	a hand               five or six valid operations aimed at one of the
//	                     hands of the case (Poker), on boards of 5 or 6
//	                     a side, which hold five runs of three (and
//	                     forty cells would be too many), with as many
//	                     colours as the hand
//	                     has cards (one more every other try), every
//	                     other try with specials and double runs aimed at
//	an invalid operation operations, half of them of its reason, every
//	                     third try with specials
//	a valid operation    operations, every other try with specials aimed
//	                     at (a special's bug), every fourth on a tall
//	                     board of two colours with colour specials set
//	                     off (long cascades, blocks of every shape)
//	unknown              each of the above in turn
func match3FreshOptions(aim string, i int, hands []match3.HandKind) casegen.Match3Options {
	grow := func(lo, every int) casegen.Range { return casegen.Between(lo, lo+i/every) }
	few, ops := casegen.Between(2, 4), grow(1, 8)
	switch {
	case aim == match3Endgame:
		if i%4 == 3 {
			return casegen.Match3Options{Rows: grow(2, 8), Cols: grow(2, 8), Colours: few, Ops: ops}
		}
		// Two colours clear a small board more often: a 2x3 board is
		// cleared with an invalid operation in one draw in seven.
		o := casegen.Match3Options{Rows: grow(2, 8), Cols: grow(2, 8), ClearBoard: true}
		if i%2 == 0 {
			o.Colours = casegen.Exactly(2)
		}
		return o
	case aim == match3WithHand:
		// Five valid operations take fifteen pieces; with valid swaps
		// only and no more colours than the hand has cards, the aim
		// finds its hand on one board in five at 5x6, one in two at 6x6.
		side := casegen.Between(5, 6)
		o := casegen.Match3Options{
			Rows: side, Cols: side, Ops: casegen.Between(5, 6),
			Mix: casegen.Only(casegen.OpValid), Poker: match3.HighCard + match3.HandKind(i%int(match3.FiveOfAKind)),
		}
		if len(hands) > 0 {
			o.Poker = hands[i%len(hands)]
		}
		// No more colours than the hand has cards, or one more on
		// every other try; but a hand of two cards (a full house, four
		// or five of a kind) takes two colours on a 6x6 board: five of
		// a kind is found on one such board in six, on one 5x5 board
		// in two hundred, and on almost none of three colours.
		o.Colours = casegen.Between(handCards[o.Poker], handCards[o.Poker]+i%2)
		if handCards[o.Poker] == 2 {
			o.Rows, o.Cols, o.Colours = casegen.Exactly(6), casegen.Exactly(6), casegen.Exactly(2)
		}
		if i%4 == 3 {
			// Invalid operations between, which a hand's count skips.
			o.Mix, o.Ops = casegen.DefaultOpMix, casegen.Between(5, 8)
		}
		if i%2 == 1 {
			// A bug of scoring or specials that first shows on a hand's
			// operation needs what it needs there too.
			o.Specials, o.AimSpecials, o.TwoMain, o.DoubleRun = 0.2, 0.5, 0.5, 0.5
		}
		return o
	case strings.HasPrefix(aim, match3Invalid):
		o := casegen.Match3Options{
			Rows: grow(2, 8), Cols: grow(2, 8), Colours: few, Ops: ops,
			Mix: invalidMix(aim),
		}
		if i%3 == 2 {
			o.Specials, o.AimSpecials = 0.3, 1
		}
		return o
	case aim == match3ValidStep:
		o := casegen.Match3Options{Rows: grow(2, 8), Cols: grow(2, 8), Colours: few, Ops: ops}
		if i%2 == 1 {
			o.Specials, o.AimSpecials, o.TwoMain, o.DoubleRun = 0.3, 1, 0.5, 0.5
		}
		if i%4 == 2 {
			// Two colours on a tall board, with colour specials set
			// off: one takes half the board, the rest falls into runs
			// again and again, joined into blocks of every shape (a U,
			// steps), which a bug of the fall, of later rounds or of
			// blocks needs; one such board in three shows a fill that
			// never goes up.
			o = casegen.Match3Options{Rows: grow(4, 4), Cols: grow(3, 6), Colours: casegen.Exactly(2), Ops: casegen.Between(1, 2),
				Specials: 0.1, SpecialKinds: []match3.Special{match3.Colour}, AimSpecials: 1}
		}
		return o
	}
	kinds := []string{match3ValidStep, match3Endgame, match3Invalid, match3WithHand}
	return match3FreshOptions(kinds[i%len(kinds)], i/len(kinds), hands)
}

// handCards is the number of distinct colours of each hand, at least two
// (a board of one colour has runs).
var handCards = [...]int{
	match3.NoHand: 2, match3.HighCard: 5, match3.OnePair: 4, match3.TwoPairs: 3,
	match3.ThreeOfAKind: 3, match3.FullHouse: 2, match3.FourOfAKind: 2, match3.FiveOfAKind: 2,
}

// invalidMix weighs valid swaps evenly against the invalid kinds of the
// reason in aim ("an invalid operation (no run)"), all of them when it
// names none.
func invalidMix(aim string) casegen.OpMix {
	switch {
	case strings.Contains(aim, match3.NotAdjacent.String()):
		return casegen.OpMix{casegen.OpValid: 3, casegen.OpSameCell: 1, casegen.OpDiagonal: 1, casegen.OpFar: 1}
	case strings.Contains(aim, match3.EmptyCell.String()):
		return casegen.OpMix{casegen.OpValid: 1, casegen.OpEmpty: 1}
	case strings.Contains(aim, match3.NoRun.String()):
		return casegen.OpMix{casegen.OpValid: 2, casegen.OpNoRun: 1, casegen.OpSameColour: 1}
	}
	return casegen.OpMix{casegen.OpValid: 6, casegen.OpSameCell: 1, casegen.OpDiagonal: 1, casegen.OpFar: 1,
		casegen.OpEmpty: 1, casegen.OpSameColour: 1, casegen.OpNoRun: 1}
}
