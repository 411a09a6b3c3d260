package conformance

import (
	"context"
	"slices"
)

// A state leak shows on a sequence of cases played through one process,
// and shrinkLeak cuts the sequence to the fewest cases that keep it. The
// cases themselves are what a generator drew, often big: a leak that two
// boxes of a few cells show is reported on a 14x14 box after another.
// shrinkLeakCases goes on where shrinkLeak stops, case by case, with the
// shrinker of the game (Shrink): first the failing case, then each
// earlier one, oldest first, each candidate kept only when the sequence
// still fails the same way.

// leakSeq is a sequence of a state leak: the earlier cases, as written to
// the program, and the failing case.
type leakSeq[C any] struct {
	before [][]byte
	last   C
}

// shrinkLeakCases shrinks the cases of a state leak whose sequence is
// before, then c, failing as found. A candidate for the failing case is
// kept when the sequence with it fails on it the same way (sameLeak; no
// earlier case failing) and it is accepted alone in a fresh
// process, so that the leak stays a leak; a candidate for an earlier
// case is kept when the sequence with it still fails so. It returns the
// shrunk sequence, the check of its failing case played after its
// earlier ones (Leak set), and the shrinks' stats summed; the sequence
// as given, with ok false, when its check does not fail so.
func (g *Game[C, T]) shrinkLeakCases(ctx context.Context, prog Programmer, c C, before [][]byte, found Result, so ShrinkOptions) (leakSeq[C], Result, ShrinkStats, bool) {
	var stats ShrinkStats
	proto := prog.Protocol()
	// Every candidate is smaller than c, which the reference has played
	// already: its play is quick.
	refereeOf := func(last C) refereed[C, T] {
		return refereed[C, T]{c: last, in: g.format(last), want: g.briefReference(last)}
	}
	play := func(seq [][]byte, p refereed[C, T]) (Result, bool) {
		all := append(slices.Clone(seq), p.in)
		res, _, err := g.judgeAnswer(ctx, p, proto, func() (Answer, error) { return prog.Replay(ctx, all, g.answerLimit(prog, p)) })
		return res, err == nil && sameLeak(res, found)
	}
	alone := func(p refereed[C, T]) bool {
		res, _, err := g.judgeAnswer(ctx, p, proto, func() (Answer, error) {
			return prog.Replay(ctx, [][]byte{p.in}, g.answerLimit(prog, p))
		})
		return err == nil && res.Ok()
	}
	add := func(s ShrinkStats) {
		stats.Tried += s.Tried
		stats.Cached += s.Cached
		stats.Accepted += s.Accepted
		stats.Rounds += s.Rounds
		if s.Err != nil {
			stats.Err = s.Err
		}
	}

	seq := leakSeq[C]{before: slices.Clone(before), last: c}
	last, s := g.Shrink(ctx, c, func(cand C) bool {
		p := refereeOf(cand)
		_, fails := play(seq.before, p)
		return fails && alone(p)
	}, so)
	seq.last = last
	add(s)
	// The failing case stays as it is while the earlier ones shrink.
	pLast := refereeOf(seq.last)
	for i := range seq.before {
		if ctx.Err() != nil {
			break
		}
		early, err := g.parse(seq.before[i])
		if err != nil {
			continue
		}
		small, s := g.Shrink(ctx, early, func(cand C) bool {
			trial := slices.Clone(seq.before)
			trial[i] = g.format(cand)
			_, fails := play(trial, pLast)
			return fails
		}, so)
		add(s)
		seq.before[i] = g.format(small)
	}
	res, ok := play(seq.before, pLast)
	if !ok {
		return leakSeq[C]{before: before, last: c}, Result{}, stats, false
	}
	res.Leak, res.Before = true, seq.before
	return seq, res, stats, true
}

// sameLeak reports whether res, a replay of a sequence, fails on its
// last case as found does (howOf): the same verdict, the same crash
// signature, the same fault of a bad output (a shrink that keeps the
// verdict alone may trade a missing total line for a missing answer);
// any time limit is one.
func sameLeak(res, found Result) bool {
	return !res.Ok() && !res.Breach && !res.earlier && howOf(res) == howOf(found)
}
