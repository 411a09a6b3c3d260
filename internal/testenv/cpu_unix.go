//go:build unix

package testenv

import (
	"syscall"
	"time"
)

// OwnCPU is the CPU time, user and system, the calling process has
// taken so far, its children apart; ok false where it cannot be read.
func OwnCPU() (d time.Duration, ok bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
