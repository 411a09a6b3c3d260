//go:build !linux

package process

import "time"

// ownCPU is not read where the session reads no CPU time.
func ownCPU() (time.Duration, bool) { return 0, false }
