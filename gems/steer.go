package gems

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

// match3Steering is match-3's schedule: one case in four, to the items
// the usual mix reaches in fewer than one case in ten, each hand kind
// (high card and five of a kind rarest, at one case in forty), the
// board, colours and operations at the statement's limits (one in 500,
// 40 and 130), the block shapes only falls make (2x3 and others, one in
// 16 and 40) and the all-valid bonus (one in eleven).
var match3Steering = lazy.Value[casegen.Schedule[casegen.Match3Options]]{Make: func() casegen.Schedule[casegen.Match3Options] {
	aims := []casegen.Aim[casegen.Match3Options]{
		{Item: m3Limit50x50, Raise: func(o *casegen.Match3Options, maxSize int) bool {
			// A few operations: on the largest board each costs as
			// much as a usual case.
			o.Rows, o.Cols, o.Ops, o.Aimed, o.ClearBoard = casegen.Exactly(match3.MaxSide), casegen.Exactly(match3.MaxSide), casegen.Between(1, 3), 0, false
			o.InStatement = true
			return maxSize <= 0 || maxSize >= match3.MaxSide
		}},
		{Item: m3LimitK, Raise: func(o *casegen.Match3Options, maxSize int) bool {
			o.Colours, o.ClearBoard = casegen.Exactly(match3.MaxColours), false
			return true
		}},
		{Item: m3LimitQ, Raise: func(o *casegen.Match3Options, maxSize int) bool {
			o.Ops, o.Aimed, o.ClearBoard = casegen.Exactly(match3.MaxOps), casegen.LimitsAimed, false
			return true
		}},
		{Item: m3Block2x3, Raise: tangled},
		{Item: m3BlockOther, Raise: tangled},
		{Item: m3AllValid, Raise: func(o *casegen.Match3Options, maxSize int) bool {
			o.Mix, o.Ops, o.ClearBoard = casegen.Only(casegen.OpValid), casegen.Between(1, 5), false
			return true
		}},
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		aims = append(aims, casegen.Aim[casegen.Match3Options]{Item: m3Hand[k], Raise: func(o *casegen.Match3Options, maxSize int) bool {
			// The sides, colours and operations the aim at a hand
			// suits by default: ten or more operations on boards of
			// 6 to 10, as many colours as the hand needs.
			o.Poker, o.ClearBoard = k, false
			o.Rows, o.Cols, o.Colours, o.Ops, o.Aimed = casegen.Range{}, casegen.Range{}, casegen.Range{}, casegen.Range{}, 0
			fitMatch3(o, maxSize)
			return true
		}})
	}
	return casegen.Schedule[casegen.Match3Options]{Every: 4, Aims: aims}
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

// rulesSteering is the schedule of the rule set r other than thupc: an
// aim per setting arm whose telling situation the usual mix reaches
// seldom. It steers other cases than match3Steering, which has the same
// period: those of s = 2 modulo 4 (generator.generate). Under a start
// board that settles, clear=all and clear=lowest part only where the
// board's runs lie apart at two heights (rStartApart), which the usual
// mix's single planted run makes in about one case in twenty (under
// leetcode723, whose game is the settle, clear=all played as
// clear=lowest needed up to 62 cases): four runs on a tall board of 3
// or 4 colours make it in most.
func rulesSteering(r match3.Rules) casegen.Schedule[casegen.Match3Options] {
	r = r.Effective()
	var aims []casegen.Aim[casegen.Match3Options]
	if r.Start != match3.StartReject {
		aims = append(aims, casegen.Aim[casegen.Match3Options]{Item: rStartApart, Raise: func(o *casegen.Match3Options, maxSize int) bool {
			o.StartRuns = 4
			o.Rows, o.Cols, o.Colours = casegen.Between(6, 10), casegen.Between(3, 8), casegen.Between(3, 4)
			fitMatch3(o, maxSize)
			return maxSize <= 0 || maxSize >= 3
		}})
	}
	return casegen.Schedule[casegen.Match3Options]{Every: 4, Aims: aims}
}
