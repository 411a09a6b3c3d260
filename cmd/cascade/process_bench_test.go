package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"

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
