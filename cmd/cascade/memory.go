package main

import (
	"io"
	"math"
	"os"
	"runtime/debug"
)

// The bound docs/reliability.md promises on the peak memory of a command:
// memoryBase plus memoryPerByte bytes per byte of the cases it reads.
const (
	memoryBase    = 64 << 20
	memoryPerByte = 32
)

// boundMemory tells the Go runtime the bound of a command that has read
// cases of size bytes in all, as a soft memory limit: its collector then
// runs as often as it must to stay under it, where by default it lets
// the heap grow to twice what it holds live. A reference holding a box
// ten million columns wide makes garbage of its size on every click,
// which the default would let pile up to twice the bound. A limit set
// by GOMEMLIMIT is left as it is, and a bound is never lowered. The
// limit is half of memoryBase below the bound: it counts only what the
// Go runtime manages, and the resident memory of the process holds more
// (its code, what the kernel maps for it), which took a 10,000,000 x 1
// box past the bound by a fraction of a megabyte when the limit was the
// bound itself.
func boundMemory(size int64) {
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		return
	}
	limit := memoryBase/2 + memoryPerByte*size
	if current := debug.SetMemoryLimit(-1); current == math.MaxInt64 || current < limit {
		debug.SetMemoryLimit(limit)
	}
}

// streamGCPercent is the Go collector's pace in a check of a stream
// program: the heap grows to five times what it holds live before the
// collector runs, where by default it grows to twice. Such a check makes
// a case, its expected answer and its coverage for every answer of a
// program that may answer in tens of microseconds, and each case is
// garbage once judged: at the default pace the collector took a fifth
// of check's CPU time, on the cores the program needs. What a stream
// check holds live is a few megabytes (its peak resident memory was
// about 20 MB at the default pace, 36 to 53 MB at this one, on 3000
// generated cases of either game).
const streamGCPercent = 400

// paceCollector sets the collector's pace of a stream check, unless
// GOGC sets one. A soft memory limit (boundMemory) still holds: the
// collector runs at the limit whatever its pace.
func paceCollector() {
	if _, ok := os.LookupEnv("GOGC"); ok {
		return
	}
	debug.SetGCPercent(streamGCPercent)
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
