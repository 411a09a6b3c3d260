package casegen

import (
	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/samegame"
)

// The clamps of SameGameOptions: the largest side of a box and the most
// clicks the generator draws.
const (
	maxSameGameSide = 1 << 14
	maxClicks       = 1 << 20
)

// SameGameKnobTable is the knobs of SameGameOptions as a command line
// sets them (cascade gen), each with the values the generator honours
// as given; NewPlayer is no knob. The table is built when first asked
// for, as Match3KnobTable is.
func SameGameKnobTable() *KnobTable[SameGameOptions] { return sameGameKnobTable.Get() }

var sameGameKnobTable = lazy.Value[*KnobTable[SameGameOptions]]{Make: func() *KnobTable[SameGameOptions] {
	return &KnobTable[SameGameOptions]{fields: []knobField[SameGameOptions]{
		rangeKnob("n", "the side of the box (default 1..8, or 257..280 with --big-group)",
			func(o *SameGameOptions) *Range { return &o.N },
			bound[SameGameOptions]{"--big-group", bigGroup, bigGroupSide, maxSameGameSide},
			bound[SameGameOptions]{lo: 1, hi: maxSameGameSide}),
		rangeKnob("h", "the number of rows of the box (default: as many as its side n, a square box)",
			func(o *SameGameOptions) *Range { return &o.H },
			bound[SameGameOptions]{lo: 1, hi: maxSameGameSide}),
		rangeKnob("colours", "the number of colours, a random subset of 1..9 (default 1..5)",
			func(o *SameGameOptions) *Range { return &o.Colours },
			bound[SameGameOptions]{lo: 1, hi: samegame.Colours}),
		rangeKnob("clicks", "the number of clicks, each aimed at a cube of the box as it stands unless --random or --empty takes it (default 0..12, or 1..4 with --big-group)",
			func(o *SameGameOptions) *Range { return &o.Clicks },
			bound[SameGameOptions]{lo: 0, hi: maxClicks}),
		fractionKnob("random", "the fraction of clicks drawn uniformly over the N x N frame, wherever the cubes are (default 0)",
			func(o *SameGameOptions) *float64 { return &o.Random }),
		fractionKnob("empty", "the fraction of clicks aimed at an empty cell of the frame, when there is one (default 0)",
			func(o *SameGameOptions) *float64 { return &o.Empty }),
		fractionKnob("columns", "when above 0, plant combs of whole columns and aim this fraction of clicks at a group filling two or more columns, so that one click empties several (default 0)",
			func(o *SameGameOptions) *float64 { return &o.Columns }),
		switchKnob("big-group", "a box of 257 or more on a side in one colour with isolated specks, the first click on it: one group worth more than 2^31 points",
			func(o *SameGameOptions) *bool { return &o.BigGroup }),
	}}
}}

func bigGroup(o *SameGameOptions) bool { return o.BigGroup }
