package conformance

import (
	"bytes"
	"context"
	"slices"
)

// A case that fails only after earlier cases of its process need not
// fail because of what those cases held. A JVM whose deep recursion
// overflows its stack once the process has answered a few cases, a
// program that leaks memory or stack with every case, one that counts
// the cases it answered: each fails after any earlier cases at all.
// Calling that "state carried between cases" sends its author looking
// for a global array that is never cleared, and there is none.
//
// So once a leak's sequence is shrunk, the failing case is played again
// in a fresh process after as many earlier cases, each replaced by a
// stand-in:
//
//	itself        the failing case, as often as there were earlier
//	              cases: the same size and colours, so that a leak of
//	              an earlier case's size or board does not show
//	without steps the failing case cut before its first step (or its
//	              shortest cut inside the statement's limits): nothing
//	              clicked or swapped, so that a total, a mark or a
//	              count of moves carried over does not show
//
// When it fails after both exactly as it failed after the cases found
// (the same failure, howOf, and for a wrong answer the same answer), the
// failure depends on the process's history, not on the earlier cases'
// content; when after either it passes or fails otherwise, it is a state
// leak. A program that carries a total over fails after itself with
// another answer, and after itself without steps not at all; one that
// keeps the largest box seen fails after neither.

// historyOnly reports whether the failure of the leak whose sequence is
// before, then last, failing so as found (the sequence's check), comes
// after every set of stand-ins as well; and how many replays it took.
func (g *Game[C, T]) historyOnly(ctx context.Context, prog Programmer, before [][]byte, last C, found Result) (bool, int) {
	n := max(len(before), 1)
	p := refereed[C, T]{c: last, in: g.format(last), want: g.briefReference(last)}
	tried := 0
	for _, stand := range [][]byte{p.in, g.format(g.bareCut(last))} {
		if ctx.Err() != nil {
			return false, tried
		}
		tried++
		seq := append(slices.Repeat([][]byte{stand}, n), p.in)
		res, _, err := g.judgeAnswer(ctx, p, prog.Protocol(), func() (Answer, error) {
			return prog.Replay(ctx, seq, g.answerLimit(prog, p))
		})
		if err != nil || !sameLeak(res, found) || res.Verdict == WrongAnswer && !bytes.Equal(res.Output, found.Output) {
			return false, tried
		}
	}
	return true, tried
}

// bareCut is c cut before its first step, or, when c lies inside the
// statement's limits and that cut does not (a match-3 case needs an
// operation), its shortest cut that does.
func (g *Game[C, T]) bareCut(c C) C {
	if g.InLimits == nil {
		return g.Prefix(c, 0)
	}
	if in, _ := g.InLimits(c); !in {
		return g.Prefix(c, 0)
	}
	for i := range g.Steps(c) {
		if cut := g.Prefix(c, i); g.valid(cut) {
			if in, _ := g.InLimits(cut); in {
				return cut
			}
		}
	}
	return c
}
