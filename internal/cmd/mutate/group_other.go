//go:build !unix

package main

import "os/exec"

// command is name with args, not bounded.
func command(_ uint64, name string, args ...string) *exec.Cmd {
	return exec.Command(name, args...)
}

// kill kills cmd alone, a started command.
func kill(cmd *exec.Cmd) { cmd.Process.Kill() }
