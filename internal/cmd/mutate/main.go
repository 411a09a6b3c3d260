// Command mutate runs a sample of source mutants of cascade's engine,
// reference and SameGame vocabulary against the project's checks, one
// mutant at a time, and reports which check killed each and the score
// (docs/mutation.md). It is what make mutate runs:
//
//	go run ./internal/cmd/mutate -seed 1 -n 100
//
// Each mutant replaces its file through go's -overlay, so the tree is
// never written to. The checks run in stages, each only on a mutant the
// ones before left alive:
//
//	vet         go vet of the mutated package (make test runs it)
//	unit        go test -short of the mutated package
//	dependents  go test -short of engine, reference, samegame, casegen
//	            and fuzz (seed corpora), the mutated package left out
//	check       cascade check --engine engine of both games and three
//	            rule sets, built from the mutated tree
//	fuzz        the engine's native fuzz targets for a count each
//
// A mutant that does not build is not counted: the next one of the
// shuffled list takes its place.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/cascade-harness/cascade/internal/mutate"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type config struct {
	ctx        context.Context // ends at an interrupt: the run stops
	root       string
	goCmd      string
	tmp        string
	checkCount int
	fuzzCount  int
	seed       uint64
	timeout    time.Duration
	memory     uint64 // bytes of address space a command may take
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the sample: the order mutants are tried in")
	n := fs.Int("n", 100, "mutants to run (those that build)")
	dirs := fs.String("dirs", "engine,reference,samegame", "packages whose non-test files are mutated, comma separated")
	match := fs.String("match", "", "only mutants whose name matches this regular expression")
	eqFile := fs.String("equivalent", "docs/mutation-equivalent.txt", "list of equivalent mutants, MUTANT -- REASON a line")
	stagesFlag := fs.String("stages", "vet,unit,dependents,check,fuzz", "stages to run, in order")
	checkCount := fs.Int("check-count", 5000, "generated cases of each cascade check run")
	fuzzCount := fs.Int("fuzz-count", 2000, "executions of each fuzz target")
	timeout := fs.Duration("timeout", 4*time.Minute, "a stage still running after this kills the mutant (a hang)")
	memory := fs.Uint64("memory", 4<<30, "bytes of address space each command may take (ulimit -v): a mutant that allocates without end fails there")
	list := fs.Bool("list", false, "list the sample's mutants without running them")
	verbose := fs.Bool("v", false, "say why each mutant passed over does not build")
	survivors := fs.String("survivors", "", "run again only the survivors of an earlier run saved in this file that are not listed as equivalent, taking its kills as they are (a kill stands while the checks that made it do)")
	rescore := fs.String("rescore", "", "score the output of an earlier run, saved in this file, against the list of equivalent mutants as it stands, running nothing")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	var re *regexp.Regexp
	if *match != "" {
		if re, err = regexp.Compile(*match); err != nil {
			fmt.Fprintln(stderr, "mutate: -match:", err)
			return 2
		}
	}
	eq := mutate.Equivalent{}
	if *eqFile != "" {
		f, err := os.Open(filepath.Join(root, *eqFile))
		if err == nil {
			eq, err = mutate.ParseEquivalent(f)
			f.Close()
		}
		if err != nil {
			fmt.Fprintf(stderr, "mutate: %s: %v\n", *eqFile, err)
			return 2
		}
	}
	if *rescore != "" {
		f, err := os.Open(*rescore)
		if err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		outcomes, err := mutate.ParseLines(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "mutate: %s: %v\n", *rescore, err)
			return 2
		}
		mutate.Report(stdout, outcomes, eq, strings.Split(*stagesFlag, ","))
		return 0
	}
	stages := strings.Split(*stagesFlag, ",")
	for _, s := range stages {
		if _, ok := stageFuncs[s]; !ok {
			fmt.Fprintf(stderr, "mutate: no stage %q\n", s)
			return 2
		}
	}

	var all []mutate.Mutant
	sources := map[string][]byte{}
	for _, dir := range strings.Split(*dirs, ",") {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
			src, err := os.ReadFile(path)
			if err != nil {
				fmt.Fprintln(stderr, "mutate:", err)
				return 2
			}
			ms, err := mutate.List(rel, src)
			if err != nil {
				fmt.Fprintln(stderr, "mutate:", err)
				return 2
			}
			sources[rel] = src
			for _, m := range ms {
				if re == nil || re.MatchString(m.String()) {
					all = append(all, m)
				}
			}
		}
	}
	order := mutate.Shuffle(all, *seed)
	var outcomes []mutate.Outcome
	if *survivors != "" {
		f, err := os.Open(*survivors)
		if err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		earlier, err := mutate.ParseLines(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "mutate: %s: %v\n", *survivors, err)
			return 2
		}
		again := map[string]bool{}
		for _, o := range earlier {
			if _, equivalent := eq[o.Mutant.String()]; o.Stage != "" || equivalent {
				// An equivalent mutant survives whatever runs.
				outcomes = append(outcomes, o)
			} else {
				again[o.Mutant.String()] = true
			}
		}
		var rerun []mutate.Mutant
		for _, m := range order {
			if again[m.String()] {
				rerun = append(rerun, m)
				delete(again, m.String())
			}
		}
		for name := range again {
			fmt.Fprintf(stderr, "mutate: %s: %s is no mutant of the tree as it stands\n", *survivors, name)
			return 2
		}
		fmt.Fprintf(stdout, "%d kills and equivalent mutants of %s kept; its %d other survivors run again\n", len(outcomes), *survivors, len(rerun))
		order, *n = rerun, len(outcomes)+len(rerun)
	}
	fmt.Fprintf(stdout, "%d mutants of %s; seed %d, sample %d; stages %s\n", len(all), *dirs, *seed, *n, strings.Join(stages, ", "))
	if *list {
		for _, m := range order[:min(*n, len(order))] {
			fmt.Fprintln(stdout, m)
		}
		return 0
	}

	tmp, err := os.MkdirTemp("", "cascade-mutate-")
	if err != nil {
		fmt.Fprintln(stderr, "mutate:", err)
		return 2
	}
	defer os.RemoveAll(tmp)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg := &config{ctx: ctx, root: root, goCmd: goCommand(), tmp: tmp, checkCount: *checkCount, fuzzCount: *fuzzCount, seed: *seed, timeout: *timeout, memory: *memory}

	skipped := 0
	for _, m := range order {
		if len(outcomes) == *n || ctx.Err() != nil {
			break
		}
		overlay, err := cfg.overlay(m, sources[m.File])
		if err != nil {
			fmt.Fprintln(stderr, "mutate:", err)
			return 2
		}
		pkg := "./" + filepath.ToSlash(filepath.Dir(m.File)) + "/"
		if out, err := cfg.goRun("build", "-overlay", overlay, pkg); err != nil {
			if *verbose {
				fmt.Fprintf(stderr, "%s does not build: %v\n%s", m, err, out)
			}
			if ctx.Err() != nil {
				break
			}
			skipped++
			continue
		}
		o := mutate.Outcome{Mutant: m}
		for _, st := range stages {
			killed, detail, err := stageFuncs[st](cfg, overlay, pkg)
			if ctx.Err() != nil {
				break
			}
			if err != nil {
				fmt.Fprintf(stderr, "mutate: %s: stage %s: %v\n", m, st, err)
				return 2
			}
			if killed {
				o.Stage, o.Detail = st, detail
				break
			}
		}
		if ctx.Err() != nil {
			break
		}
		outcomes = append(outcomes, o)
		fmt.Fprintf(stdout, "%3d %s\n", len(outcomes), mutate.Line(o, eq))
	}
	if ctx.Err() != nil {
		// The mutants run so far are a sample too, if a smaller one.
		fmt.Fprintf(stdout, "\ninterrupted: the report is of the %d mutants run\n", len(outcomes))
	}
	fmt.Fprintf(stdout, "\n%d mutants did not build and were passed over\n", skipped)
	mutate.Report(stdout, outcomes, eq, stages)
	if ctx.Err() != nil {
		return 1
	}
	return 0
}

// overlay writes m applied to src and an overlay file that puts it in
// place of m's file, and returns the overlay's path.
func (c *config) overlay(m mutate.Mutant, src []byte) (string, error) {
	dir, err := os.MkdirTemp(c.tmp, "m")
	if err != nil {
		return "", err
	}
	file := filepath.Join(dir, filepath.Base(m.File))
	if err := os.WriteFile(file, m.Apply(src), 0o644); err != nil {
		return "", err
	}
	b, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(c.root, filepath.FromSlash(m.File)): file}})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, "overlay.json")
	return path, os.WriteFile(path, b, 0o644)
}

// A stage runs one check on the mutant the overlay puts in place; it
// reports whether the check failed, with its first words on why. Its
// error is one of the run itself (a test that does not build is one).
type stage func(c *config, overlay, pkg string) (killed bool, detail string, err error)

var stageFuncs = map[string]stage{
	"vet":        vetStage,
	"unit":       unitStage,
	"dependents": dependentsStage,
	"check":      checkStage,
	"fuzz":       fuzzStage,
}

// dependents are the packages whose short tests run in the dependents
// stage: those that play the engine or the reference, or read the
// vocabulary, and take seconds.
var dependents = []string{"./engine/", "./reference/", "./samegame/", "./casegen/", "./fuzz/"}

func vetStage(c *config, overlay, pkg string) (bool, string, error) {
	out, err := c.goRun("vet", "-overlay", overlay, pkg)
	if err != nil {
		return true, firstLine(out, err), nil
	}
	return false, "", nil
}

func unitStage(c *config, overlay, pkg string) (bool, string, error) {
	return c.goTest(overlay, pkg)
}

func dependentsStage(c *config, overlay, pkg string) (bool, string, error) {
	var pkgs []string
	for _, p := range dependents {
		if p != pkg {
			pkgs = append(pkgs, p)
		}
	}
	return c.goTest(overlay, pkgs...)
}

// checkRuns are the cascade check runs of the check stage.
var checkRuns = [][]string{
	{"--game", "samegame"},
	{"--game", "match3"},
	{"--rules", "jawbreaker"},
	{"--rules", "clickomania"},
	{"--rules", "lx"},
}

func checkStage(c *config, overlay, _ string) (bool, string, error) {
	bin := filepath.Join(filepath.Dir(overlay), "cascade")
	if out, err := c.goRun("build", "-overlay", overlay, "-o", bin, "./cmd/cascade"); err != nil {
		return false, "", fmt.Errorf("building cascade: %v\n%s", err, out)
	}
	for _, args := range checkRuns {
		args = append([]string{"check", "--engine", "engine", "--seed", fmt.Sprint(c.seed), "--count", fmt.Sprint(c.checkCount)}, args...)
		out, err := c.command(bin, args...)
		if err != nil {
			return true, strings.Join(args[7:], " ") + ": " + verdict(out, err), nil
		}
	}
	return false, "", nil
}

// verdict is the line of cascade check's report that names the failing
// case, "wrong answer on generated case 272 (seed 1)", or its first
// line when there is none (a crash of check itself).
func verdict(out []byte, err error) string {
	for _, line := range strings.Split(string(out), "\n") {
		if line != "" && line[0] != ' ' && strings.Contains(line, " on ") {
			return short(line)
		}
	}
	return firstLine(out, err)
}

// fuzzTargets are the native fuzz targets of the fuzz stage: those that
// play the engine against the reference.
var fuzzTargets = []string{"FuzzSameGame", "FuzzMatch3"}

func fuzzStage(c *config, overlay, _ string) (bool, string, error) {
	corpus := filepath.Join(c.root, "fuzz", "testdata", "fuzz")
	for _, target := range fuzzTargets {
		before := listTree(corpus)
		out, err := c.goRun("test", "-overlay", overlay, "-run", "^$", "-fuzz", "^"+target+"$",
			"-fuzztime", fmt.Sprintf("%dx", c.fuzzCount), "-fuzzminimizetime", "20x", "./fuzz/")
		// A failing input is written into the tree: it belongs to the
		// mutant, not to the project.
		for _, f := range listTree(corpus) {
			if !slices.Contains(before, f) {
				os.Remove(f)
			}
		}
		if err != nil {
			if bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")) {
				return false, "", fmt.Errorf("%s does not build: %s", target, out)
			}
			return true, target + ": " + failure(out, err), nil
		}
	}
	return false, "", nil
}

func listTree(dir string) []string {
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return nil
	})
	return files
}

// goTest runs the short tests of pkgs on the overlay: killed when one
// fails.
func (c *config) goTest(overlay string, pkgs ...string) (bool, string, error) {
	args := append([]string{"test", "-short", "-failfast", "-vet=off", "-overlay", overlay, "-timeout", c.timeout.String()}, pkgs...)
	out, err := c.goRun(args...)
	if err == nil {
		return false, "", nil
	}
	if bytes.Contains(out, []byte("[setup failed]")) || bytes.Contains(out, []byte("[build failed]")) {
		return false, "", fmt.Errorf("tests do not build: %s", out)
	}
	return true, failure(out, err), nil
}

// failure names the first failing test of go test's output, with the
// package, or the first line of the output when it names none.
var failRE = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)|^(panic: .*)|^FAIL[ \t]+(\S+)`)

func failure(out []byte, err error) string {
	var test, pkg string
	for _, m := range failRE.FindAllSubmatch(out, -1) {
		switch {
		case len(m[1]) > 0 && test == "":
			test = string(m[1])
		case len(m[2]) > 0 && test == "":
			test = string(m[2])
		case len(m[3]) > 0 && pkg == "":
			pkg = string(m[3])
		}
	}
	if test == "" {
		return firstLine(out, err)
	}
	return strings.TrimPrefix(pkg, "github.com/cascade-harness/cascade/") + " " + test
}

func firstLine(out []byte, err error) string {
	for _, line := range strings.Split(string(out), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return short(line)
		}
	}
	return err.Error()
}

func short(s string) string {
	if len(s) > 100 {
		return s[:100] + "..."
	}
	return s
}

func (c *config) goRun(args ...string) ([]byte, error) { return c.command(c.goCmd, args...) }

// command runs name in the module root with the stage timeout, at the
// lowest priority (the run is to share its machine).
func (c *config) command(name string, args ...string) ([]byte, error) {
	// go test's own -timeout is c.timeout: it ends a hung test with a
	// stack trace first.
	ctx, cancel := context.WithTimeout(c.ctx, c.timeout+time.Minute)
	defer cancel()
	cmd := command(c.memory, name, args...)
	cmd.Dir = c.root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop := context.AfterFunc(ctx, func() { kill(cmd) })
	err := cmd.Wait()
	stop()
	if c.ctx.Err() != nil {
		return out.Bytes(), c.ctx.Err()
	}
	if ctx.Err() != nil {
		return append(out.Bytes(), fmt.Sprintf("\ntimed out after %v", c.timeout)...), ctx.Err()
	}
	return out.Bytes(), err
}

func goCommand() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

func moduleRoot() (string, error) {
	out, err := exec.Command(goCommand(), "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("not inside a module")
	}
	return filepath.Dir(mod), nil
}
