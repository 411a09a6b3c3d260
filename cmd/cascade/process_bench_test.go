package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
)

// BenchmarkScoreProcess runs the built cascade binary as a whole process,
// start-up included, on a match-3 case at the statement's limits: 50x50,
// k=5, q=1000, 1% specials, operations aimed at the board. One op is one
// process.
func BenchmarkScoreProcess(b *testing.B) {
	dir := b.TempDir()
	bin := builtCascade(b)
	c := casegen.Match3(rand.New(rand.NewPCG(7, 7)), casegen.Match3Options{
		Rows: casegen.Exactly(50), Cols: casegen.Exactly(50), Colours: casegen.Exactly(5),
		Ops: casegen.Exactly(1000), Specials: 0.01, InStatement: true,
		NewPlayer: func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) },
	})
	in := writeCase(b, dir, "case.in", c)
	want := engine.PlayMatch3(c).Total
	b.ResetTimer()
	for b.Loop() {
		out, err := exec.Command(bin, "score", in).Output()
		if err != nil {
			b.Fatalf("cascade score: %v", err)
		}
		if got := string(bytes.TrimSpace(out)); got != strconv.FormatInt(want, 10) {
			b.Fatalf("cascade score = %s, want %d", got, want)
		}
	}
}

// BenchmarkStartup compares cascade score on a match-3 case at the
// statement's limits (50x50, k=100, q=1000) with a minimal Go program
// that prints one number, as whole processes, alternating one run of
// each per iteration so that all see the same machine. It reports the
// median time of each and their ratio (cascade over the minimal
// program). Beside them, each as a ratio to the minimal program: cascade
// score on a 2x3 case with one operation (tiny-ratio), which parts the
// cost of the binary from the cost of the case; testdata/scoreonly on
// the large case (floor-ratio), the least program of cascade's packages
// that reads and plays it; and, when CASCADE_BASELINE names another
// build of cascade, that build on the large case (baseline-ratio), to
// compare two builds in one run. It also reports the median page faults
// of cascade, the tiny case and the minimal program, which in a fresh
// process are much of what any of them costs.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := builtCascade(b)
	floor := goBuild(b, dir, "scoreonly", "./testdata/scoreonly")
	src := filepath.Join(dir, "hello.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(11692) }\n"), 0o666); err != nil {
		b.Fatal(err)
	}
	hello := goBuild(b, dir, "hello", src)
	baseline := os.Getenv("CASCADE_BASELINE")
	big := writeCase(b, dir, "case.in", casegen.Match3(rand.New(rand.NewPCG(7, 7)), casegen.Match3Options{
		Rows: casegen.Exactly(50), Cols: casegen.Exactly(50), Colours: casegen.Exactly(100),
		Ops: casegen.Exactly(1000), Specials: 0.01, InStatement: true, Aimed: 16,
		NewPlayer: func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) },
	}))
	tiny := writeCase(b, dir, "tiny.in", casegen.Match3(rand.New(rand.NewPCG(7, 7)), casegen.Match3Options{
		Rows: casegen.Exactly(2), Cols: casegen.Exactly(3), Colours: casegen.Exactly(3),
		Ops: casegen.Exactly(1), InStatement: true,
	}))
	type runs struct {
		times  []time.Duration
		faults []int64
	}
	run := func(r *runs, name string, args ...string) {
		cmd := exec.Command(name, args...)
		start := time.Now()
		if out, err := cmd.Output(); err != nil || len(out) == 0 {
			b.Fatalf("%s: %v", name, err)
		}
		r.times = append(r.times, time.Since(start))
		if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.faults = append(r.faults, u.Minflt)
		}
	}
	var cascade, small, lowest, minimal, base runs
	for b.Loop() {
		run(&minimal, hello)
		run(&cascade, bin, "score", big)
		run(&small, bin, "score", tiny)
		run(&lowest, floor, big)
		if baseline != "" {
			run(&base, baseline, "score", big)
		}
	}
	mm := median(minimal.times)
	ratio := func(r runs) float64 { return float64(median(r.times)) / float64(mm) }
	b.ReportMetric(float64(median(cascade.times).Microseconds())/1000, "cascade-ms")
	b.ReportMetric(float64(mm.Microseconds())/1000, "minimal-ms")
	b.ReportMetric(ratio(cascade), "ratio")
	b.ReportMetric(ratio(small), "tiny-ratio")
	b.ReportMetric(ratio(lowest), "floor-ratio")
	if baseline != "" {
		b.ReportMetric(ratio(base), "baseline-ratio")
	}
	b.ReportMetric(float64(median(cascade.faults)), "cascade-faults")
	b.ReportMetric(float64(median(small.faults)), "tiny-faults")
	b.ReportMetric(float64(median(minimal.faults)), "minimal-faults")
}

// goBuild builds the package pkg (a directory or a file) as dir/name and
// returns its path.
func goBuild(tb testing.TB, dir, name, pkg string) string {
	tb.Helper()
	bin := filepath.Join(dir, name)
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		tb.Fatalf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin
}

// writeCase writes c in the input format as dir/name and returns its
// path.
func writeCase(tb testing.TB, dir, name string, c *match3.Case) string {
	tb.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(c.String()), 0o666); err != nil {
		tb.Fatal(err)
	}
	return path
}
