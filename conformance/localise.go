package conformance

import (
	"errors"
	"fmt"

	"cascade/match3"
	"cascade/samegame"
)

// ErrNoDivergence is returned by LocaliseMatch3 and LocaliseSameGame when
// the whole case shows no difference, so there is nothing to localise.
var ErrNoDivergence = errors.New("conformance: the whole case shows no difference")

// ErrInconsistent is wrapped by the error LocaliseMatch3 and
// LocaliseSameGame return when a second look at the prefixes around the
// answer contradicts the search: the comparison is not deterministic (a
// flaky program, say). The operation returned with it is the search's
// answer and may be wrong.
var ErrInconsistent = errors.New("conformance: prefixes answer inconsistently")

// LocaliseMatch3 finds the first operation where two implementations part.
// The prefix P(i) is c with only its first i operations; differs reports
// whether the implementations' answers on a prefix differ. LocaliseMatch3
// returns the smallest i (1-based) such that P(i) differs and P(i-1) does
// not, or 0 when even P(0), the bare board, differs.
//
// The answer on a prefix includes the endgame as if the game ended there:
// the all-valid and cleared bonuses are judged at the end of the prefix.
// That is a function of the prefix like any other, and both sides compute
// it, so it does not disturb the search.
//
// The search is a binary search over i: it takes about log2(q) + 4 calls
// of differs, each prefix asked at most once, plus a second look at the
// two prefixes around the answer. It assumes that the first divergence
// persists: once P(i) differs, every longer prefix does. When that fails
// (two mistakes that cancel on the final score, an endgame bonus earned by
// one side on some prefixes only) the answer is still an operation where
// the answers part, but maybe not the first; checking every prefix finds
// the first at the price of q calls. The error is ErrNoDivergence when
// P(q) does not differ, wraps ErrInconsistent when the second look
// contradicts the search, and otherwise is the first error differs gave.
func LocaliseMatch3(c *match3.Case, differs func(*match3.Case) (bool, error)) (op int, err error) {
	return localise(len(c.Ops), "operations", func(i int) (bool, error) { return differs(match3Prefix(c, i)) })
}

// LocaliseSameGame finds the first move where two implementations part,
// like LocaliseMatch3: the prefix P(i) is c with only its first i moves,
// and the result is the smallest i with P(i) differing, 0 when the box
// without moves already differs.
func LocaliseSameGame(c *samegame.Case, differs func(*samegame.Case) (bool, error)) (move int, err error) {
	return localise(len(c.Moves), "moves", func(i int) (bool, error) { return differs(sameGamePrefix(c, i)) })
}

// match3Prefix is a copy of c with only its first i operations.
func match3Prefix(c *match3.Case, i int) *match3.Case {
	p := c.Clone()
	p.Ops = p.Ops[:i]
	return p
}

// sameGamePrefix is a copy of c with only its first i moves.
func sameGamePrefix(c *samegame.Case, i int) *samegame.Case {
	p := c.Clone()
	p.Moves = p.Moves[:i]
	return p
}

// localise is the binary search of LocaliseMatch3 over prefix lengths
// 0..n; what names the steps in errors.
func localise(n int, what string, differs func(i int) (bool, error)) (int, error) {
	look := func(i int) (bool, error) {
		d, err := differs(i)
		if err != nil {
			return false, fmt.Errorf("prefix of %d %s: %w", i, what, err)
		}
		return d, nil
	}
	seen := make(map[int]bool)
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
