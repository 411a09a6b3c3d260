package conformance_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/testenv"
)

// BenchmarkStreamPython measures cascade check on a Python SameGame
// solution, the Python adapter's example, with and without --stream, on
// the same b.N generated cases of the same seed, with --jobs 1, and
// against the program's own floor under the stream protocol: the same
// program, one process, fed the same cases one after another by a
// minimal Go driver that writes a case and reads its answer line. Run it
// with a count of cases:
//
//	go test -run '^$' -bench StreamPython -benchtime 3000x ./conformance/
func BenchmarkStreamPython(b *testing.B) {
	if _, err := exec.LookPath("python3"); err != nil {
		b.Skip("no python3")
	}
	example, err := filepath.Abs("../adapters/python/example_samegame.py")
	if err != nil {
		b.Fatal(err)
	}
	benchmarkStream(b, streamBench{game: cubes.Game.Any(), judge: "python3 " + example, stream: "python3 " + example, jobs: 1})
}

// BenchmarkStreamSolve is BenchmarkStreamPython for testdata/solve, the
// engine as a compiled program (judge protocol) and as a stream program
// (-stream), on both games, with --jobs GOMAXPROCS: at its rate check's
// own work (generation, the engine's answer, the reference's sample) is
// the bound. It reports that work as own/engine-x: the stream check's
// CPU time less its programs' (the floor's), over the CPU time the
// engine takes in process to give the totals of the same cases.
//
//	go test -run '^$' -bench StreamSolve -benchtime 3000x ./conformance/
func BenchmarkStreamSolve(b *testing.B) {
	solve := buildForBench(b, "./testdata/solve")
	for _, g := range []conformance.Any{cubes.Game.Any(), gems.Game.Any()} {
		b.Run(g.Name(), func(b *testing.B) {
			benchmarkStream(b, streamBench{game: g, judge: solve + " " + g.Name(), stream: solve + " -stream " + g.Name(), ownEngine: true})
		})
	}
}

// judgeCases bounds the cases on which benchmarkStream takes the judge
// protocol's rate.
const judgeCases = 300

// A streamBench is a program to check under the judge and the stream
// protocol.
type streamBench struct {
	game          conformance.Any
	judge, stream string // command lines
	jobs          int    // processes at once; 0: GOMAXPROCS
	// ownEngine reports own/engine-x: check's own CPU time per case
	// over the engine's (a program as fast as the engine).
	ownEngine bool
}

// benchmarkStream reports, besides the three rates and their ratios,
// the CPU time per case of the stream check (cascade and the processes
// it ran) and of the floor's processes: on a machine whose cores are
// all busy, the rates' ratio comes to the CPU times' ratio, so that
// stream-cpu less floor-cpu is check's own work per case, whatever the
// load does to the wall clock.
func benchmarkStream(b *testing.B, sb streamBench) {
	cascade := os.Getenv("CASCADE")
	if cascade == "" {
		cascade = buildForBench(b, "../cmd/cascade")
	}
	const seed = 1
	jobs := cmp.Or(sb.jobs, runtime.GOMAXPROCS(0))
	var (
		inputs  [][]byte
		puzzles []conformance.Puzzle
	)
	for i := range b.N {
		p, _ := sb.game.Gen(seed+uint64(i), nil)
		var in bytes.Buffer
		p.Format(&in)
		inputs, puzzles = append(inputs, in.Bytes()), append(puzzles, p)
	}
	engineCPU := engineCPU(puzzles)
	b.ResetTimer()
	check := func(n int, line string, more ...string) (rate float64, cpu time.Duration) {
		args := append([]string{"check", "--game", sb.game.Name(), "--impl", line, "--builtin=false",
			"--seed", strconv.Itoa(seed), "--count", strconv.Itoa(n), "--jobs", strconv.Itoa(jobs)}, more...)
		cmd := exec.Command(cascade, args...)
		start := time.Now()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("cascade %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return float64(n) / time.Since(start).Seconds(), cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	// The judge protocol starts a process per case, a Python one some
	// hundred times slower than a case under --stream: its rate is
	// taken on the first judgeCases cases, so that the stream check and
	// its floor can run on enough cases to make a process's start and
	// check's report a small part of their time.
	judge, _ := check(min(b.N, judgeCases), sb.judge)
	stream, streamCPU := check(b.N, sb.stream, "--stream")
	start := time.Now()
	floorCPU, err := streamFloor(strings.Fields(sb.stream), inputs, jobs)
	if err != nil {
		b.Fatal(err)
	}
	floor := float64(b.N) / time.Since(start).Seconds()
	perCase := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(b.N) }
	b.ReportMetric(judge, "judge-cases/s")
	b.ReportMetric(stream, "stream-cases/s")
	b.ReportMetric(floor, "floor-cases/s")
	b.ReportMetric(stream/judge, "stream/judge-x")
	b.ReportMetric(100*stream/floor, "stream/floor-%")
	b.ReportMetric(perCase(streamCPU), "stream-cpu-µs/case")
	b.ReportMetric(perCase(floorCPU), "floor-cpu-µs/case")
	// Check's own CPU time per case: the stream check's, less what its
	// processes took, which is the floor's for the same cases; over the
	// engine's, the one play of a case no check can skip.
	if sb.ownEngine {
		b.ReportMetric(float64(streamCPU-floorCPU)/float64(engineCPU), "own/engine-x")
	}
}

// engineCPU is the CPU time the built-in engine takes to give the total
// of each of puzzles in process, one after the other, as the floor's
// program gives it: the least a check of those cases has to spend on
// them. The puzzles are played several times over, for a time long
// enough to measure, and the time is that of one round.
func engineCPU(puzzles []conformance.Puzzle) time.Duration {
	const rounds = 5
	start, _ := testenv.OwnCPU()
	for range rounds {
		for _, p := range puzzles {
			p.Score(conformance.EngineName)
		}
	}
	end, _ := testenv.OwnCPU()
	return (end - start) / rounds
}

// buildForBench builds the package pkg into the benchmark's temporary
// directory.
func buildForBench(b *testing.B, pkg string) string {
	b.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		b.Skip("no go command to build " + pkg)
	}
	path := filepath.Join(b.TempDir(), filepath.Base(pkg))
	if out, err := exec.Command("go", "build", "-o", path, pkg).CombinedOutput(); err != nil {
		b.Fatalf("building %s: %v\n%s", pkg, err, out)
	}
	return path
}

// streamFloor feeds inputs to jobs processes of the stream program args,
// each taking the next input once it has answered the last, and reports
// the first that did not answer; it returns the CPU time the processes
// used.
func streamFloor(args []string, inputs [][]byte, jobs int) (time.Duration, error) {
	var (
		mu  sync.Mutex
		cpu time.Duration
	)
	err := shareInputs(len(inputs), jobs, func(next func() int) error {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Env = append(os.Environ(), conformance.ProtocolEnv+"=stream")
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return err
		}
		defer func() {
			in.Close()
			io.Copy(io.Discard, out)
			if cmd.Wait() == nil {
				mu.Lock()
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				mu.Unlock()
			}
		}()
		answers := bufio.NewReader(out)
		for i := next(); i >= 0; i = next() {
			if _, err := in.Write(inputs[i]); err != nil {
				return err
			}
			if _, err := answers.ReadBytes('\n'); err != nil {
				return fmt.Errorf("%s on case %d: %v", strings.Join(args, " "), i, err)
			}
		}
		return nil
	})
	return cpu, err
}

// BenchmarkStreamRun is the loop behind cascade check --stream, in
// process, on testdata/solve as a stream program: each iteration is one
// generated case. Its profile shows what bounds check at a stream
// program's rate:
//
//	go test -run '^$' -bench StreamRun -benchtime 3000x -cpuprofile cpu.out ./conformance/
func BenchmarkStreamRun(b *testing.B) {
	solve := buildForBench(b, "./testdata/solve")
	for _, g := range []conformance.Any{cubes.Game.Any(), gems.Game.Any()} {
		b.Run(g.Name(), func(b *testing.B) {
			cmd := &conformance.Command{Args: []string{solve, "-stream", g.Name()}, Stream: true}
			defer cmd.Close()
			b.ResetTimer()
			rep, err := g.RunProgram(context.Background(), cmd, conformance.RunOptions{Seed: 1, Count: b.N, NoBuiltin: true, Oracle: conformance.OracleSampled})
			if err != nil || !rep.Ok() {
				b.Fatalf("%v, %+v", err, rep.Divergence)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
			b.ReportMetric(100*float64(rep.Refereed)/float64(b.N), "refereed-%")
		})
	}
}
