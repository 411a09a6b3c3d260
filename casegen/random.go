package casegen

import (
	"math/rand/v2"

	"cascade/match3"
	"cascade/samegame"
)

// RandomSameGameOptions draws a combination of knobs, so that one call
// per case gives variety: mostly small boxes, some larger ones, each of
// the click knobs on or off, and rarely (one case in 500) a big group.
// NewPlayer is left nil.
func RandomSameGameOptions(r *rand.Rand) SameGameOptions {
	var o SameGameOptions
	switch n := r.IntN(100); {
	case n < 70:
	case n < 90:
		o.N = Between(5, 20)
	default:
		o.N = Between(20, 60)
	}
	if r.IntN(3) == 0 {
		o.Colours = Exactly(1 + r.IntN(samegame.Colours))
	}
	if r.IntN(3) == 0 {
		o.Clicks = Between(0, 2+r.IntN(40))
	}
	o.Random = someFraction(r, 3, 0.05, 0.3)
	o.Empty = someFraction(r, 3, 0.05, 0.3)
	o.Columns = someFraction(r, 3, 0.2, 0.9)
	o.BigGroup = r.IntN(500) == 0
	return o
}

// RandomMatch3Options draws a combination of knobs, so that one call per
// case gives variety: board shapes from 1 x n to 20 x 20 (mostly small),
// one to a hundred colours, specials of all or single kinds placed any
// way, random validity mixes, and now and then a poker aim, two-main and
// double-run swaps, aimed specials or a board to clear. NewPlayer and
// InStatement are left as the zero value; setting InStatement afterwards
// keeps the draw inside the statement's limits.
func RandomMatch3Options(r *rand.Rand) Match3Options {
	var o Match3Options
	side := func() Range {
		switch n := r.IntN(100); {
		case n < 75:
			return Range{}
		case n < 90:
			return Between(1, 3)
		default:
			return Between(8, 20)
		}
	}
	o.Rows, o.Cols = side(), side()
	switch n := r.IntN(100); {
	case n < 60:
	case n < 75:
		o.Colours = Exactly(2)
	case n < 80:
		o.Colours = Between(1, 3)
	case n < 95:
		o.Colours = Between(6, 20)
	default:
		o.Colours = Exactly(100)
	}
	switch n := r.IntN(100); {
	case n < 70:
	case n < 85:
		o.Ops = Between(0, 3)
	default:
		o.Ops = Between(20, 60)
	}
	o.Specials = someFraction(r, 2, 0.05, 0.4)
	if r.IntN(3) == 0 {
		o.SpecialKinds = []match3.Special{allSpecials[r.IntN(len(allSpecials))]}
	}
	o.Placement = Placement(r.IntN(3))
	if r.IntN(2) == 0 {
		o.Mix[OpValid] = 10 + r.IntN(40)
		for k := OpSameCell; k < numOpKinds; k++ {
			o.Mix[k] = r.IntN(10)
		}
	}
	if r.IntN(5) == 0 {
		o.Poker = match3.HandKind(1 + r.IntN(int(match3.FiveOfAKind)))
	}
	o.TwoMain = someFraction(r, 3, 0.3, 1)
	o.DoubleRun = someFraction(r, 3, 0.3, 1)
	o.AimSpecials = someFraction(r, 3, 0.3, 1)
	o.ClearBoard = r.IntN(10) == 0
	return o
}

// someFraction returns 0 except one time in oneIn, when it returns a
// fraction drawn uniformly from lo..hi.
func someFraction(r *rand.Rand, oneIn int, lo, hi float64) float64 {
	if r.IntN(oneIn) != 0 {
		return 0
	}
	return lo + (hi-lo)*r.Float64()
}
