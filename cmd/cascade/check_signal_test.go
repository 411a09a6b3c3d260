package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hang bounds the waits for what must happen promptly (a program
// started, a process gone, check exiting on a signal). Nothing waited
// on can end by itself in it: the checked programs sleep for years and
// the reference's case takes it many minutes. So a wait ends early only
// when the thing happened, and a loaded machine does not take a minute.
const hang = time.Minute

// TestCheckSignalStopsRun sends cascade check an interrupt or a
// termination request while the program it checks is running: the run
// must end as a failure ("interrupted" in the summary and in --json,
// exit status 1), and the program, in a process group of its own, must
// not outlive it.
func TestCheckSignalStopsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cascade and waits for a program to start")
	}
	bin, err := exec.LookPath("cascade")
	if err != nil {
		t.Skipf("cascade is not on PATH: %v", err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			// A sleep with a unique argument, to find it with pgrep.
			tag := "98" + strings.TrimPrefix(time.Now().Format(".000000"), ".") + "." + strconv.Itoa(int(sig))
			dir := t.TempDir()
			report := filepath.Join(dir, "report.json")
			cmd := exec.Command(bin, "check", "--game", "samegame", "--impl", "sleep "+tag,
				"--builtin=false", "--count", "1", "--timeout", "60s", "--json", report)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			running := func() bool { return exec.Command("pgrep", "-f", "^sleep "+tag).Run() == nil }
			for deadline := time.Now().Add(hang); !running(); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the checked program never started; stderr:\n%s", stderr.String())
				}
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != exitRejected {
				t.Errorf("exit: %v, want status %d\nstdout:\n%s\nstderr:\n%s", err, exitRejected, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), "FAIL samegame: 0 cases (interrupted)") {
				t.Errorf("summary does not say interrupted:\n%s", stdout.String())
			}
			// The kill of the group is synchronous with the end of the run.
			if running() {
				t.Errorf("the checked program outlived cascade check")
				out, _ := exec.Command("pgrep", "-f", "^sleep "+tag).Output()
				for _, f := range strings.Fields(string(out)) {
					if pid, err := strconv.Atoi(f); err == nil {
						syscall.Kill(pid, syscall.SIGKILL)
					}
				}
			}
			data, err := os.ReadFile(report)
			if err != nil {
				t.Fatal(err)
			}
			var rep struct {
				OK          bool `json:"ok"`
				Interrupted bool `json:"interrupted"`
			}
			if err := json.Unmarshal(data, &rep); err != nil {
				t.Fatal(err)
			}
			if rep.OK || !rep.Interrupted {
				t.Errorf("--json: ok %v, interrupted %v; want false, true", rep.OK, rep.Interrupted)
			}
		})
	}
}

// TestCheckKilledTakesItsProgramAlong kills cascade check with SIGKILL,
// which it cannot catch, while the program it checks is running: the
// program must die too (its parent-death signal), not live on orphaned.
func TestCheckKilledTakesItsProgramAlong(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cascade and waits for a program to start")
	}
	if runtime.GOOS != "linux" {
		t.Skip("parent-death signals are Linux's")
	}
	bin, err := exec.LookPath("cascade")
	if err != nil {
		t.Skipf("cascade is not on PATH: %v", err)
	}
	tag := "97" + strings.TrimPrefix(time.Now().Format(".000000"), ".")
	cmd := exec.Command(bin, "check", "--game", "samegame", "--impl", "sleep "+tag,
		"--builtin=false", "--count", "1", "--timeout", "60s")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	pids := func() []int {
		out, _ := exec.Command("pgrep", "-f", "^sleep "+tag).Output()
		var pids []int
		for _, f := range strings.Fields(string(out)) {
			if pid, err := strconv.Atoi(f); err == nil {
				pids = append(pids, pid)
			}
		}
		return pids
	}
	for deadline := time.Now().Add(hang); len(pids()) == 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the checked program never started")
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	for deadline := time.Now().Add(hang); len(pids()) > 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Errorf("the checked program outlived cascade check killed by SIGKILL")
			for _, pid := range pids() {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			break
		}
	}
}

// TestCheckSignalStopsTheReferenceOnABigCase interrupts cascade check
// while the reference plays a case that takes it minutes (a 3000x3000
// box of stripes, each click closing a column): Go cannot stop the
// reference, but check must not wait for it to report and exit.
func TestCheckSignalStopsTheReferenceOnABigCase(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cascade on a big case")
	}
	bin, err := exec.LookPath("cascade")
	if err != nil {
		t.Skipf("cascade is not on PATH: %v", err)
	}
	const n, clicks = 3000, 2000
	var in bytes.Buffer
	fmt.Fprintf(&in, "%d\n", n)
	row := strings.Repeat("12", n/2) + "\n"
	for range n {
		in.WriteString(row)
	}
	fmt.Fprintf(&in, "%d\n%s\n", clicks, strings.TrimSuffix(strings.Repeat("0 0, ", clicks), ", "))
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "stripes.in"), in.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "check", "--game", "samegame", "--builtin=false", "--count", "0", "--cases", dir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(time.Second)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != exitRejected {
			t.Errorf("exit: %v, want status %d\nstdout:\n%s\nstderr:\n%s", err, exitRejected, stdout.String(), stderr.String())
		}
		// On a loaded machine the interrupt may come while the case is
		// still read, which check reports on stderr.
		if !strings.Contains(stdout.String(), "(interrupted)") && !strings.Contains(stderr.String(), "interrupted while reading --cases") {
			t.Errorf("check does not say it was interrupted:\nstdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
		}
	case <-time.After(hang):
		t.Errorf("cascade check still running %v after an interrupt", hang)
	}
}
