//go:build !unix

package testenv

import "time"

// OwnCPU is not read where the system has no getrusage.
func OwnCPU() (d time.Duration, ok bool) { return 0, false }
