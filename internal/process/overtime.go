package process

import (
	"os"
	"sync"
	"time"
)

// quietSpan and quietLooks say how long, and over how many looks, a
// program past its wall-clock limit must show no sign of running
// before the clock ends it: one look tells little, since a runtime
// whose threads all sleep in short timed waits (a JVM's, Go's, Node's)
// is now and then seen with nothing runnable, however busy it is.
const (
	quietSpan  = time.Second
	quietLooks = 4
)

// Ceiling is the most wall-clock time a run of a program with the time
// limit timeout may take, however long the machine keeps it from
// running: a hundred times the limit, and at least five minutes, which
// gives a program that the machine's load holds to a hundredth of a CPU
// its whole limit (at nice 19 beside four busy loops a core, the
// harshest load cascade's tests put it under, it gets about a third of
// that: a JVM's start, half a second of CPU time, takes it a minute and
// a half). A program still running then is killed by the wall clock,
// and the report says so (Outcome.AtCeiling).
func Ceiling(timeout time.Duration) time.Duration {
	return max(100*timeout, 5*time.Minute)
}

// lookEveryOf is the time between two readings of the CPU time of a
// program with the time limit limit, once it may have passed it: an
// eighth of the limit, between 10 ms and 250 ms.
func lookEveryOf(limit time.Duration) time.Duration {
	return min(max(limit/8, 10*time.Millisecond), 250*time.Millisecond)
}

// A pastWall judges, over the looks at a program from its time limit
// on, whether the program goes on past its wall-clock limit, its CPU
// time under its limit not having decided yet.
//
// The wall clock ends only a program that is not computing, and only on
// what it has shown over time. A look shows a sign of running when a
// thread of the program or of what it started is runnable (computing,
// or starved of a CPU by the machine's load) or in the disk's
// uninterruptible sleep (a loaded disk's), when its CPU time has
// grown since the look before, or when it waits on the caller: blocked
// writing output that the caller has yet to read, or reading input the
// caller has yet to write (owed). Past the wall-clock limit a program
// goes on while a look has shown a sign within quietSpan, or fewer than
// quietLooks looks have been taken since; a machine may give a program
// at the lowest priority a fraction of a per cent of a CPU, so no bound
// on the clock short of Ceiling could be right for a program that
// computes, while one that goes on computing reaches its CPU limit.
//
// Any other program is waiting on itself, for what will not come, and
// is ended: asleep (a sleep, a lock, a child that waits), reading an
// input it holds a write end of itself once the caller has closed its
// own, waiting on the child of its vfork (state D, but no disk's: a
// child that never execs keeps it there for good), or stopped by a
// signal, which nothing here would ever undo.
type pastWall struct {
	cpu      time.Duration // the CPU time at the last look
	lastSign time.Time     // when a look last showed a sign, or the start
	quiet    int           // looks since then
	// looked says a look has been taken: the CPU time the first one
	// reads grew at some time since the start, not at the look.
	looked bool
}

// newPastWall starts judging a program that started, or was last asked
// a case, at start with the CPU time cpu.
func newPastWall(start time.Time, cpu time.Duration) pastWall {
	return pastWall{cpu: cpu, lastSign: start}
}

// look records a look at now: the program's wait w and its CPU time
// cpu; owed says the caller has yet to write all of its input.
func (p *pastWall) look(w wait, cpu time.Duration, owed bool, now time.Time) {
	sign := w.runnable || w.disk || w.writing || w.input && owed || p.looked && cpu > p.cpu
	p.cpu, p.looked = max(p.cpu, cpu), true
	if sign {
		p.lastSign, p.quiet = now, 0
		return
	}
	p.quiet++
}

// goesOn reports whether the program goes on at now, past its
// wall-clock limit.
func (p *pastWall) goesOn(now time.Time) bool {
	return now.Sub(p.lastSign) < quietSpan || p.quiet < quietLooks
}

// A watch keeps a run to its limits while it runs. Nothing is read
// while the run is younger than its limit, since no program can use
// more CPU time than the wall-clock time it has had (but one with many
// threads, which its end counts all the same): a quick run pays for a
// timer and nothing more. From then on the watch looks at the program
// every lookEveryOf(limit): it reads the CPU time of the program and of
// everything it started (its cgroup's, or from /proc), killing the
// group as soon as it passes the limit, and what it waits on, for
// pastWall, which judges it from the wall-clock limit on, until
// Ceiling(limit).
type watch struct {
	pid   int
	limit time.Duration
	start time.Time
	pipes pipes
	cg    *cgroup // nil: none
	// written is closed once the caller has written all of the input.
	written <-chan struct{}

	mu    sync.Mutex // guards what follows
	timer *time.Timer
	stat  *os.File // the leader's /proc/PID/stat, from the first look
	buf   []byte
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
	// ceiling says it was killed at Ceiling(limit).
	ceiling bool
}

// watchRun starts watching the run whose leader is pid, in the cgroup
// cg (nil: none), started at start with the time limit limit and the
// pipes pp; written is closed once its input is all written.
func watchRun(pid int, cg *cgroup, start time.Time, limit time.Duration, pp pipes, written <-chan struct{}) *watch {
	w := &watch{pid: pid, cg: cg, limit: limit, start: start, pipes: pp, written: written, over: newPastWall(start, 0)}
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
	if w.stat == nil && w.cg == nil {
		w.stat = openStat(w.pid)
	}
	now := time.Now()
	wallAt := w.start.Add(WallLimit(w.limit))
	wt := waitOf(w.pid, w.cg, w.pipes)
	if w.buf == nil {
		w.buf = make([]byte, statSize)
	}
	cpu, ok := w.cg.cpu(w.buf)
	if !ok {
		cpu = cpuTime(w.stat) + wt.kids
	}
	w.cpu = max(w.cpu, cpu)
	w.over.look(wt, w.cpu, !closed(w.written), now)
	switch {
	case w.cpu > w.limit:
		killGroup(w.pid)
		w.cg.kill()
		return
	case now.Before(wallAt):
	case w.over.goesOn(now) && now.Sub(w.start) < Ceiling(w.limit):
		w.overtime = true
	default:
		w.wallKilled = true
		w.ceiling = now.Sub(w.start) >= Ceiling(w.limit)
		if w.overtime {
			w.wall = now.Sub(w.start).Round(10 * time.Millisecond)
		}
		killGroup(w.pid)
		w.cg.kill()
		return
	}
	next := now.Add(lookEveryOf(w.limit))
	if now.Before(wallAt) && next.After(wallAt) {
		next = wallAt
	}
	w.timer.Reset(next.Sub(now))
}

// closed reports whether c is closed.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// stop ends the watch once the program has been waited for, and
// reports the most CPU time it read, and whether, and when, the wall
// clock killed the program, and whether at its ceiling.
func (w *watch) stop() (cpu time.Duration, wallKilled bool, wall time.Duration, ceiling bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ended = true
	w.timer.Stop()
	if w.stat != nil {
		w.stat.Close()
	}
	return w.cpu, w.wallKilled, w.wall, w.ceiling
}
