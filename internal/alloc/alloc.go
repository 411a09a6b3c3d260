// Package alloc measures what a call allocates, so that a fuzz target
// can hold a reader of untrusted files to memory in proportion to its
// input: a file of a few kilobytes that makes a reader allocate
// gigabytes (a count it believes, a range it expands) fails the target
// at once instead of taking the machine down.
package alloc

import "runtime"

// Bytes is what f allocates on the heap, counted from the runtime's
// total: what other goroutines allocate meanwhile counts too, so a bound
// on it must leave room for them.
func Bytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Bound is the most a reader may allocate on an input of n bytes: a
// fixed allowance for its buffers, and per byte of input as much as a
// parse that keeps the input, decodes it and writes it again needs.
func Bound(n int) uint64 { return 32<<20 + 256*uint64(n) }
