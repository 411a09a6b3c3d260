package process

import (
	"os/exec"
	"runtime"
	"syscall"
	"testing"
)

func TestBusyTellsAProgramThatComputesFromOneThatSleeps(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("processes' states are read from /proc")
	}
	start := func(script string) *exec.Cmd {
		cmd := exec.Command("sh", "-c", script)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		return cmd
	}
	// A shell that waits for its child: the child's state counts.
	sleeper := start("sleep 100; true")
	looper := start("while :; do :; done")
	stopped := start("sleep 100; true")
	if err := stopped.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	// The sleeper's shell may not have started its sleep yet, and the
	// stopped one may not have stopped: both are runnable until then, so
	// the sleeper is asked until it sleeps, however long the machine
	// takes, and the others are asked after that.
	for Busy(sleeper.Process.Pid) {
		runtime.Gosched()
	}
	if !Busy(looper.Process.Pid) {
		t.Error("Busy of a program in a busy loop = false, want true")
	}
	if !Busy(stopped.Process.Pid) {
		t.Error("Busy of a stopped program = false, want true")
	}
}
