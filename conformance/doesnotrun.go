package conformance

import "context"

// A program that does not run at all (a missing script, a bad
// interpreter line, a library it cannot load) fails every case the same
// way, whatever the case. Shrinking such a failure only repeats it, and
// listing each case buries the one thing worth reading, the program's
// standard error. Run tells it apart before it shrinks: when the program
// got no case accepted and fails the smallest case it can be given the
// same way, with a runtime error,, the divergence says the program does not run
// (Divergence.DoesNotRun), with that smallest case's check.

// smallest is the smallest case of the game Run tries a program on: the
// generated case of seed with sides bounded by 1 (the generator's
// smallest board), cut to its first move; ok is false when the game
// gives no valid one.
func (g *Game[C, T]) smallest(seed uint64) (c C, ok bool) {
	if g.Generate == nil {
		return c, false
	}
	c = g.Generate(seed, 0, 1)
	c = g.Prefix(c, min(g.Steps(c), 1))
	return c, g.Validate(c) == nil
}

// doesNotRun reports, for a program p that got no case accepted and
// failed found, whether it fails the smallest case the same way: the
// same verdict, the same status (exit status, signal) and the same
// crash signature. It returns the smallest case's
// check. Only a runtime error counts: any answer, bad output and a time
// limit included, shows a program that runs, and so does a state leak.
func (g *Game[C, T]) doesNotRun(ctx context.Context, impl Impl[C, T], rep *Report, seed uint64, found Result) (Result, bool) {
	if found.Verdict != RuntimeError || found.Breach || found.Leak || rep.Verdicts[Accepted] > 0 {
		return Result{}, false
	}
	small, ok := g.smallest(seed)
	if !ok {
		return Result{}, false
	}
	res, err := g.Check(ctx, impl, small)
	if err != nil || res.Verdict != found.Verdict || res.Signature != found.Signature || res.Status != found.Status {
		return Result{}, false
	}
	return res, true
}
