package conformance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"sync"
	"time"
)

// DefaultRunTime is how long a run generates cases when RunOptions bound
// it neither by Count nor by Time.
const DefaultRunTime = 30 * time.Second

// DefaultShrinkTime bounds shrinking when RunOptions.ShrinkTime is zero.
const DefaultShrinkTime = 30 * time.Second

// CutOffGrace is how long a generated case still running when
// RunOptions.Time runs out has to finish before it is cut off: enough for
// the usual case, which takes milliseconds, to be counted, well short of
// a second.
const CutOffGrace = 250 * time.Millisecond

// RunOptions say what Run checks. The zero value
// runs the built-in cases, then generated cases for DefaultRunTime on
// runtime.NumCPU() goroutines from seed 0.
type RunOptions struct {
	// Seed seeds the generated cases: case i is generated from Seed+i
	// alone (see Game.Generate), so a run is reproduced by its seed,
	// and case i by itself with Seed+i and Count 1.
	Seed uint64
	// Count bounds the generated cases: zero means no bound, a negative
	// Count generates none.
	Count int
	// Time bounds the run, from its start to the end of the generated
	// cases; zero means no bound, or DefaultRunTime when Count is zero
	// too. No generated case starts once it has run out, and one still
	// running CutOffGrace later is cut off: stopped, and counted in
	// Report.CutOff as neither accepted nor failed. The built-in cases
	// and Cases are all checked however long they take, and shrinking a
	// divergence has a bound of its own, ShrinkTime.
	Time time.Duration
	// Jobs is the number of cases checked at once; zero means
	// runtime.NumCPU(). An implementation must be safe for concurrent
	// use when Jobs is not 1 (Command, Engine and Reference are).
	Jobs int
	// MaxSize bounds the sides of generated boards (see
	// Game.Generate); zero leaves the generator's sizes.
	MaxSize int
	// NoBuiltin skips the built-in cases (Game.Builtin).
	NoBuiltin bool
	// Cases are checked with the built-in cases, each against the
	// reference; a case whose answer disagrees with the reference is
	// reported (NamedResult.Disputed), and so are one whose input is not
	// valid and one that could not be read (Case.Err; see ReadCases).
	Cases []Case
	// Shrink tunes the shrinking of a divergence.
	Shrink ShrinkOptions
	// ShrinkTime bounds shrinking; zero means DefaultShrinkTime. What is
	// found by then is reported.
	ShrinkTime time.Duration
	// Progress, when not nil, is called from time to time while cases
	// run and while a divergence is shrunk (from one goroutine at a
	// time), and once when the run is done.
	Progress func(Progress)
	// ProgressEvery is the time between calls of Progress; zero means a
	// quarter of a second.
	ProgressEvery time.Duration
}

// Run checks impl as `cascade check` does: the built-in cases (unless
// o.NoBuiltin), then o.Cases, then generated cases (Game.Generate) until
// o.Count or o.Time runs out. It stops at the first case that is not
// accepted (after finishing the cases before it, so the first is the
// same whatever o.Jobs), shrinks it (Shrink) to a small case that fails
// the same way, localises it (Localise), and reports it as the
// Divergence. Built-in and named cases are all checked, and all reported
// in Failed, before the first of them is shrunk.
//
// A case of o.Cases that is not a valid input of the game, or that could
// not be read (Case.Err), is reported in Failed with its error, and the
// run goes on. The error reports an
// implementation that plays nothing and the end of ctx; with the end of
// ctx the report so far comes back too.
func (g *Game[C, T]) Run(ctx context.Context, impl Impl[C, T], o RunOptions) (*Report, error) {
	r := &gameRun[C, T]{g: g, impl: impl}
	return r.run(ctx, o)
}

// gameRun is one Run.
type gameRun[C, T any] struct {
	g    *Game[C, T]
	impl Impl[C, T]

	start    time.Time
	deadline time.Time // zero: none

	mu       sync.Mutex // guards what follows
	rep      *Report
	diverged int
	// found is the check of the first generated case not accepted.
	found Result
	// shrinking is set once a divergence is being shrunk; shrinkTried
	// counts the candidates tried.
	shrinking   bool
	shrinkTried int
}

// check checks c on the implementation.
func (g *gameRun[C, T]) check(ctx context.Context, c C) (Result, error) {
	return g.g.Check(ctx, g.impl, c)
}

// flaky runs c once more when its first check, res, is a time limit or
// a runtime error, which a loaded machine or a flaky program can give a
// correct answer. When the second run is accepted, the case is flaky:
// it is noted in Report.Flaky and the second check is returned with true.
func (g *gameRun[C, T]) flaky(ctx context.Context, src string, c C, res Result) (Result, bool, error) {
	if res.Verdict != TimeLimit && res.Verdict != RuntimeError {
		return res, false, nil
	}
	again, err := g.check(ctx, c)
	if err != nil || !again.Ok() {
		return res, false, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.rep.Flaky = append(g.rep.Flaky, FlakyCase{Source: src, First: res})
	return again, true, nil
}

// named is a built-in or named case, parsed.
type named[C any] struct {
	Case
	c C
	// err says why the case is not run: Case.Err, or the input is not a
	// valid case of the game.
	err     error
	builtin bool
}

// source names the case as Divergence.Source does.
func (n *named[C]) source() string {
	if n.builtin {
		return "built-in case " + n.Name
	}
	return "case " + n.Name
}

func (g *gameRun[C, T]) run(ctx context.Context, o RunOptions) (*Report, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var cases []named[C]
	if !o.NoBuiltin {
		for _, c := range g.g.Builtin() {
			cases = append(cases, named[C]{Case: c, builtin: true})
		}
	}
	for _, c := range o.Cases {
		cases = append(cases, named[C]{Case: c})
	}
	for i := range cases {
		if cases[i].Err != nil {
			cases[i].err = cases[i].Err
			continue
		}
		cases[i].c, cases[i].err = g.g.parse(cases[i].Input)
	}

	g.rep = &Report{Game: g.g.Name, Impl: g.impl.String(), Seed: o.Seed}
	g.start = time.Now()
	if o.Time > 0 || o.Count == 0 {
		limit := o.Time
		if limit <= 0 {
			limit = DefaultRunTime
		}
		g.deadline = g.start.Add(limit)
	}
	stopProgress := g.progress(o)
	first, firstRes, err := g.runNamed(ctx, o, cases)
	gen := -1
	var genCase C
	if err == nil && first < 0 && o.Count >= 0 {
		gen, genCase, err = g.generated(ctx, o)
	}
	defer func() {
		g.rep.Elapsed = time.Since(g.start)
		stopProgress()
	}()
	if err != nil {
		return g.rep, err
	}

	switch {
	case first >= 0:
		n := cases[first]
		g.rep.Divergence, err = g.diverge(ctx, o, n.source(), -1, n.c, firstRes)
	case gen >= 0:
		g.rep.Divergence, err = g.diverge(ctx, o, fmt.Sprintf("generated case %d (seed %d)", gen, o.Seed), gen, genCase, g.found)
	}
	return g.rep, err
}

// untally takes back tally(res, false); g.mu is held.
func (g *gameRun[C, T]) untally(res *Result) {
	g.rep.Verdicts[min(res.Verdict, BadOutput)]--
	if !res.Ok() {
		g.diverged--
	}
}

// tally counts one checked case; g.mu is held.
func (g *gameRun[C, T]) tally(res *Result, disputed bool) {
	g.rep.Verdicts[min(res.Verdict, BadOutput)]++
	if !res.Ok() || disputed {
		g.diverged++
	}
}

// runNamed checks the built-in and named cases on o.Jobs goroutines and
// returns the index of the first not accepted, -1 if none, with its
// check. The report lists them in order, whatever order they ran in.
func (g *gameRun[C, T]) runNamed(ctx context.Context, o RunOptions, cases []named[C]) (int, Result, error) {
	results := make([]NamedResult, len(cases))
	_, err := g.pool(ctx, o, 0, func(next int) bool { return next < len(cases) }, func(i int) error {
		n := &cases[i]
		nr := NamedResult{Name: n.Name, Source: n.Source, Builtin: n.builtin, Answer: n.Want, HasAnswer: n.HasWant, Err: n.err, BadFile: n.Case.Err != nil}
		if n.err == nil {
			res, err := g.check(ctx, n.c)
			if err == nil {
				res, _, err = g.flaky(ctx, n.source(), n.c, res)
			}
			if err != nil {
				return fmt.Errorf("case %s: %w", n.Name, err)
			}
			nr.Result, nr.Reference = res, res.Want
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		results[i] = nr
		if n.builtin {
			g.rep.Builtin++
		} else {
			g.rep.Named++
		}
		if nr.Err != nil {
			g.diverged++
		} else {
			g.tally(&nr.Result, nr.Disputed())
		}
		return nil
	})
	if err != nil {
		return -1, Result{}, err
	}
	first, firstRes := -1, Result{}
	for i, nr := range results {
		if nr.Err != nil || !nr.Result.Ok() || nr.Disputed() {
			g.rep.Failed = append(g.rep.Failed, nr)
		}
		if nr.Err == nil && !nr.Result.Ok() && first < 0 {
			first, firstRes = i, nr.Result
		}
	}
	return first, firstRes, nil
}

// jobs is the number of cases checked at once.
func jobs(o RunOptions) int {
	if o.Jobs <= 0 {
		return runtime.NumCPU()
	}
	return o.Jobs
}

// generated checks generated cases until o.Count or the deadline runs
// out or a case is not accepted, and returns the index of the first case
// not accepted, -1 if none, with the case. A case that fails with a time
// limit or a runtime error is run again (see flaky); when it is accepted
// then, it is flaky (Report.Flaky), and the run goes on after it. A case
// still running CutOffGrace after the deadline, its second run included,
// is cut off: the check stops, and the case counts in Report.CutOff only
// (a second run cut off leaves the first standing).
func (g *gameRun[C, T]) generated(ctx context.Context, o RunOptions) (int, C, error) {
	start := time.Now()
	defer func() { g.rep.GenElapsed = time.Since(start) }()
	gctx := ctx
	if !g.deadline.IsZero() {
		var cancel context.CancelFunc
		gctx, cancel = context.WithDeadline(ctx, g.deadline.Add(CutOffGrace))
		defer cancel()
	}
	from := 0
	for {
		fails, next, err := g.runGenerated(ctx, gctx, o, from)
		if err != nil {
			return -1, *new(C), err
		}
		if len(fails) == 0 {
			return -1, *new(C), nil
		}
		for _, i := range slices.Sorted(maps.Keys(fails)) {
			src := fmt.Sprintf("generated case %d (seed %d)", i, o.Seed)
			f := fails[i]
			again, flaky, err := g.flaky(gctx, src, f.c, f.res)
			if err != nil && !cutOff(ctx, err) {
				return -1, *new(C), err
			}
			if flaky {
				// Counted as failed when checked; it is accepted.
				g.mu.Lock()
				g.untally(&f.res)
				g.tally(&again, false)
				g.mu.Unlock()
			} else {
				g.found = f.res
				return i, f.c, nil
			}
		}
		from = next
	}
}

// failedCase is a generated case not accepted, with its check.
type failedCase[C any] struct {
	c   C
	res Result
}

// cutOff reports whether err is the end of a check at the end of the
// generated cases' time, not of the run's ctx.
func cutOff(ctx context.Context, err error) bool {
	return ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded)
}

// runGenerated checks generated cases from index from on o.Jobs
// goroutines until o.Count or the deadline runs out or a case is not
// accepted; gctx, within ctx, ends CutOffGrace after the deadline. It returns the cases not accepted by
// index, and the first index not started: once a case fails, no case
// after it starts, and the cases before it still running finish. The
// cases running when gctx ends are cut off.
func (g *gameRun[C, T]) runGenerated(ctx, gctx context.Context, o RunOptions, from int) (map[int]failedCase[C], int, error) {
	failedAt := -1 // the smallest index not accepted so far
	fails := make(map[int]failedCase[C])
	more := func(next int) bool {
		return (o.Count <= 0 || next < o.Count) &&
			(failedAt < 0 || next < failedAt) &&
			(g.deadline.IsZero() || time.Now().Before(g.deadline))
	}
	next, err := g.pool(gctx, o, from, more, func(i int) error {
		// A big case takes as long to generate as to play.
		c, err := await(gctx, func() C { return g.g.Generate(o.Seed, i, o.MaxSize) })
		var res Result
		if err == nil {
			res, err = g.check(gctx, c)
		}
		if cutOff(ctx, err) {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.rep.CutOff++
			return nil
		}
		if err != nil {
			return err
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		g.rep.Generated++
		g.tally(&res, false)
		if !res.Ok() {
			fails[i] = failedCase[C]{c, res}
			if failedAt < 0 || i < failedAt {
				failedAt = i
			}
		}
		return nil
	})
	if cutOff(ctx, err) {
		err = nil
	}
	return fails, next, err
}

// pool runs work(i) for i = from, from+1, ... on jobs(o) goroutines,
// starting each index only while more(i) allows it (more is called with
// g.mu held; work takes g.mu itself). It stops starting indices at the
// first error of work or the end of ctx, lets those running finish, and
// returns the first index not started and that error (or ctx's).
func (g *gameRun[C, T]) pool(ctx context.Context, o RunOptions, from int, more func(i int) bool, work func(i int) error) (int, error) {
	var (
		next     = from
		firstErr error
		wg       sync.WaitGroup
	)
	claim := func() int {
		g.mu.Lock()
		defer g.mu.Unlock()
		if firstErr != nil || ctx.Err() != nil || !more(next) {
			return -1
		}
		next++
		return next - 1
	}
	for range jobs(o) {
		wg.Go(func() {
			for i := claim(); i >= 0; i = claim() {
				if err := work(i); err != nil {
					g.mu.Lock()
					firstErr = cmp.Or(firstErr, err)
					g.mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return next, cmp.Or(firstErr, ctx.Err())
}

// diverge shrinks c, which got the verdict of found, to a smaller case
// that fails the same way and finds the first step where it parts from
// the reference.
func (g *gameRun[C, T]) diverge(ctx context.Context, o RunOptions, src string, index int, c C, found Result) (*Divergence, error) {
	d := &Divergence{Source: src, Index: index, Found: found, Shrunk: found, Op: -1}
	start := time.Now()
	defer func() { d.Elapsed = time.Since(start) }()
	limit := o.ShrinkTime
	if limit <= 0 {
		limit = DefaultShrinkTime
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	g.mu.Lock()
	g.shrinking = true
	g.mu.Unlock()
	// How the case fails may take plays of the whole case to find
	// (failureOf): bounded with the shrinking, and left behind when ctx
	// ends.
	want, err := await(sctx, func() failure { return g.g.failureOf(sctx, g.impl, c, found) })
	if err != nil {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		want = failure(found.Verdict.String())
	}
	fails := func(c C) bool {
		g.mu.Lock()
		g.shrinkTried++
		g.mu.Unlock()
		res, err := g.check(sctx, c)
		if err != nil || res.Ok() {
			return false
		}
		f, err := await(sctx, func() failure { return g.g.failureOf(sctx, g.impl, c, res) })
		return err == nil && f == want
	}
	small, stats := g.g.Shrink(sctx, c, fails, o.Shrink)
	d.ShrinkStats = stats
	if err := ctx.Err(); err != nil {
		return d, err
	}
	res, err := g.check(ctx, small)
	if err != nil {
		return d, err
	}
	if res.Verdict != found.Verdict {
		// Flaky: the shrunk case no longer fails the same way. Report
		// the case as found, unless it no longer fails at all.
		small, res = c, found
		again, err := g.check(ctx, c)
		if err != nil {
			return d, err
		}
		if again.Ok() {
			d.NotReproduced = true
			return d, nil
		}
	}
	d.Shrunk = res

	d.Op, d.OpErr = g.g.Localise(small, func(p C) (bool, error) { return g.g.differs(ctx, g.impl, p, small) })
	if errors.Is(d.OpErr, ErrNoDivergence) {
		// The whole case was accepted this time.
		d.NotReproduced, d.OpErr = true, nil
	}
	if d.OpErr != nil && !errors.Is(d.OpErr, ErrInconsistent) || d.NotReproduced {
		d.Op = -1
	}
	if d.Op >= 0 {
		d.AtOp, err = g.check(ctx, g.g.Prefix(small, d.Op))
	}
	return d, err
}
