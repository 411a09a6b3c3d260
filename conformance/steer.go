package conformance

import (
	"math/rand/v2"
	"slices"

	"cascade/casegen"
	"cascade/match3"
)

// Steering: generation raises, on a fixed schedule, the knobs that reach
// the coverage items the usual mix of knobs (casegen.SameGameKnobs,
// Match3Knobs) reaches least. One generated case in SteerEvery is
// steered; the steered ones go through the game's aims in turn, each aim
// the knobs that make one such item likely, drawn cheaply (a 50 x 50
// board with a few operations reaches the largest board as surely as
// one with a thousand). The aims are the items the usual mix reaches in
// fewer than one case in ten (measured over thousands of cases; the
// package tests hold each aim to reaching its item in most of its
// cases), so the schedule spends its cases where a run is thinnest.
//
// Whether case i is steered, and to which aim, depends on seed+i alone,
// as the rest of case i does (see caseRand): a run is reproduced by its
// seed, case i alone by seed+i, and shards and jobs change nothing. A
// fixed schedule, not one that reads what the run has reached so far,
// since that would make case i depend on the cases before it.

// SteerEvery is how often a generated case is steered: one case in
// SteerEvery, the others drawn from the usual mix.
const SteerEvery = 4

// An aim is the knobs that steer a generated case towards one coverage
// item: knobs returns them, or false when maxSize rules the item out (a
// side of 50 under --max-size 10), and the case is then drawn from the
// usual mix.
type aim[O any] struct {
	item  string
	knobs func(r *rand.Rand, maxSize int) (O, bool)
}

// steered returns the aim of the case drawn from seed s (Seed+i), and
// false when the case is not steered.
func steered[O any](aims []aim[O], s uint64) (aim[O], bool) {
	if len(aims) == 0 || s%SteerEvery != 0 {
		return aim[O]{}, false
	}
	return aims[s/SteerEvery%uint64(len(aims))], true
}

// steer returns the knobs of the case drawn from seed s (Seed+i) with r
// when the schedule steers it and its aim can be met within maxSize,
// and false when it is to be drawn from the usual mix.
func steer[O any](aims []aim[O], s uint64, r *rand.Rand, maxSize int) (O, bool) {
	a, ok := steered(aims, s)
	if !ok {
		var zero O
		return zero, false
	}
	return a.knobs(r, maxSize)
}

// sameGameAims are SameGame's aims. Every item but three is reached by
// a third of the usual cases or more; the group of 100 cubes by one in
// fifteen; a click past 2^31 (and so a total past it) by one in 280, in
// a box of 257 on a side or more that takes some twelve milliseconds to
// generate and play, forty times a usual case. So the schedule asks 63
// times for a large group and once for a big one: one case in 256 more
// is a big group, which costs a sixth of the rate, where one in 64
// would halve it.
var sameGameAims = append(slices.Repeat([]aim[casegen.SameGameOptions]{{sgLargeGroup, largeGroupKnobs}}, 63),
	aim[casegen.SameGameOptions]{sgMovePast31, func(r *rand.Rand, maxSize int) (casegen.SameGameOptions, bool) {
		if maxSize > 0 && maxSize < 257 {
			return casegen.SameGameOptions{}, false
		}
		return casegen.SameGameOptions{BigGroup: true, Colours: casegen.Between(1, 4)}, true
	}})

// largeGroupKnobs are a box of 11 to 30 on a side in one to three
// colours, with a few clicks: a group of 100 cubes or more.
func largeGroupKnobs(r *rand.Rand, maxSize int) (casegen.SameGameOptions, bool) {
	lo, hi := 11, 16
	if maxSize > 0 {
		if maxSize < lo {
			return casegen.SameGameOptions{}, false
		}
		hi = min(hi, maxSize)
	}
	return casegen.SameGameOptions{N: casegen.Between(lo, hi), Colours: casegen.Between(1, 2), Clicks: casegen.Between(1, 4)}, true
}

// match3Aims are match-3's aims: the items the usual mix reaches in
// fewer than one case in ten, each hand kind (high card and five of a
// kind rarest, at one case in forty), the board, colours and operations
// at the statement's limits (one in 500, 40 and 130), the block shapes
// only falls make (2x3 and others, one in 16 and 40) and the all-valid
// bonus (one in eleven).
var match3Aims = func() []aim[casegen.Match3Options] {
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
	return aims
}()

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
