package casegen

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// The one policy of case generation: SameGameKnobs and Match3Knobs draw
// the knobs of one case, so that a stream of cases drawn one call each
// makes every rare situation common. `cascade check`, the conformance
// suites, the gopter properties, the engine's tests and the fuzz
// decoders all draw from it.

// BigGroupOneIn is how rarely SameGameKnobs asks for a box with one group
// worth more than 2^31 points (BigGroup): one case in BigGroupOneIn. Such
// a box is at least 257 x 257 cubes, slow for the reference, so it stays
// rare; but it is the only case that tells a 32-bit score from a 64-bit
// one, so it is not left to chance either.
const BigGroupOneIn = 200

// LimitsOneIn is how rarely Match3Knobs draws a case at or near the
// statement's limits: sides up to 50 (often exactly 50, or thin boards of
// two or three rows or columns), up to 100 colours and up to 1000
// operations, the first LimitsAimed of them aimed. Such cases catch
// fixed-size arrays and buffers, and off-by-one errors at the limits.
const LimitsOneIn = 50

// LimitsAimed is the number of operations aimed at the board in a case
// near the limits; the rest are neighbour swaps (Match3Options.Aimed).
// Aiming one reads the whole board, which on a 50 x 50 board with 1000
// operations would take most of a second.
const LimitsAimed = 16

// bigGroupSide is the smallest box that holds a big group.
const bigGroupSide = 257

// SameGameKnobs draws the knobs of one SameGame case. maxSize, when
// positive, bounds the side of the box; 0 leaves the generator's own
// sides (up to 60, and 257 or more for a big group).
//
// The mix: one case in BigGroupOneIn a big group (unless maxSize is below
// 257); of the others, half a random combination of every knob (mostly
// boxes up to 8 on a side, one in five 5..20, one in ten 20..60, each
// click knob on one time in three), and half aimed at one rare situation,
// a tenth each: clicks on empty cells; clicks that empty several columns
// at once (two tenths); one to three colours, for big groups, long
// collapses and cleared boxes (two tenths); clicks anywhere in the frame;
// tiny boxes of one or two colours; small boxes with combs and empty
// cells; long games on boxes up to 30. When maxSize passes 60, one case
// in ten draws its side from 1..maxSize instead.
func SameGameKnobs(r *rand.Rand, maxSize int) SameGameOptions {
	if (maxSize <= 0 || maxSize >= bigGroupSide) && r.IntN(BigGroupOneIn) == 0 {
		o := SameGameOptions{BigGroup: true, Colours: Between(1, 4)}
		if maxSize > 0 {
			o.N = Between(bigGroupSide, min(maxSize, 280))
		}
		return o
	}
	var o SameGameOptions
	switch r.IntN(20) {
	case 0:
		o.Empty = 0.3 + 0.4*r.Float64()
		o.Clicks = Between(4, 20)
	case 1, 2:
		o.Columns = 0.5 + 0.5*r.Float64()
	case 3, 4:
		o.Colours = Between(1, 3)
		o.N = Between(3, 12)
		o.Clicks = Between(4, 30)
	case 5:
		o.Random = 0.5 + 0.5*r.Float64()
		o.Empty = 0.2 * r.Float64()
	case 6:
		o.N = Between(1, 3)
		o.Colours = Between(1, 2)
		o.Empty = 0.3
	case 7:
		o.N = Between(2, 6)
		o.Colours = Between(2, 3)
		o.Columns = 0.3 * r.Float64()
		o.Empty = 0.3 * r.Float64()
	case 8:
		o.N = Between(8, 30)
		o.Colours = Between(2, 9)
		o.Clicks = Between(20, 200)
		o.Columns = 0.3 * r.Float64()
		o.Random = 0.3 * r.Float64()
	default:
		o = sameGameCombination(r)
	}
	if maxSize > 0 {
		o.N = bounded(r, o.n(), 60, maxSize)
	}
	return o
}

// sameGameCombination draws every knob of a box at random: mostly small
// boxes, some larger ones, each of the click knobs on or off.
func sameGameCombination(r *rand.Rand) SameGameOptions {
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
	return o
}

// Match3Knobs draws the knobs of one match-3 case. maxSize, when
// positive, bounds the sides of the board; 0 leaves the generator's own
// sides. The case stays inside the statement's limits (InStatement)
// unless maxSize passes 50 and the case draws a side beyond it.
//
// The mix: one case in LimitsOneIn at or near the statement's limits
// (unless maxSize is below 50); of the others, two in five a random
// combination of every knob (mostly small boards, thin and larger ones,
// two to a hundred colours, specials of all or single kinds placed any
// way, random validity mixes, now and then a poker aim, two-main and
// double-run swaps, aimed specials or a board to clear), and the rest
// aimed at one rare situation: a poker hand of a given kind, every kind
// in turn; swaps making two runs at once or two main colours; specials of
// one kind on the corners and edges, where areas clip; specials in
// clusters, swaps aimed at them, so specials set off specials; colour
// specials; a board cleared, half the time with one invalid operation;
// operations of one invalid kind among valid ones; two or three colours
// on a tall board, for long cascades; larger boards with longer games; a
// hand whose cards only the tie-break decides.
// When maxSize passes 20, one case in ten draws its sides from
// 1..maxSize instead.
func Match3Knobs(r *rand.Rand, maxSize int) Match3Options {
	if (maxSize <= 0 || maxSize >= match3.MaxSide) && r.IntN(LimitsOneIn) == 0 {
		return nearLimits(r, match3Combination(r))
	}
	var o Match3Options
	switch n := r.IntN(40); {
	case n < 8:
		o.Poker = match3.HandKind(1 + r.IntN(int(match3.FiveOfAKind)))
		o.TwoMain = 0.3 * r.Float64()
	case n < 10:
		o.DoubleRun = 0.5 + 0.5*r.Float64()
		o.TwoMain = r.Float64()
	case n < 12:
		o.Specials = 0.1 + 0.3*r.Float64()
		o.SpecialKinds = []match3.Special{allSpecials[r.IntN(len(allSpecials))]}
		o.Placement = Border
		o.AimSpecials = 0.5 + 0.5*r.Float64()
	case n < 14:
		o.Specials = 0.15 + 0.3*r.Float64()
		o.Placement = Clusters
		o.AimSpecials = 0.7 + 0.3*r.Float64()
	case n < 15:
		o.Specials = 0.15
		o.SpecialKinds = []match3.Special{match3.Colour}
		o.AimSpecials = 0.5
	case n < 18:
		o.ClearBoard = true
	case n < 20:
		k := OpKind(1 + r.IntN(int(OpNoRun)))
		o.Mix[OpValid] = 3
		o.Mix[k] = 1 + r.IntN(3)
		o.Ops = Between(4, 20)
	case n < 22:
		o.Colours = Between(2, 3)
		o.Rows = Between(6, 12)
		o.Cols = Between(3, 8)
		o.Ops = Between(3, 12)
		o.Specials = 0.1 * r.Float64()
	case n < 24:
		o.Rows, o.Cols = Between(10, 20), Between(10, 20)
		o.Ops = Between(20, 60)
		o.Specials = 0.05
		o.DoubleRun, o.TwoMain = 0.3, 0.3
	case n < 25:
		o.TieBreak = true
	default:
		o = match3Combination(r)
	}
	o.InStatement = true
	if maxSize > 0 {
		o.Rows = bounded(r, o.rows(), 20, maxSize)
		o.Cols = bounded(r, o.cols(), 20, maxSize)
		o.InStatement = max(o.Rows.Max, o.Cols.Max) <= match3.MaxSide
	}
	return o
}

// match3Combination draws every knob of a board at random: board shapes
// from 1 x n (2 x n in the statement) to 20 x 20, mostly small, one to a
// hundred colours, specials of all or single kinds placed any way,
// random validity mixes, and now and then a poker aim, two-main and
// double-run swaps, aimed specials or a board to clear.
func match3Combination(r *rand.Rand) Match3Options {
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

// nearLimits puts the knobs of o at or near the statement's limits:
// sides of exactly 50, 45..50, thin (2 or 3) or anything up to 50; a
// hundred colours, fifty or more, or as o had them; a thousand
// operations, 900 or more, or 100 or more, the first LimitsAimed aimed.
func nearLimits(r *rand.Rand, o Match3Options) Match3Options {
	side := func() Range {
		switch r.IntN(4) {
		case 0:
			return Exactly(match3.MaxSide)
		case 1:
			return Between(match3.MaxSide-5, match3.MaxSide)
		case 2:
			return Between(2, 3)
		}
		return Between(2, match3.MaxSide)
	}
	o.Rows, o.Cols = side(), side()
	switch r.IntN(3) {
	case 0:
		o.Colours = Exactly(match3.MaxColours)
	case 1:
		o.Colours = Between(match3.MaxColours/2, match3.MaxColours)
	}
	switch r.IntN(3) {
	case 0:
		o.Ops = Exactly(match3.MaxOps)
	case 1:
		o.Ops = Between(match3.MaxOps*9/10, match3.MaxOps)
	default:
		o.Ops = Between(match3.MaxOps/10, match3.MaxOps)
	}
	o.Aimed = LimitsAimed
	o.ClearBoard = false // it keeps boards small and ignores Ops
	o.InStatement = true
	return o
}

// bounded bounds the range g of a side by maxSize. When maxSize passes
// top, the largest side the knobs draw, one case in ten draws from
// 1..maxSize instead.
func bounded(r *rand.Rand, g Range, top, maxSize int) Range {
	if maxSize > top && r.IntN(10) == 0 {
		return Between(1, maxSize)
	}
	g.Max = min(max(g.Max, g.Min), maxSize)
	g.Min = min(g.Min, g.Max)
	return g
}

// someFraction returns 0 except one time in oneIn, when it returns a
// fraction drawn uniformly from lo..hi.
func someFraction(r *rand.Rand, oneIn int, lo, hi float64) float64 {
	if r.IntN(oneIn) != 0 {
		return 0
	}
	return lo + (hi-lo)*r.Float64()
}
