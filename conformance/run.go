package conformance

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
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
	// Report.CutOff as neither accepted nor failed. Shrinking a
	// divergence has a bound of its own, ShrinkTime.
	Time time.Duration
	// CasesTime bounds the built-in cases and Cases, from the run's
	// start; zero means no bound (each run of a program ends all the
	// same, at its limits). No such case starts once it has run out,
	// and one still running CutOffGrace later is cut off, its second
	// run's cut leaving its first verdict standing; the cases left are
	// counted in Report.Unchecked, and the run is not Ok.
	CasesTime time.Duration
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
	// ShrinkTime bounds what is done with a divergence once found,
	// whatever the program does: shrinking, the checks of the shrunk
	// case, the replays that name a state leak, and the search for the
	// first diverging step; zero means DefaultShrinkTime. What is found
	// by then is reported, and a search cut short says so
	// (ErrShrinkTime).
	ShrinkTime time.Duration
	// Progress, when not nil, is called from time to time while cases
	// run and while a divergence is shrunk (from one goroutine at a
	// time), and once when the run is done.
	Progress func(Progress)
	// ProgressEvery is the time between calls of Progress; zero means a
	// quarter of a second.
	ProgressEvery time.Duration
	// Shard, when its N is more than 1, checks one part of the cases of
	// the run, for N machines that check the rest (see Shard); the zero
	// Shard checks them all. The indices of generated cases stay those
	// of the whole run.
	Shard Shard
	// Oracle chooses what gives the expected answers of the generated
	// cases; the zero Oracle, OracleReference, is the reference on
	// every case.
	Oracle Oracle
	// NoCoverage skips reading the rule coverage of the cases
	// (Report.Coverage), which has the reference play each case with
	// its Detail; the zero value reads it.
	NoCoverage bool
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
//
// Run is RunAll with one implementation.
func (g *Game[C, T]) Run(ctx context.Context, impl Impl[C, T], o RunOptions) (*Report, error) {
	reps, _, err := g.RunAll(ctx, []Impl[C, T]{impl}, o)
	if len(reps) == 0 {
		return nil, err
	}
	return reps[0], err
}

// gameRun is one RunAll, and so one Run: one or more implementations
// checked on the same cases.
type gameRun[C, T any] struct {
	g     *Game[C, T]
	progs []*program[C, T]
	// sampled says the generated cases are played by OracleSampled.
	sampled bool
	// noCoverage says the run reads no coverage (RunOptions.NoCoverage).
	noCoverage bool

	start    time.Time
	deadline time.Time // zero: none

	mu     sync.Mutex // guards what follows and the programs' reports and search
	matrix *Matrix
	// diverged counts the checks not accepted (or of a disputed, invalid
	// or bad case), one for each implementation, for Progress.
	diverged int
	// genRows are the rows of the generated cases some implementation
	// did not get accepted, by index, until the generated cases are done.
	genRows map[int]*MatrixRow
	// shrinking is set once a divergence is being shrunk; shrinkTried
	// counts the candidates tried.
	shrinking   bool
	shrinkTried int
}

// program is one implementation of a run, with its report and where its
// search of the generated cases stands.
type program[C, T any] struct {
	impl Impl[C, T]
	col  int // its column of the matrix
	rep  *Report

	// named is the index of the first built-in or named case it did not
	// get accepted, -1 if none, and namedRes its check.
	named    int
	namedRes Result
	// gen is the index of the first generated case it did not get
	// accepted, -1 if none, with the case and its check.
	gen     int
	genCase C
	genRes  Result

	// from is the first generated index not given to it yet: every one
	// below was. In a batch of generated cases (runGenerated), failedAt
	// is the smallest index it did not get accepted, -1 if none, fails
	// its cases not accepted by index, and skipped the first index not
	// given to it because of failedAt, -1 if none.
	from, failedAt, skipped int
	fails                   map[int]failedCase[C]
	// done is set once it has diverged: it is given no more generated
	// cases.
	done bool
	// cutShared counts the generated cases it was cut off on that
	// another implementation finished.
	cutShared int
}

// flaky runs c once more on p when its first check, res, is a time
// limit, a runtime error or bad output with no output at all (not a
// breach of the protocol), which a loaded machine or a flaky program can
// give a correct answer. When the second run is accepted, the case is
// flaky: it is noted in p's Report.Flaky and the second check is
// returned with true. Output the program printed is its answer, and is
// not run again. A state leak is never run again: its replay has
// confirmed it already, and a case run alone in a fresh process passes
// by its nature. A case accepted that failed at first in a stream
// (Result.streamFirst) was run again already: it is noted so.
func (r *gameRun[C, T]) flaky(ctx context.Context, p *program[C, T], src string, c C, res Result) (Result, bool, error) {
	if res.Ok() && res.streamFirst != nil {
		// Run again already, alone and after its earlier cases.
		r.mu.Lock()
		defer r.mu.Unlock()
		p.rep.Flaky = append(p.rep.Flaky, FlakyCase{Source: src, First: *res.streamFirst})
		return res, true, nil
	}
	noOutput := res.Verdict == BadOutput && res.OutputSize == 0 && !res.Breach
	if res.Verdict != TimeLimit && res.Verdict != RuntimeError && !noOutput || res.Leak || res.Memory {
		return res, false, nil
	}
	again, err := r.g.Check(ctx, p.impl, c)
	if err != nil || !again.Ok() {
		return res, false, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	p.rep.Flaky = append(p.rep.Flaky, FlakyCase{Source: src, First: res})
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

// generatedSource names generated case i as Divergence.Source does.
func generatedSource(i int, seed uint64) string {
	return fmt.Sprintf("generated case %d (seed %d)", i, seed)
}

// run checks the cases of o. It goes on when ctx has ended already, so
// that the named cases that need no run (a bad file, an input that is
// not valid) are reported all the same; the error is then ctx's.
func (r *gameRun[C, T]) run(ctx context.Context, o RunOptions) ([]*Report, *Matrix, error) {
	if err := o.Shard.valid(); err != nil {
		return nil, nil, err
	}
	r.noCoverage = o.NoCoverage
	r.sampled = o.Oracle == OracleSampled && r.g.Engine != nil &&
		!slices.ContainsFunc(r.progs, func(p *program[C, T]) bool { return p.impl.Play != nil || p.impl.steps() })
	var all []named[C]
	if !o.NoBuiltin {
		for _, c := range r.g.Builtin() {
			all = append(all, named[C]{Case: c, builtin: true})
		}
	}
	for _, c := range o.Cases {
		all = append(all, named[C]{Case: r.g.textAnswer(c)})
	}
	var cases []named[C]
	for i, n := range all {
		if o.Shard.Has(i) {
			cases = append(cases, n)
		}
	}
	for i := range cases {
		if cases[i].Err != nil {
			cases[i].err = cases[i].Err
			continue
		}
		cases[i].c, cases[i].err = r.g.parse(cases[i].Input)
	}

	r.matrix = &Matrix{Game: r.g.Name, Seed: o.Seed}
	r.genRows = make(map[int]*MatrixRow)
	reps := make([]*Report, len(r.progs))
	for i, p := range r.progs {
		p.rep = &Report{Game: r.g.Name, Rules: r.g.Rules, Impl: p.impl.String(), Seed: o.Seed, Shard: o.Shard}
		if r.covering() {
			p.rep.Coverage = r.g.newCoverage()
		}
		p.named, p.gen, p.from = -1, -1, o.Shard.first()
		reps[i] = p.rep
		r.matrix.Impls = append(r.matrix.Impls, p.rep.Impl)
	}
	r.start = time.Now()
	if o.Time > 0 || o.Count == 0 {
		limit := o.Time
		if limit <= 0 {
			limit = DefaultRunTime
		}
		r.deadline = r.start.Add(limit)
	}
	stopProgress := r.progress(o)
	err := r.runNamed(ctx, o, cases)
	if err == nil && o.Count >= 0 && slices.ContainsFunc(r.progs, func(p *program[C, T]) bool { return p.named < 0 }) {
		err = r.generated(ctx, o)
	}
	r.finishMatrix()
	defer func() {
		elapsed := time.Since(r.start)
		for _, p := range r.progs {
			p.rep.Elapsed = elapsed
		}
		stopProgress()
	}()
	if err != nil {
		return reps, r.matrix, err
	}

	// Each implementation's first divergence is shrunk with that
	// implementation, one after the other.
	for _, p := range r.progs {
		switch {
		case p.named >= 0:
			n := cases[p.named]
			p.rep.Divergence, err = r.diverge(ctx, o, p, n.source(), -1, n.c, p.namedRes)
		case p.gen >= 0:
			p.rep.Divergence, err = r.diverge(ctx, o, p, generatedSource(p.gen, o.Seed), p.gen, p.genCase, p.genRes)
		}
		if err != nil {
			return reps, r.matrix, err
		}
	}
	return reps, r.matrix, nil
}

// untally takes back tally(p, res, false); r.mu is held.
func (r *gameRun[C, T]) untally(p *program[C, T], res *Result) {
	p.rep.Verdicts[min(res.Verdict, BadOutput)]--
	if !res.Ok() {
		r.diverged--
	}
}

// tally counts one case checked on p; r.mu is held.
func (r *gameRun[C, T]) tally(p *program[C, T], res *Result, disputed bool) {
	p.rep.Verdicts[min(res.Verdict, BadOutput)]++
	if !res.Ok() || disputed {
		r.diverged++
	}
}

// runNamed checks the built-in and named cases on o.Jobs goroutines,
// each case played once by the reference and checked on every
// implementation, and notes in each program the first it did not get
// accepted. The reports and the matrix list them in order, whatever
// order they ran in.
func (r *gameRun[C, T]) runNamed(ctx context.Context, o RunOptions, cases []named[C]) error {
	results := make([][]NamedResult, len(cases)) // by case, then implementation
	// --time covers these cases too: none starts past the deadline, and
	// one still running CutOffGrace after it is cut off.
	nctx := ctx
	var deadline time.Time
	if o.CasesTime > 0 {
		deadline = r.start.Add(o.CasesTime)
		var cancel context.CancelFunc
		nctx, cancel = context.WithDeadline(ctx, deadline.Add(CutOffGrace))
		defer cancel()
	}
	cells := make([][]Cell, len(cases))
	settle := func(i int) error {
		n := &cases[i]
		if results[i] != nil {
			return nil // settled before the pool started
		}
		nr := NamedResult{Name: n.Name, Source: n.Source, Builtin: n.builtin, Answer: n.Want, HasAnswer: n.HasWant, AnswerText: n.WantText, Err: n.err, BadFile: n.Case.Err != nil}
		nrs := make([]NamedResult, len(r.progs))
		cs := make([]Cell, len(r.progs))
		var ref refereed[C, T]
		if n.err == nil {
			var err error
			ref, err = r.g.refereeWith(nctx, n.c, r.reference())
			if err != nil {
				return fmt.Errorf("case %s: %w", n.Name, err)
			}
			r.cover(&ref)
			for j, p := range r.progs {
				res, err := r.g.against(nctx, p.impl, ref)
				flaky := false
				if err == nil {
					first := res
					res, flaky, err = r.flaky(nctx, p, n.source(), n.c, res)
					if cutOff(ctx, err) {
						// A second run cut off at --time leaves the
						// first standing, as for a generated case.
						res, flaky, err = first, false, nil
					}
				}
				if err != nil {
					return fmt.Errorf("case %s: %w", n.Name, err)
				}
				nrs[j] = nr
				nrs[j].Result, nrs[j].Reference = res, res.Want
				cs[j] = Cell{Ran: true, Verdict: res.Verdict, Flaky: flaky}
			}
		} else {
			for j := range nrs {
				nrs[j] = nr
			}
		}
		r.mu.Lock()
		defer r.mu.Unlock()
		results[i], cells[i] = nrs, cs
		if n.builtin {
			r.matrix.Builtin++
		} else {
			r.matrix.Named++
		}
		for j, p := range r.progs {
			if n.builtin {
				p.rep.Builtin++
			} else {
				p.rep.Named++
			}
			if nrs[j].Err != nil {
				r.diverged++
			} else {
				r.tally(p, &nrs[j].Result, nrs[j].Disputed())
				addCoverage(p.rep, &ref)
			}
		}
		return nil
	}
	// A case that is not valid, or a file that could not be made a
	// case, is settled without running anything: before the others, so
	// that an interrupt or an error never hides it.
	for i := range cases {
		if cases[i].err != nil {
			settle(i)
		}
	}
	_, err := r.pool(nctx, o, 0, 1, func(next int) bool {
		return next < len(cases) && (deadline.IsZero() || time.Now().Before(deadline))
	}, settle)
	if cutOff(ctx, err) {
		err = nil
	}
	// What was settled is reported even when the run stopped short:
	// the cases not reached are neither counted nor named, and, when
	// the time ran out, counted as unchecked.
	for i, nrs := range results {
		if nrs == nil {
			if ctx.Err() == nil {
				for _, p := range r.progs {
					p.rep.Unchecked++
				}
				r.matrix.Unchecked++
			}
			continue
		}
		n, first := &cases[i], &nrs[0]
		for _, p := range r.progs {
			if n.builtin {
				p.rep.BuiltinNames = append(p.rep.BuiltinNames, n.Name)
			} else {
				p.rep.NamedNames = append(p.rep.NamedNames, n.Name)
			}
		}
		row := MatrixRow{Source: n.source(), Name: n.Name, File: n.Source, Index: -1, Builtin: n.builtin, Cells: cells[i],
			Err: first.Err, BadFile: first.BadFile, Disputed: first.Disputed(), Answer: first.Answer, Reference: first.Reference}
		listed := row.Err != nil || row.Disputed
		for j, p := range r.progs {
			nr := nrs[j]
			if nr.Err != nil || !nr.Result.Ok() || nr.Disputed() {
				p.rep.Failed = append(p.rep.Failed, nr)
			}
			if nr.Err == nil && !nr.Result.Ok() {
				listed = true
				if p.named < 0 {
					p.named, p.namedRes = i, nr.Result
				}
			}
		}
		if listed {
			r.matrix.Rows = append(r.matrix.Rows, row)
		}
	}
	return err
}

// jobs is the number of cases checked at once.
func jobs(o RunOptions) int {
	if o.Jobs <= 0 {
		return runtime.NumCPU()
	}
	return o.Jobs
}

// pool runs work(i) for i = from, from+step, ... on jobs(o) goroutines,
// starting each index only while more(i) allows it (more is called with
// r.mu held; work takes r.mu itself). It stops starting indices at the
// first error of work or the end of ctx, lets those running finish, and
// returns the first index not started and that error (or ctx's).
func (r *gameRun[C, T]) pool(ctx context.Context, o RunOptions, from, step int, more func(i int) bool, work func(i int) error) (int, error) {
	var (
		next     = from
		firstErr error
		wg       sync.WaitGroup
	)
	claim := func() int {
		r.mu.Lock()
		defer r.mu.Unlock()
		if firstErr != nil || ctx.Err() != nil || !more(next) {
			return -1
		}
		next += step
		return next - step
	}
	for range jobs(o) {
		wg.Go(func() {
			for i := claim(); i >= 0; i = claim() {
				if err := work(i); err != nil {
					r.mu.Lock()
					firstErr = cmp.Or(firstErr, err)
					r.mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return next, cmp.Or(firstErr, ctx.Err())
}

// ErrShrinkTime is the error of the search for the first diverging step
// (Divergence.OpErr) when RunOptions.ShrinkTime ran out before it ended.
var ErrShrinkTime = errors.New("the time to shrink and localise ran out")

// diverge shrinks c, which got the verdict of found on p, to a smaller
// case that fails the same way on p and finds the first step where p
// parts from the reference on it, all within o.ShrinkTime.
func (r *gameRun[C, T]) diverge(ctx context.Context, o RunOptions, p *program[C, T], src string, index int, c C, found Result) (*Divergence, error) {
	g, impl := r.g, p.impl
	ctx = forShrinking(ctx)
	d := &Divergence{Source: src, Index: index, Found: found, Shrunk: found, Op: -1}
	start := time.Now()
	defer func() { d.Elapsed = time.Since(start) }()
	limit := o.ShrinkTime
	if limit <= 0 {
		limit = DefaultShrinkTime
	}
	sctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	r.mu.Lock()
	r.shrinking = true
	r.mu.Unlock()
	if found.Memory {
		// Its call goes on allocating: another would take the heap
		// further.
		return d, nil
	}
	if small, ok := g.doesNotRun(sctx, impl, p.rep, o.Seed, found); ok {
		d.DoesNotRun, d.Shrunk = true, small
		return d, nil
	}
	if err := ctx.Err(); err != nil {
		return d, err
	}
	switch {
	case found.Breach:
		d.Breach = true
		return d, nil
	case found.Leak:
		d.Leak, d.BeforeFound = true, len(found.Before)
		ref := refereed[C, T]{c: c, in: g.format(c), want: g.briefReference(c)}
		d.Before, d.LeakTried = g.shrinkLeak(sctx, impl.Prog, ref, found.Before, found)
		if err := ctx.Err(); err != nil {
			return d, err
		}
		seq, res, stats, ok := g.shrinkLeakCases(sctx, impl.Prog, c, d.Before, found, o.Shrink)
		if err := ctx.Err(); err != nil {
			return d, err
		}
		d.ShrinkStats = stats
		last := c
		if ok {
			d.Before, d.Shrunk = seq.before, res
			last = seq.last
		}
		// What the leak is called rests on two more replays: they run
		// whatever is left of the shrinking's time.
		d.History, d.HistoryTried = g.historyOnly(sctx, impl.Prog, d.Before, last, d.Shrunk)
		if err := ctx.Err(); err != nil {
			return d, err
		}
		d.Shrunk.History = d.History
		if d.Op = d.Shrunk.Move; d.Op > 0 {
			d.AtOp = d.Shrunk
		} else {
			d.Op = -1
		}
		return d, nil
	}
	// How the case fails may take plays of the whole case to find
	// (failureOf): bounded with the shrinking, and left behind when ctx
	// ends.
	want, err := await(sctx, func() failure { return g.failureOf(sctx, impl, c, found) })
	if err != nil {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		want = howOf(found)
	}
	// lastFail is the last candidate that failed as wanted, with its
	// check: the shrunk case is that candidate, and a run of a program
	// may take its whole wall-clock limit, so it is not run again.
	var lastFail struct {
		c   C
		res Result
		ok  bool
	}
	fails := func(c C) bool {
		r.mu.Lock()
		r.shrinkTried++
		r.mu.Unlock()
		res, err := g.Check(sctx, impl, c)
		if err != nil || res.Ok() {
			return false
		}
		f, err := await(sctx, func() failure { return g.failureOf(sctx, impl, c, res) })
		if err != nil || f != want {
			return false
		}
		lastFail.c, lastFail.res, lastFail.ok = c, res, true
		return true
	}
	so := o.Shrink
	if so.Aim == "" {
		so.Aim = want.aim()
	}
	small, stats := g.Shrink(sctx, c, fails, so)
	d.ShrinkStats = stats
	if err := ctx.Err(); err != nil {
		return d, err
	}
	// Each check from here on runs within what is left of the time:
	// once it has run out, what was found stands.
	var res Result
	if lastFail.ok && g.sameInput(small, lastFail.c) {
		res = lastFail.res
	} else if res, err = g.Check(sctx, impl, small); err != nil {
		if err := ctx.Err(); err != nil {
			return d, err
		}
		small, res, err = c, found, nil
		if lastFail.ok {
			small, res = lastFail.c, lastFail.res
		}
	}
	if howOf(res) != howOf(found) {
		// Flaky: the shrunk case no longer fails the same way. Report
		// the case as found, unless it no longer fails at all.
		small, res = c, found
		again, err := g.Check(sctx, impl, c)
		if err := ctx.Err(); err != nil {
			return d, err
		}
		if err == nil && again.Ok() {
			d.NotReproduced = true
			return d, nil
		}
	}
	d.Shrunk = res
	if impl.steps() {
		// The step protocol names the first diverging step from the
		// one run; 0 is the total alone, which no step shows.
		d.Op, d.AtOp = res.Move, res
		if d.Op == 0 {
			d.Op = -1
		}
		return d, nil
	}

	// res has just shown that the whole of small diverges: the search
	// starts from it rather than running small once more. A cut counts
	// as diverging only when it fails as small does: one that fails
	// another way shows another bug, not where this one starts.
	how := howOf(res)
	cuts := make(map[int]Result)
	d.Op, d.OpErr = localise(g.Steps(small), g.Step+"s", true, true, func(i int) (bool, error) {
		r, err := g.cut(sctx, impl, g.Prefix(small, i), small, false)
		cuts[i] = r
		return err == nil && !r.Ok() && howOf(r) == how, err
	})
	if err := ctx.Err(); err != nil {
		return d, err
	}
	if d.OpErr != nil && sctx.Err() != nil {
		d.OpErr = ErrShrinkTime
	}
	if d.OpErr != nil && !errors.Is(d.OpErr, ErrInconsistent) {
		d.Op = -1
	}
	d.OtherwiseAt = -1
	for i, r := range cuts {
		if !r.Ok() && howOf(r) != how && (d.OtherwiseAt < 0 || i < d.OtherwiseAt) {
			d.Otherwise, d.OtherwiseAt = r, i
		}
	}
	switch {
	case d.Op == g.Steps(small):
		d.AtOp = res // the prefix of every step is small itself
	case d.Op >= 0:
		if d.AtOp, err = g.Check(sctx, impl, g.Prefix(small, d.Op)); err != nil && ctx.Err() == nil {
			// Out of time: the step stands, without its check.
			d.AtOp, d.OpErr, err = Result{}, ErrShrinkTime, nil
		}
	}
	return d, err
}

// sameInput reports whether a and b are the same input, their header
// included.
func (g *Game[C, T]) sameInput(a, b C) bool {
	fa, fb := g.format(a), g.format(b)
	return bytes.Equal(g.file(a, fa), g.file(b, fb))
}
