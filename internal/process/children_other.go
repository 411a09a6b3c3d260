//go:build !linux

package process

import (
	"errors"
	"fmt"
	"runtime"
	"syscall"
)

func subreap() error {
	return fmt.Errorf("child subreaper on %s: %w", runtime.GOOS, errors.ErrUnsupported)
}

// sysProcAttr runs the program in a process group of its own.
func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// childPids lists no child: without a subreaper no stray comes back.
func childPids(tids []int, buf *[]byte) []int { return nil }

// gettid is 0: no thread's children are read.
func gettid() int { return 0 }
