//go:build linux

package process

import (
	"context"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// starveTimeout is the time limit of the starved programs: more than
// the CPU time they need (starvedWork), whose wall-clock limit they
// pass all the same, starved.
const starveTimeout = 400 * time.Millisecond

// starvedWork is a shell loop of some 25 to 75 ms of CPU time.
const starvedWork = `i=0; while [ $i -lt 50000 ]; do i=$((i+1)); done; `

// starved returns a Program running script with sh -c, kept from
// running as a loaded machine keeps one: at nice 19 on CPU 0, beside a
// busy loop at the test's own priority there, it gets about a
// seventieth of the CPU, so starvedWork takes it some 2 to 5 s, past
// its wall-clock limit (1.4 s), however idle the machine, and within
// its Ceiling (5 min) unless the machine gives it sixty times less
// (under underload -n 8 -c, with other work, it took a minute). The
// starved tests run side by side and share the one busy loop: a loop
// each would halve each one's share, doubling their time, and keep
// CPU 0 from the rest of go test for all of it.
func starved(t *testing.T, script string) *Program {
	t.Helper()
	if _, err := exec.LookPath("taskset"); err != nil {
		t.Skip("no taskset")
	}
	if err := busyCPU0.hold(); err != nil {
		t.Skip(err)
	}
	t.Cleanup(busyCPU0.release)
	return &Program{Args: []string{"taskset", "-c", "0", "nice", "-n", "19", "sh", "-c", script}, Timeout: starveTimeout}
}

// busyCPU0 is the busy loop on CPU 0 that the starved tests share,
// running while any of them holds it.
var busyCPU0 busyLoop

type busyLoop struct {
	mu    sync.Mutex
	users int
	cmd   *exec.Cmd
}

func (b *busyLoop) hold() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.users == 0 {
		cmd := exec.Command("taskset", "-c", "0", "sh", "-c", "while :; do :; done")
		if err := cmd.Start(); err != nil {
			return err
		}
		b.cmd = cmd
	}
	b.users++
	return nil
}

func (b *busyLoop) release() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.users--; b.users == 0 {
		b.cmd.Process.Kill()
		b.cmd.Wait()
		b.cmd = nil
	}
}

// TestRunGivesAStarvedProgramItsTime has a program kept from running
// past its wall-clock limit by the machine: runnable, it is judged on
// its answer, not killed by the clock.
func TestRunGivesAStarvedProgramItsTime(t *testing.T) {
	t.Parallel() // waits past the wall-clock limit
	start := time.Now()
	o := mustRun(t, starved(t, starvedWork+`echo 28`), "")
	t.Logf("answered after %v, wall-clock limit %v", time.Since(start), WallLimit(starveTimeout))
	if o.TimedOut() || !o.Exited || o.ExitCode != 0 || string(o.Stdout) != "28\n" {
		t.Errorf("%v, stdout %q; want exit status 0 and 28: the program was starved, not waiting", o, o.Stdout)
	}
}

// TestRunEndsAProgramAtItsCPULimit has a program compute for ever: it
// is ended once its CPU time passes the limit, whenever the machine
// gives it that time, never by the wall clock.
func TestRunEndsAProgramAtItsCPULimit(t *testing.T) {
	t.Parallel() // computes past the time limit
	p := sh(t, `while :; do :; done`)
	p.Timeout = burnTimeout
	o := mustRun(t, p, "")
	if !o.TimedOut() || o.CPU <= o.Limit || o.WallKilled {
		t.Errorf("%+v: want more CPU time than %v, not killed by the wall clock", o, o.Limit)
	}
	if !strings.HasSuffix(o.String(), " of CPU time, limit 20ms") {
		t.Errorf("String() = %q, want the CPU time against the limit", o.String())
	}
}

// TestRunCountsTheCPUTimeOfWhatItStarted has a program wait for ever on
// a child that computes for ever: the child's CPU time is the run's,
// which ends at the limit.
func TestRunCountsTheCPUTimeOfWhatItStarted(t *testing.T) {
	t.Parallel() // computes past the time limit
	p := sh(t, `sh -c 'while :; do :; done' & sleep 1000`)
	p.Timeout = burnTimeout
	o := mustRun(t, p, "")
	if !o.TimedOut() || o.CPU <= o.Limit || o.WallKilled {
		t.Errorf("%+v: want more CPU time than %v, not killed by the wall clock", o, o.Limit)
	}
}

// TestSessionGivesAStarvedProgramItsTime is the same for a session:
// starved past the wall-clock limit after reading its input, the
// program answers in time, its input left open.
func TestSessionGivesAStarvedProgramItsTime(t *testing.T) {
	t.Parallel() // waits past the wall-clock limit
	s, err := starved(t, `read a; `+starvedWork+`echo 28; read a`).Start()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("answered after %v, wall-clock limit %v", time.Since(start), WallLimit(starveTimeout))
	if !r.Ok() || string(r.Answer) != "28\n" || r.InputClosed {
		t.Errorf("Ask = %+v; want the answer 28 in time, the input left open", r)
	}
}
