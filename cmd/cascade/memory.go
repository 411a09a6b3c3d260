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

// livePerByte is what a play of a case holds live per byte of the case
// at most: the widest boxes, a column per byte, hold some 27 bytes (a
// slice and a cell per column, the marks of a group search, the box
// after the last click), and the planted variant that keeps each
// column's original index 8 more.
const livePerByte = 35

// jobsWithin is how many of jobs plays of cases, the largest of largest
// bytes, run at once within the bound of a command that read size bytes
// (see boundMemory): each play holds livePerByte bytes per byte of its
// case, so jobs plays of a 2 MB box, each holding some 54 MB, took an
// audit to 470 MB against a bound of 128 MB. One always runs.
func jobsWithin(jobs int, size, largest int64) int {
	if largest <= 0 {
		return jobs
	}
	room := (memoryBase/2 + memoryPerByte*size) / (livePerByte * largest)
	return int(max(1, min(int64(jobs), room)))
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
// cases, unless GOGC is set, and the bound of a run that read size bytes
// of --cases as the soft limit (boundMemory): the collector runs as
// often as it must to stay under it, whatever its pace, so that a pace
// set for small cases does not let a big generated box's garbage pile
// up past the bound (175 MiB on 64x64 boxes with no soft limit).
func paceCollector(size int64) {
	boundMemory(size)
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
