package conformance

import (
	"context"
	"errors"
	"fmt"
	"runtime/metrics"
	"sync"
	"time"
)

// An in-process implementation allocates from the harness's own heap:
// one that allocates without end would take the process, and its report,
// down with it. While any in-process call runs (call), a watchdog reads
// the Go heap every memoryTick; once the heap holds more objects than a
// call's limit, MemoryLimit plus MemoryPerByte bytes per byte of its
// case's input (the harness's own bound grows with the cases it reads),
// the call is ended as a runtime error, "memory limit exceeded", its
// case named. Go cannot stop the
// call: like one past its time limit it is abandoned, and goes on
// allocating until the process ends, so the case is neither run again
// nor shrunk (Result.Memory), and the check stops there: cascade check
// prints its report and exits; under go test the call runs on until the
// test binary ends.

// MemoryLimit is the Go heap, in bytes, past which an in-process
// implementation's call is ended (and MemoryPerByte more per byte of the
// case's input). The harness itself holds a few tens of megabytes; a
// case of the statement's limits takes an engine a few megabytes more.
// A program may change it before it checks anything, not while it does.
var MemoryLimit uint64 = 1 << 30

// MemoryPerByte is what a call's limit grows by per byte of its case's
// input: twice what cascade's own bound allows a case it reads
// (docs/reliability.md).
const MemoryPerByte = 64

// inputSizeKey is the context key of the size of the input of the case
// a call plays: against sets it, call reads it.
type inputSizeKey struct{}

// memoryTick is how often the watchdog reads the heap: an engine that
// allocates a gigabyte a second passes the limit by a few megabytes.
const memoryTick = 5 * time.Millisecond

// errOverMemory is the cause of a call's context ended by the watchdog.
var errOverMemory = errors.New("over the memory limit")

// memoryWatch is the watchdog: the calls it watches, each by the cancel
// of its context, and whether it runs.
var memoryWatch struct {
	sync.Mutex
	calls   map[*context.CancelCauseFunc]uint64 // the limit of each
	running bool
}

// watchMemory returns ctx with a cancel the watchdog calls when the heap
// passes the limit of the call ctx is for (memoryLimitOf), and the func
// that ends the watch.
func watchMemory(ctx context.Context) (context.Context, func()) {
	mctx, cancel := context.WithCancelCause(ctx)
	w := &memoryWatch
	w.Lock()
	if w.calls == nil {
		w.calls = make(map[*context.CancelCauseFunc]uint64)
	}
	w.calls[&cancel] = memoryLimitOf(ctx)
	if !w.running {
		w.running = true
		go watchHeap()
	}
	w.Unlock()
	return mctx, func() {
		w.Lock()
		delete(w.calls, &cancel)
		w.Unlock()
		cancel(nil)
	}
}

// watchHeap reads the heap every memoryTick while calls are watched,
// and ends them all when it passes the limit.
func watchHeap() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	w := &memoryWatch
	for {
		time.Sleep(memoryTick)
		metrics.Read(sample)
		var heap uint64
		if sample[0].Value.Kind() == metrics.KindUint64 {
			heap = sample[0].Value.Uint64()
		}
		w.Lock()
		if len(w.calls) == 0 {
			w.running = false
			w.Unlock()
			return
		}
		for cancel, limit := range w.calls {
			if heap > limit {
				(*cancel)(errOverMemory)
			}
		}
		w.Unlock()
	}
}

// memoryLimitOf is the limit of the call ctx is for.
func memoryLimitOf(ctx context.Context) uint64 {
	size, _ := ctx.Value(inputSizeKey{}).(int)
	return MemoryLimit + MemoryPerByte*uint64(size)
}

// overMemory is the error of a call ended by the watchdog.
func overMemory(limit uint64) error {
	return &RunError{Verdict: RuntimeError, Memory: true,
		Status: fmt.Sprintf("memory limit exceeded: the Go heap passed %d MiB while it played this case; the call was abandoned and goes on running (Go cannot stop it)", limit>>20)}
}
