package enginetest

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"

	"github.com/leanovate/gopter"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// casesSide bounds the sides of Cases' cases: cases at the statement's
// limits (match-3's 50 x 50 boards with a thousand operations, SameGame's
// boxes of thousands of columns) would take most of a property's time,
// and cascade check and the engine's tests play those.
const casesSide = 20

// Cases returns a gopter generator of valid cases of game g, drawn as
// cascade check draws them (g.Generate), sides up to 20, and shrunk by
// cascade's shrinker (g.Candidates). The value is the game's case type,
// *samegame.Case or *match3.Case, and a counterexample prints in the
// input format, with its rules line under a rule set:
//
//	jaw, _ := samegame.Lookup("jawbreaker")
//	props.Property("...", prop.ForAll(func(c *samegame.Case) bool {
//		...
//	}, enginetest.Cases(cubes.Under(jaw))))
//
// A case depends on gopter's seed alone, so gopter replays it.
func Cases[C, T any](g *conformance.Game[C, T]) gopter.Gen {
	shrink := func(v any) gopter.Shrink {
		c, ok := v.(C)
		if !ok {
			return gopter.NoShrink
		}
		return shrinkOf(g.Candidates(c))
	}
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(g.Generate(p.NextUint64(), 0, casesSide), shrink)
	}
}

// SameGameCases returns a gopter generator of valid SameGame cases of
// codeabbey, the statement's rules, drawn by casegen's one policy: each
// case draws a seed, the knobs of casegen.SameGameKnobs and the case they
// shape, so the clicks are aimed at the box as it stands. The value is a
// *samegame.Case labelled with its knobs, and it shrinks with
// ShrinkSameGame. For a rule set, draw with Cases of
// cubes.Under it: the cases are generated, shrunk and
// printed under it, where setting Rules on a codeabbey case drawn here
// would change none of that.
func SameGameCases() gopter.Gen {
	return cases(func(r *rand.Rand) casegen.SameGameOptions { return casegen.SameGameKnobs(r, 0) }, casegen.SameGame, ShrinkSameGame)
}

// Match3Cases returns a gopter generator of valid match-3 cases, drawn
// like SameGameCases with the knobs of casegen.Match3Knobs, sides up to
// 20. The value is a *match3.Case labelled with its knobs, and it shrinks
// with ShrinkMatch3.
func Match3Cases() gopter.Gen {
	return cases(func(r *rand.Rand) casegen.Match3Options { return casegen.Match3Knobs(r, casesSide) }, casegen.Match3, ShrinkMatch3)
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

// ShrinkSameGame is the gopter shrinker of *samegame.Case values: the
// candidates of cubes.Game.Candidates, most promising first,
// every one of them valid and strictly smaller (fewer moves, a smaller
// box, fewer colours). gopter takes the first candidate that still fails
// and shrinks it in turn, so the stream only needs to offer one step.
func ShrinkSameGame(v any) gopter.Shrink {
	c, ok := v.(*samegame.Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	return shrinkOf(cubes.Game.Candidates(c))
}

// ShrinkMatch3 is the gopter shrinker of *match3.Case values: the
// candidates of gems.Game.Candidates, most promising first,
// every one of them valid and strictly smaller (fewer operations, a
// smaller board, fewer specials, fewer colours).
func ShrinkMatch3(v any) gopter.Shrink {
	c, ok := v.(*match3.Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	return shrinkOf(gems.Game.Candidates(c))
}

// shrinkOf returns the candidates of seq as a gopter.Shrink. It collects
// them first rather than pulling them one at a time (iter.Pull): gopter
// drops a stream at the first candidate that still fails and has no way
// to say so, which would leave a pull iterator never stopped.
func shrinkOf[C any](seq iter.Seq[C]) gopter.Shrink {
	cands := slices.Collect(seq)
	i := 0
	return func() (any, bool) {
		if i == len(cands) {
			return nil, false
		}
		i++
		return cands[i-1], true
	}
}
