package fuzz

import (
	"fmt"
	"math/rand/v2"

	"github.com/leanovate/gopter"

	"cascade/casegen"
	"cascade/match3"
)

// SameGameCases returns a gopter generator of valid SameGame cases. Each
// case draws a seed and a set of knobs (knobs; nil: SameGameKnobs) and is
// built by casegen, so the clicks are aimed at the box as it stands. The
// value is a *samegame.Case labelled with its knobs, and it shrinks with
// ShrinkSameGame.
func SameGameCases(knobs func(*rand.Rand) casegen.SameGameOptions) gopter.Gen {
	if knobs == nil {
		knobs = SameGameKnobs
	}
	return cases(knobs, casegen.SameGame, ShrinkSameGame)
}

// Match3Cases returns a gopter generator of valid match-3 cases, drawn
// like SameGameCases with knobs (nil: Match3Knobs). The value is a
// *match3.Case labelled with its knobs, and it shrinks with ShrinkMatch3.
func Match3Cases(knobs func(*rand.Rand) casegen.Match3Options) gopter.Gen {
	if knobs == nil {
		knobs = Match3Knobs
	}
	return cases(knobs, casegen.Match3, ShrinkMatch3)
}

// cases is the generator both games share: gopter's stream seeds a
// generator, which draws the knobs and then the case they shape, so a
// case is replayed from gopter's seed alone. The knobs label the value.
func cases[O fmt.Stringer, C any](knobs func(*rand.Rand) O, build func(*rand.Rand, O) C, shrink gopter.Shrinker) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := rand.New(rand.NewPCG(p.NextUint64(), p.NextUint64()))
		o := knobs(r)
		res := gopter.NewGenResult(build(r, o), shrink)
		res.Labels = []string{o.String()}
		return res
	}
}

// BigGroupOneIn is how rarely SameGameKnobs asks for a box with one group
// worth more than 2^31 points: one case in BigGroupOneIn. Such a case is a
// box of at least 257 x 257 cubes, slow for the reference, so it stays
// rare; but it is the only case that tells a 32-bit score from a 64-bit
// one, so it is not left to chance either.
const BigGroupOneIn = 60

// SameGameKnobs draws the knobs of one SameGame case. Half of the cases
// take casegen's own random mix; the others aim at one rare situation:
// clicks on empty cells, clicks that empty several columns at once, few
// colours (big groups, many collapses), clicks anywhere in the frame, or,
// one case in BigGroupOneIn, a group whose score passes 2^31.
func SameGameKnobs(r *rand.Rand) casegen.SameGameOptions {
	if r.IntN(BigGroupOneIn) == 0 {
		return casegen.SameGameOptions{BigGroup: true, Colours: casegen.Between(1, 4)}
	}
	var o casegen.SameGameOptions
	switch r.IntN(10) {
	case 0:
		o.Empty = 0.3 + 0.4*r.Float64()
		o.Clicks = casegen.Between(4, 20)
	case 1:
		o.Columns = 0.5 + 0.5*r.Float64()
	case 2:
		o.Colours = casegen.Between(1, 3)
		o.N = casegen.Between(3, 12)
		o.Clicks = casegen.Between(4, 30)
	case 3:
		o.Random = 0.5 + 0.5*r.Float64()
		o.Empty = 0.2 * r.Float64()
	case 4:
		o.Columns = 0.3 * r.Float64()
		o.Empty = 0.3 * r.Float64()
		o.N = casegen.Between(2, 6)
		o.Colours = casegen.Between(2, 3)
	default:
		o = casegen.RandomSameGameOptions(r)
		o.BigGroup = false // drawn above, at a known rate
	}
	return o
}

// Match3Knobs draws the knobs of one match-3 case. A third of the cases
// take casegen's own random mix; the others aim at one rare situation, so
// that every one turns up within a few hundred cases:
//
//   - a poker hand of a given kind, every kind in turn;
//   - swaps making two runs at once, or two main colours;
//   - specials of one kind on the corners and edges, where areas clip;
//   - specials in clusters, swaps aimed at them, so specials set off
//     specials;
//   - a board cleared, half the time with one invalid operation;
//   - operations of one invalid kind among valid ones;
//   - two or three colours on a tall board, for long cascades.
func Match3Knobs(r *rand.Rand) casegen.Match3Options {
	var o casegen.Match3Options
	switch r.IntN(12) {
	case 0, 1:
		o.Poker = match3.HandKind(1 + r.IntN(int(match3.FiveOfAKind)))
		o.TwoMain = 0.3 * r.Float64()
	case 2:
		o.DoubleRun = 0.5 + 0.5*r.Float64()
		o.TwoMain = r.Float64()
	case 3:
		o.Specials = 0.1 + 0.3*r.Float64()
		o.SpecialKinds = []match3.Special{match3.Special(1 + r.IntN(int(match3.Colour)))}
		o.Placement = casegen.Border
		o.AimSpecials = 0.5 + 0.5*r.Float64()
	case 4:
		o.Specials = 0.15 + 0.3*r.Float64()
		o.Placement = casegen.Clusters
		o.AimSpecials = 0.7 + 0.3*r.Float64()
	case 5:
		o.ClearBoard = true
	case 6:
		k := casegen.OpKind(1 + r.IntN(int(casegen.OpNoRun)))
		o.Mix[casegen.OpValid] = 3
		o.Mix[k] = 1 + r.IntN(3)
		o.Ops = casegen.Between(4, 20)
	case 7:
		o.Colours = casegen.Between(2, 3)
		o.Rows = casegen.Between(6, 12)
		o.Cols = casegen.Between(3, 8)
		o.Ops = casegen.Between(3, 12)
		o.Specials = 0.1 * r.Float64()
	default:
		o = casegen.RandomMatch3Options(r)
	}
	return o
}
