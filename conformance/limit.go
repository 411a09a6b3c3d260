package conformance

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// An in-process implementation (Impl.Play, TotalFunc, StepFunc) runs in
// a goroutine of the test, which nothing can stop: one that hangs on a
// case would hold the test until go test's -timeout, which names no
// case, and under go test -fuzz until the fuzzing engine gives up on the
// worker. Impl.Limit bounds the wait: past it the case is a time limit
// exceeded, and the call is abandoned, left running in its goroutine.

// DefaultLimit is the time Test gives an in-process implementation on
// one case when its Limit is 0. Test's cases take the reference a tenth
// of a second at most; a correct engine is not a hundred times slower,
// even on a starved machine, while one that hangs costs Test this long
// to find (and as long again to confirm the shrunk case).
const DefaultLimit = 10 * time.Second

// limitKey is the context key of an in-process implementation's limit:
// against sets it, and call reads it, call being the one place that
// calls into an implementation's Go code. TotalFunc and StepFunc reach
// call through Score and Answer, which see only the context.
type limitKey struct{}

// errOverLimit is the cause of a context that ends at the limit.
var errOverLimit = errors.New("over the limit")

// withLimit is ctx carrying the limit of impl, when it has one.
func withLimit[C, T any](ctx context.Context, impl Impl[C, T]) context.Context {
	if impl.Limit <= 0 {
		return ctx
	}
	return context.WithValue(ctx, limitKey{}, impl.Limit)
}

// limitOf is the limit ctx carries, 0 for none, with the context that
// ends at it.
func limitOf(ctx context.Context) (time.Duration, context.Context, context.CancelFunc) {
	limit, _ := ctx.Value(limitKey{}).(time.Duration)
	if limit <= 0 {
		return 0, ctx, func() {}
	}
	lctx, cancel := context.WithTimeoutCause(ctx, limit, errOverLimit)
	return limit, lctx, cancel
}

// overLimit is the error of a call abandoned at limit: a time limit
// exceeded, as a program killed at its limit is.
func overLimit(limit time.Duration) error {
	return &RunError{Verdict: TimeLimit, Status: fmt.Sprintf("no answer within %v; the call was abandoned and goes on running (Go cannot stop it)", limit)}
}

// ShrinkOverLimit shrinks c, a case on which impl ran past its Limit
// (found, a time limit exceeded), to a smaller case on which it does
// too, for budget at most; it returns the case with its result, found
// when none shrank it.
//
// A candidate is given a tenth of the limit (a program, the limit of its
// Command): each that hangs costs that
// much, so a budget of the limit tries ten of them besides the quick
// ones. The case it shrank to is checked again with the whole limit, and
// only a time limit exceeded there makes it the result, so a candidate
// that was merely slow is not reported as one that hangs. Every
// abandoned call goes on running while the next candidate is checked.
func (g *Game[C, T]) ShrinkOverLimit(ctx context.Context, impl Impl[C, T], c C, found Result, budget time.Duration) (Result, ShrinkStats) {
	quick := impl
	if impl.Limit > 0 {
		quick.Limit = max(impl.Limit/10, time.Millisecond)
	}
	sctx, cancel := context.WithTimeout(ctx, budget)
	small, stats := g.Shrink(sctx, c, func(c C) bool {
		res, err := g.Check(sctx, quick, c)
		return err == nil && res.Verdict == TimeLimit
	}, ShrinkOptions{})
	cancel()
	if stats.Accepted == 0 {
		return found, stats
	}
	res, err := g.Check(ctx, impl, small)
	if err != nil || res.Verdict != TimeLimit {
		return found, stats
	}
	return res, stats
}
