//go:build !linux

package process

import (
	"os"
	"time"
)

// A wait is what a program is doing while it owes an answer; where no
// process's state can be read it shows nothing: a session names no
// breach of the protocol that only a wait would show, and the wall
// clock ends a program at its limit.
type wait struct {
	runnable, disk, vfork, stopped, input, pipeRead, writing bool
	kids                                                     time.Duration
}

type pipeID struct{}

type pipes struct{ in, out, err pipeID }

func pipeOf(f *os.File) pipeID { return pipeID{} }

func waitOf(pid int, cg *cgroup, pp pipes) wait { return wait{} }

func unread(f *os.File) int { return -1 }

// pipeSize is 1 MiB where a pipe's capacity cannot be read: more than
// any system gives a pipe by default.
func pipeSize(f *os.File) int { return 1 << 20 }

// exiting is true where a process's state cannot be read: a program
// whose output closes is taken to be ending, as before /proc was read.
func exiting(f *os.File) bool { return true }
