package conformance

import (
	"errors"
	"fmt"
)

// ErrNoDivergence is returned by Localise when the whole case shows no
// difference, so there is nothing to localise.
var ErrNoDivergence = errors.New("conformance: the whole case shows no difference")

// ErrInconsistent is wrapped by the error Localise returns when a second
// look at the prefixes around the answer contradicts the search: the
// comparison is not deterministic (a flaky program, say). The step
// returned with it is the search's answer and may be wrong.
var ErrInconsistent = errors.New("conformance: prefixes answer inconsistently")

// Localise finds the first step where two implementations part. The
// prefix P(i) is c with only its first i steps (Game.Prefix); differs
// reports whether the implementations' answers on a prefix differ.
// Localise returns the smallest i (1-based) such that P(i) differs and
// P(i-1) does not, or 0 when even P(0), the case without steps, differs.
//
// The answer on a prefix includes the end of the game as if it ended
// there (match-3's endgame bonuses are judged at the end of the prefix).
// That is a function of the prefix like any other, and both sides compute
// it, so it does not disturb the search.
//
// The search is a binary search over i: it takes about log2(steps) + 4
// calls of differs, each prefix asked at most once, plus a second look at
// the two prefixes around the answer. It assumes that the first
// divergence persists: once P(i) differs, every longer prefix does. When
// that fails (two mistakes that cancel on the final score, a bonus earned
// by one side on some prefixes only) the answer is still a step where the
// answers part, but maybe not the first. The error is ErrNoDivergence
// when the whole case does not differ, wraps ErrInconsistent when the
// second look contradicts the search, and otherwise is the first error
// differs gave.
func (g *Game[C, T]) Localise(c C, differs func(C) (bool, error)) (step int, err error) {
	return localise(g.Steps(c), g.Step+"s", true, false, func(i int) (bool, error) { return differs(g.Prefix(c, i)) })
}

// localise is the binary search of Localise over prefix lengths 0..n;
// what names the steps in errors. Without confirm it skips the second
// look. With wholeDiffers P(n), the whole case, is known to differ
// already (the caller has just seen it fail) and is not asked again,
// though the second look may run it.
func localise(n int, what string, confirm, wholeDiffers bool, differs func(i int) (bool, error)) (int, error) {
	look := func(i int) (bool, error) {
		d, err := differs(i)
		if err != nil {
			return false, fmt.Errorf("prefix of %d %s: %w", i, what, err)
		}
		return d, nil
	}
	seen := make(map[int]bool)
	if wholeDiffers {
		seen[n] = true
	}
	ask := func(i int) (bool, error) {
		if d, ok := seen[i]; ok {
			return d, nil
		}
		d, err := look(i)
		if err == nil {
			seen[i] = d
		}
		return d, err
	}

	if d, err := ask(n); err != nil {
		return 0, err
	} else if !d {
		return 0, ErrNoDivergence
	}
	if d, err := ask(0); err != nil || d {
		return 0, err
	}
	// P(lo) agrees and P(hi) differs throughout.
	lo, hi := 0, n
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		d, err := ask(mid)
		if err != nil {
			return 0, err
		}
		if d {
			hi = mid
		} else {
			lo = mid
		}
	}

	if !confirm {
		return hi, nil
	}
	for _, want := range []struct {
		i       int
		differs bool
	}{{hi, true}, {lo, false}} {
		d, err := look(want.i)
		if err != nil {
			return hi, err
		}
		if d != want.differs {
			verb := map[bool]string{true: "differed", false: "agreed"}
			return hi, fmt.Errorf("%w: the prefix of %d %s %s in the search but %s on a second look",
				ErrInconsistent, want.i, what, verb[want.differs], verb[d])
		}
	}
	return hi, nil
}
