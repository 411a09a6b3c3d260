//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// inGroup starts cmd in a process group of its own and makes its
// cancellation kill the group: go test's test binaries and a cascade
// check's workers go with it.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
