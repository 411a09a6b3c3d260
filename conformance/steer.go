package conformance

import (
	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/match3"
)

// Steering: generation raises, on a fixed schedule, the knobs that reach
// the coverage items the usual mix of knobs (casegen.SameGameKnobs,
// Match3Knobs) reaches least. A game's schedule steers one generated
// case in every; the steered ones go through the schedule's aims in
// turn, each aim raising, among the knobs the usual mix drew for the
// case, those that make one such item likely, and cheaply (a 50 x 50
// board with a few operations reaches the largest board as surely as
// one with a thousand). The other knobs stay as drawn, so a steered
// case keeps its specials and its kinds of operation, and the bugs the
// usual mix finds are found about as soon. The aims are items the
// usual mix reaches in fewer than one case in ten (measured over
// thousands of cases; the package tests hold each aim to reaching its
// item in a sixth of its cases at least, and at three times the usual
// rate), so the schedule spends its cases where a run is thinnest.
// Under a SameGame rule set the items of its settings (a click below the
// minimum, a cleared box, a dead end's term, a column closing right) are
// reached by one usual case in six or more, since the usual boxes are
// small and of few colours: none has an aim
// (TestSameGameRuleSetItemsNeedNoAim), and the planted variants of the
// settings are caught from the usual cases alone. The items of a rule
// set's expressions, which can ask for any n, have a schedule of their
// own (rulesSteering).
//
// Whether case i is steered, and to which aim, depends on seed+i alone,
// as the rest of case i does (see caseRand): a run is reproduced by its
// seed, case i alone by seed+i, and shards and jobs change nothing. A
// fixed schedule, not one that reads what the run has reached so far,
// since that would make case i depend on the cases before it.

// A schedule steers one generated case in every towards its aims, in
// turn: the case drawn from seed s (Seed+i) when s is a multiple of
// every, to aim number s/every modulo their number.
type schedule[O any] struct {
	every uint64
	aims  []aim[O]
}

// An aim steers a generated case towards one coverage item: raise
// raises, in the knobs the usual mix drew for the case, those that make
// the item likely, and leaves the others (the specials, the kinds of
// operation, ...) as drawn, so that a steered case still reaches much
// of what the usual mix reaches. It reports false when maxSize rules
// the item out (a side of 50 under --max-size 10); the case is then as
// drawn.
type aim[O any] struct {
	item  string
	raise func(o *O, maxSize int) bool
}

// steered returns the aim of the case drawn from seed s, and false when
// the case is not steered.
func (sc schedule[O]) steered(s uint64) (aim[O], bool) {
	if len(sc.aims) == 0 || s%sc.every != 0 {
		return aim[O]{}, false
	}
	return sc.aims[s/sc.every%uint64(len(sc.aims))], true
}

// steer raises, when the schedule steers the case drawn from seed s, the
// knobs of o its aim raises; o stays as the usual mix drew it
// otherwise, or when maxSize rules the aim out.
func (sc schedule[O]) steer(s uint64, o *O, maxSize int) {
	a, ok := sc.steered(s)
	if !ok {
		return
	}
	raised := *o
	if a.raise(&raised, maxSize) {
		*o = raised
	}
}

// sameGameSteering is SameGame's schedule, built when first asked for
// (lazy.Value, as match3Steering is), so that a command that generates
// nothing does not pay for it at start-up. Every item but three is
// reached by a third of the usual cases or more, and the group of 100
// cubes by one in fifteen; a click past 2^31 (and so a total past it)
// by one in 280, in a box of 257 on a side or more that takes some
// twelve milliseconds to generate and play, forty times a usual case.
// So one case in 256 more is a big group, some 0.05 ms more on the
// average case, where one in 64 would add four times that; steering
// cases towards large groups would take them from the usual mix, which
// reaches the rest of the rules.
var sameGameSteering = lazy.Value[schedule[casegen.SameGameOptions]]{Make: func() schedule[casegen.SameGameOptions] {
	return schedule[casegen.SameGameOptions]{every: 256, aims: []aim[casegen.SameGameOptions]{
		{sgMovePast31, func(o *casegen.SameGameOptions, maxSize int) bool {
			*o = casegen.SameGameOptions{BigGroup: true, Colours: casegen.Between(1, 4)}
			return maxSize <= 0 || maxSize >= 257
		}},
	}}
}}

// match3Steering is match-3's schedule: one case in four, to the items
// the usual mix reaches in fewer than one case in ten, each hand kind
// (high card and five of a kind rarest, at one case in forty), the
// board, colours and operations at the statement's limits (one in 500,
// 40 and 130), the block shapes only falls make (2x3 and others, one in
// 16 and 40) and the all-valid bonus (one in eleven).
var match3Steering = lazy.Value[schedule[casegen.Match3Options]]{Make: func() schedule[casegen.Match3Options] {
	aims := []aim[casegen.Match3Options]{
		{m3Limit50x50, func(o *casegen.Match3Options, maxSize int) bool {
			// A few operations: on the largest board each costs as
			// much as a usual case.
			o.Rows, o.Cols, o.Ops, o.Aimed, o.ClearBoard = casegen.Exactly(match3.MaxSide), casegen.Exactly(match3.MaxSide), casegen.Between(1, 3), 0, false
			o.InStatement = true
			return maxSize <= 0 || maxSize >= match3.MaxSide
		}},
		{m3LimitK, func(o *casegen.Match3Options, maxSize int) bool {
			o.Colours, o.ClearBoard = casegen.Exactly(match3.MaxColours), false
			return true
		}},
		{m3LimitQ, func(o *casegen.Match3Options, maxSize int) bool {
			o.Ops, o.Aimed, o.ClearBoard = casegen.Exactly(match3.MaxOps), casegen.LimitsAimed, false
			return true
		}},
		{m3Block2x3, tangled},
		{m3BlockOther, tangled},
		{m3AllValid, func(o *casegen.Match3Options, maxSize int) bool {
			o.Mix, o.Ops, o.ClearBoard = casegen.Only(casegen.OpValid), casegen.Between(1, 5), false
			return true
		}},
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		aims = append(aims, aim[casegen.Match3Options]{m3Hand[k], func(o *casegen.Match3Options, maxSize int) bool {
			// The sides, colours and operations the aim at a hand
			// suits by default: ten or more operations on boards of
			// 6 to 10, as many colours as the hand needs.
			o.Poker, o.ClearBoard = k, false
			o.Rows, o.Cols, o.Colours, o.Ops, o.Aimed = casegen.Range{}, casegen.Range{}, casegen.Range{}, casegen.Range{}, 0
			fitMatch3(o, maxSize)
			return true
		}})
	}
	return schedule[casegen.Match3Options]{every: 4, aims: aims}
}}

// tangled raises the knobs of a board of two colours, 10 to 20 rows and
// 6 to 14 columns, with 5 to 20 operations: falls make several runs of
// one colour at once, and cascades join them into 2x3 blocks, U and step
// shapes. The suite's tangled tier draws its candidates with it too.
func tangled(o *casegen.Match3Options, maxSize int) bool {
	o.Colours, o.Rows, o.Cols, o.Ops, o.Aimed, o.ClearBoard = casegen.Exactly(2), casegen.Between(10, 20), casegen.Between(6, 14), casegen.Between(5, 20), 0, false
	fitMatch3(o, maxSize)
	return true
}

// fitMatch3 bounds the sides o sets by maxSize, when positive; a side
// left to the generator's default is bounded like one it draws.
func fitMatch3(o *casegen.Match3Options, maxSize int) {
	if maxSize <= 0 {
		return
	}
	for _, side := range []*casegen.Range{&o.Rows, &o.Cols} {
		if side.Max == 0 {
			*side = casegen.Between(2, 8)
		}
		side.Max = min(side.Max, maxSize)
		side.Min = min(side.Min, side.Max)
	}
}
