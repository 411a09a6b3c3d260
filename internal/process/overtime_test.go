//go:build linux

package process

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stopAndContinue waits for the program that wrote its pid to file to
// stop itself, then continues it once after has passed since start: a
// program kept from running, as a loaded machine keeps one, however
// long, but deterministically.
func stopAndContinue(t *testing.T, file string, start time.Time, after time.Duration) {
	t.Helper()
	var pid int
	for end := time.Now().Add(hang); ; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Error("the program never stopped")
			return
		}
		if pid == 0 {
			if _, err := os.Stat(file); err != nil {
				continue
			}
			pid = readPid(t, file)
		}
		if stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat"); err == nil && procState(stat) == 'T' {
			break
		}
	}
	time.Sleep(time.Until(start.Add(after)))
	syscall.Kill(pid, syscall.SIGCONT)
}

// TestRunGivesAProgramKeptFromRunningItsTime has a program kept from
// running (stopped) past its wall-clock limit, then let go: it used
// no CPU time, so it is judged on its answer, not killed by the clock.
func TestRunGivesAProgramKeptFromRunningItsTime(t *testing.T) {
	t.Parallel() // waits past the wall-clock limit
	pidFile := filepath.Join(t.TempDir(), "pid")
	p := sh(t, `echo $$ > "$0.new"; mv "$0.new" "$0"; kill -STOP $$; echo 28`, pidFile)
	start := time.Now()
	go stopAndContinue(t, pidFile, start, WallLimit(p.Timeout)+300*time.Millisecond)
	o := mustRun(t, p, "")
	if o.TimedOut() || !o.Exited || o.ExitCode != 0 || string(o.Stdout) != "28\n" {
		t.Errorf("%v, stdout %q; want exit status 0 and 28: the program used no CPU time", o, o.Stdout)
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

// TestRunEndsAProgramStoppedPastItsBound has a program stop itself and
// stay stopped: it uses no CPU time, and is ended by the wall clock
// once it has been stopped for stopBound past the wall-clock limit,
// here none.
func TestRunEndsAProgramStoppedPastItsBound(t *testing.T) {
	defer func(b time.Duration) { stopBound = b }(stopBound)
	stopBound = 0
	o := mustRun(t, sh(t, `kill -STOP $$`), "")
	if !o.WallKilled || o.Exited {
		t.Errorf("%v: want killed by the wall clock", o)
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

// TestSessionGivesAProgramKeptFromRunningItsTime is the same for a
// session: stopped past the wall-clock limit after reading its input,
// then let go, the program answers in time, its input left open.
func TestSessionGivesAProgramKeptFromRunningItsTime(t *testing.T) {
	t.Parallel() // waits past the wall-clock limit
	pidFile := filepath.Join(t.TempDir(), "pid")
	s := session(t, `read a; echo $$ > "$0.new"; mv "$0.new" "$0"; kill -STOP $$; echo 28; read a`, testTimeout, pidFile)
	start := time.Now()
	go stopAndContinue(t, pidFile, start, WallLimit(testTimeout)+300*time.Millisecond)
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Ok() || string(r.Answer) != "28\n" || r.InputClosed {
		t.Errorf("Ask = %+v; want the answer 28 in time, the input left open", r)
	}
}
