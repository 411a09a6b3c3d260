package adapters_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"testing"
	"time"
)

// loadTimeout bounds one run of the load test. It is no verdict: a run
// still going then is killed, so that a hang fails with its output
// rather than at go test's own timeout, which takes the package down.
// On a 2-core machine shared with other work, where the test's busy
// loops got a ninth of the two cores, five of its runs took 11 to 16
// minutes (conformance's TestRunOfAStreamCommandKeepsOneProcessPerJob
// the longest, the programs of shapeRuns among them).
const loadTimeout = 30 * time.Minute

// needTool skips t when tool is not on PATH, or fails it under
// CASCADE_ADAPTER_TESTS=1, as a missing toolchain does.
func needTool(t *testing.T, tool string) {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		if os.Getenv("CASCADE_ADAPTER_TESTS") == "1" {
			t.Fatalf("%s not on PATH; with CASCADE_ADAPTER_TESTS=1 every adapter must be tested", tool)
		}
		t.Skipf("%s not on PATH", tool)
	}
}

// runBounded runs argv in dir, at nice 19 when niced, and returns its
// output, the wall-clock time and the CPU time it and the children it
// waited for used, and an error unless it exited with status before loadTimeout
// (or before t's deadline, a minute of it kept for the report). A test
// binary (suite) gets the same bound as -test.timeout, less a little,
// so that a hang prints where it is.
func runBounded(t *testing.T, argv []string, dir string, env []string, niced, suite bool, status int) (out string, wall, cpu time.Duration, err error) {
	deadline := time.Now().Add(loadTimeout)
	if d, ok := t.Deadline(); ok && d.Add(-time.Minute).Before(deadline) {
		deadline = d.Add(-time.Minute)
	}
	if suite {
		argv = append(argv[:len(argv):len(argv)], fmt.Sprintf("-test.timeout=%v", max(time.Until(deadline)-15*time.Second, time.Second)))
	}
	if niced {
		argv = append([]string{"nice", "-n", "19"}, argv...)
	}
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir, cmd.Env = dir, environment(env...)
	// A program left behind holding the output open must not hold the
	// test past its bound.
	cmd.WaitDelay = 30 * time.Second
	start := time.Now()
	b, err := cmd.CombinedOutput()
	wall = time.Since(start)
	if ps := cmd.ProcessState; ps != nil {
		cpu = ps.UserTime() + ps.SystemTime()
	}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		err = fmt.Errorf("still running after %v, killed: %v", wall.Round(time.Second), err)
	case status == 0:
	case err == nil:
		err = fmt.Errorf("exit status 0, want %d", status)
	case errors.As(err, &exit) && exit.ExitCode() == status:
		err = nil
	}
	return string(b), wall, cpu, err
}

// saturate keeps every core busy with a loop at the test's own priority
// until the function it returns is called; t's cleanup calls it too, so
// that no loop outlives the test, whether it fails or panics. Should the
// test's process be killed outright, each loop ends by itself, since it
// runs only while that process exists. A loop that ended before it was
// stopped fails t: the runs it should have slowed were not under load.
func saturate(t *testing.T) (stop func()) {
	t.Helper()
	script := fmt.Sprintf("while kill -0 %d 2>/dev/null; do :; done", os.Getpid())
	var loops []*exec.Cmd
	var ended []chan struct{}
	var once sync.Once
	start := time.Now()
	stop = func() {
		once.Do(func() {
			var cpu time.Duration
			for i, cmd := range loops {
				select {
				case <-ended[i]:
					t.Errorf("busy loop %d (pid %d) ended before the load was lifted: %v", i+1, cmd.Process.Pid, cmd.ProcessState)
				default:
					cmd.Process.Kill()
					<-ended[i]
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			wall := time.Since(start)
			t.Logf("load: %d busy loops for %v used %.0f%% of %d cores", len(loops), wall.Round(time.Second),
				100*cpu.Seconds()/wall.Seconds()/float64(runtime.NumCPU()), runtime.NumCPU())
		})
	}
	t.Cleanup(stop)
	for range runtime.NumCPU() {
		cmd := exec.Command("sh", "-c", script)
		if err := cmd.Start(); err != nil {
			t.Fatalf("starting a busy loop: %v", err)
		}
		done := make(chan struct{})
		go func() {
			cmd.Wait()
			close(done)
		}()
		loops, ended = append(loops, cmd), append(ended, done)
	}
	return stop
}
