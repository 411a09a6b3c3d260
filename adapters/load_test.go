package adapters_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"
)

// The load test's matrix: every language's example and the benchmark
// example, under every protocol. The judge protocols start a process per
// case, which a starved machine makes slow (a Java virtual machine's
// start is a tenth of a second of CPU), so they get few cases; the
// stream protocols get the built-in cases too, the big ones among them,
// whose answers take a starved program past the wall-clock limit.
const (
	loadJudgeCases  = 4
	loadStreamCases = 30
)

var loadProtocols = []struct {
	name   string
	flags  []string
	stream bool
}{
	{"judge", nil, false},
	{"steps", []string{"--steps"}, false},
	{"stream", []string{"--stream"}, true},
	{"stream+steps", []string{"--stream", "--steps"}, true},
}

// conformanceUnderLimits selects conformance's tests that run programs
// under time limits: Command's runs and verdicts, Check of a command,
// the floods of the stream protocol, a stream per job, the example of
// NewCommand. The rest of the package checks Go values and would only
// add minutes of CPU.
const conformanceUnderLimits = `^(TestCommand|TestCheck|TestWallLimit|TestStream|TestRunOfAStreamCommand|` +
	`TestProgramOfAJudgeCommand|TestReportCutsAFloodOfOutput|ExampleNewCommand)`

// loadRun is one cell of the matrix: cascade check of one program under
// one protocol, or a package's own tests.
type loadRun struct {
	name  string
	unit  string // what count counts: cases or tests
	argv  []string
	dir   string
	env   []string
	suite bool // a test binary, which gets -test.timeout
	// count reads the output of a run that exited 0: how many cases or
	// tests passed, and the notes to report (flaky cases, skips), or
	// why the output does not show a pass.
	count func(out string) (n int, notes []string, err error)
}

// loadOutcome is what one run of a loadRun showed.
type loadOutcome struct {
	ran       bool
	n         int
	notes     []string
	wall, cpu time.Duration
}

// TestNoVerdictDependsOnTheMachinesLoad checks correct programs in every
// language (the examples, and the benchmark example under --rules
// benchmark) under every protocol, and runs the tests of internal/process
// and conformance's tests of programs under time limits, first on a
// quiet machine, then again with every core kept busy by a loop at the
// test's own priority while everything checked runs at the lowest
// (nice 19, about one percent of a core each). Every run must pass as on
// the quiet machine, with the same number of cases or tests: a starved
// program gets more wall-clock time, never a verdict. A case that passes
// only when run again is logged as flaky; that passes, but is worth a
// look.
//
// The runs go in parallel: a nice 19 process gets its share of a core
// however many of them there are, so parallel runs progress together.
func TestNoVerdictDependsOnTheMachinesLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("keeps every core busy for minutes; make test runs it")
	}
	for _, tool := range []string{"sh", "nice"} {
		needTool(t, tool)
	}
	loadFixture(t)
	runs := loadMatrix(t)
	if t.Failed() {
		return
	}

	idle := runAll(t, "idle", runs, false)
	stop := saturate(t)
	loaded := runAll(t, "load", runs, true)
	stop()

	for _, r := range runs {
		i, l := idle[r.name], loaded[r.name]
		if i.ran && l.ran && i.n != l.n {
			t.Errorf("%s: %d %s on the quiet machine, %d under load", r.name, i.n, r.unit, l.n)
		}
	}
	t.Logf("the same runs on the quiet machine, then under load at nice 19:\n%s", loadTable(runs, idle, loaded))
}

// loadMatrix builds the programs and test binaries the runs need, all
// before the load starts, and returns the runs. A language whose
// toolchain is missing is left out, as eachLanguage skips it.
func loadMatrix(t *testing.T) []*loadRun {
	type program struct {
		name, ok   string
		args, env  []string
		judgeCases int
	}
	var progs []program
	for _, l := range languages {
		t.Run("build/"+l.name, func(t *testing.T) {
			p := l.programs(t)
			n := loadJudgeCases
			if l.name == "java" {
				n = 2
			}
			progs = append(progs, program{l.name, "ok samegame: ", []string{"--game", "samegame", "--impl", commandLine(p.example)}, p.env, n})
			if l.name == "python" {
				bench := []string{"python3", filepath.Join(root(t), "adapters", "python", "example_benchmark.py")}
				progs = append(progs, program{"python-benchmark", "ok samegame benchmark: ",
					[]string{"--game", "samegame", "--rules", "benchmark", "--impl", commandLine(bench)}, p.env, n})
			}
		})
	}
	var runs []*loadRun
	for _, p := range progs {
		for _, proto := range loadProtocols {
			n, builtin := p.judgeCases, "--builtin=false"
			if proto.stream {
				n, builtin = loadStreamCases, "--builtin=true"
			}
			args := append([]string{filepath.Join(work, "cascade"), "check"}, p.args...)
			args = append(args, "--jobs", "1", "--seed", "1", "--count", strconv.Itoa(n), builtin)
			runs = append(runs, &loadRun{
				name:  p.name + "/" + proto.name,
				unit:  "cases",
				argv:  append(args, proto.flags...),
				env:   p.env,
				count: checkCount(p.ok, n, proto.stream),
			})
		}
	}
	for _, s := range []struct{ name, pkg, run string }{
		{"internal/process", "internal/process", ""},
		{"conformance", "conformance", conformanceUnderLimits},
	} {
		bin := filepath.Join(work, strings.ReplaceAll(s.pkg, "/", "-")+".test")
		if out, err := goCommand(root(t), "test", "-c", "-o", bin, "./"+s.pkg).CombinedOutput(); err != nil {
			t.Errorf("go test -c ./%s: %v\n%s", s.pkg, err, out)
			continue
		}
		argv := []string{bin, "-test.count=1", "-test.v"}
		if s.run != "" {
			argv = append(argv, "-test.run", s.run)
		}
		runs = append(runs, &loadRun{name: s.name, unit: "tests", argv: argv, dir: filepath.Join(root(t), s.pkg), suite: true, count: suiteCount})
	}
	return runs
}

// runAll runs every run at once, each a subtest of phase, and returns
// their outcomes by name. The subtests are started from goroutines, not
// marked parallel, so that -test.parallel does not hold them back.
func runAll(t *testing.T, phase string, runs []*loadRun, niced bool) map[string]loadOutcome {
	var mu sync.Mutex
	outcomes := make(map[string]loadOutcome)
	t.Run(phase, func(t *testing.T) {
		var wg sync.WaitGroup
		for _, r := range runs {
			wg.Go(func() {
				t.Run(r.name, func(t *testing.T) {
					o := r.run(t, niced)
					mu.Lock()
					outcomes[r.name] = o
					mu.Unlock()
				})
			})
		}
		wg.Wait()
	})
	return outcomes
}

func (r *loadRun) run(t *testing.T, niced bool) loadOutcome {
	out, wall, cpu, err := runBounded(t, r.argv, r.dir, r.env, niced, r.suite)
	o := loadOutcome{wall: wall, cpu: cpu}
	if err != nil {
		t.Errorf("%s: %v\n%s", strings.Join(r.argv, " "), err, out)
		return o
	}
	n, notes, err := r.count(out)
	if err != nil {
		t.Errorf("%s: exit status 0, but %v\n%s", strings.Join(r.argv, " "), err, out)
		return o
	}
	for _, note := range notes {
		t.Logf("note: %s", note)
	}
	o.ran, o.n, o.notes = true, n, notes
	return o
}

var (
	builtinLine   = regexp.MustCompile(`(?m)^  built-in cases: (\d+) of (\d+) accepted$`)
	generatedLine = regexp.MustCompile(`(?m)^  generated cases: (\d+) in `)
	streamLine    = regexp.MustCompile(`(?m)^  stream: (\d+) process(?:es)? started$`)
	flakyLine     = regexp.MustCompile(`(?m)^.*(?:flaky|did not reproduce).*$`)
)

// checkCount reads cascade check's report: the summary line, starting
// with ok, must count every case accepted, the generated ones and,
// under a stream protocol, the built-in ones; and a stream protocol
// must have streamed.
func checkCount(ok string, generated int, stream bool) func(string) (int, []string, error) {
	summary := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(ok) + `(\d+) cases \((\d+) accepted(?:, \d+ flaky)?\) in `)
	return func(out string) (int, []string, error) {
		var errs []error
		builtin := 0
		if m := builtinLine.FindStringSubmatch(out); stream && (m == nil || m[1] != m[2] || m[1] == "0") {
			errs = append(errs, fmt.Errorf("the built-in cases were not all accepted, or not run"))
		} else if m != nil {
			builtin, _ = strconv.Atoi(m[2])
		}
		if m := generatedLine.FindStringSubmatch(out); m == nil || m[1] != strconv.Itoa(generated) {
			errs = append(errs, fmt.Errorf("want %d generated cases", generated))
		}
		if m := streamLine.FindStringSubmatch(out); stream && m == nil {
			errs = append(errs, fmt.Errorf("no stream process started"))
		}
		m := summary.FindStringSubmatch(out)
		if want := strconv.Itoa(builtin + generated); m == nil || m[1] != want || m[2] != want {
			errs = append(errs, fmt.Errorf("want a summary %q%s cases (%s accepted...", ok, want, want))
		}
		var notes []string
		if m := streamLine.FindStringSubmatch(out); m != nil && m[1] != "1" {
			notes = append(notes, strings.TrimSpace(m[0]))
		}
		for _, line := range flakyLine.FindAllString(out, -1) {
			notes = append(notes, strings.TrimSpace(line))
		}
		return builtin + generated, notes, errors.Join(errs...)
	}
}

var (
	topLevelRun = regexp.MustCompile(`(?m)^=== RUN   [^/\s]+$`)
	skipLine    = regexp.MustCompile(`(?m)^\s*--- SKIP: .*$`)
)

// suiteCount reads a test binary's -test.v output: PASS, no failure,
// and at least one test run.
func suiteCount(out string) (int, []string, error) {
	n := len(topLevelRun.FindAllString(out, -1))
	switch {
	case strings.Contains(out, "--- FAIL"), !regexp.MustCompile(`(?m)^PASS$`).MatchString(out):
		return n, nil, errors.New("the output does not read PASS")
	case n == 0:
		return 0, nil, errors.New("no test ran")
	}
	var notes []string
	for _, line := range skipLine.FindAllString(out, -1) {
		notes = append(notes, strings.TrimSpace(line))
	}
	return n, notes, nil
}

// loadTable lays out, for each run, what it counted and how fast, on the
// quiet machine and under load, and the CPU time it got.
func loadTable(runs []*loadRun, idle, loaded map[string]loadOutcome) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "run\tcounted\tquiet: wall\tper s\tCPU\tload: wall\tper s\tCPU\tnotes\t")
	rate := func(o loadOutcome) string {
		if !o.ran {
			return "FAIL"
		}
		return fmt.Sprintf("%.2f", float64(o.n)/o.wall.Seconds())
	}
	for _, r := range runs {
		i, l := idle[r.name], loaded[r.name]
		fmt.Fprintf(w, "%s\t%d %s\t%.1fs\t%s\t%.2fs\t%.1fs\t%s\t%.2fs\t%d\t\n", r.name, max(i.n, l.n), r.unit,
			i.wall.Seconds(), rate(i), i.cpu.Seconds(), l.wall.Seconds(), rate(l), l.cpu.Seconds(), len(l.notes))
	}
	w.Flush()
	return b.String()
}
