package main

import (
	"bufio"
	"bytes"
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
// box of four colours with 20,000 clicks (255 KB), and box.in, a box of
// 10,000,000 x 1 with 20 clicks (10 MB).
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
	} {
		var b bytes.Buffer
		if err := writeBigSameGame(&b, c.w, c.h, c.colours, c.k, 1); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*bigCases, c.name), b.Bytes(), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMemoryIsBoundedByTheInput runs the commands that play a case with
// the reference on a 300 x 300 box with 1,000 clicks, which change the
// box on every click, and holds each run's peak resident memory, as the
// kernel counts it for the process (and the programs it ran), to
// memoryBase + memoryPerByte times the size of the file: the reference's
// play, the trace, the step answer and the replay page are written as
// they are computed, not kept a board per move (which took some 90 MB
// here, and twice that in copies).
func TestMemoryIsBoundedByTheInput(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a 300 x 300 case of 1,000 clicks with the reference, several times")
	}
	bin, err := exec.LookPath("cascade")
	if err != nil {
		t.Skipf("cascade is not on PATH: %v", err)
	}
	dir := t.TempDir()
	cases := filepath.Join(dir, "cases")
	if err := os.Mkdir(cases, 0o777); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(cases, "big.in")
	var b bytes.Buffer
	if err := writeBigSameGame(&b, 300, 300, 4, 1000, 1); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	limit := int64(memoryBase + memoryPerByte*b.Len())
	for _, args := range [][]string{
		{"trace", file},
		{"score", "--steps", "--engine", "reference", file},
		{"trace", "--html", filepath.Join(dir, "page.html"), file},
		{"check", "--game", "samegame", "--builtin=false", "--count", "0", "--cases", cases, "--impl", "cascade score"},
	} {
		cmd := exec.Command(bin, args...)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("cascade %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
			continue
		}
		usage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		if !ok {
			t.Skip("no resource usage on this system")
		}
		peak := maxRSS(usage)
		t.Logf("cascade %s: peak resident memory %d MB", args[0], peak>>20)
		if peak > limit {
			t.Errorf("cascade %s: peak resident memory %d MB, want at most %d MB (%d MB + %d x %d bytes of input)",
				strings.Join(args, " "), peak>>20, limit>>20, memoryBase>>20, memoryPerByte, b.Len())
		}
	}
}

// The bound docs/reliability.md promises on the peak memory of a command:
// memoryBase plus memoryPerByte bytes per byte of its input file.
const (
	memoryBase    = 64 << 20
	memoryPerByte = 200
)

// maxRSS is the peak resident memory of a process in bytes, from its
// resource usage: Linux counts it in kilobytes, macOS in bytes.
func maxRSS(u *syscall.Rusage) int64 {
	if runtime.GOOS == "darwin" {
		return u.Maxrss
	}
	return u.Maxrss << 10
}
