//go:build !linux

package process

import "time"

// cpuTime is zero where no process's CPU time can be read while it
// runs: only the wall-clock limit holds in a session there.
func cpuTime(pid int) time.Duration { return 0 }
