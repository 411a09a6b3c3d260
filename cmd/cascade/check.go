package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"cascade/conformance"
	"cascade/internal/paint"
	"cascade/internal/process"
)

var checkCommand = &command{
	name:    "check",
	summary: "check an implementation against the reference",
	help: `Usage: cascade check [--game samegame|match3] [--impl 'CMD ARGS...'... | --engine NAME] [flags]

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

With --impl given more than once, the programs are checked side by side
on the same cases: each case is generated once (the same seed gives each
program the same cases) and played once by the reference, and goes to
every program that has not diverged yet. A program that got a case
wrong is not run on the generated cases after it; the others go on
until they diverge too or --time or --count runs out (the time covers
them all). The report is a matrix: a column for each program (A, B,
...), a row for each case some program did not get accepted (the cases
every program accepted are counted), then each program's first
divergence, shrunk and localised with that program, and a summary line
for each program. --emit writes a regression script for each program
that diverged, named after its command line.

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

The expected answers are the reference's, the literal reading of the
rules, which takes up to 50 ms on a match-3 case at the statement's
limits: more than a compiled solution. So, for the generated cases of
--impl (--oracle sampled, the default), the built-in engine gives the
expected answer, and the reference plays every case the program did not
get accepted before it counts, every case of up to 4 KB of input, and
one in 16 of the bigger ones, chosen by the case's seed. What that
guarantees: no divergence is reported without the reference's answer,
nor judged by any other; the engine is itself checked against the
reference by cascade's own tests and fuzzing and on every case the
reference plays here (should their answers differ, the reference's
counts and the report names the case as a bug of cascade's); a program
that gives the engine's answer where the engine is wrong would be
caught only on the cases the reference plays. --oracle reference has
the reference play every case. The built-in cases, those of --cases,
the shrinking and --engine are always judged by the reference.

With --shard K/N the run checks part K of N of its cases, so that N
machines running the same flags and --seed check between them the cases
of one run: generated case i when i mod N is K-1, and the built-in and
--cases cases likewise by their place in the list (the built-in ones
first, --cases in name order). The indices stay those of the whole run,
so a divergence's replay line and regression script name the case as
the whole run would. With --count the N shards check exactly the cases
of the whole run, each once; with --time each checks what it reached in
its time, so only --count gives that coverage. cascade merge puts the
shards' --json reports together into the whole run's report.

Flags:
  --game G         samegame or match3; needed with --impl
  --impl CMD       the program to check; give it again to check several
                   side by side
  --engine NAME    check a built-in implementation instead: ` + engineNames() + `
                   (default ` + defaultEngine + `)
  --cases DIR      also check every NAME.in of DIR, and the cases inside
                   every NAME.txtar (such as --emit writes), against the
                   reference. Without --game each case goes to the game
                   its first line shows (one integer: SameGame; four or
                   more: match-3). An answer file (NAME.ans or NAME.out)
                   that disagrees with the reference is reported as
                   "answer file disputed"; an input that is not valid is
                   reported with its path and line; a file that cannot
                   be read or is not a regular file (a named pipe is
                   not waited on), an answer file that is not one
                   integer and a .txtar that holds no case are reported
                   as bad files; the run goes on
  --builtin        run the built-in cases (default true; --builtin=false)
  --time D         stop generating cases after D (default 30s; unbounded
                   when only --count is given). A case still running a
                   quarter of a second later is cut off: stopped,
                   reported, and counted neither as accepted nor as
                   failed. The built-in cases and those of --cases are
                   all checked, and shrinking has a limit of its own
                   (30s); the report says when they made the run go
                   past D
  --count N        stop after N generated cases; 0 generates none
  --seed S         seed of the generated cases (default random, printed);
                   case i comes from S+i alone, so --seed reproduces a run
                   and --seed S+i --count 1 (with the same --max-size)
                   replays case i; the report prints that command line
  --shard K/N      check part K of N of the cases (above); needs --seed
  --oracle O       what gives the expected answers of generated cases
                   for --impl: sampled (the default; above) or reference
  --jobs N         cases checked at once (default the number of CPUs)
  --timeout D      CPU time limit of one run of the program (default 2s)
  --max-size N     bound the sides of generated boards; above the usual
                   sizes, one case in ten is drawn up to N (match-3 sides
                   above 50 leave the statement's limits). At most 4000
                   for SameGame, 1000 for match-3 (and without --game)
  --emit DIR       write the shrunk case as a testscript regression,
                   DIR/GAME-VERDICT-....txtar, whose header gives the
                   command that checks a program in any language on it,
                   and its replay page beside it, the same name with
                   .html: open it in a browser to step through the case,
                   the first diverging step marked (see cascade help
                   trace). An existing file is never overwritten. DIR
                   must be a writable directory or one that can be made,
                   checked before the run
  --json FILE      write a machine-readable report to FILE, whose
                   directory must exist, checked before the run
  --color WHEN     colour the pieces and the marked cells of the
                   reference trace: auto (the default) when standard
                   output is a terminal and NO_COLOR is not set, always,
                   or never

Generated match-3 cases stay inside the statement's limits (n, m <= 50,
k <= 100, q <= 1000), and one in 50 is drawn at or near them: sides up
to 50 (often exactly 50, or boards two or three cells thin), up to 100
colours, up to 1000 operations. One SameGame case in 200 is a box of more
than 256 columns holding one group worth more than 2^31 points.

On a terminal a progress line on standard error shows the cases, the rate,
the divergences and the time left. The report goes to standard output.

An interrupt (Ctrl-C) or SIGTERM stops the run, even while --cases is
read or the reference plays a big case: the program running and
everything it started are killed, and the cases checked so far are
reported, the summary marked "interrupted". An interrupted run is not a
pass. A second interrupt ends check at once.

Nothing a program starts outlives its run: it runs in a process group
of its own, killed when it ends; on Linux, check is a child subreaper,
so a process that left the group (setsid) comes back to it and is
killed too, and the program gets a parent-death signal, so that it dies
if check is killed.

Exit status: 0 every case accepted (by every program); 1 something
diverged (a case not accepted, an answer file that disagrees with the
reference, an input of --cases that is not valid, a bad file in
--cases), the run was interrupted, or the report or --json could not be
written; 2 usage error (nothing to check is one).

Examples:
  cascade check
  cascade check --game samegame --impl './solve'
  cascade check --game match3 --impl 'python3 sol.py' --time 2m --emit regressions
  cascade check --game match3 --impl ./a.out --cases judge/tests --count 0
  cascade check --game samegame --impl ./solve --seed 1234 --count 1
  cascade check --game match3 --impl ./official-a --impl 'python3 b.py' --cases judge/tests
  cascade check --game match3 --impl ./a.out --seed 7 --count 40000 --shard 2/4 --json shard2.json
`,
	run: runCheck,
}

// checkFlags are the parsed flags of check.
type checkFlags struct {
	game    gameFlag
	impls   implsFlag
	engine  engineFlag
	cases   string
	builtin bool
	time    time.Duration
	count   int
	seed    uint64
	jobs    int
	timeout time.Duration
	maxSize int
	emit    string
	json    string
	shard   conformance.Shard
	oracle  conformance.Oracle
	color   colorMode
	// paint colours the report's traces, as --color and standard output
	// decide.
	paint paint.Painter
	set   map[string]bool // the flags given
	// programs are the programs of --impl, none for a built-in engine.
	programs []*conformance.Command
}

// implsFlag is --impl, which may be given more than once: the command
// lines in the order given.
type implsFlag []string

func (f *implsFlag) String() string { return strings.Join(*f, " ") }

func (f *implsFlag) Set(s string) error {
	*f = append(*f, s)
	return nil
}

// games are the games check runs: the one of --game, or all.
func (f *checkFlags) games() []conformance.Any {
	if f.game.g != nil {
		return []conformance.Any{f.game.g}
	}
	return conformance.Games
}

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

	named, err := readNamedCases(ctx, f)
	if err != nil && ctx.Err() != nil {
		fmt.Fprintf(stderr, "cascade check: interrupted while reading --cases %s\n", f.cases)
		interrupted = true
		return finish(exitRejected)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cascade check: %v\nRun 'cascade check -h' for usage.\n", err)
		return exitUsage
	}
	games := gamesToCheck(f, named)
	if len(games) == 0 {
		what := "no built-in cases (--builtin=false), no generated ones (--count 0)"
		if f.cases != "" {
			what += " and no cases in " + f.cases
		}
		fmt.Fprintf(stderr, "cascade check: nothing to check: %s\nRun 'cascade check -h' for usage.\n", what)
		return exitUsage
	}

	diverged := false
	for _, g := range games {
		var grs []*gameReport
		var err error
		if len(f.programs) > 1 {
			var gm *gameMatrix
			gm, err = checkPrograms(ctx, f, g, len(games), named[g.Name()], stderr)
			if gm != nil {
				printMatrixReport(stdout, gm)
				matrices = append(matrices, gm)
				grs = gm.reports
			}
		} else {
			var gr *gameReport
			gr, err = checkGame(ctx, f, g, len(games), named[g.Name()], stderr)
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
			diverged = diverged || !gr.ok()
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade check: %v\n", err)
			runErr = err
			return finish(exitUsage)
		}
		if grs[0].interrupted {
			fmt.Fprintf(stderr, "cascade check: interrupted\n")
			break
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
	return finish(exitOK)
}

// readNamedCases reads the cases of --cases, by the name of the game
// each goes to. A file that cannot be made a case is one all the same,
// with its error (conformance.ReadCases), and a named pipe is not
// waited on; should reading hang all the same (a stalled file system),
// it is left behind when ctx ends, the error then ctx's. Any other
// error is a usage error.
func readNamedCases(ctx context.Context, f *checkFlags) (map[string][]conformance.Case, error) {
	named := make(map[string][]conformance.Case)
	if f.cases == "" {
		return named, nil
	}
	if st, err := os.Stat(f.cases); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("--cases %s: no such directory", f.cases)
	}
	type read struct {
		named map[string][]conformance.Case
		err   error
	}
	done := make(chan read, 1)
	go func() {
		cs, err := conformance.ReadCasesFor(f.cases, f.game.g)
		if err != nil {
			done <- read{nil, fmt.Errorf("--cases %s: %w", f.cases, err)}
			return
		}
		for _, c := range cs {
			g := c.Game
			if g == nil {
				g = f.game.g
			}
			if g == nil {
				// The first line tells the game (ReadCasesFor told it
				// for a NAME.in, not for a member of an archive); a
				// case that tells none goes to the first game checked,
				// which reports it as invalid.
				g, _, _ = recognise(bytes.NewReader(c.Input))
				if g == nil {
					g = f.games()[0]
				}
			}
			named[g.Name()] = append(named[g.Name()], c)
		}
		done <- read{named, nil}
	}()
	select {
	case r := <-done:
		return r.named, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// gamesToCheck are the games with something to check: built-in,
// generated or named cases.
func gamesToCheck(f *checkFlags, named map[string][]conformance.Case) []conformance.Any {
	var games []conformance.Any
	for _, g := range f.games() {
		if f.builtin || !f.set["count"] || f.count > 0 || len(named[g.Name()]) > 0 {
			games = append(games, g)
		}
	}
	return games
}

// checkGame runs the check of one game, one of n checked, with the cases
// of --cases that go to it, and writes the regression script that --emit
// asks for. The report is nil when nothing could run; the error is not
// nil when the run ended in one (not an interrupt, which the report
// notes).
func checkGame(ctx context.Context, f *checkFlags, g conformance.Any, n int, named []conformance.Case, stderr io.Writer) (*gameReport, error) {
	o := runOptions(f, g, n, named, stderr)
	var rep *conformance.Report
	var err error
	if len(f.programs) > 0 {
		rep, err = g.RunProgram(ctx, f.programs[0], o)
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
	gr.interrupted = errors.Is(err, context.Canceled)
	if gr.interrupted {
		err = nil
	}
	gr.emitAsked(f)
	return gr, err
}

// runOptions are the options of the run of game g, one of n checked,
// with the cases of --cases that go to it.
func runOptions(f *checkFlags, g conformance.Any, n int, named []conformance.Case, stderr io.Writer) conformance.RunOptions {
	o := conformance.RunOptions{
		Seed:      f.seed,
		Count:     f.count,
		Time:      f.time / time.Duration(n),
		Jobs:      f.jobs,
		MaxSize:   f.maxSize,
		NoBuiltin: !f.builtin,
		Cases:     named,
		Shard:     f.shard,
		Oracle:    f.oracle,
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
		o.Progress = progressLine(stderr, g)
	}
	return o
}

// newGameReport is the report of rep, the run of game g on impl: a
// command line of --impl or, without --impl, the built-in engine as
// implLine names it. share is the game's share of --time.
func newGameReport(f *checkFlags, g conformance.Any, rep *conformance.Report, share time.Duration, impl string) *gameReport {
	gr := &gameReport{Report: rep, game: g, impl: impl, casesDir: f.cases, maxSize: f.maxSize, time: share, paint: f.paint,
		sampled: len(f.programs) > 0 && f.oracle == conformance.OracleSampled}
	if len(f.impls) > 0 {
		gr.implFlag = "--impl " + shellQuote(impl)
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

// parseCheck parses the flags of check and the program of --impl.
func parseCheck(c *command, args []string, stdout, stderr io.Writer) (*checkFlags, int, bool) {
	f := &checkFlags{engine: defaultEngine, set: make(map[string]bool)}
	fs := newFlags(c, &f.game)
	fs.Var(&f.impls, "impl", "")
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
	fs.Var(shardFlag{&f.shard}, "shard", "")
	f.oracle = conformance.OracleSampled
	fs.Var(oracleFlag{&f.oracle}, "oracle", "")
	addColorFlag(fs, &f.color)
	usage := func(format string, a ...any) (*checkFlags, int, bool) {
		fmt.Fprintf(stderr, "cascade check: %s\nRun 'cascade check -h' for usage.\n", fmt.Sprintf(format, a...))
		return nil, exitUsage, false
	}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, c.helpText())
		return nil, exitOK, false
	}
	if err != nil {
		return usage("%v", err)
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	f.paint = painter(f.color, stdout)
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q: check reads no FILE (see --cases)", fs.Arg(0))
	case f.set["impl"] && f.set["engine"]:
		return usage("--impl and --engine exclude each other")
	case f.set["impl"] && f.game.g == nil:
		return usage("--impl needs %s", "--game "+strings.Join(strings.Split(gameNames(), ", "), " or --game "))
	case f.time <= 0:
		return usage("--time %v: want a positive duration", f.time)
	case f.count < 0:
		return usage("--count %d: want 0 or more", f.count)
	case f.jobs < 1:
		return usage("--jobs %d: want 1 or more", f.jobs)
	case f.timeout <= 0:
		return usage("--timeout %v: want a positive duration", f.timeout)
	case f.set["max-size"] && (f.maxSize < 1 || f.maxSize > maxSizeLimit(f.games())):
		return usage("--max-size %d: want 1 to %d for %s", f.maxSize, maxSizeLimit(f.games()), gamesText(f.game.g))
	case f.set["shard"] && !f.set["seed"]:
		return usage("--shard %v needs --seed: every shard must generate the cases of the same run", f.shard)
	}
	// What the run writes at its end is checked now, not after it.
	if f.json != "" {
		if err := checkJSONPath(f.json); err != nil {
			return usage("--json %s: %v", f.json, err)
		}
	}
	if f.emit != "" {
		if err := checkEmitDir(f.emit); err != nil {
			return usage("--emit %s: %v", f.emit, err)
		}
	}
	if !f.set["seed"] {
		f.seed = rand.Uint64N(1_000_000_000)
	}
	for i, line := range f.impls {
		if slices.Contains(f.impls[:i], line) {
			return usage("--impl %s: given twice", shellQuote(line))
		}
		cmd, err := conformance.NewCommand(line, f.timeout)
		if err != nil {
			return usage("--impl: %v", err)
		}
		f.programs = append(f.programs, cmd)
	}
	return f, exitOK, true
}

// maxSizeLimit is the largest --max-size for all the games checked.
func maxSizeLimit(games []conformance.Any) int {
	limit := games[0].MaxSize()
	for _, g := range games[1:] {
		limit = min(limit, g.MaxSize())
	}
	return limit
}

// gamesText names the games checked.
func gamesText(g conformance.Any) string {
	if g == nil && len(conformance.Games) == 2 {
		return "both games"
	}
	if g == nil {
		return "all games"
	}
	return g.Name()
}

// implLine is how the report names the implementation: the command line
// as given, or the engine.
func implLine(f *checkFlags) string {
	if len(f.impls) > 0 {
		return f.impls[0]
	}
	return "the built-in " + string(f.engine)
}

// The modes of access(2): W_OK and X_OK.
const (
	canWrite  = 0x2
	canSearch = 0x1
)

// writableDir says why no file can be made in the directory dir.
func writableDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return cause(err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	if err := syscall.Access(dir, canWrite|canSearch); err != nil {
		return fmt.Errorf("cannot make files in %s: %w", dir, err)
	}
	return nil
}

// cause is the cause of an error of package os, without the operation
// and the file it names: the flag's message names the file.
func cause(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// shardFlag is --shard K/N.
type shardFlag struct{ s *conformance.Shard }

func (f shardFlag) String() string {
	if f.s == nil {
		return ""
	}
	return f.s.String()
}

func (f shardFlag) Set(v string) error {
	ks, ns, ok := strings.Cut(v, "/")
	k, errK := strconv.Atoi(ks)
	n, errN := strconv.Atoi(ns)
	if !ok || errK != nil || errN != nil || n < 1 || k < 1 || k > n {
		return fmt.Errorf("want K/N, 1 <= K <= N: part K of N")
	}
	*f.s = conformance.Shard{K: k, N: n}
	return nil
}

// oracleFlag is --oracle.
type oracleFlag struct{ o *conformance.Oracle }

func (f oracleFlag) String() string {
	if f.o == nil {
		return ""
	}
	return f.o.String()
}

func (f oracleFlag) Set(v string) error {
	o, err := conformance.ParseOracle(v)
	if err != nil {
		return err
	}
	*f.o = o
	return nil
}
