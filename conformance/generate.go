package conformance

import (
	"math/rand/v2"

	"cascade/casegen"
	"cascade/match3"
	"cascade/samegame"
)

// BigGroupOneIn is how rarely a generated SameGame case is a box of a few
// hundred columns holding one group of more than 65535 cubes (casegen's
// BigGroup), whose points overflow 32 bits.
const BigGroupOneIn = 200

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
// (casegen's InStatement). maxSize bounds the sides of the board like
// GenerateSameGame's; beyond 50, the cases widened to it leave the
// statement's limits.
func GenerateMatch3(seed uint64, i, maxSize int) *match3.Case {
	r := caseRand(seed, i)
	o := casegen.RandomMatch3Options(r)
	o.InStatement = true
	if maxSize > 0 {
		o.Rows = sizes(r, o.Rows, casegen.Between(2, 8), 20, maxSize)
		o.Cols = sizes(r, o.Cols, casegen.Between(2, 8), 20, maxSize)
		if max(o.Rows.Max, o.Cols.Max) > match3.MaxSide {
			o.InStatement = false
		}
	}
	return casegen.Match3(r, o)
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
