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

// generatingGCPercent is the collector's pace while check generates
// cases (GOGC=400): a generated case is small, so what the run holds
// live is a few megabytes, and at the default pace the collector ran
// every few megabytes allocated, which a case of the reference's play
// allocates several times over; its cycles, and the preemption of every
// job they need, took a fifth to a quarter of a run's time, and in a
// check of a stream program that answers in tens of microseconds, CPU
// time on the cores the program needs. Peak resident memory of a stream
// check of 3000 generated cases of either game grew from about 20 MB to
// 36 to 53 MB.
const generatingGCPercent = 400

// paceCollector sets generatingGCPercent for a run that generates
// cases, unless GOGC is set. A memory limit set by boundMemory or
// GOMEMLIMIT still holds: the collector runs as often as it must to stay
// under it, whatever its pace.
func paceCollector() {
	if _, ok := os.LookupEnv("GOGC"); ok {
		return
	}
	debug.SetGCPercent(generatingGCPercent)
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
