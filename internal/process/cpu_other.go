//go:build !linux

package process

import (
	"os"
	"time"
)

// openStat is nil where no process's CPU time can be read while it runs.
func openStat(pid int) *os.File { return nil }

// cpuTime is zero where no process's CPU time can be read while it
// runs: only the wall-clock limit holds in a session there.
func cpuTime(f *os.File) time.Duration { return 0 }

// readCPU is cpuTime, zero here too.
func readCPU(f *os.File, buf []byte) time.Duration { return 0 }

// statSize is the size of the buffer a session reads its CPU time into.
const statSize = 0

// descendantsCPU is zero where no process's CPU time can be read.
func descendantsCPU(pid int, buf *[]byte) time.Duration { return 0 }

func openChildren(pid int) *os.File { return nil }

func kidsCPU(pid int, stat []byte, kids *os.File, buf *[]byte) time.Duration { return 0 }
