package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"time"

	"cascade/conformance"
)

var checkCommand = &command{
	name:    "check",
	summary: "check an implementation against the reference",
	help: `Usage: cascade check [--game samegame|match3] [--impl 'CMD ARGS...' | --engine NAME] [flags]

Check plays cases on an implementation and on the reference and compares
the scores. It runs the built-in cases (the statements' examples and the
inputs of cascade's own scripts), the cases of --cases DIR, then
generated cases until --time or --count runs out. A case that gets a
time limit or a runtime error is run once more; accepted then, it is
reported as flaky and the run goes on. At the first case that is not
accepted it stops, shrinks the case to a small one that still
fails, finds the first move or operation where the answers part, and
prints the shrunk input, both answers and the reference's trace.

Without --impl and --engine it checks the built-in engine on both games,
each for half of --time.

The program named by --impl reads one problem input on standard input,
in the statement's format, and prints the score: one integer. Its
command line is split into words like a shell would (quotes, backslash)
and run without a shell. Each case is one run with a time limit on CPU
time (--timeout): a run that used more is "time limit exceeded", however
long it waited. A run still going after three times --timeout of
wall-clock time (at least --timeout plus one second) is killed, with
everything it started, and is a time limit exceeded too: that catches a
program that sleeps or hangs.

Verdicts, per case: accepted; wrong answer; runtime error (non-zero exit
status or a signal; the tail of its standard error is shown); time limit
exceeded; bad output (not exactly one integer).

Flags:
  --game G         samegame or match3; needed with --impl
  --impl CMD       the program to check
  --engine NAME    check a built-in implementation instead: ` + engineNames() + `
                   (default ` + defaultEngine + `)
  --cases DIR      also check every NAME.in of DIR, and the cases inside
                   every NAME.txtar (such as --emit writes), against the
                   reference. Without --game each case goes to the game
                   its first line shows (one integer: SameGame; four or
                   more: match-3). An answer file (NAME.ans or NAME.out)
                   that disagrees with the reference is reported as
                   "answer file disputed"; an input that is not valid is
                   reported with its path and line; the run goes on
  --builtin        run the built-in cases (default true; --builtin=false)
  --time D         stop generating cases after D (default 30s; unbounded
                   when only --count is given)
  --count N        stop after N generated cases; 0 generates none
  --seed S         seed of the generated cases (default random, printed);
                   case i comes from S+i alone, so --seed reproduces a run
                   and --seed S+i --count 1 (with the same --max-size)
                   replays case i; the report prints that command line
  --jobs N         cases checked at once (default the number of CPUs)
  --timeout D      CPU time limit of one run of the program (default 2s)
  --max-size N     bound the sides of generated boards; above the usual
                   sizes, one case in ten is drawn up to N (match-3 sides
                   above 50 leave the statement's limits). At most 4000
                   for SameGame, 1000 for match-3 (and without --game)
  --emit DIR       write the shrunk case as a testscript regression,
                   DIR/GAME-VERDICT-....txtar; an existing file is never
                   overwritten
  --json FILE      write a machine-readable report to FILE

Generated match-3 cases stay inside the statement's limits (n, m <= 50,
k <= 100, q <= 1000), and one in 50 is drawn at or near them: sides up
to 50 (often exactly 50, or boards two or three cells thin), up to 100
colours, up to 1000 operations. One SameGame case in 200 is a box of more
than 256 columns holding one group worth more than 2^31 points.

On a terminal a progress line on standard error shows the cases, the rate,
the divergences and the time left. The report goes to standard output.

An interrupt (Ctrl-C) or SIGTERM stops the run: the program running and
everything it started are killed, and the cases checked so far are
reported, the summary marked "interrupted". An interrupted run is not a
pass.

Exit status: 0 every case accepted; 1 something diverged (a case not
accepted, an answer file that disagrees with the reference, an input of
--cases that is not valid) or the run was interrupted; 2 usage error
(nothing to check is one).

Examples:
  cascade check
  cascade check --game samegame --impl './solve'
  cascade check --game match3 --impl 'python3 sol.py' --time 2m --emit regressions
  cascade check --game match3 --impl ./a.out --cases judge/tests --count 0
  cascade check --game samegame --impl ./solve --seed 1234 --count 1
`,
	run: runCheck,
}

// checkFlags are the parsed flags of check.
type checkFlags struct {
	game     game
	impl     string
	engine   engineFlag
	cases    string
	builtin  bool
	time     time.Duration
	count    int
	seed     uint64
	jobs     int
	timeout  time.Duration
	maxSize  int
	emit     string
	json     string
	set      map[string]bool // the flags given
	checkers []checker
}

// A checker checks one game.
type checker struct {
	game game
	run  func(context.Context, conformance.RunOptions) (*conformance.Report, error)
}

func runCheck(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseCheck(c, args, stdout, stderr)
	if !ok {
		return code
	}
	// An interrupt or a termination request ends the run: the programs
	// running are killed with their process groups (the context's end
	// kills them), and what was checked so far is reported.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	named := make(map[game][]conformance.Case)
	if f.cases != "" {
		if st, err := os.Stat(f.cases); err != nil || !st.IsDir() {
			fmt.Fprintf(stderr, "cascade check: --cases %s: no such directory\nRun 'cascade check -h' for usage.\n", f.cases)
			return exitUsage
		}
		cs, err := conformance.ReadCases(f.cases)
		if err != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			return exitUsage
		}
		for _, c := range cs {
			g := f.game
			if g == anyGame {
				// The first line tells the game; a case that tells
				// none goes to the first game checked, which reports
				// it as invalid.
				g, _, _ = recognise(bytes.NewReader(c.Input))
				if g == anyGame {
					g = f.checkers[0].game
				}
			}
			named[g] = append(named[g], c)
		}
	}
	var checkers []checker
	for _, ch := range f.checkers {
		if f.builtin || !f.set["count"] || f.count > 0 || len(named[ch.game]) > 0 {
			checkers = append(checkers, ch)
		}
	}
	if len(checkers) == 0 {
		what := "no built-in cases (--builtin=false), no generated ones (--count 0)"
		if f.cases != "" {
			what += " and no cases in " + f.cases
		}
		fmt.Fprintf(stderr, "cascade check: nothing to check: %s\nRun 'cascade check -h' for usage.\n", what)
		return exitUsage
	}

	var reports []*gameReport
	diverged := false
	// finish writes the --json report of what ran, even when the run
	// ends in an error, and returns the exit status.
	var runErr error
	finish := func(code int) int {
		if f.json == "" {
			return code
		}
		if err := writeJSON(f.json, reports, runErr); err != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			return exitUsage
		}
		return code
	}
	for _, ch := range checkers {
		o := conformance.RunOptions{
			Seed:      f.seed,
			Count:     f.count,
			Time:      f.time,
			Jobs:      f.jobs,
			MaxSize:   f.maxSize,
			NoBuiltin: !f.builtin,
			Cases:     named[ch.game],
		}
		if len(checkers) > 1 {
			o.Time /= time.Duration(len(checkers))
		}
		if !f.set["count"] {
			o.Count = 0
		} else if f.count == 0 {
			o.Count = -1
		}
		if f.set["count"] && !f.set["time"] {
			o.Time = 0
		}
		if isTerminal(stderr) {
			o.Progress = progressLine(stderr, ch.game)
		}
		rep, err := ch.run(ctx, o)
		if rep == nil && errors.Is(err, context.Canceled) {
			rep = &conformance.Report{Game: ch.game.String(), Seed: f.seed}
		}
		if rep == nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			runErr = err
			return finish(exitUsage)
		}
		gr := &gameReport{Report: rep, game: ch.game, impl: implLine(f), casesDir: f.cases, maxSize: f.maxSize}
		if f.impl != "" {
			gr.implFlag = "--impl " + shellQuote(f.impl)
		} else {
			gr.implFlag = "--engine " + string(f.engine)
		}
		if rep.Divergence != nil {
			gr.shrunk = parsePuzzle(ch.game, rep.Divergence.Shrunk.Input)
		}
		gr.interrupted = errors.Is(err, context.Canceled)
		if gr.interrupted {
			err = nil
		}
		if rep.Divergence != nil && f.emit != "" {
			gr.emitted, gr.emitErr = emit(f.emit, gr)
		}
		printReport(stdout, gr)
		reports = append(reports, gr)
		diverged = diverged || !gr.ok()
		if err != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			runErr = err
			return finish(exitUsage)
		}
		if gr.interrupted {
			fmt.Fprintf(stderr, "cascade check: interrupted\n")
			break
		}
		if gr.emitErr != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", gr.emitErr)
		}
	}
	if diverged {
		return finish(exitRejected)
	}
	return finish(exitOK)
}

// parseCheck parses the flags of check and chooses the checkers.
func parseCheck(c *command, args []string, stdout, stderr io.Writer) (*checkFlags, int, bool) {
	f := &checkFlags{engine: defaultEngine, set: make(map[string]bool)}
	fs := newFlags(c, &f.game)
	fs.StringVar(&f.impl, "impl", "", "")
	fs.Var(&f.engine, "engine", "")
	fs.StringVar(&f.cases, "cases", "", "")
	fs.BoolVar(&f.builtin, "builtin", true, "")
	fs.DurationVar(&f.time, "time", 30*time.Second, "")
	fs.IntVar(&f.count, "count", 0, "")
	fs.Uint64Var(&f.seed, "seed", 0, "")
	fs.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "")
	fs.DurationVar(&f.timeout, "timeout", conformance.DefaultTimeout, "")
	fs.IntVar(&f.maxSize, "max-size", 0, "")
	fs.StringVar(&f.emit, "emit", "", "")
	fs.StringVar(&f.json, "json", "", "")
	usage := func(format string, a ...any) (*checkFlags, int, bool) {
		fmt.Fprintf(stderr, "cascade check: %s\nRun 'cascade check -h' for usage.\n", fmt.Sprintf(format, a...))
		return nil, exitUsage, false
	}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, c.help)
		return nil, exitOK, false
	}
	if err != nil {
		return usage("%v", err)
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q: check reads no FILE (see --cases)", fs.Arg(0))
	case f.set["impl"] && f.set["engine"]:
		return usage("--impl and --engine exclude each other")
	case f.set["impl"] && f.game == anyGame:
		return usage("--impl needs --game samegame or --game match3")
	case f.time <= 0:
		return usage("--time %v: want a positive duration", f.time)
	case f.count < 0:
		return usage("--count %d: want 0 or more", f.count)
	case f.jobs < 1:
		return usage("--jobs %d: want 1 or more", f.jobs)
	case f.timeout <= 0:
		return usage("--timeout %v: want a positive duration", f.timeout)
	case f.set["max-size"] && (f.maxSize < 1 || f.maxSize > maxSizeLimit(f.game)):
		return usage("--max-size %d: want 1 to %d for %s", f.maxSize, maxSizeLimit(f.game), gamesText(f.game))
	}
	if !f.set["seed"] {
		f.seed = rand.Uint64N(1_000_000_000)
	}

	var ss conformance.SameGameScorer
	var ms conformance.Match3Scorer
	if f.set["impl"] {
		cmd, err := conformance.NewCommand(f.impl, f.timeout)
		if err != nil {
			return usage("--impl: %v", err)
		}
		ss, ms = cmd, cmd
	} else {
		impl := engines[string(f.engine)]
		ss, ms = impl, impl
	}
	if f.game != match3Game {
		f.checkers = append(f.checkers, checker{sameGame, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
			return conformance.RunSameGame(ctx, ss, o)
		}})
	}
	if f.game != sameGame {
		f.checkers = append(f.checkers, checker{match3Game, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
			return conformance.RunMatch3(ctx, ms, o)
		}})
	}
	return f, exitOK, true
}

// The largest --max-size per game: beyond them a generated case takes
// too much memory and time to be worth a check.
const (
	maxSizeSameGame = 4000
	maxSizeMatch3   = 1000
)

// maxSizeLimit is the largest --max-size for the games checked.
func maxSizeLimit(g game) int {
	if g == sameGame {
		return maxSizeSameGame
	}
	return maxSizeMatch3
}

// gamesText names the games checked.
func gamesText(g game) string {
	if g == anyGame {
		return "both games"
	}
	return g.String()
}

// implLine is how the report names the implementation: the command line
// as given, or the engine.
func implLine(f *checkFlags) string {
	if f.impl != "" {
		return f.impl
	}
	return "the built-in " + string(f.engine)
}
