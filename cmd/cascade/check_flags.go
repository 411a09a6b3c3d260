package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/paint"
)

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
	// shrinkTime bounds the shrinking of a divergence
	// (RunOptions.ShrinkTime).
	shrinkTime time.Duration
	maxSize    int
	stream     bool
	steps      bool
	emit       string
	json       string
	shard      conformance.Shard
	oracle     conformance.Oracle
	// coverage is --coverage: read the rule coverage of the cases.
	coverage bool
	// progress is --progress: how often a line of progress is written
	// when standard error is not a terminal, 0 for never.
	progress time.Duration
	// confine is --legal and --usual-box.
	confine conformance.Confine
	color   colorMode
	// paint colours the report's traces, as --color and standard output
	// decide.
	paint paint.Painter
	set   map[string]bool // the flags given
	// programs are the programs of --impl, none for a built-in engine.
	programs []*conformance.Command
	// ruleSetPrograms are the programs of --impl for each rule set of
	// --cases' rules lines, by gameKey (programsFor).
	ruleSetPrograms map[string][]*conformance.Command
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
	return conformance.Games()
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
	fs.DurationVar(&f.shrinkTime, "shrink-time", shrinkTime, "")
	fs.IntVar(&f.maxSize, "max-size", 0, "")
	fs.BoolVar(&f.stream, "stream", false, "")
	fs.BoolVar(&f.steps, "steps", false, "")
	fs.StringVar(&f.emit, "emit", "", "")
	fs.StringVar(&f.json, "json", "", "")
	fs.Var(shardFlag{&f.shard}, "shard", "")
	f.oracle = conformance.OracleSampled
	fs.Var(oracleFlag{&f.oracle}, "oracle", "")
	fs.BoolVar(&f.coverage, "coverage", true, "")
	fs.DurationVar(&f.progress, "progress", defaultProgress, "")
	if env := os.Getenv(progressEnv); env != "" {
		if err := fs.Set("progress", env); err != nil {
			return nil, c.usagef(stderr, "%s=%s: want 0 (never) or a duration such as 10s", progressEnv, env), false
		}
	}
	addConfineFlags(fs, &f.confine)
	addColorFlag(fs, &f.color)
	usage := func(format string, a ...any) (*checkFlags, int, bool) {
		return nil, c.usagef(stderr, format, a...), false
	}
	if code, ok := c.parseFlags(fs, args, stdout, stderr); !ok {
		return nil, code, false
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	f.paint = painter(f.color, stdout)
	if err := confine(&f.game, f.confine); err != nil {
		return usage("%v", err)
	}
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
	case f.shrinkTime <= 0:
		return usage("--shrink-time %v: want a positive duration", f.shrinkTime)
	case f.progress < 0:
		return usage("--progress %v (or %s): want 0 (never) or a positive duration", f.progress, progressEnv)
	case f.set["max-size"] && (f.maxSize < 1 || f.maxSize > maxSizeLimit(f.games())):
		return usage("--max-size %d: want 1 to %d for %s", f.maxSize, maxSizeLimit(f.games()), gamesText(f.game.g))
	case f.set["max-size"] && f.maxSize < usualSide(&f.game):
		return usage("--max-size %d is smaller than the usual box of --usual-box, %d on a side", f.maxSize, usualSide(&f.game))
	case (f.stream || f.steps) && len(f.impls) == 0:
		return usage("%s: the protocols are those of a program: give --impl", protocolFlags(f)[1:])
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
		cmd, err := f.newCommand(line, f.game.g)
		if err != nil {
			return usage("--impl: %v", err)
		}
		f.programs = append(f.programs, cmd)
	}
	return f, exitOK, true
}

// newCommand is the program of the command line of --impl that checks
// game g, told its rule set.
func (f *checkFlags) newCommand(line string, g conformance.Any) (*conformance.Command, error) {
	cmd, err := conformance.NewCommand(line, f.timeout)
	if err != nil {
		return nil, err
	}
	cmd.Stream, cmd.Steps = f.stream, f.steps
	cmd.Env = rulesEnv(g)
	return cmd, nil
}

// protocolFlags are the flags that choose the programs' protocol, as a
// command line gives them: "", " --stream", " --stream --steps".
func protocolFlags(f *checkFlags) string {
	s := ""
	if f.stream {
		s += " --stream"
	}
	if f.steps {
		s += " --steps"
	}
	return s
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
	if g == nil && len(conformance.Games()) == 2 {
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
