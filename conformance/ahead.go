package conformance

import (
	"context"
	"runtime"
	"sync"
	"time"
)

// Cases prepared ahead: when a run checks programs, whose answers are
// computed outside the harness, the generated cases and their expected
// answers are made ahead of the workers that ask the programs, on
// goroutines of their own, so that a program that answers one case
// finds the next one ready rather than waiting while it is generated
// and played by the oracle.
//
// What a case is and what the oracle says of it depend on seed+i alone
// (Game.Generate, refereeGenerated), so making it earlier, on another
// goroutine, changes nothing a run reports: the workers still claim the
// indices in order as before (runGenerated's more), and take each case
// as it would have been made inline. A case the preparers have not
// started when a worker claims it is made inline by that worker, so no
// worker ever waits on a preparer that is not working for it; one
// prepared and never claimed (past a failure, the count or the deadline)
// is dropped.

// aheadCases bounds the look-ahead: the cases made ahead and not yet
// claimed, per worker. Two keep a worker supplied while the preparers
// make the next; more would only hold memory (a case's reference trace
// keeps every board with its Detail) and waste work at a failure or
// the deadline.
const aheadCases = 2

// ahead makes the generated cases of a batch ahead of the workers.
type ahead[C, T any] struct {
	prep func(ctx context.Context, i int) (refereed[C, T], error)
	step int
	// end is the first index not to make (RunOptions.Count), -1 when
	// the run has no count; deadline, when not zero, is past when no
	// case is started (gameRun.deadline).
	end      int
	deadline time.Time
	window   int // indices made ahead of the next to claim
	stop     chan struct{}
	wake     chan struct{} // a claim has made room

	mu     sync.Mutex
	next   int // the next index a preparer starts
	taken  int // the next index a worker claims
	made   map[int]*future[C, T]
	closed bool
}

// A future is a case being made, or made, ahead.
type future[C, T any] struct {
	done chan struct{}
	ref  refereed[C, T]
	err  error
}

// startAhead starts the preparers of a batch from index from, each
// index then step more, with prep to make a case; o and deadline bound
// them as they bound the batch. close ends them.
func startAhead[C, T any](ctx context.Context, o RunOptions, deadline time.Time, from, step int, prep func(ctx context.Context, i int) (refereed[C, T], error)) *ahead[C, T] {
	workers := jobs(o)
	preparers := min(workers, runtime.GOMAXPROCS(0))
	a := &ahead[C, T]{prep: prep, step: step, end: -1, deadline: deadline, window: aheadCases * workers * step,
		stop: make(chan struct{}), wake: make(chan struct{}, 1), next: from, taken: from, made: make(map[int]*future[C, T])}
	if o.Count > 0 {
		a.end = o.Count
	}
	for range preparers {
		go a.prepare(ctx)
	}
	return a
}

// prepare makes cases in index order while the window has room, until
// stop.
func (a *ahead[C, T]) prepare(ctx context.Context) {
	for {
		a.mu.Lock()
		open := !a.closed && a.next < a.taken+a.window && (a.end < 0 || a.next < a.end) &&
			(a.deadline.IsZero() || time.Now().Before(a.deadline))
		if !open {
			a.mu.Unlock()
			select {
			case <-a.wake:
				continue
			case <-a.stop:
				return
			}
		}
		i, f := a.next, &future[C, T]{done: make(chan struct{})}
		a.next += a.step
		a.made[i] = f
		a.mu.Unlock()
		f.ref, f.err = a.prep(ctx, i)
		close(f.done)
	}
}

// claim takes case i for a worker; the claims come in index order, each
// index step after the last. A case the preparers have not started is
// made by the worker (future.get), and the preparers skip it.
func (a *ahead[C, T]) claim(i int) *future[C, T] {
	a.mu.Lock()
	f := a.made[i]
	delete(a.made, i)
	if f == nil && a.next <= i {
		a.next = i + a.step
	}
	a.taken = i + a.step
	a.mu.Unlock()
	select {
	case a.wake <- struct{}{}:
	default:
	}
	return f
}

// close stops the preparers; a case being made is left to finish, and
// dropped.
func (a *ahead[C, T]) close() {
	a.mu.Lock()
	a.closed = true
	a.made = nil
	a.mu.Unlock()
	close(a.stop)
}

// get is case i, claimed as f: as its preparer made it, or made now when
// f is nil. It returns ctx's error as soon as ctx ends.
func (a *ahead[C, T]) get(ctx context.Context, f *future[C, T], i int) (refereed[C, T], error) {
	if f == nil {
		return a.prep(ctx, i)
	}
	select {
	case <-f.done:
		return f.ref, f.err
	case <-ctx.Done():
		return refereed[C, T]{}, ctx.Err()
	}
}
