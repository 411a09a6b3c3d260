package conformance

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/cascade-harness/cascade/internal/process"
)

// answered is Check of a program under the stream or the step protocol
// on a case the reference has played. A case that fails in a stream
// process after earlier cases is run again alone in a fresh process:
// failing there too, the failure is the case's own, and that run's
// result (which no earlier case touched) is returned. Passing alone, the
// earlier cases are played again before it in a fresh process: failing
// again, the result is a state leak (Result.Leak); passing, the first
// failure was flaky and the case counts as accepted.
func (g *Game[C, T]) answered(ctx context.Context, prog Programmer, p refereed[C, T]) (Result, error) {
	ctx = g.withAnswerLines(ctx)
	if p.byEngine && g.AnswerText != nil {
		// An answer that is not the total is judged against the
		// reference's play.
		if err := g.confirm(ctx, &p); err != nil {
			return Result{}, err
		}
	}
	limit := g.answerLimit(prog, p)
	res, before, err := g.judgeAnswer(ctx, p, prog.Protocol(), func() (Answer, error) { return prog.Answer(ctx, p.in, limit) })
	if err != nil || res.Ok() || res.Breach || len(before) == 0 || p.quick {
		return res, err
	}
	alone, _, err := g.judgeAnswer(ctx, p, prog.Protocol(), func() (Answer, error) {
		return prog.Replay(ctx, [][]byte{p.in}, limit)
	})
	if err != nil || !alone.Ok() {
		return alone, err
	}
	seq := append(slices.Clip(before), p.in)
	again, _, err := g.judgeAnswer(ctx, p, prog.Protocol(), func() (Answer, error) { return prog.Replay(ctx, seq, limit) })
	if err != nil || again.Ok() || again.Breach || again.earlier || again.Verdict != res.Verdict {
		// Accepted when run again: the first failure is the case's
		// note, not its verdict.
		first := res
		alone.streamFirst = &first
		return alone, err
	}
	again.Leak, again.Before = true, before
	return again, nil
}

// answerLimit bounds prog's answer to p's case: the step protocol's
// bound under it, the protocol's own otherwise (0).
func (g *Game[C, T]) answerLimit(prog Programmer, p refereed[C, T]) int {
	if prog.Protocol().Steps {
		return stepLimit(g.Steps(p.c), p.in)
	}
	if want := g.answerText(p.c, p.want); want != nil {
		// Room for the right answer, and as much again.
		return max(process.StdoutLimit, 2*len(want)+64)
	}
	return 0
}

// judgeAnswer has get answer p's case and judges the answer against the
// reference's play; it returns the earlier inputs of the process that
// answered. The error is ctx's alone: every failure of the program is a
// verdict.
func (g *Game[C, T]) judgeAnswer(ctx context.Context, p refereed[C, T], proto Protocol, get func() (Answer, error)) (Result, [][]byte, error) {
	res := Result{Input: g.file(p.c, p.in), Want: g.Total(p.want), Move: -1, Traced: proto.Steps}
	start := time.Now()
	a, err := get()
	res.Elapsed = time.Since(start)
	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return Result{}, nil, err
		}
		res.Verdict, res.Status = RuntimeError, err.Error()
		if re, ok := errors.AsType[*RunError](err); ok {
			res.Verdict, res.Status = re.Verdict, re.Status
			res.Output, res.Stderr, res.OutputSize = re.Output, re.Stderr, re.OutputSize
			res.Breach, res.earlier = re.Breach, re.Earlier
		}
		if res.Verdict == RuntimeError {
			res.Signature = crashSignature(res.Stderr)
		}
		return res, a.Before, nil
	}
	res.Output, res.OutputSize = a.Output, len(a.Output)
	if want := g.answerText(p.c, p.want); want != nil && !proto.Steps {
		res.WantText = want
		why, bad := g.JudgeAnswer(p.c, p.want, a.Output)
		switch {
		case bad:
			res.Verdict, res.Status = BadOutput, why
		case why != "":
			res.Verdict, res.Diff = WrongAnswer, why
		default:
			res.Verdict = Accepted
		}
		return res, a.Before, nil
	}
	if !proto.Steps {
		got, why := parseScore(a.Output, false)
		if why != "" {
			res.Verdict, res.Status = BadOutput, why
			return res, a.Before, nil
		}
		res.Got = got
		res.Output = append(totalText(got), '\n')
		res.Verdict, res.Diff = judgeTotal(res.Got, res.Want)
		return res, a.Before, nil
	}
	if g.StepShape == nil || g.StepTrace == nil {
		res.Verdict, res.Status = RuntimeError, g.Name+": the game has no step protocol"
		return res, a.Before, nil
	}
	// The answer is compared as it is read, with the reference played
	// again alongside for the boards the program gives.
	type checked struct {
		stepCheck
		err error
	}
	ch, err := await(ctx, func() checked {
		c, err := g.checkSteps(p.c, p.want, a.Output)
		return checked{c, err}
	})
	if err != nil {
		return Result{}, nil, err
	}
	if want := g.answerText(p.c, p.want); want != nil {
		// The answer ends with the final board: the report shows it.
		res.WantText = want
	}
	if ch.err != nil {
		res.Verdict, res.Status = BadOutput, ch.err.Error()
		return res, a.Before, nil
	}
	res.Got = ch.Total
	res.Move, res.Diff, res.Board = ch.Move, ch.Diff, ch.Board
	if res.Diff != "" {
		res.Verdict = WrongAnswer
		res.Kind = g.stepKind(p.c, p.want, res.Move)
	}
	return res, a.Before, nil
}

// shrinkLeak shrinks the earlier cases of a state leak, before, to the
// fewest that still make the failing case, in, fail the same way when
// they are played before it in one fresh process (sameLeak): chunks of the list are
// dropped as delta debugging drops them, halves first, until no single
// case can go. It returns the list and the replays tried.
func (g *Game[C, T]) shrinkLeak(ctx context.Context, prog Programmer, p refereed[C, T], before [][]byte, found Result) ([][]byte, int) {
	ctx = g.withAnswerLines(ctx)
	limit := g.answerLimit(prog, p)
	tried := 0
	fails := func(seq [][]byte) bool {
		if ctx.Err() != nil {
			return false
		}
		tried++
		all := append(slices.Clone(seq), p.in)
		res, _, err := g.judgeAnswer(ctx, p, prog.Protocol(), func() (Answer, error) { return prog.Replay(ctx, all, limit) })
		return err == nil && sameLeak(res, found)
	}
	cur := slices.Clone(before)
	for changed := true; changed && ctx.Err() == nil; {
		changed = false
		for size := max(len(cur)/2, 1); size >= 1; size /= 2 {
			for hi := len(cur); hi-size >= 0 && ctx.Err() == nil; hi -= size {
				cand := slices.Concat(cur[:hi-size], cur[hi:])
				// One earlier case stays: the case alone was accepted,
				// and a failure that comes back without any, now and
				// then (a JIT that compiled sooner), would give a
				// sequence, and a regression script, that passes.
				if len(cand) > 0 && fails(cand) {
					// The cases before the chunk keep their places, so
					// the next chunk down is where it was.
					cur, changed = cand, true
				}
			}
		}
	}
	return cur, tried
}
