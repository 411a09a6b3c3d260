package conformance_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// BenchmarkCheckOverhead measures cascade check against the floor of the
// program it checks: the rate at which the program alone runs on the
// same inputs. Each iteration is one generated case. For each game and
// program it generates the b.N cases `cascade check --seed 1 --count
// b.N` checks, formats them, and runs the program once on each, on
// GOMAXPROCS goroutines, with nothing but os/exec (stdin from memory,
// stdout to memory): that is the floor. Then it runs the cascade command
// itself, built from ../cmd/cascade, as `cascade check --builtin=false
// --seed 1 --count b.N --jobs GOMAXPROCS`, timed as a whole process, start
// to exit. It reports both rates and check's as a share of the floor's.
//
// The programs are testdata/solve, the engine as a program (a millisecond
// or two a run, so that check's own costs weigh the most), and
// the same with -burn 10ms, which burns 10 ms of CPU time first, as a
// compiled solution of the judges' size takes. Run it with a count of cases:
//
//	go test -run '^$' -bench CheckOverhead -benchtime 2000x ./conformance/
//
// With CASCADE set to a cascade binary, it measures that one instead of
// building one: another version, to compare.
func BenchmarkCheckOverhead(b *testing.B) {
	cascade := os.Getenv("CASCADE")
	if cascade == "" {
		cascade = buildForBench(b, "../cmd/cascade")
	}
	solve := buildForBench(b, "./testdata/solve")
	programs := []struct{ name, line string }{
		{"solve", solve},
		{"burnsolve", solve + " -burn 10ms"},
	}
	games := []struct {
		name string
		gen  func(seed uint64, i int) []byte
	}{
		{cubes.Game.Name, func(seed uint64, i int) []byte { return cubes.Game.FormatInput(cubes.Game.Generate(seed, i, 0)) }},
		{gems.Game.Name, func(seed uint64, i int) []byte { return gems.Game.FormatInput(gems.Game.Generate(seed, i, 0)) }},
	}
	const seed = 1
	jobs := runtime.GOMAXPROCS(0)
	for _, g := range games {
		for _, prog := range programs {
			b.Run(g.name+"/"+prog.name, func(b *testing.B) {
				inputs := make([][]byte, b.N)
				for i := range inputs {
					inputs[i] = g.gen(seed, i)
				}
				b.ResetTimer()
				start := time.Now()
				if err := runFloor(strings.Fields(prog.line+" "+g.name), inputs, jobs); err != nil {
					b.Fatal(err)
				}
				floor := time.Since(start)
				start = time.Now()
				out, err := exec.Command(cascade, "check", "--game", g.name, "--impl", prog.line+" "+g.name, "--builtin=false",
					"--seed", strconv.Itoa(seed), "--count", strconv.Itoa(b.N), "--jobs", strconv.Itoa(jobs)).CombinedOutput()
				if err != nil {
					b.Fatalf("cascade check: %v\n%s", err, out)
				}
				check := time.Since(start)
				floorRate := float64(b.N) / floor.Seconds()
				checkRate := float64(b.N) / check.Seconds()
				b.ReportMetric(floorRate, "floor-cases/s")
				b.ReportMetric(checkRate, "check-cases/s")
				b.ReportMetric(100*checkRate/floorRate, "check/floor-%")
			})
		}
	}
}

// runFloor runs the command line args once on each of inputs, jobs at a
// time, and reports the first run that did not exit with status 0 and
// print something.
func runFloor(args []string, inputs [][]byte, jobs int) error {
	return shareInputs(len(inputs), jobs, func(next func() int) error {
		for i := next(); i >= 0; i = next() {
			var out bytes.Buffer
			cmd := exec.CommandContext(context.Background(), args[0], args[1:]...)
			cmd.Stdin = bytes.NewReader(inputs[i])
			cmd.Stdout = &out
			err := cmd.Run()
			if err == nil && out.Len() == 0 {
				err = fmt.Errorf("no output")
			}
			if err != nil {
				return fmt.Errorf("%s on case %d: %v", strings.Join(args, " "), i, err)
			}
		}
		return nil
	})
}

// shareInputs runs work on jobs goroutines, each taking the indices of
// n inputs from next (-1 once they are all taken or a work has failed),
// and returns the first error of a work.
func shareInputs(n, jobs int, work func(next func() int) error) error {
	var (
		mu       sync.Mutex
		taken    int
		firstErr error
		wg       sync.WaitGroup
	)
	next := func() int {
		mu.Lock()
		defer mu.Unlock()
		if taken == n || firstErr != nil {
			return -1
		}
		taken++
		return taken - 1
	}
	for range jobs {
		wg.Go(func() {
			if err := work(next); err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return firstErr
}
