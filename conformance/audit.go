package conformance

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
)

// AuditOptions say how Audit plays the planted variants. The zero value
// plays each variant on the cases in order until one kills it, on
// runtime.NumCPU() goroutines.
type AuditOptions struct {
	// Matrix plays every variant on every case, killed or not, so that
	// each case lists every variant it kills (AuditCase.Kills): the kill
	// matrix a small test set is chosen from. Without it a variant is not
	// played on the cases after the first that kills it, which is all a
	// mutation score needs; the first killer is the same either way.
	Matrix bool
	// Jobs is the number of plays at once; zero means runtime.NumCPU().
	Jobs int
}

// An AuditReport is what Audit finds of a set of cases of one game.
type AuditReport struct {
	// Game is the game's name.
	Game string
	// Rules is the rule set the cases were played under (Game.Rules);
	// empty for the statement's.
	Rules string
	// Matrix says every variant was played on every case it could tell
	// from the reference (AuditOptions.Matrix).
	Matrix bool
	// Cases are the cases audited, in the order given.
	Cases []AuditCase
	// Coverage counts every coverage item of the game over the valid
	// cases, in the game's order, those no case reaches included.
	Coverage []ItemCount
	// Variants are the game's planted variants, in the order of
	// Game.Variants, with the cases that kill them.
	Variants []AuditVariant
	// Rulings are the game's rulings, in SPEC.md's order, each with its
	// variants.
	Rulings []AuditRuling
}

// An AuditRuling is one ruling of a game with the planted variants that
// break it.
type AuditRuling struct {
	// Rule is the ruling, as SPEC.md numbers it: "S5", "M5.4".
	Rule string
	// Variants are the indexes in AuditReport.Variants of its variants.
	Variants []int
	// Why, when not empty, says why no variant of the ruling counts: the
	// ruling has none (Ruling.NoVariant), or each of its
	// variants is equivalent or not reachable inside the statement's
	// limits (AuditVariant.Uncounted, one per variant, joined).
	Why string
}

// An AuditCase is what Audit finds of one case.
type AuditCase struct {
	// Name and Source are those of the Case.
	Name, Source string
	// Err says why the case was not audited: its files could not be
	// made a case (Case.Err, which names the file; BadFile is set), its
	// input is not valid (the error names the line), or it lies outside
	// the statement's limits.
	Err     error
	BadFile bool
	// Reference is the reference's total.
	Reference int64
	// ReferenceText is the reference's answer when it is not the total
	// (Game.AnswerText), nil otherwise.
	ReferenceText []byte
	// Answer is the case's answer file, when HasAnswer; AnswerText is
	// the file when it holds an answer other than one integer
	// (Case.WantText).
	Answer     int64
	AnswerText []byte
	HasAnswer  bool
	// Coverage says how often the case reaches each coverage item (see
	// Coverage.Counts).
	Coverage map[string]int
	// Kills are the indexes in Variants of the variants the case kills:
	// every one with AuditOptions.Matrix, else those it kills first.
	Kills []int
}

// Disputed reports whether the case's answer file disagrees with the
// reference.
func (c *AuditCase) Disputed() bool {
	if c.Err == nil && c.AnswerText != nil {
		return !sameText(c.AnswerText, c.ReferenceText)
	}
	return c.Err == nil && c.HasAnswer && c.Answer != c.Reference
}

// An ItemCount is how often the cases of an audit reach a coverage item.
type ItemCount struct {
	CoverageItem
	// Cases counts the cases that reach it at least once; Count counts
	// every time, in the unit Help names.
	Cases, Count int
}

// An AuditVariant is a planted variant with the cases that kill it. A
// case kills a variant when the variant's total differs from the
// reference's, or when it panics (a crash, a runtime error to a judge).
type AuditVariant struct {
	// Name and Rule are those of the Variant.
	Name, Rule string
	// Counting says whether the variant counts (Variant's): one
	// that does not is not played, nor counted in the score.
	Counting
	// KilledBy are the indexes in Cases of the cases that kill it, in
	// order: every one with AuditOptions.Matrix, else the first only.
	// Empty: the variant survives.
	KilledBy []int
	// How says how the first of KilledBy kills it: "total 60, want 54",
	// or the panic.
	How string
	// Played counts the cases the variant was played on: not those it
	// is idle on (Coverage.Idle), nor, without Matrix, those after its
	// first killer.
	Played int
}

// Killed reports whether some case kills the variant.
func (v *AuditVariant) Killed() bool { return len(v.KilledBy) > 0 }

// Ok reports whether every case is valid and every answer file agrees
// with the reference.
func (r *AuditReport) Ok() bool {
	for i := range r.Cases {
		if r.Cases[i].Err != nil || r.Cases[i].Disputed() {
			return false
		}
	}
	return true
}

// Score is the mutation score: the variants killed, of those that count
// (all but the equivalent ones and those out of reach inside the
// statement's limits).
func (r *AuditReport) Score() (killed, counted int) {
	for i := range r.Variants {
		if !r.Variants[i].Counts() {
			continue
		}
		counted++
		if r.Variants[i].Killed() {
			killed++
		}
	}
	return killed, counted
}

// KillPercent is the mutation score in percent; 100 when no variant
// counts.
func (r *AuditReport) KillPercent() float64 {
	killed, counted := r.Score()
	if counted == 0 {
		return 100
	}
	return 100 * float64(killed) / float64(counted)
}

// Audit measures a judge's test data, as `cascade audit` does: for every
// case, whether it is a valid input inside the statement's limits and
// whether its answer file agrees with the reference; which coverage
// items the cases reach and how often (Game.Coverage); and which planted
// variants (Game.Variants) they kill, in the order given.
//
// The reference plays each case once. The variants play in-process on
// o.Jobs goroutines, each (case, variant) pair a job, and a variant is
// not played on a case it is idle on (Coverage.Idle), which it scores as
// the reference does, nor on those that do not count (equivalent, or out
// of reach inside the statement's limits): the kill matrix stays exact. A variant's panic is caught and kills it, as
// Check makes a panic a runtime error; only its total is compared, since
// a judge compares totals.
//
// A case that cannot be read, is not valid or lies outside the
// statement's limits is reported (AuditCase.Err) and the audit goes on.
// The error is that of ctx, with the report so far.
func (g *Game[C, T]) Audit(ctx context.Context, cases []Case, o AuditOptions) (*AuditReport, error) {
	a := g.newAudit(o)
	a.rep.Cases = make([]AuditCase, len(cases))
	parsed := make([]C, len(cases))
	a.size = make([]int, len(cases))
	a.collectFrom = debug.SetMemoryLimit(-1) / 4 / collectPerByte
	for i, c := range cases {
		a.size[i] = len(c.Input)
		c = g.textAnswer(c)
		ac := &a.rep.Cases[i]
		ac.Name, ac.Source, ac.Answer, ac.HasAnswer = c.Name, c.Source, c.Want, c.HasWant
		ac.AnswerText = c.WantText
		ac.Err, ac.BadFile = c.Err, c.Err != nil
		if ac.Err == nil {
			parsed[i], ac.Err = g.auditable(c.Input)
		}
	}
	err := a.run(ctx, parsed)
	a.finish()
	return a.rep, err
}

// auditable parses an input and checks it is a case inside the
// statement's limits.
func (g *Game[C, T]) auditable(in []byte) (C, error) {
	c, err := g.parse(in)
	if err != nil {
		return c, err
	}
	if g.InLimits != nil {
		if ok, why := g.InLimits(c); !ok {
			return c, errors.New("outside the statement's limits: " + why)
		}
	}
	return c, nil
}

// A Profile is what an audit finds of one case.
type Profile struct {
	// Total is the reference's total.
	Total int64
	// Coverage says how often the case reaches each coverage item.
	Coverage map[string]int
	// Kills are the indexes in Game.Variants() of the planted variants
	// the case kills.
	Kills []int
}

// Profile audits one case, valid and inside the statement's limits (as
// a generated one is): its coverage and every planted variant it kills,
// the reference played once and the variants on runtime.NumCPU()
// goroutines. It is what a test set is chosen by.
func (g *Game[C, T]) Profile(c C) Profile {
	a := g.newAudit(AuditOptions{Matrix: true})
	a.rep.Cases = make([]AuditCase, 1)
	a.run(context.Background(), []C{c})
	a.finish()
	ac := a.rep.Cases[0]
	return Profile{Total: ac.Reference, Coverage: ac.Coverage, Kills: ac.Kills}
}

// Kills returns the indexes in Game.Variants() of the planted variants
// c kills (see Profile).
func (g *Game[C, T]) Kills(c C) []int { return g.Profile(c).Kills }

// audit is one Audit.
type audit[C, T any] struct {
	g        *Game[C, T]
	o        AuditOptions
	variants []Variant[C, T]
	rep      *AuditReport
	// idle[i][v] says case i leaves variant v idle.
	idle [][]bool
	// size[i] is the size of case i's input; nil when not known.
	size []int
	// collectFrom is the size of input from which a play is followed
	// by a collection (collect).
	collectFrom int64

	mu sync.Mutex // guards rep.Variants and first
	// first[v] is the first case known to kill variant v, -1 if none.
	first []int
}

func (g *Game[C, T]) newAudit(o AuditOptions) *audit[C, T] {
	a := &audit[C, T]{g: g, o: o, rep: &AuditReport{Game: g.Name, Rules: g.Rules, Matrix: o.Matrix}}
	if g.Variants != nil {
		a.variants = g.Variants()
	}
	for _, v := range a.variants {
		a.rep.Variants = append(a.rep.Variants, AuditVariant{Name: v.Name, Rule: v.Rule, Counting: v.Counting})
		a.first = append(a.first, -1)
	}
	if g.Rulings != nil {
		a.rep.Rulings = auditRulings(g.Rulings(), a.rep.Variants)
	}
	return a
}

// run plays the reference on every case not already in error, reads its
// coverage, then plays the variants. cases[i] is rep.Cases[i].
func (a *audit[C, T]) run(ctx context.Context, cases []C) error {
	a.idle = make([][]bool, len(cases))
	err := pool(ctx, a.jobs(), len(cases), func(i int) {
		if a.rep.Cases[i].Err != nil {
			return
		}
		a.reference(i, cases[i])
		a.collect(i)
	})
	if err != nil {
		for i := range a.rep.Cases {
			if ac := &a.rep.Cases[i]; ac.Err == nil && a.idle[i] == nil {
				ac.Err = fmt.Errorf("not audited: %w", err)
			}
		}
		return err
	}
	nv := len(a.variants)
	return pool(ctx, a.jobs(), len(cases)*nv, func(job int) {
		i, v := job/nv, job%nv
		if a.rep.Cases[i].Err == nil && !a.idle[i][v] && a.rep.Variants[v].Counts() && a.wanted(i, v) {
			a.play(i, v, cases[i])
			a.collect(i)
		}
	})
}

// collectPerByte is what a play is taken to hold per byte of its case's
// input: what cascade's bound allows (docs/reliability.md).
const collectPerByte = 32

// collect runs the collector after a play of case i when what the play
// held, collectPerByte bytes per byte of its input, is a quarter of the
// process's soft memory limit (debug.SetMemoryLimit) or more; never
// without a limit. What the play held is garbage once it has played
// (a SameGame box of 2,000,000 x 1 is some 50 MB), and the next play
// allocates as much again at its start, before the collector, paced by
// the limit, has got to the last: the two side by side took an audit of
// that box to 149 to 160 MiB against a bound of 125 MiB. A collection
// costs a few milliseconds beside a play of such a case; after each of
// the many plays of small cases it would cost more than the plays.
func (a *audit[C, T]) collect(i int) {
	if i < len(a.size) && int64(a.size[i]) >= a.collectFrom {
		runtime.GC()
	}
}

// reference plays case i on the reference and reads its coverage and
// the variants it leaves idle; the trace, large on a large case, is
// dropped.
func (a *audit[C, T]) reference(i int, c C) {
	t := a.g.Reference(c)
	ac := &a.rep.Cases[i]
	ac.Reference = a.g.Total(t)
	ac.ReferenceText = a.g.answerText(c, t)
	var cov Coverage
	if a.g.Coverage != nil {
		cov = a.g.Coverage(c, t)
	}
	ac.Coverage = cov.Counts
	idle := make([]bool, len(a.variants))
	for v, variant := range a.variants {
		idle[v] = cov.idle(variant.Name)
	}
	a.idle[i] = idle
}

// wanted reports whether variant v is still to be played on case i:
// always for the kill matrix, else only when no case before i kills it.
func (a *audit[C, T]) wanted(i, v int) bool {
	if a.o.Matrix {
		return true
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.first[v] < 0 || a.first[v] > i
}

// play plays variant v on case i and records whether it kills it.
func (a *audit[C, T]) play(i, v int, c C) {
	var got T
	err := guard(func() error {
		got = a.variants[v].Play(c)
		return nil
	})
	want := a.rep.Cases[i].Reference
	how := ""
	switch {
	case err != nil:
		how = err.Error()
	case a.g.Total(got) != want:
		how = fmt.Sprintf("total %d, want %d", a.g.Total(got), want)
	case a.rep.Cases[i].ReferenceText != nil && !sameText(a.g.answerText(c, got), a.rep.Cases[i].ReferenceText):
		how = "another answer"
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	av := &a.rep.Variants[v]
	av.Played++
	if how == "" {
		return
	}
	if a.o.Matrix {
		av.KilledBy = append(av.KilledBy, i)
	}
	// Cases run at once: a later case may kill first.
	if a.first[v] < 0 || i < a.first[v] {
		a.first[v], av.How = i, how
	}
}

// finish sorts the kills and counts the coverage.
func (a *audit[C, T]) finish() {
	for v := range a.rep.Variants {
		av := &a.rep.Variants[v]
		if !a.o.Matrix && a.first[v] >= 0 {
			av.KilledBy = []int{a.first[v]}
		}
		slices.Sort(av.KilledBy)
		for _, i := range av.KilledBy {
			a.rep.Cases[i].Kills = append(a.rep.Cases[i].Kills, v)
		}
	}
	for _, item := range a.g.CoverageItems {
		ic := ItemCount{CoverageItem: item}
		for i := range a.rep.Cases {
			if n := a.rep.Cases[i].Coverage[item.Name]; n > 0 && a.rep.Cases[i].Err == nil {
				ic.Cases++
				ic.Count += n
			}
		}
		a.rep.Coverage = append(a.rep.Coverage, ic)
	}
}

func (a *audit[C, T]) jobs() int { return cmp.Or(max(a.o.Jobs, 0), runtime.NumCPU()) }

// pool runs do(0), ..., do(n-1) on jobs goroutines, in order of i as
// far as jobs allow, and stops starting new ones when ctx ends; the
// error is then ctx's.
func pool(ctx context.Context, jobs, n int, do func(i int)) error {
	var (
		mu   sync.Mutex
		next int
		wg   sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next >= n || ctx.Err() != nil {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range min(jobs, n) {
		wg.Go(func() {
			for i, ok := take(); ok; i, ok = take() {
				do(i)
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}
