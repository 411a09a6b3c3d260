package process

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// escapeScript starts a process in a session of its own, out of reach
// of the program's process group, writes its pid to $0 once it is
// there, and exits.
const escapeScript = `setsid sh -c 'echo $$ > "$0.new"; mv "$0.new" "$0"; exec sleep 1000' "$0" &
while [ ! -s "$0" ]; do sleep 0.01; done
echo 54`

func TestRunKillsWhatLeftTheGroup(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("child subreapers are Linux's")
	}
	if _, err := os.Stat("/usr/bin/setsid"); err != nil {
		if _, err := os.Stat("/bin/setsid"); err != nil {
			t.Skip("no setsid")
		}
	}
	if err := Subreap(); err != nil {
		t.Fatalf("Subreap: %v", err)
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	o := mustRun(t, sh(t, escapeScript, pidFile), "")
	if o.ExitCode != 0 || string(o.Stdout) != "54\n" {
		t.Fatalf("%v, stdout %q, stderr %q; want exit status 0 and 54", o, o.Stdout, o.Stderr)
	}
	waitGone(t, readPid(t, pidFile))
}

// TestRunDiesWithItsCaller runs a program from a copy of the test
// binary and kills that copy with SIGKILL while the program runs: the
// program must die with it (the parent-death signal), not live on
// orphaned.
func TestRunDiesWithItsCaller(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("parent-death signals are Linux's")
	}
	if pidFile := os.Getenv("PROCESS_TEST_CALLER_PIDFILE"); pidFile != "" {
		// The copy: run until killed.
		p := &Program{Args: []string{"sh", "-c", `echo $$ > "$0.new"; mv "$0.new" "$0"; exec sleep 1000`, pidFile}, Timeout: hang}
		p.Run(context.Background(), nil)
		return
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	caller := exec.Command(os.Args[0], "-test.run=^TestRunDiesWithItsCaller$")
	caller.Env = append(os.Environ(), "PROCESS_TEST_CALLER_PIDFILE="+pidFile)
	if err := caller.Start(); err != nil {
		t.Fatal(err)
	}
	defer caller.Wait()
	defer caller.Process.Kill()
	for deadline := time.Now().Add(hang); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(pidFile); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the program never started")
		}
	}
	pid := readPid(t, pidFile)
	caller.Process.Kill()
	caller.Wait()
	waitGone(t, pid)
	if t.Failed() {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// TestRunLeavesOtherRunsAlone ends a run while another is under way
// whose group holds a process re-parented to this one (its parent, in
// the group, exited): that process belongs to the run still going and
// must be left alone.
func TestRunLeavesOtherRunsAlone(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("child subreapers are Linux's")
	}
	if err := Subreap(); err != nil {
		t.Fatalf("Subreap: %v", err)
	}
	file := filepath.Join(t.TempDir(), "answer")
	// The inner sh exits at once, leaving its background subshell, in
	// the run's group, to this process; the subshell answers once the
	// other run is over (file.go), whenever that is.
	long := sh(t, `sh -c '(while [ ! -e "$0.go" ]; do sleep 0.01; done; echo 54 > "$0") &' "$0"; touch "$0.ready"; while [ ! -s "$0" ]; do sleep 0.01; done; cat "$0"`, file)
	long.Timeout = hang
	done := make(chan Outcome, 1)
	go func() {
		o, err := long.Run(context.Background(), nil)
		if err != nil {
			t.Errorf("%v.Run error: %v", long, err)
		}
		done <- o
	}()
	for deadline := time.Now().Add(hang); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(file + ".ready"); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the program never started")
		}
	}
	mustRun(t, sh(t, `echo 1`), "")
	if err := os.WriteFile(file+".go", nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if o := <-done; string(o.Stdout) != "54\n" {
		t.Errorf("the other run: %v, stdout %q, stderr %q; want 54: its process was killed when a run ended", o, o.Stdout, o.Stderr)
	}
}

// BenchmarkRunEnd measures what the end of a run costs a subreaper with
// no stray: reading the children of the main thread and of the thread
// that started the program (end), every thread's once a second.
func BenchmarkRunEnd(b *testing.B) {
	if err := Subreap(); err != nil {
		b.Skip(err)
	}
	tid := gettid()
	for b.Loop() {
		reapStrays(tid)
	}
}
