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
// start is a tenth of a second of CPU), so they get few cases. The
// stream protocol gets the built-in cases too, the big ones among them,
// whose answers take a starved program past the wall-clock limit; they
// are most of its CPU time, so they are played once, not under
// --stream --steps as well.
const (
	loadJudgeCases  = 4
	loadStreamCases = 30
)

var loadProtocols = []struct {
	name    string
	flags   []string
	stream  bool
	builtin bool
}{
	{"judge", nil, false, false},
	{"steps", []string{"--steps"}, false, false},
	{"stream", []string{"--stream"}, true, true},
	{"stream+steps", []string{"--stream", "--steps"}, true, false},
}

// loadRun is one run of the load test: cascade check of one program
// under one protocol, or one test of a package's own.
type loadRun struct {
	name  string
	group string // the package of a test; "" for cascade check
	unit  string // what count counts: cases or tests
	argv  []string
	dir   string
	env   []string
	// quiet runs it on the quiet machine too; a package's tests run
	// there in make test.
	quiet bool
	// status is the exit status it must end with: 1 for a check that
	// must fail.
	status int
	// strict fails it on a note: a case of a program that must be
	// accepted at once, accepted only when run again.
	strict bool
	// count reads the output of a run that exited 0: how many cases or
	// tests passed, and the notes to report (flaky cases, skips), or
	// why the output does not show a pass.
	count func(out string) (n int, notes []string, err error)
}

// loadOutcome is what one run showed.
type loadOutcome struct {
	ran       bool // exited 0 and its output showed a pass
	n         int
	notes     []string
	wall, cpu time.Duration
}

// TestNoVerdictDependsOnTheMachinesLoad checks correct programs in every
// language (the examples, and the benchmark example under --rules
// benchmark) under every protocol on a quiet machine, then again with
// every core kept busy by a loop at the test's own priority while
// cascade runs at the lowest (nice 19: about one percent of a core),
// together with the tests of internal/process and conformance's tests
// of programs under time limits. Every run must pass under load as on
// the quiet machine, with the same number of cases or tests: a starved
// program gets more wall-clock time, never a verdict. A case that
// passes only when run again is logged as flaky; that passes, but is
// worth a look. Under load too, correct programs of the shapes a
// starved run once looked asleep in must have every case accepted at
// its first run, and two programs whose CPU time another process spends
// must get their time limit on it, quiet and under load (shapeRuns).
//
// Under load everything runs at once, each test of a package in a
// process of its own: a nice 19 process gets its share of a core
// however many of them there are, so parallel runs progress together,
// and the slowest run, not the sum of them, bounds the test's time.
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

	quiet := runAll(t, "quiet", runs, false)
	stop := saturate(t)
	loaded := runAll(t, "load", runs, true)
	stop()

	for _, r := range runs {
		q, l := quiet[r.name], loaded[r.name]
		if q.ran && l.ran && q.n != l.n {
			t.Errorf("%s: %d %s on the quiet machine, %d under load", r.name, q.n, r.unit, l.n)
		}
	}
	t.Logf("the runs on a quiet machine, one at a time, then all at once at nice 19 under load:\n%s", loadTable(runs, quiet, loaded))
}

// loadMatrix builds the programs and test binaries the runs need, all
// before the load starts, and returns the runs. A language whose
// toolchain is missing is left out, as eachLanguage skips it. Each build
// is a subtest named as the runs it makes are, so that go test -run
// picks some runs alone: -run 'TestNoVerdictDependsOnTheMachinesLoad/
// (build|quiet|load)/shape' the programs of shapeRuns.
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
			n := p.judgeCases
			if proto.stream {
				n = loadStreamCases
			}
			builtin := fmt.Sprintf("--builtin=%t", proto.builtin)
			args := append([]string{filepath.Join(work, "cascade"), "check"}, p.args...)
			// A false alarm is to be reported as it was found, not
			// shrunk for minutes on a starved machine.
			args = append(args, "--jobs", "1", "--seed", "1", "--count", strconv.Itoa(n), builtin, "--shrink-time", "1s")
			runs = append(runs, &loadRun{
				name:  p.name + "/" + proto.name,
				unit:  "cases",
				argv:  append(args, proto.flags...),
				env:   p.env,
				quiet: true,
				count: checkCount(p.ok, n, proto.stream, proto.builtin),
			})
		}
	}
	runs = append(runs, shapeRuns(t)...)
	for _, s := range []struct{ pkg, run string }{
		{"internal/process", "."},
		{"conformance", conformanceUnderLimits},
	} {
		t.Run("build/"+s.pkg, func(t *testing.T) {
			runs = append(runs, suiteRuns(t, s.pkg, s.run)...)
		})
	}
	return runs
}

// runAll runs runs, each a subtest of phase, and returns their outcomes
// by name: under load all at once, started from goroutines, not marked
// parallel, so that -test.parallel does not hold them back; on the quiet
// machine one at a time, those marked quiet, so that they do not load
// the machine for one another.
func runAll(t *testing.T, phase string, runs []*loadRun, niced bool) map[string]loadOutcome {
	var mu sync.Mutex
	outcomes := make(map[string]loadOutcome)
	t.Run(phase, func(t *testing.T) {
		var wg sync.WaitGroup
		for _, r := range runs {
			run := func() {
				t.Run(r.name, func(t *testing.T) {
					o := r.run(t, niced)
					mu.Lock()
					outcomes[r.name] = o
					mu.Unlock()
				})
			}
			switch {
			case niced:
				wg.Go(run)
			case r.quiet:
				run()
			}
		}
		wg.Wait()
	})
	return outcomes
}

func (r *loadRun) run(t *testing.T, niced bool) loadOutcome {
	out, wall, cpu, err := runBounded(t, r.argv, r.dir, r.env, niced, r.group != "", r.status)
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
		if r.strict {
			t.Errorf("%s: %s; want every case accepted at its first run\n%s", strings.Join(r.argv, " "), note, out)
			continue
		}
		t.Logf("note: %s", note)
	}
	o.ran, o.n, o.notes = !r.strict || len(notes) == 0, n, notes
	return o
}

var (
	builtinLine   = regexp.MustCompile(`(?m)^  built-in cases: (\d+) of (\d+) accepted$`)
	generatedLine = regexp.MustCompile(`(?m)^  generated cases: (\d+) in `)
	streamLine    = regexp.MustCompile(`(?m)^  stream: (\d+) process(?:es)? started$`)
	flakyLine     = regexp.MustCompile(`(?m)^  flaky: .*$|^.*did not reproduce.*$`)
)

// checkCount reads cascade check's report: the summary line, starting
// with ok, must count every case accepted, the generated ones and the
// built-in ones if any; and a stream protocol must have streamed. A
// flaky case, and a stream that needed more than one process, is a note.
func checkCount(ok string, generated int, stream, builtins bool) func(string) (int, []string, error) {
	summary := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(ok) + `(\d+) cases \((\d+) accepted(?:, \d+ flaky)?\) in `)
	return func(out string) (int, []string, error) {
		var errs []error
		builtin := 0
		if m := builtinLine.FindStringSubmatch(out); builtins && (m == nil || m[1] != m[2] || m[1] == "0") {
			errs = append(errs, errors.New("the built-in cases were not all accepted, or not run"))
		} else if m != nil {
			builtin, _ = strconv.Atoi(m[2])
		}
		if m := generatedLine.FindStringSubmatch(out); m == nil || m[1] != strconv.Itoa(generated) {
			errs = append(errs, fmt.Errorf("want %d generated cases", generated))
		}
		streamed := streamLine.FindStringSubmatch(out)
		if stream && streamed == nil {
			errs = append(errs, errors.New("no stream process started"))
		}
		m := summary.FindStringSubmatch(out)
		if want := strconv.Itoa(builtin + generated); m == nil || m[1] != want || m[2] != want {
			errs = append(errs, fmt.Errorf("want a summary %q%s cases (%s accepted...", ok, want, want))
		}
		var notes []string
		if streamed != nil && streamed[1] != "1" {
			notes = append(notes, strings.TrimSpace(streamed[0]))
		}
		for _, line := range flakyLine.FindAllString(out, -1) {
			notes = append(notes, strings.TrimSpace(line))
		}
		return builtin + generated, notes, errors.Join(errs...)
	}
}

// loadTable lays out, for each cascade check and each package's tests,
// what it counted, the wall-clock and CPU time it took, and the notes
// it gave, on the quiet machine and under load. A package's tests are
// one row: its longest test's time, its tests' CPU time in all. A run
// that go test -run left out has no row.
func loadTable(runs []*loadRun, quiet, loaded map[string]loadOutcome) string {
	type row struct {
		name, counted string
		q, l          loadOutcome
		hasQuiet      bool
		hasLoaded     bool
		tests         int
	}
	var rows []*row
	groups := make(map[string]*row)
	for _, r := range runs {
		q, hasQuiet := quiet[r.name]
		o, hasLoaded := loaded[r.name]
		switch {
		case !hasQuiet && !hasLoaded:
			continue
		case r.group == "":
			rows = append(rows, &row{name: r.name, counted: fmt.Sprintf("%d %s", max(q.n, o.n), r.unit), q: q, l: o, hasQuiet: hasQuiet, hasLoaded: hasLoaded})
			continue
		}
		g := groups[r.group]
		if g == nil {
			g = &row{name: r.group + " (a process a test)", l: loadOutcome{ran: true}, hasLoaded: true}
			groups[r.group] = g
			rows = append(rows, g)
		}
		g.l.ran = g.l.ran && o.ran
		g.l.n += o.n
		g.l.notes = append(g.l.notes, o.notes...)
		g.l.wall = max(g.l.wall, o.wall)
		g.l.cpu += o.cpu
		g.tests++
		g.counted = fmt.Sprintf("%d of %d %s", g.l.n, g.tests, r.unit)
	}
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "run\tcounted\tquiet: wall\tper s\tCPU\tload: wall\tper s\tCPU\tnotes\t")
	cells := func(o loadOutcome) string {
		rate := "FAIL"
		if o.ran {
			rate = fmt.Sprintf("%.2f", float64(o.n)/o.wall.Seconds())
		}
		return fmt.Sprintf("%.1fs\t%s\t%.2fs", o.wall.Seconds(), rate, o.cpu.Seconds())
	}
	for _, r := range rows {
		q, l := "-\t-\t-", "-\t-\t-"
		if r.hasQuiet {
			q = cells(r.q)
		}
		if r.hasLoaded {
			l = cells(r.l)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t\n", r.name, r.counted, q, l, len(r.l.notes))
	}
	w.Flush()
	return b.String()
}
