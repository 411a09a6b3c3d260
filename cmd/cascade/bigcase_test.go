package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/samegame"
)

var bigCases = flag.String("bigcases", "", "write the big SameGame cases of the memory measurements to this directory (TestWriteBigCases)")

// writeBigSameGame writes a SameGame case of a w x h box of colours
// colours and k clicks, drawn from seed: each click on a cube of a group
// of two or more while the box holds one, else on a cube, else on a
// cell of the frame. Under codeabbey every click on a cube removes it,
// so the box changes on every click, as it does in a long game. The
// case has a W H header unless the box is square.
func writeBigSameGame(out io.Writer, w, h, colours, k int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 0))
	c := &samegame.Case{W: w, H: h, Board: make([]uint8, w*h)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + rng.IntN(colours))
	}
	g := engine.NewSameGame(c)
	bw := bufio.NewWriter(out)
	if w == h {
		fmt.Fprintf(bw, "%d\n", w)
	} else {
		fmt.Fprintf(bw, "%d %d\n", w, h)
	}
	for y := range h {
		for x := range w {
			bw.WriteByte('0' + c.Board[y*w+x])
		}
		bw.WriteByte('\n')
	}
	fmt.Fprintf(bw, "%d\n", k)
	for i := range k {
		m := bigClick(g, w, h, rng)
		g.Apply(m)
		sep := ", "
		if i == k-1 {
			sep = "\n"
		} else if i%16 == 15 {
			sep = ",\n"
		}
		fmt.Fprintf(bw, "%d %d%s", m.X, m.Y, sep)
	}
	return bw.Flush()
}

// bigClick picks the next click of writeBigSameGame: the first cube with
// a neighbour of its colour in a scan of the box from a random cell, the
// first cube of that scan when none has one, a random cell of an empty
// box. The scan is of the standing columns, bottom up: a standing column
// has its cubes at the bottom, so an empty cell ends it.
func bigClick(g *engine.SameGame, w, h int, rng *rand.Rand) samegame.Move {
	start := rng.IntN(w * h)
	var cube *samegame.Move
	for i := range w * h {
		x, y := (start+i)%w, (start+i)/w%h
		v := g.At(x, y)
		if v == 0 {
			continue
		}
		if g.At(x+1, y) == v || g.At(x-1, y) == v || g.At(x, y+1) == v || g.At(x, y-1) == v {
			return samegame.Move{X: x, Y: y}
		}
		if cube == nil {
			cube = &samegame.Move{X: x, Y: y}
		}
	}
	if cube != nil {
		return *cube
	}
	return samegame.Move{X: rng.IntN(w), Y: rng.IntN(h)}
}

// TestWriteBigCases writes, with -bigcases DIR, the cases the memory
// figures of docs/reliability.md were measured on: big.in, a 300 x 300
// box of four colours with 20,000 clicks (233 KB), box.in, a box of
// 10,000,000 x 1 with 20 clicks (10 MB), wide.in, one of 2,000,000 x 1
// with 20 clicks (2 MB), clicks.in, a 1 x 1 box with 5,000,000 clicks
// (25 MB), and match3.in, a 50 x 50 board with 20,000 operations. A
// command that reads a directory (check --cases, audit) is given one
// that holds the case alone.
func TestWriteBigCases(t *testing.T) {
	if *bigCases == "" {
		t.Skip("no -bigcases DIR")
	}
	for _, c := range []struct {
		name             string
		w, h, colours, k int
	}{
		{"big.in", 300, 300, 4, 20000},
		{"box.in", 10_000_000, 1, 2, 20},
		{"wide.in", 2_000_000, 1, 2, 20},
		{"clicks.in", 1, 1, 1, 5_000_000},
	} {
		var b bytes.Buffer
		if err := writeBigSameGame(&b, c.w, c.h, c.colours, c.k, 1); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*bigCases, c.name), b.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := writeBigMatch3(&b, 50, 20000, 1); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*bigCases, "match3.in"), b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestMemoryIsBoundedByTheInput runs the commands that play a case with
// the reference, and holds each run's peak resident memory, as the
// kernel counts it for the process (and the programs it ran), to
// memoryBase + memoryPerByte times the size of the file. The cases are
// a 300 x 300 box with 1,000 clicks, which change the box on every
// click (a box per move took some 90 MB here, and twice that in
// copies); a box of 1,000,000 x 1 with 20 clicks, where a slice per
// column and per click took some 190 bytes per byte of the file, and
// an audit 142 MiB against 94 MiB (a box per click of each planted
// variant, lists of columns made afresh, and the next variant's box
// beside the last's garbage); a 1 x 1 box of 1,000,000 clicks (5 MB),
// whose audit took 259 MiB against 216 MiB (each variant's trace grown
// by append and copied); and a 50 x 50 match-3 board with 3,000
// operations (a board per operation took some 200 MB). A step check of
// the 300 x 300 box, whose program writes the box after every click,
// may hold the answer as it came, three times its size: it was parsed
// into boards of int32s and the reference's boards kept beside them,
// eight times. A check that generates cases, with no file read, is held
// to memoryBase.
func TestMemoryIsBoundedByTheInput(t *testing.T) {
	if testing.Short() {
		t.Skip("plays big cases of both games with the reference, several times")
	}
	bin, err := exec.LookPath("cascade")
	if err != nil {
		t.Skipf("cascade is not on PATH: %v", err)
	}
	dir := t.TempDir()
	write := func(name string, gen func(io.Writer) error) (file, cases string, size int) {
		cases = filepath.Join(dir, strings.TrimSuffix(name, ".in"))
		if err := os.Mkdir(cases, 0o777); err != nil {
			t.Fatal(err)
		}
		file = filepath.Join(cases, name)
		var b bytes.Buffer
		if err := gen(&b); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
		return file, cases, b.Len()
	}
	big, bigCases, bigSize := write("big.in", func(w io.Writer) error { return writeBigSameGame(w, 300, 300, 4, 1000, 1) })
	wide, wideCases, wideSize := write("wide.in", func(w io.Writer) error { return writeBigSameGame(w, 1_000_000, 1, 2, 20, 1) })
	clicks, clicksCases, clicksSize := write("clicks.in", func(w io.Writer) error { return writeBigSameGame(w, 1, 1, 1, 1_000_000, 1) })
	m3, m3Cases, m3Size := write("match3.in", func(w io.Writer) error { return writeBigMatch3(w, 50, 3000, 1) })
	page := filepath.Join(dir, "page.html")
	// The answer of the step check: 1,000 boxes of 300 lines of 301
	// bytes, and the step lines.
	const bigAnswer = 1000 * (300*301 + 16)
	for _, run := range []struct {
		args  []string
		size  int
		extra int  // bytes allowed beside the bound
		fails bool // the command refuses the case, exit status 1
	}{
		{args: []string{"trace", big}, size: bigSize},
		{args: []string{"score", "--steps", "--engine", "reference", big}, size: bigSize},
		{args: []string{"trace", "--html", page, big}, size: bigSize},
		{args: []string{"check", "--game", "samegame", "--builtin=false", "--count", "0", "--cases", bigCases, "--impl", "cascade score"}, size: bigSize},
		{args: []string{"check", "--game", "samegame", "--builtin=false", "--count", "0", "--cases", bigCases, "--steps", "--impl", "cascade score --steps --engine reference"},
			size: bigSize, extra: 3 * bigAnswer},
		{args: []string{"trace", wide}, size: wideSize},
		{args: []string{"score", "--steps", "--engine", "reference", wide}, size: wideSize},
		{args: []string{"trace", "--html", page, wide}, size: wideSize, fails: true},
		{args: []string{"check", "--game", "samegame", "--builtin=false", "--count", "0", "--cases", wideCases, "--impl", "cascade score"}, size: wideSize},
		{args: []string{"audit", wideCases}, size: wideSize},
		{args: []string{"trace", clicks}, size: clicksSize},
		{args: []string{"score", "--steps", "--engine", "reference", clicks}, size: clicksSize},
		{args: []string{"trace", "--html", page, clicks}, size: clicksSize, fails: true},
		{args: []string{"check", "--game", "samegame", "--builtin=false", "--count", "0", "--cases", clicksCases, "--impl", "cascade score"}, size: clicksSize},
		{args: []string{"audit", clicksCases}, size: clicksSize},
		// Generation alone, no file read.
		{args: []string{"check", "--rules", "custom min=1073741824 size=64x64", "--usual-box", "--count", "10", "--seed", "1"}},
		{args: []string{"check", "--rules", "benchmark size=64x64", "--legal", "--usual-box", "--count", "30", "--seed", "1"}},
		{args: []string{"trace", m3}, size: m3Size},
		{args: []string{"score", "--steps", "--engine", "reference", m3}, size: m3Size},
		{args: []string{"trace", "--html", page, m3}, size: m3Size},
		{args: []string{"check", "--game", "match3", "--builtin=false", "--count", "0", "--cases", m3Cases, "--impl", "cascade score"}, size: m3Size},
	} {
		line := "cascade " + strings.Join(run.args, " ")
		cmd := exec.Command(bin, run.args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		err := cmd.Run()
		if exit, ok := errors.AsType[*exec.ExitError](err); run.fails && ok && exit.ExitCode() == exitRejected {
			err = nil
		} else if run.fails && err == nil {
			err = errors.New("exit status 0, want 1")
		}
		if err != nil {
			t.Errorf("%s: %v\n%s", line, err, stderr.String())
			continue
		}
		usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no resource usage on this system")
		}
		peak := maxRSS(usage)
		limit := int64(memoryBase + memoryPerByte*run.size + run.extra)
		t.Logf("%s: peak resident memory %d MB", line, peak>>20)
		if peak > limit {
			t.Errorf("%s: peak resident memory %d MB, want at most %d MB (%d MB + %d x %d bytes of input + %d MB)",
				line, peak>>20, limit>>20, memoryBase>>20, memoryPerByte, run.size, run.extra>>20)
		}
	}
}

// writeBigMatch3 writes a match-3 case of a side x side board of six
// colours, a tenth of the pieces with a special, and q operations drawn
// from seed, the first hundred aimed at valid swaps, the rest swaps of
// a random piece with a neighbour, as cascade gen draws them.
func writeBigMatch3(w io.Writer, side, q int, seed uint64) error {
	p, err := gems.Game.Any().Gen(seed, map[string]string{
		"rows": fmt.Sprint(side), "cols": fmt.Sprint(side), "colours": "6",
		"ops": fmt.Sprint(q), "aimed": "100", "specials": "0.1",
	})
	if err != nil {
		return err
	}
	return p.Format(w)
}

// maxRSS is the peak resident memory of a process in bytes, from its
// resource usage: Linux counts it in kilobytes, macOS in bytes.
func maxRSS(u *syscall.Rusage) int64 {
	if runtime.GOOS == "darwin" {
		return u.Maxrss
	}
	return u.Maxrss << 10
}
