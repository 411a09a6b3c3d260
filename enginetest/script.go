package enginetest

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	_ "github.com/cascade-harness/cascade/games"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/input"
)

// commandEnv names, in the environment of the cascade command Scripts
// puts on the scripts' PATH, the test that runs it: the test binary run
// again with that test alone is the command, and Scripts, called there,
// runs the command instead of the scripts.
const commandEnv = "CASCADE_ENGINETEST_COMMAND"

// Scripts runs every script of dir (*.txtar), such as the regression
// scripts cascade check --emit writes, as testscripts whose cascade
// command checks impl, the engine under test, against the reference of
// game g:
//
//	func TestRegressions(t *testing.T) {
//		enginetest.Scripts(t, cubes.Game, impl, "testdata/script")
//	}
//
// The scripts run exec cascade, so cascade is a program on their PATH:
// the test binary itself, run again with t's test alone, in which the
// same call of Scripts plays the command (the helper-process pattern of
// os/exec's tests); nothing needs building or installing. It takes the
// commands and flags the emitted scripts use:
//
//	cascade score [--game G] [--rules R] [--engine NAME] [FILE]
//	    the final total of the case in FILE (standard input when absent)
//	    played by NAME: reference or engine, cascade's, or the engine
//	    under test (its name, or when --engine is absent); the SameGame
//	    rule set is --rules, else CASCADE_RULES, else the case's rules
//	    line, as for cascade's score
//	cascade check [--game G] [--rules R] [--impl CMD] [--cases DIR]
//	    [--builtin=false] [--count N] [--seed S] [--max-size N]
//	    [--stream] [--steps] [--jobs N]
//	    checks the engine under test, whatever --impl names, as
//	    conformance.Game.Run does: the built-in cases unless
//	    --builtin=false, the cases of DIR, then N generated cases; it
//	    exits 1 when a case is not accepted and prints it. --stream and
//	    --steps name a program's protocol: the engine is checked at the
//	    level it was made at (TotalFunc, StepFunc, Func) whatever they say
//
// A usage error exits 2, a rejected input 1, as cascade's do. IMPL, which
// the emitted scripts pass to --impl, is set to impl's name. A script of
// another game than g may score its cases, but checking it is a usage
// error, and so is checking or scoring with the engine under test a rule
// set other than g's: the scripts cascade check --emit writes under a
// rule set R carry --rules R, so they run against an engine of
// cubes.Under(R), and an engine of cubes.Game
// runs those written under codeabbey.
//
// The command is a program run by /bin/sh, so Scripts skips t on
// Windows. t's test must not run other tests' setup in TestMain that
// writes to standard output, which would be taken for the command's.
func Scripts[C, T any](t *testing.T, g *conformance.Game[C, T], impl conformance.Impl[C, T], dir string) {
	t.Helper()
	if os.Getenv(commandEnv) == t.Name() {
		os.Exit(runCommand(g, impl, flag.Args(), os.Stdin, os.Stdout, os.Stderr))
	}
	if runtime.GOOS == "windows" {
		t.Skip("the cascade command of the scripts is a shell script")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("the test binary, to run as cascade: %v", err)
	}
	bin := t.TempDir()
	script := fmt.Sprintf("#!/bin/sh\n%s=%s exec %s -test.run=%s -test.count=1 -- \"$@\"\n",
		commandEnv, shQuote(t.Name()), shQuote(exe), shQuote(runPattern(t.Name())))
	if err := os.WriteFile(filepath.Join(bin, "cascade"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("PATH", bin+string(os.PathListSeparator)+env.Getenv("PATH"))
			env.Setenv("IMPL", impl.String())
			return nil
		},
	})
}

// runPattern is the -test.run pattern that selects the test named name
// alone, subtests included in its path.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

// shQuote quotes s for a POSIX shell.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// Exit statuses, as cascade's.
const (
	exitOK       = 0
	exitRejected = 1
	exitUsage    = 2
)

// runCommand runs the scripts' cascade command with args.
func runCommand[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T], args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: cascade score|check [flags]")
		return exitUsage
	}
	switch args[0] {
	case "score":
		return runScore(g, impl, args[1:], stdin, stdout, stderr)
	case "check":
		return runCheck(g, impl, args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "cascade: %q: the scripts' cascade runs score and check only\n", args[0])
	return exitUsage
}

// flags is a flag set for one command that prints nothing itself.
func flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet("cascade "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func runScore[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T], args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flags("score")
	game := fs.String("game", "", "")
	engine := fs.String("engine", impl.String(), "")
	var rules rulesFlag
	fs.Var(&rules, "rules", "")
	if err := fs.Parse(args); err != nil || fs.NArg() > 1 {
		fmt.Fprintf(stderr, "cascade score: %v\nusage: cascade score [--game G] [--rules R] [--engine NAME] [FILE]\n", cmpErr(err, "more than one FILE"))
		return exitUsage
	}
	rulesBy := "--rules"
	if env := os.Getenv(conformance.RulesEnv); env != "" && !rules.set && (*game == "" || *game == cubes.Game.Name) {
		// Run as a program under test, cascade score learns the rules
		// as any program does.
		if err := rules.Set(env); err != nil {
			fmt.Fprintf(stderr, "cascade score: %s: %v\n", conformance.RulesEnv, err)
			return exitUsage
		}
		rulesBy = conformance.RulesEnv
	}
	in := stdin
	name := "standard input"
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "cascade score: %v\n", err)
			return exitRejected
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	data, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintf(stderr, "cascade score: %s: %v\n", name, err)
		return exitRejected
	}
	var a conformance.Any
	switch {
	case rules.set && *game != "" && *game != cubes.Game.Name:
		fmt.Fprintf(stderr, "cascade score: --rules names a SameGame rule set, but the game is %s\n", *game)
		return exitUsage
	case rules.set:
		a = cubes.Under(rules.r).Any()
	case *game != "":
		var ok bool
		if a, ok = conformance.GameNamed(*game); !ok {
			fmt.Fprintf(stderr, "cascade score: --game %s: no such game\n", *game)
			return exitUsage
		}
	default:
		if a, _, err = conformance.Recognise(bytes.NewReader(data)); err != nil {
			fmt.Fprintf(stderr, "cascade score: %s: %v\n", name, err)
			return exitRejected
		}
	}
	p, err := a.Parse(data)
	if rc, ok := errors.AsType[*conformance.RulesConflict](err); ok {
		fmt.Fprintf(stderr, "cascade score: %s: %s\n", name, rc.Explain(rulesBy))
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "cascade score: %s: %v\n", name, err)
		return exitRejected
	}
	if a.Name() == g.Name && *engine == impl.String() {
		if rules.set {
			if msg := playsRules(g, impl, rules.r); msg != "" {
				fmt.Fprintf(stderr, "cascade score: %s\n", msg)
				return exitUsage
			}
		}
		total, err := scoreOf(g, impl, data)
		if rc, ok := errors.AsType[*conformance.RulesConflict](err); ok {
			fmt.Fprintf(stderr, "cascade score: %s: %s\n", name, rc.Explain(fmt.Sprintf("the engine under test, %v,", impl)))
			return exitUsage
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade score: %v: %v\n", impl, err)
			return exitRejected
		}
		fmt.Fprintln(stdout, total)
		return exitOK
	}
	total, ok := p.Score(*engine)
	if !ok {
		fmt.Fprintf(stderr, "cascade score: --engine %s: want %s or %v\n", *engine, strings.Join(a.Players(), ", "), impl)
		return exitUsage
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}

// scoreOf is impl's total of the input data, a valid case of g, at
// whatever level impl plays.
func scoreOf[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T], data []byte) (int64, error) {
	if impl.Play == nil {
		return impl.Score(context.Background(), data)
	}
	c, err := g.Parse(bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	t, err := impl.Play(c)
	return g.Total(t), err
}

func runCheck[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T], args []string, stdout, stderr io.Writer) int {
	fs := flags("check")
	game := fs.String("game", g.Name, "")
	fs.String("impl", "", "")
	dir := fs.String("cases", "", "")
	builtin := fs.Bool("builtin", true, "")
	count := fs.Int("count", 0, "")
	seed := fs.Uint64("seed", 0, "")
	maxSize := fs.Int("max-size", 0, "")
	jobs := fs.Int("jobs", 1, "")
	fs.Bool("stream", false, "")
	fs.Bool("steps", false, "")
	var rules rulesFlag
	fs.Var(&rules, "rules", "")
	if err := fs.Parse(args); err != nil || fs.NArg() > 0 || *count < 0 {
		fmt.Fprintf(stderr, "cascade check: %v\nusage: cascade check [--game G] [--rules R] [--impl CMD] [--cases DIR] [--builtin=false] [--count N] [--seed S] [--max-size N]\n",
			cmpErr(err, "bad arguments"))
		return exitUsage
	}
	if *game != g.Name {
		fmt.Fprintf(stderr, "cascade check: --game %s: the engine under test, %v, plays %s\n", *game, impl, g.Name)
		return exitUsage
	}
	if rules.set {
		// The cases are read under g, whose rule set the engine plays:
		// --rules says which that must be.
		if msg := playsRules(g, impl, rules.r); msg != "" {
			fmt.Fprintf(stderr, "cascade check: %s\n", msg)
			return exitUsage
		}
	}
	o := conformance.RunOptions{Seed: *seed, Count: *count, MaxSize: *maxSize, Jobs: *jobs, NoBuiltin: !*builtin, NoCoverage: true}
	if o.Count == 0 {
		o.Count = -1
	}
	if *dir != "" {
		cases, err := conformance.ReadCasesFor(*dir, g.Any())
		if err != nil {
			fmt.Fprintf(stderr, "cascade check: --cases: %v\n", err)
			return exitRejected
		}
		o.Cases = cases
	}
	rep, err := g.Run(context.Background(), impl, o)
	if err != nil {
		fmt.Fprintf(stderr, "cascade check: %v\n", err)
		return exitRejected
	}
	for _, f := range rep.Failed {
		fmt.Fprintf(stdout, "%s: %s\n", f.Name, failedText(f))
	}
	if d := rep.Divergence; d != nil {
		fmt.Fprintf(stdout, "%v on %s, shrunk:\n%v\n", d.Found.Verdict, d.Source, &d.Shrunk)
	}
	if !rep.Ok() {
		fmt.Fprintf(stdout, "FAIL %s: %v: %s\n", g.Name, impl, input.Count(int64(rep.Cases()), "case", "cases"))
		return exitRejected
	}
	fmt.Fprintf(stdout, "ok %s: %v: %s accepted\n", g.Name, impl, input.Count(int64(rep.Cases()), "case", "cases"))
	return exitOK
}

// failedText is one line about a failed named case.
func failedText(f conformance.NamedResult) string {
	if f.Err != nil {
		return f.Err.Error()
	}
	first, _, _ := strings.Cut(f.Result.String(), "\n")
	return first
}

// cmpErr is err's text, or else text.
func cmpErr(err error, text string) error {
	if err != nil {
		return err
	}
	return errors.New(text)
}
