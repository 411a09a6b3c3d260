package process

import (
	"os"
	"sync"
	"time"
)

// stopBound is how long a program may stay stopped (SIGSTOP, a
// debugger) past its wall-clock limit: stopped, it is kept from running
// and is not waiting for anything of its own, so the clock does not end
// it at once; but it uses no CPU time, so nothing else would. No correct
// program is stopped for this long under cascade. A variable, so that a
// test can see the bound hold without waiting for it.
var stopBound = time.Minute

// lookEveryOf is the time between two readings of the CPU time of a
// program with the time limit limit, once it may have passed it: an
// eighth of the limit, between 10 ms and 250 ms.
func lookEveryOf(limit time.Duration) time.Duration {
	return min(max(limit/8, 10*time.Millisecond), 250*time.Millisecond)
}

// A pastWall judges, look after look, a program past its wall-clock
// limit, and under its CPU limit, whose CPU time has not decided yet.
//
// The wall clock ends only a program that is not computing. One that is
// runnable (computing, or starved of a CPU by the machine's load), or
// waits on the caller, blocked writing output that the caller has yet
// to read or on input it has yet to write, goes on, with no bound but
// its CPU time, and the caller's context: a machine may give a program
// at the lowest priority a fraction of a per cent of a CPU, so any
// bound on the clock could end a correct program, while a program that
// goes on computing reaches its CPU limit. (A run's input is closed
// once written, so a wait on it is a wait on the caller; a session
// closes the input of a program that waits on it with its case all
// read, and names what it does then.) One that is stopped goes on for
// stopBound. Any other program is asleep, waiting for something that
// has not come (a sleep, a lock, a child that waits), and is ended.
type pastWall struct {
	stoppedSince time.Time
}

// goesOn reports whether the program whose wait w is goes on at now.
func (p *pastWall) goesOn(w wait, now time.Time) bool {
	if w.runnable || w.writing || w.input {
		p.stoppedSince = time.Time{}
		return true
	}
	if !w.stopped {
		return false
	}
	if p.stoppedSince.IsZero() {
		p.stoppedSince = now
	}
	return now.Sub(p.stoppedSince) < stopBound
}

// A watch keeps a run to its limits while it runs. Nothing is read
// while the run is younger than its limit, since no program can use
// more CPU time than the wall-clock time it has had (but one with many
// threads, which its end counts all the same): a quick run pays for a
// timer and nothing more. From then on the watch reads the CPU time of
// the program and of its descendants every lookEveryOf(limit), killing
// the group as soon as it passes the limit; from the wall-clock limit
// on, it asks pastWall too.
type watch struct {
	pid   int
	limit time.Duration
	start time.Time
	pipes pipes

	mu    sync.Mutex // guards what follows
	timer *time.Timer
	stat  *os.File // the leader's /proc/PID/stat, from the first look
	over  pastWall
	ended bool
	// overtime says a look past the wall-clock limit let it go on.
	overtime bool
	// cpu is the most CPU time a look has read; wallKilled says the
	// program was killed by the wall clock, at wall (zero when that was
	// WallLimit(limit)).
	cpu        time.Duration
	wallKilled bool
	wall       time.Duration
}

// watchRun starts watching the run whose leader is pid, started at
// start, with the time limit limit and the pipes pp.
func watchRun(pid int, start time.Time, limit time.Duration, pp pipes) *watch {
	w := &watch{pid: pid, limit: limit, start: start, pipes: pp}
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = time.AfterFunc(time.Until(start.Add(limit)), w.look)
	return w
}

func (w *watch) look() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ended {
		return
	}
	if w.stat == nil {
		w.stat = openStat(w.pid)
	}
	now := time.Now()
	wallAt := w.start.Add(WallLimit(w.limit))
	wt := waitOf(w.pid, w.pipes)
	w.cpu = max(w.cpu, cpuTime(w.stat)+wt.kids)
	switch {
	case w.cpu > w.limit:
		killGroup(w.pid)
		return
	case now.Before(wallAt):
	case w.over.goesOn(wt, now):
		w.overtime = true
	default:
		w.wallKilled = true
		if w.overtime {
			w.wall = now.Sub(w.start).Round(10 * time.Millisecond)
		}
		killGroup(w.pid)
		return
	}
	next := now.Add(lookEveryOf(w.limit))
	if now.Before(wallAt) && next.After(wallAt) {
		next = wallAt
	}
	w.timer.Reset(next.Sub(now))
}

// stop ends the watch once the program has been waited for, and
// reports the most CPU time it read, and whether, and when, the wall
// clock killed the program.
func (w *watch) stop() (cpu time.Duration, wallKilled bool, wall time.Duration) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ended = true
	w.timer.Stop()
	if w.stat != nil {
		w.stat.Close()
	}
	return w.cpu, w.wallKilled, w.wall
}
