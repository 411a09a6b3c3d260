package conformance

import (
	"math/rand/v2"

	"cascade/casegen"
	"cascade/internal/lazy"
	"cascade/match3"
)

// Steering: generation raises, on a fixed schedule, the knobs that reach
// the coverage items the usual mix of knobs (casegen.SameGameKnobs,
// Match3Knobs) reaches least. A game's schedule steers one generated
// case in every; the steered ones go through the schedule's aims in
// turn, each aim the knobs that make one such item likely, drawn
// cheaply (a 50 x 50 board with a few operations reaches the largest
// board as surely as one with a thousand). The aims are the items the
// usual mix reaches in fewer than one case in ten (measured over
// thousands of cases; the package tests hold each aim to reaching its
// item in a quarter of its cases at least, and at three times the usual
// rate), so the schedule spends its cases where a run is thinnest.
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

// An aim is the knobs that steer a generated case towards one coverage
// item: knobs returns them, or false when maxSize rules the item out (a
// side of 50 under --max-size 10), and the case is then drawn from the
// usual mix.
type aim[O any] struct {
	item  string
	knobs func(r *rand.Rand, maxSize int) (O, bool)
}

// steered returns the aim of the case drawn from seed s, and false when
// the case is not steered.
func (sc schedule[O]) steered(s uint64) (aim[O], bool) {
	if len(sc.aims) == 0 || s%sc.every != 0 {
		return aim[O]{}, false
	}
	return sc.aims[s/sc.every%uint64(len(sc.aims))], true
}

// steer returns the knobs of the case drawn from seed s with r when the
// schedule steers it and its aim can be met within maxSize, and false
// when it is to be drawn from the usual mix.
func (sc schedule[O]) steer(s uint64, r *rand.Rand, maxSize int) (O, bool) {
	a, ok := sc.steered(s)
	if !ok {
		var zero O
		return zero, false
	}
	return a.knobs(r, maxSize)
}

// sameGameSteering is SameGame's schedule. Every item but three is
// reached by a third of the usual cases or more, and the group of 100
// cubes by one in fifteen; a click past 2^31 (and so a total past it)
// by one in 280, in a box of 257 on a side or more that takes some
// twelve milliseconds to generate and play, forty times a usual case.
// So one case in 256 more is a big group, which costs a sixth of the
// rate, where one in 64 would halve it; steering more cases towards
// large groups would take them from the usual mix, which reaches the
// rest of the rules.
// Both schedules are built when first asked for (lazy.Value), so that a
// command that generates nothing does not pay for them at start-up.
var sameGameSteering = lazy.Value[schedule[casegen.SameGameOptions]]{Make: func() schedule[casegen.SameGameOptions] {
	return schedule[casegen.SameGameOptions]{every: 256, aims: []aim[casegen.SameGameOptions]{
		{sgMovePast31, func(r *rand.Rand, maxSize int) (casegen.SameGameOptions, bool) {
			if maxSize > 0 && maxSize < 257 {
				return casegen.SameGameOptions{}, false
			}
			return casegen.SameGameOptions{BigGroup: true, Colours: casegen.Between(1, 4)}, true
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
		{m3Limit50x50, func(r *rand.Rand, maxSize int) (casegen.Match3Options, bool) {
			o := casegen.Match3Options{Rows: casegen.Exactly(match3.MaxSide), Cols: casegen.Exactly(match3.MaxSide), Ops: casegen.Between(1, 3), Specials: 0.05 * r.Float64()}
			return o, maxSize <= 0 || maxSize >= match3.MaxSide
		}},
		{m3LimitK, func(r *rand.Rand, maxSize int) (casegen.Match3Options, bool) {
			return fitMatch3(casegen.Match3Options{Colours: casegen.Exactly(match3.MaxColours)}, maxSize), true
		}},
		{m3LimitQ, func(r *rand.Rand, maxSize int) (casegen.Match3Options, bool) {
			o := casegen.Match3Options{Ops: casegen.Exactly(match3.MaxOps), Aimed: casegen.LimitsAimed, Colours: casegen.Between(2, 4)}
			return fitMatch3(o, maxSize), true
		}},
		{m3Block2x3, tangledKnobs},
		{m3BlockOther, tangledKnobs},
		{m3AllValid, func(r *rand.Rand, maxSize int) (casegen.Match3Options, bool) {
			o := casegen.Match3Options{Mix: casegen.OpMix{casegen.OpValid: 1}, Ops: casegen.Between(1, 5), Colours: casegen.Between(2, 4), Rows: casegen.Between(4, 8), Cols: casegen.Between(4, 8)}
			return fitMatch3(o, maxSize), true
		}},
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		aims = append(aims, aim[casegen.Match3Options]{m3Hand[k], func(r *rand.Rand, maxSize int) (casegen.Match3Options, bool) {
			return fitMatch3(casegen.Match3Options{Poker: k}, maxSize), true
		}})
	}
	return schedule[casegen.Match3Options]{every: 4, aims: aims}
}}

// tangledKnobs are boards of two colours, 10 to 20 rows and 6 to 14
// columns, with 5 to 20 operations: falls make several runs of one
// colour at once, and cascades join them into 2x3 blocks, U and step
// shapes (as the suite's tangled tier draws them).
func tangledKnobs(r *rand.Rand, maxSize int) (casegen.Match3Options, bool) {
	o := casegen.Match3Options{Colours: casegen.Exactly(2), Rows: casegen.Between(10, 20), Cols: casegen.Between(6, 14), Ops: casegen.Between(5, 20)}
	return fitMatch3(o, maxSize), true
}

// fitMatch3 keeps the aimed knobs o inside the statement's limits and
// their sides within maxSize, when positive.
func fitMatch3(o casegen.Match3Options, maxSize int) casegen.Match3Options {
	o.InStatement = true
	if maxSize > 0 {
		for _, side := range []*casegen.Range{&o.Rows, &o.Cols} {
			if side.Max == 0 {
				*side = casegen.Between(2, 8)
			}
			side.Max = min(side.Max, maxSize)
			side.Min = min(side.Min, side.Max)
		}
	}
	return o
}
