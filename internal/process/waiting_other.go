//go:build !linux

package process

import "os"

// A wait is what a session's program is doing while it owes an answer;
// where no process's state can be read it shows nothing, and a session
// names no breach of the protocol that only a wait would show.
type wait struct {
	runnable bool
	pipeRead bool
}

func waitOf(pid int) wait { return wait{} }

func unread(f *os.File) int { return -1 }

// exiting is true where a process's state cannot be read: a program
// whose output closes is taken to be ending, as before /proc was read.
func exiting(f *os.File) bool { return true }
