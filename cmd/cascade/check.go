package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/process"
)

func runCheck(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseCheck(c, args, stdout, stderr)
	if !ok {
		return code
	}
	// What a program under test leaves behind outside its process group
	// comes back to check and is killed (Linux; elsewhere the process
	// group is the bound).
	process.Subreap()
	// An interrupt or a termination request ends the run: the programs
	// running are killed with their process groups (the context's end
	// kills them), and what was checked so far is reported. A second
	// one ends check at once, as it would any program; the programs
	// die with it (their parent-death signal).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop)

	var reports []*gameReport
	var matrices []*gameMatrix
	// finish writes the --json report of what ran, even when the run
	// ends in an error or an interrupt, and returns the exit status: a
	// report that cannot be written makes it at least 1, never hiding a
	// failure.
	var runErr error
	interrupted := false
	finish := func(code int) int {
		if f.json == "" {
			return code
		}
		if err := writeJSON(f.json, f, reports, matrices, runErr, interrupted); err != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			return max(code, exitRejected)
		}
		return code
	}

	named, read, err := readNamedCases(ctx, f)
	if err != nil && ctx.Err() != nil {
		fmt.Fprintf(stderr, "cascade check: interrupted while reading --cases %s\n", f.cases)
		interrupted = true
		return finish(exitRejected)
	}
	if err != nil {
		return c.usagef(stderr, "%v", err)
	}
	games := gamesToCheck(f, named, read)
	if !f.set["count"] || f.count != 0 {
		// What the run holds follows from the cases of --cases; the
		// generated ones are small.
		var size int64
		for _, cs := range named {
			for _, c := range cs {
				size += int64(len(c.Input))
			}
		}
		paceCollector(size)
	}
	if len(games) == 0 {
		what := "no built-in cases (--builtin=false), no generated ones (--count 0)"
		if f.cases != "" {
			what += " and no cases in " + f.cases
		}
		return c.usagef(stderr, "nothing to check: %s", what)
	}

	// --time is shared by the games that generate cases: a rule set of
	// --cases' rules lines generates none.
	share := 0
	for _, g := range games {
		if !f.ruleSet(g) {
			share++
		}
	}
	share = max(share, 1)

	// Stream processes still waiting for a case end with the run.
	defer func() {
		for _, p := range f.programs {
			p.Close()
		}
		for _, ps := range f.ruleSetPrograms {
			for _, p := range ps {
				p.Close()
			}
		}
	}()
	diverged, stopped, nothing := false, false, false
	for _, g := range games {
		if stopped && len(named[gameKey(g)]) == 0 {
			continue
		}
		// After an interrupt, a game with cases of --cases still runs,
		// its context ended: it runs nothing, but reports the cases
		// that need no run, a bad file or an input that is not valid.
		var grs []*gameReport
		var err error
		if len(f.programs) > 1 {
			var gm *gameMatrix
			head := &runHeader{w: stdout, text: matrixHeader(g, len(f.programs), f.seed, shardText(f.shard))}
			gm, err = checkPrograms(ctx, f, g, share, named[gameKey(g)], stderr, head)
			if gm != nil {
				printMatrixReport(stdout, gm)
				matrices = append(matrices, gm)
				grs = gm.reports
			}
		} else {
			var gr *gameReport
			head := &runHeader{w: stdout, text: gameHeader(g, implLine(f), f.seed, shardText(f.shard))}
			gr, err = checkGame(ctx, f, g, share, named[gameKey(g)], stderr, head)
			if gr != nil {
				printReport(stdout, gr)
				grs = []*gameReport{gr}
			}
		}
		if grs == nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			runErr = err
			return finish(exitUsage)
		}
		reports = append(reports, grs...)
		for _, gr := range grs {
			diverged = diverged || !gr.ok() && !gr.checkedNothing()
			nothing = nothing || gr.checkedNothing()
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			runErr = err
			return finish(exitUsage)
		}
		if grs[0].interrupted && !stopped {
			fmt.Fprintf(stderr, "cascade check: interrupted\n")
			stopped = true
		}
		for _, gr := range grs {
			if gr.emitErr != nil {
				fmt.Fprintf(stderr, "cascade check: %v\n", gr.emitErr)
			}
		}
	}
	if diverged {
		return finish(exitRejected)
	}
	if nothing {
		return finish(exitNothing)
	}
	return finish(exitOK)
}

// namedCases are the cases of --cases by the game each goes to
// (gameKey), a SameGame game for each rule set of their rules lines.
type namedCases map[string][]conformance.Case

// readNamedCases reads the cases of --cases, by the game each is played
// as (caseGame), and returns those games in the order first met. A file
// that cannot be made a case is one all the same, with its error
// (conformance.ReadCases), and a named pipe is not waited on; should
// reading hang all the same (a stalled file system), it is left behind
// when ctx ends, the error then ctx's. Any other error, a rules line
// that names another rule set than --rules among them, is a usage
// error.
func readNamedCases(ctx context.Context, f *checkFlags) (namedCases, []conformance.Any, error) {
	named := make(namedCases)
	if f.cases == "" {
		return named, nil, nil
	}
	if st, err := os.Stat(f.cases); err != nil || !st.IsDir() {
		return nil, nil, fmt.Errorf("--cases %s: no such directory", f.cases)
	}
	type read struct {
		named namedCases
		games []conformance.Any
		err   error
	}
	done := make(chan read, 1)
	go func() {
		cs, err := conformance.ReadCasesFor(f.cases, f.game.g)
		if err != nil {
			done <- read{err: fmt.Errorf("--cases %s: %w", f.cases, err)}
			return
		}
		var games []conformance.Any
		if f.set["count"] && f.count == 0 {
			// Only the built-in cases and these are checked: the
			// run's memory follows from them.
			var size int64
			for _, c := range cs {
				size += int64(len(c.Input))
			}
			boundMemory(size)
		}
		for _, c := range cs {
			g, err := caseGame(f.game.g, c)
			if err != nil {
				done <- read{err: err}
				return
			}
			if g == nil {
				// A case whose first line tells no game goes to the
				// first game checked, which reports it as invalid.
				g = f.games()[0]
			}
			k := gameKey(g)
			if _, ok := named[k]; !ok {
				games = append(games, g)
			}
			named[k] = append(named[k], c)
		}
		done <- read{named, games, nil}
	}()
	select {
	case r := <-done:
		return r.named, r.games, r.err
	case <-ctx.Done():
		return nil, nil, ctx.Err()
	}
}

// checkGame runs the check of one game, one of n that share --time,
// with the cases of --cases that go to it, and writes the regression
// script that --emit asks for. The report is nil when nothing could
// run; the error is not nil when the run ended in one (not an
// interrupt, which the report notes).
func checkGame(ctx context.Context, f *checkFlags, g conformance.Any, n int, named []conformance.Case, stderr io.Writer, head *runHeader) (*gameReport, error) {
	o := runOptions(f, g, n, named, stderr, head)
	programs, err := f.programsFor(g)
	if err != nil {
		return nil, err
	}
	var rep *conformance.Report
	if len(programs) > 0 {
		rep, err = g.RunProgram(ctx, programs[0], o)
	} else {
		rep, err = g.RunPlayer(ctx, string(f.engine), o)
	}
	if rep == nil && errors.Is(err, context.Canceled) {
		rep = &conformance.Report{Game: g.Name(), Seed: f.seed}
	}
	if rep == nil {
		return nil, err
	}
	gr := newGameReport(f, g, rep, o.Time, implLine(f))
	if len(programs) > 0 && f.stream {
		gr.started = programs[0].Started()
		gr.shrinkStarted = programs[0].StartedShrinking()
	}
	gr.headed = head.done()
	gr.interrupted = errors.Is(err, context.Canceled)
	if gr.interrupted {
		err = nil
	}
	gr.emitAsked(f)
	return gr, err
}

// shrinkTime is --shrink-time's default, the bound on the shrinking of
// each divergence. The command's tests raise it (main_test.go): what a
// script pins about a shrink must not depend on how much of the machine a
// program gets in 30 seconds.
var shrinkTime = conformance.DefaultShrinkTime

// casesFloor is the least time --time allows the built-in cases and
// those of --cases: ample for a program that answers them, however
// loaded the machine, while one that hangs on them is cut off.
const casesFloor = 10 * time.Second

// runOptions are the options of the run of game g, one of n that share
// --time, with the cases of --cases that go to it: those alone for a
// rule set of --cases' rules lines. Progress lines logged to stderr
// come after head.
func runOptions(f *checkFlags, g conformance.Any, n int, named []conformance.Case, stderr io.Writer, head *runHeader) conformance.RunOptions {
	o := conformance.RunOptions{
		Seed:       f.seed,
		Count:      f.count,
		Time:       f.time / time.Duration(n),
		Jobs:       f.jobs,
		MaxSize:    f.maxSize,
		NoBuiltin:  !f.builtin,
		Cases:      named,
		Shard:      f.shard,
		Oracle:     f.oracle,
		NoCoverage: !f.coverage,
		ShrinkTime: f.shrinkTime,
	}
	if !f.set["count"] {
		o.Count = 0
	} else if f.count == 0 {
		o.Count = -1
	}
	if f.ruleSet(g) {
		o.NoBuiltin, o.Count = true, -1
	}
	if f.set["count"] && !f.set["time"] {
		o.Time = 0
	}
	if f.set["time"] {
		// --time given bounds the built-in cases and those of --cases
		// too, allowing them casesFloor at least: a run of a program
		// that answers them does not fail for a tight --time.
		o.CasesTime = max(f.time, casesFloor)
	}
	switch {
	case isTerminal(stderr):
		o.Progress = progressLine(stderr, g)
	case f.progress > 0:
		o.Progress, o.ProgressEvery = progressLog(stderr, g, head), f.progress
	}
	return o
}

// newGameReport is the report of rep, the run of game g on impl: a
// command line of --impl or, without --impl, the built-in engine as
// implLine names it. share is the game's share of --time.
func newGameReport(f *checkFlags, g conformance.Any, rep *conformance.Report, share time.Duration, impl string) *gameReport {
	gr := &gameReport{Report: rep, game: g, impl: impl, casesDir: f.cases, maxSize: f.maxSize, time: share, paint: f.paint,
		sampled: len(f.programs) > 0 && f.oracle == conformance.OracleSampled && !f.steps, ruleSet: f.ruleSet(g),
		builtinAsked: f.builtin && !f.ruleSet(g)}
	if len(f.impls) > 0 {
		gr.implFlag = "--impl " + shellQuote(impl) + protocolFlags(f)
		gr.protocol = protocolFlags(f)
	} else {
		gr.implFlag = "--engine " + string(f.engine)
	}
	if rep.Divergence != nil {
		gr.shrunk = parsePuzzle(g, rep.Divergence.Shrunk.Input)
	}
	return gr
}

// emitAsked writes the regression script of the divergence, when --emit
// asks for one.
func (gr *gameReport) emitAsked(f *checkFlags) {
	if gr.Divergence != nil && f.emit != "" {
		gr.emitted, gr.emitErr = emit(f.emit, gr)
		if gr.emitErr == nil {
			gr.page, gr.emitErr = emitPage(gr.emitted, gr)
		}
	}
}
