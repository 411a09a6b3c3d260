package conformance

import (
	"sync"
	"time"
)

// Progress is a snapshot of a run for a progress line.
type Progress struct {
	// Cases counts the cases checked so far, of every kind.
	Cases int
	// Diverged counts those not accepted, or whose answer file
	// disagrees with the reference, once for each implementation (see
	// RunAll).
	Diverged int
	// Elapsed is the time since the run started.
	Elapsed time.Duration
	// Left is the time left for generating cases, or -1 when the run is
	// bounded by Count only.
	Left time.Duration
	// Shrinking is set while the first divergence is shrunk and
	// localised; ShrinkTried counts the candidates tried so far.
	Shrinking   bool
	ShrinkTried int
	// Done is set on the last call.
	Done bool
}

// Rate is the number of cases checked per second so far.
func (p Progress) Rate() float64 { return rate(p.Cases, p.Elapsed) }

func rate(n int, d time.Duration) float64 { return rate64(int64(n), d) }

// rate64 is rate of a count of cells or moves.
func rate64(n int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// progress starts calling o.Progress, if set, and returns the function
// that stops it, with a last call.
func (r *gameRun[C, T]) progress(o RunOptions) (stop func()) {
	if o.Progress == nil {
		return func() {}
	}
	every := o.ProgressEvery
	if every <= 0 {
		every = time.Second / 4
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				o.Progress(r.snapshot(false))
			case <-done:
				return
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
		o.Progress(r.snapshot(true))
	}
}

func (r *gameRun[C, T]) snapshot(done bool) Progress {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := time.Now()
	p := Progress{Cases: r.matrix.Cases(), Diverged: r.diverged, Elapsed: now.Sub(r.start), Left: -1, Done: done,
		Shrinking: r.shrinking, ShrinkTried: r.shrinkTried}
	if !r.deadline.IsZero() {
		p.Left = max(r.deadline.Sub(now), 0)
	}
	return p
}
