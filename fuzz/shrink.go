package fuzz

import (
	"iter"
	"slices"

	"github.com/leanovate/gopter"

	"cascade/conformance"
	"cascade/match3"
	"cascade/samegame"
)

// ShrinkSameGame is the gopter shrinker of *samegame.Case values: the
// candidates of conformance.SameGameCandidates, most promising first,
// every one of them valid and strictly smaller (fewer moves, a smaller
// box, fewer colours). gopter takes the first candidate that still fails
// and shrinks it in turn, so the stream only needs to offer one step.
func ShrinkSameGame(v any) gopter.Shrink {
	c, ok := v.(*samegame.Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	return shrinkOf(conformance.SameGameCandidates(c))
}

// ShrinkMatch3 is the gopter shrinker of *match3.Case values: the
// candidates of conformance.Match3Candidates, most promising first, every
// one of them valid and strictly smaller (fewer operations, a smaller
// board, fewer specials, fewer colours).
func ShrinkMatch3(v any) gopter.Shrink {
	c, ok := v.(*match3.Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	return shrinkOf(conformance.Match3Candidates(c))
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
