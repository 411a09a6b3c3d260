//go:build unix

package main

import (
	"fmt"
	"os/exec"
	"syscall"
)

// command is name with args, bounded to memory bytes of address space
// (ulimit -v, which the go command's children inherit): a mutant that
// allocates without end fails its stage with an allocation error rather
// than taking the machine's memory, which one took to 24 GB. It starts
// in a process group of its own, so that all of it is killed at once:
// go test's test binaries and a cascade check's workers go with it
// (kill).
func command(memory uint64, name string, args ...string) *exec.Cmd {
	cmd := exec.Command("sh", append([]string{"-c", `ulimit -v "$1" && shift && exec "$@"`, "sh", fmt.Sprint(memory >> 10), name}, args...)...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// kill kills the process group of cmd, a started command.
func kill(cmd *exec.Cmd) { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
