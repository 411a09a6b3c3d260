package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"cascade/casegen"
	"cascade/engine"
	"cascade/match3"
)

// BenchmarkScoreProcess runs the built cascade binary as a whole process,
// start-up included, on a match-3 case at the statement's limits: 50x50,
// k=5, q=1000, 1% specials, operations aimed at the board. One op is one
// process.
func BenchmarkScoreProcess(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "cascade")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	c := casegen.Match3(rand.New(rand.NewPCG(7, 7)), casegen.Match3Options{
		Rows: casegen.Exactly(50), Cols: casegen.Exactly(50), Colours: casegen.Exactly(5),
		Ops: casegen.Exactly(1000), Specials: 0.01, InStatement: true,
		NewPlayer: func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) },
	})
	in := filepath.Join(dir, "case.in")
	if err := os.WriteFile(in, []byte(c.String()), 0o666); err != nil {
		b.Fatal(err)
	}
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
// each per iteration so that both see the same machine. It reports the
// median time of each and their ratio (cascade over the minimal
// program).
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "cascade")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	hello := filepath.Join(dir, "hello")
	src := filepath.Join(dir, "hello.go")
	if err := os.WriteFile(src, []byte("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(11692) }\n"), 0o666); err != nil {
		b.Fatal(err)
	}
	if out, err := exec.Command("go", "build", "-o", hello, src).CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	c := casegen.Match3(rand.New(rand.NewPCG(7, 7)), casegen.Match3Options{
		Rows: casegen.Exactly(50), Cols: casegen.Exactly(50), Colours: casegen.Exactly(100),
		Ops: casegen.Exactly(1000), Specials: 0.01, InStatement: true, Aimed: 16,
		NewPlayer: func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) },
	})
	in := filepath.Join(dir, "case.in")
	if err := os.WriteFile(in, []byte(c.String()), 0o666); err != nil {
		b.Fatal(err)
	}
	run := func(name string, args ...string) time.Duration {
		start := time.Now()
		if out, err := exec.Command(name, args...).Output(); err != nil || len(out) == 0 {
			b.Fatalf("%s: %v", name, err)
		}
		return time.Since(start)
	}
	var cascade, minimal []time.Duration
	for b.Loop() {
		minimal = append(minimal, run(hello))
		cascade = append(cascade, run(bin, "score", in))
	}
	median := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	mc, mm := median(cascade), median(minimal)
	b.ReportMetric(float64(mc.Microseconds())/1000, "cascade-ms")
	b.ReportMetric(float64(mm.Microseconds())/1000, "minimal-ms")
	b.ReportMetric(float64(mc)/float64(mm), "ratio")
}
