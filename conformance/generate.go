package conformance

import (
	"math/rand/v2"

	"cascade/casegen"
	"cascade/engine"
	"cascade/match3"
	"cascade/samegame"
)

// BigGroupOneIn is how rarely a generated SameGame case is a box of a few
// hundred columns holding one group of more than 65535 cubes (casegen's
// BigGroup), whose points overflow 32 bits.
const BigGroupOneIn = 200

// LimitsOneIn is how rarely a generated match-3 case is drawn at or near
// the statement's limits: sides up to 50 (often exactly 50, or thin
// boards of two or three rows or columns), up to 100 colours and up to
// 1000 operations. Such cases catch fixed-size arrays and buffers, and
// off-by-one errors at the limits.
const LimitsOneIn = 50

// engineSameGame and engineMatch3 are the players casegen aims its moves
// at: the engine, much faster than the reference on big cases. Only the choice of moves
// depends on them; the answers a case is checked against are the
// reference's.
var (
	engineSameGame = func(c *samegame.Case) casegen.SameGamePlayer { return engine.NewSameGame(c) }
	engineMatch3   = func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) }
)

// caseRand is the source of generated case i of a run with the given
// seed. It depends on seed+i only, so that case i of seed s is case 0 of
// seed s+i, and the cases a run checks do not depend on how many run at
// once.
func caseRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed+uint64(i), 0x9e3779b97f4a7c15))
}

// GenerateSameGame returns generated SameGame case i of the run with the
// given seed, as RunSameGame and TestSameGame check it: casegen with a
// random combination of knobs (casegen.RandomSameGameOptions), mostly
// small boxes, one in BigGroupOneIn a big group. maxSize, when positive,
// bounds the side of the box (a big group needs 257); when larger than
// the generator's sizes, one case in ten draws its side up to maxSize.
func GenerateSameGame(seed uint64, i, maxSize int) *samegame.Case {
	r := caseRand(seed, i)
	o := casegen.RandomSameGameOptions(r)
	o.NewPlayer = engineSameGame
	o.BigGroup = r.IntN(BigGroupOneIn) == 0
	if maxSize > 0 {
		if o.BigGroup && maxSize < 257 {
			o.BigGroup = false
		}
		if !o.BigGroup {
			o.N = sizes(r, o.N, casegen.Between(1, 8), 60, maxSize)
		}
	}
	return casegen.SameGame(r, o)
}

// GenerateMatch3 returns generated match-3 case i of the run with the
// given seed: casegen with a random combination of knobs
// (casegen.RandomMatch3Options), inside the statement's limits
// (casegen's InStatement); one case in LimitsOneIn is drawn at or near
// those limits. maxSize bounds the sides of the board like
// GenerateSameGame's (below 50 it rules out the cases near the limits);
// beyond 50, the cases widened to it leave the statement's limits.
func GenerateMatch3(seed uint64, i, maxSize int) *match3.Case {
	r := caseRand(seed, i)
	o := casegen.RandomMatch3Options(r)
	o.InStatement = true
	o.NewPlayer = engineMatch3
	if r.IntN(LimitsOneIn) == 0 && (maxSize <= 0 || maxSize >= match3.MaxSide) {
		return nearLimits(r, o)
	}
	if maxSize > 0 {
		o.Rows = sizes(r, o.Rows, casegen.Between(2, 8), 20, maxSize)
		o.Cols = sizes(r, o.Cols, casegen.Between(2, 8), 20, maxSize)
		if max(o.Rows.Max, o.Cols.Max) > match3.MaxSide {
			o.InStatement = false
		}
	}
	return casegen.Match3(r, o)
}

// aimedOps bounds the operations casegen aims at the board of a case near
// the limits: aiming one costs a scan of the whole board, which on a
// 50 x 50 board with 1000 operations would take most of a second.
const aimedOps = 16

// nearLimits draws a case at or near the statement's limits with the
// knobs of o: its first operations (up to aimedOps) aimed by casegen,
// the rest random swaps of neighbours, valid or not as the board has it.
func nearLimits(r *rand.Rand, o casegen.Match3Options) *match3.Case {
	side := func() casegen.Range {
		switch r.IntN(4) {
		case 0:
			return casegen.Exactly(match3.MaxSide)
		case 1:
			return casegen.Between(match3.MaxSide-5, match3.MaxSide)
		case 2:
			return casegen.Between(2, 3) // thin
		}
		return casegen.Between(2, match3.MaxSide)
	}
	o.Rows, o.Cols = side(), side()
	switch r.IntN(3) {
	case 0:
		o.Colours = casegen.Exactly(match3.MaxColours)
	case 1:
		o.Colours = casegen.Between(match3.MaxColours/2, match3.MaxColours)
	}
	var q int
	switch r.IntN(3) {
	case 0:
		q = match3.MaxOps
	case 1:
		q = match3.MaxOps*9/10 + r.IntN(match3.MaxOps/10+1)
	default:
		q = match3.MaxOps/10 + r.IntN(match3.MaxOps*9/10+1)
	}
	o.Ops = casegen.Between(1, aimedOps)
	o.ClearBoard = false // it keeps boards small and ignores Ops
	c := casegen.Match3(r, o)
	for len(c.Ops) < q {
		a := match3.Cell{X: 1 + r.IntN(c.Rows), Y: 1 + r.IntN(c.Cols)}
		b := a
		if r.IntN(2) == 0 {
			b.X += 1 - 2*r.IntN(2)
		} else {
			b.Y += 1 - 2*r.IntN(2)
		}
		if b.X < 1 || b.X > c.Rows || b.Y < 1 || b.Y > c.Cols {
			continue
		}
		c.Ops = append(c.Ops, match3.Swap{A: a, B: b})
	}
	return c
}

// sizes bounds the range g of a side (def when g is zero) by maxSize.
// When maxSize passes top, the largest side the generator draws, one
// case in ten draws from 1..maxSize instead.
func sizes(r *rand.Rand, g, def casegen.Range, top, maxSize int) casegen.Range {
	if maxSize > top && r.IntN(10) == 0 {
		return casegen.Between(1, maxSize)
	}
	if g == (casegen.Range{}) {
		g = def
	}
	g.Max = min(max(g.Max, g.Min), maxSize)
	g.Min = min(g.Min, g.Max)
	return g
}
