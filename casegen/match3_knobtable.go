package casegen

import (
	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/match3"
)

// The clamps of Match3Options outside the statement's limits: the
// largest side and the most operations the generator draws; the most
// colours is match3.MaxK.
const (
	maxMatch3Side = 1 << 12
	maxOps        = 1 << 20
)

// Match3KnobTable is the knobs of Match3Options as a command line sets
// them (cascade gen), each with the values the generator honours as
// given; with --in-statement the sides, colours and operations take only
// values inside the statement's limits. NewPlayer is no knob. The table
// is built when first asked for: a command that generates nothing does
// not pay for it at start-up.
func Match3KnobTable() *KnobTable[Match3Options] { return match3KnobTable.Get() }

var match3KnobTable = lazy.Value[*KnobTable[Match3Options]]{Make: func() *KnobTable[Match3Options] {
	return &KnobTable[Match3Options]{fields: []knobField[Match3Options]{
		rangeKnob("rows", "the number of rows n (default 2..8, or 6..10 with --poker, 2..4 with --clear-board)",
			func(o *Match3Options) *Range { return &o.Rows },
			bound[Match3Options]{"--in-statement", inStatement, 2, match3.MaxSide},
			bound[Match3Options]{lo: 1, hi: maxMatch3Side}),
		rangeKnob("cols", "the number of columns m (defaults as --rows); with --in-statement a board of n + m <= 4 grows a side to 3",
			func(o *Match3Options) *Range { return &o.Cols },
			bound[Match3Options]{"--in-statement", inStatement, 2, match3.MaxSide},
			bound[Match3Options]{lo: 1, hi: maxMatch3Side}),
		rangeKnob("colours", "the number of colours k (default 2..6; with --poker from the hand's distinct colours to 2 more; 4..5 with --tie-break; 2..3 with --clear-board); with one colour the sides are cut to 2; under a rule set with refill=queue, one more while the game cascades without end, as two colours on a large board make it",
			func(o *Match3Options) *Range { return &o.Colours },
			bound[Match3Options]{"--in-statement", inStatement, 2, match3.MaxColours},
			bound[Match3Options]{lo: 1, hi: match3.MaxK}),
		rangeKnob("ops", "the number of operations q (default 1..16, or 10..20 with --poker); --clear-board ignores it",
			func(o *Match3Options) *Range { return &o.Ops },
			bound[Match3Options]{"--in-statement", inStatement, 1, match3.MaxOps},
			bound[Match3Options]{lo: 0, hi: maxOps}),
		intKnob("aimed", "when above 0, aim only the first N operations at the board as it stands; the rest swap a random cell with a neighbour, for long games on large boards (default 0: every operation aimed)",
			func(o *Match3Options) *int { return &o.Aimed }, 0, maxOps),
		switchKnob("in-statement", "keep the case inside the statement's limits: 2 <= n, m <= 50, n + m > 4, 2 <= k <= 100, 1 <= q <= 1000",
			func(o *Match3Options) *bool { return &o.InStatement }),
		specialsKnob(),
		namesKnob("special-kinds", "the kinds of special to place (default all six)",
			func(o *Match3Options) *[]match3.Special { return &o.SpecialKinds }, allSpecials),
		nameKnob("placement", "where specials go: anywhere, on the border (corners and edges, where areas are clipped) or in clusters (so that specials set off specials) (default anywhere)",
			func(o *Match3Options) *Placement { return &o.Placement }, []Placement{Anywhere, Border, Clusters}),
		mixKnob("mix", "the weights of the kinds of operation, valid swaps and each invalid kind; a kind the board does not offer gives way to a valid swap (default "+DefaultOpMix.String()+")",
			func(o *Match3Options) *OpMix { return &o.Mix }),
		nameKnob("poker", "aim the main colours of every five valid operations at this hand (default no-hand: no aim)",
			func(o *Match3Options) *match3.HandKind { return &o.Poker },
			[]match3.HandKind{match3.NoHand, match3.HighCard, match3.OnePair, match3.TwoPairs, match3.ThreeOfAKind, match3.FullHouse, match3.FourOfAKind, match3.FiveOfAKind}),
		fractionKnob("two-main", "the fraction of valid operations that prefer a swap with two main colours (default 0)",
			func(o *Match3Options) *float64 { return &o.TwoMain }),
		fractionKnob("double-run", "the fraction of valid operations that prefer a swap making two runs or more at once (default 0)",
			func(o *Match3Options) *float64 { return &o.DoubleRun }),
		fractionKnob("aim-specials", "the fraction of valid operations that prefer a swap whose runs hold a special (default 0)",
			func(o *Match3Options) *float64 { return &o.AimSpecials }),
		switchKnob("tie-break", "plant a hand whose cards only the tie-break decides (SPEC \"Hand tie-break\"): the first five operations, two-main swaps by which several choices of cards reach the best score; needs 5 rows, 6 columns and 4 colours (default sides 6..10, colours 4..5)",
			func(o *Match3Options) *bool { return &o.TieBreak }),
		switchKnob("clear-board", "search for valid swaps that clear the board (the 10000 bonus), on small boards with few colours, half the time with one invalid operation put in",
			func(o *Match3Options) *bool { return &o.ClearBoard }),
	}}
}}

func inStatement(o *Match3Options) bool { return o.InStatement }

// specialsKnob is the fraction of pieces with a special. With
// ClearBoard the generator reads 0 as 0.25, so a 0 given there is
// refused rather than silently changed.
func specialsKnob() knobField[Match3Options] {
	f := fractionKnob("specials", "the fraction of pieces with a special (default 0, or 0.25 with --clear-board, which takes no 0)",
		func(o *Match3Options) *float64 { return &o.Specials })
	f.check = func(o *Match3Options) string {
		if o.ClearBoard && o.Specials == 0 {
			return "want a fraction above 0 with --clear-board, where 0 stands for 0.25"
		}
		return ""
	}
	return f
}
