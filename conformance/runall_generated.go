package conformance

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"
)

// generated checks generated cases on the implementations that have not
// diverged on a built-in or named case, each until o.Count or the
// deadline runs out or a case is not accepted, and notes in each program
// the first case it did not get accepted. A case that fails with a time
// limit or a runtime error is run again (see flaky); when it is accepted
// then, it is flaky (Report.Flaky), and the implementation goes on after
// it. A case still running CutOffGrace after the deadline, its second run
// included, is cut off: the check stops, and the case counts in
// Report.CutOff only (a second run cut off leaves the first standing).
//
// The cases go in batches (runGenerated): each case is generated once,
// and checked on every implementation still going at its index; a batch
// ends when every such implementation has a case not accepted, or the
// budget is spent. Then each one's failures are run again in order: at
// the first that is not flaky, it has diverged and is done; when all are
// flaky, it goes on from the first case the batch did not give it.
func (r *gameRun[C, T]) generated(ctx context.Context, o RunOptions) error {
	start := time.Now()
	defer func() {
		elapsed := time.Since(start)
		for _, p := range r.progs {
			p.rep.GenElapsed = elapsed
		}
	}()
	gctx := ctx
	if !r.deadline.IsZero() {
		var cancel context.CancelFunc
		gctx, cancel = context.WithDeadline(ctx, r.deadline.Add(CutOffGrace))
		defer cancel()
	}
	for _, p := range r.progs {
		p.done = p.named >= 0
	}
	for {
		var live []*program[C, T]
		for _, p := range r.progs {
			if !p.done {
				live = append(live, p)
			}
		}
		if len(live) == 0 {
			return nil
		}
		from := live[0].from
		for _, p := range live[1:] {
			from = min(from, p.from)
		}
		next, err := r.runGenerated(ctx, gctx, o, from, live)
		if err != nil {
			return err
		}
		failed := false
		for _, p := range live {
			if p.skipped >= 0 {
				p.from = p.skipped
			} else {
				p.from = max(p.from, next)
			}
			if len(p.fails) == 0 {
				continue
			}
			failed = true
			for _, i := range slices.Sorted(maps.Keys(p.fails)) {
				f := p.fails[i]
				again, flaky, err := r.flaky(gctx, p, generatedSource(i, o.Seed), f.c, f.res)
				if err != nil && !cutOff(ctx, err) {
					return err
				}
				if !flaky {
					p.gen, p.genCase, p.genRes, p.done = i, f.c, f.res, true
					break
				}
				// Counted as failed when checked; it is accepted.
				r.mu.Lock()
				r.untally(p, &f.res)
				r.tally(p, &again, false)
				r.genRows[i].Cells[p.col] = Cell{Ran: true, Verdict: again.Verdict, Flaky: true}
				r.mu.Unlock()
			}
		}
		if !failed {
			return nil
		}
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

// runGenerated checks a batch of generated cases, from index from on
// o.Jobs goroutines, until o.Count or the deadline runs out or every
// implementation of live has a case it did not get accepted; gctx,
// within ctx, ends CutOffGrace after the deadline. Each index is given,
// when it starts, to every implementation of live that has not failed
// on a smaller index of the batch and has not been given it in an
// earlier batch (program.from); the case is generated once, the
// reference plays it once, and it is checked on each of them in turn.
// The cases before a failure that are still running finish. It leaves
// each program's failures in its fails and returns the first index not
// started. The cases running when gctx ends are cut off. When no
// implementation plays in process (Impl.Play), the cases are made ahead
// of the workers (see ahead), so that a program finds its next case
// ready when it answers.
func (r *gameRun[C, T]) runGenerated(ctx, gctx context.Context, o RunOptions, from int, live []*program[C, T]) (int, error) {
	for _, p := range live {
		p.fails, p.failedAt, p.skipped = make(map[int]failedCase[C]), -1, -1
	}
	given := make(map[int]claimed[C, T]) // by index, until it starts
	// The engine's play comes with the case when the engine gives the
	// expected answer or is checked itself.
	aim := r.g.GeneratePlayed != nil && (r.sampled || slices.ContainsFunc(live, func(p *program[C, T]) bool { return p.impl.engine }))
	prep := func(ctx context.Context, i int) (refereed[C, T], error) {
		// A big case takes as long to generate as to play.
		played, err := await(ctx, func() (p generatedPlay[C, T]) {
			if aim {
				// The play its moves were aimed on.
				p.c, p.t, p.ok = r.g.GeneratePlayed(o.Seed, i, o.MaxSize)
			} else {
				p.c = r.g.Generate(o.Seed, i, o.MaxSize)
			}
			return p
		})
		if err != nil {
			return refereed[C, T]{}, err
		}
		return r.refereeGenerated(ctx, o.Seed, i, played)
	}
	var pre *ahead[C, T]
	if !slices.ContainsFunc(live, func(p *program[C, T]) bool { return p.impl.Play != nil }) {
		// A preparer is never stopped in the middle of a case, so it
		// makes it to the end whatever gctx does, as a worker's await
		// leaves a case it stops waiting for.
		pre = startAhead(context.WithoutCancel(gctx), o, r.deadline, from, o.Shard.step(), prep)
		defer pre.close()
	}
	more := func(next int) bool {
		if o.Count > 0 && next >= o.Count || !r.deadline.IsZero() && !time.Now().Before(r.deadline) {
			return false
		}
		open := false
		var to []*program[C, T]
		for _, p := range live {
			if p.failedAt >= 0 && next >= p.failedAt {
				if p.skipped < 0 && next >= p.from {
					p.skipped = next
				}
				continue
			}
			open = true
			if next >= p.from {
				to = append(to, p)
			}
		}
		if open {
			cl := claimed[C, T]{to: to}
			if pre != nil {
				cl.f = pre.claim(next)
			}
			given[next] = cl
		}
		return open
	}
	next, err := r.pool(gctx, o, from, o.Shard.step(), more, func(i int) error {
		r.mu.Lock()
		cl := given[i]
		delete(given, i)
		r.mu.Unlock()
		to := cl.to
		if len(to) == 0 {
			return nil
		}
		var ref refereed[C, T]
		var err error
		if pre != nil {
			ref, err = pre.get(gctx, cl.f, i)
		} else {
			ref, err = prep(gctx, i)
		}
		res := make([]Result, len(to))
		cut := make([]bool, len(to))
		for j, p := range to {
			if err == nil {
				res[j], err = r.g.against(gctx, p.impl, ref)
			}
			if err != nil && !cutOff(ctx, err) {
				return err
			}
			cut[j] = err != nil
		}
		// A case not accepted against the engine's answer is judged
		// again against the reference's (OracleSampled).
		if err == nil && ref.byEngine && slices.ContainsFunc(res, func(res Result) bool { return !res.Ok() }) {
			if err := r.g.confirm(gctx, &ref); err != nil {
				if !cutOff(ctx, err) {
					return err
				}
				for j := range cut {
					cut[j] = cut[j] || !res[j].Ok()
				}
			}
			for j := range res {
				if !ref.byEngine && !res[j].Ok() {
					res[j] = r.g.rejudge(res[j], &ref)
				}
			}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		r.tallyGenerated(i, &ref, to, res, cut)
		return nil
	})
	if cutOff(ctx, err) {
		err = nil
	}
	return next, err
}

// claimed is a generated index as a worker of runGenerated claimed it:
// the implementations it is given to, and the case made ahead for it
// (nil: made by the worker).
type claimed[C, T any] struct {
	to []*program[C, T]
	f  *future[C, T]
}

// tallyGenerated counts generated case i, played as ref, checked on the
// implementations to with the results res, those marked in cut cut off;
// r.mu is held.
func (r *gameRun[C, T]) tallyGenerated(i int, ref *refereed[C, T], to []*program[C, T], res []Result, cut []bool) {
	finished := slices.Contains(cut, false)
	// Given in an earlier batch to an implementation that goes on after
	// it: the case is counted already.
	earlier := slices.ContainsFunc(r.progs, func(q *program[C, T]) bool { return i < q.from })
	row := r.genRows[i]
	for j, p := range to {
		if cut[j] {
			p.rep.CutOff++
			if finished || earlier {
				p.cutShared++
			}
			continue
		}
		p.rep.Generated++
		p.rep.GenIndices.Add(i)
		p.rep.GenCells += int64(r.g.cells(ref.c))
		p.rep.GenMoves += int64(r.g.Steps(ref.c))
		addCoverage(p.rep, ref)
		if ref.played {
			p.rep.Refereed++
		}
		if ref.disagreed {
			p.rep.EngineDisagreed = append(p.rep.EngineDisagreed, generatedSource(i, r.matrix.Seed))
		}
		r.tally(p, &res[j], false)
		if res[j].Ok() {
			if f := res[j].streamFirst; f != nil {
				p.rep.Flaky = append(p.rep.Flaky, FlakyCase{Source: generatedSource(i, r.matrix.Seed), First: *f})
			}
			continue
		}
		p.fails[i] = failedCase[C]{ref.c, res[j]}
		if p.failedAt < 0 || i < p.failedAt {
			p.failedAt = i
		}
		if row == nil {
			row = r.genRow(i)
		}
	}
	if row != nil {
		for j, p := range to {
			row.Cells[p.col] = Cell{Ran: !cut[j], Verdict: res[j].Verdict, CutOff: cut[j]}
		}
	}
	switch {
	case earlier:
	case finished:
		r.matrix.Generated++
	default:
		r.matrix.CutOff++
	}
}
