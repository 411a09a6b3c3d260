package process

import (
	"errors"
	"os/exec"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// The children of the process are the programs of the runs under way,
// each the leader of a process group of its own, and, once Subreap has
// made the process a child subreaper, whatever those programs started
// and left behind outside their groups: the kernel re-parents an
// orphaned process to its nearest ancestor that is a subreaper, so a
// process that called setsid, or a daemon's double fork, comes back here
// when its parent ends. At the end of each run, every child that is
// neither the leader of a run under way nor a member of such a run's
// group is a stray: it is killed and reaped, and so is what it leaves
// behind in turn.
var children = struct {
	// starting is read-locked while a program starts and locked while
	// strays are picked (see record).
	starting sync.RWMutex
	mu       sync.Mutex // guards live
	// live holds the pids, and process groups, of the runs under way,
	// each with the thread that started it (see end); made by the first
	// run, so that a program that starts none pays nothing for it.
	live map[int]int
	// reaping is held while strays are killed and reaped: a pid is killed
	// only while it is a child not yet reaped, so it cannot have been
	// reused by then. It guards lastScan and buf too.
	reaping sync.Mutex
	// lastScan is when the children of every thread were last read.
	lastScan  time.Time
	buf       []byte
	subreaper atomic.Bool
}{}

// maxReapRounds bounds the rounds of one reaping: each round kills the
// strays found, whose own children come back as strays of the next.
const maxReapRounds = 100

// scanEvery is how often the end of a run reads the children of every
// thread, not only of the two where strays land (see end).
const scanEvery = time.Second

// Subreap makes the process a child subreaper (Linux's
// PR_SET_CHILD_SUBREAPER), so that nothing a program under test starts
// outlives its run, even in a session or process group of its own: such
// a process is re-parented to this one when its parent ends, and Run
// kills it. Call it once, early, in a process whose children are all
// started by Run (the cascade command): at the end of each run, Run
// kills every child that is not the program of a run still under way or
// in its process group. The error wraps errors.ErrUnsupported where the
// system has no subreapers.
func Subreap() error {
	if err := subreap(); err != nil {
		return err
	}
	children.subreaper.Store(true)
	return nil
}

// A parent-death signal (see sysProcAttr) is sent when the thread that
// started the child ends, not the process. Go ends a thread only when a
// goroutine locked to it returns without unlocking, which nothing in a
// process that runs programs here may do; a thread that is unlocked goes
// back to the scheduler and lives as long as the process. So a program
// starts on the thread of the goroutine that runs it, locked to it only
// while it starts: long enough for record to name that thread, whose
// children are where a stray of the program may land (see end).
func start(cmd *exec.Cmd) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	return record(cmd)
}

// record starts cmd and records it as a run under way. Programs start
// at once, each under a read lock of children.starting; strays are
// picked under its write lock, so that a program just started, not yet
// recorded, is never taken for a stray.
func record(cmd *exec.Cmd) error {
	children.starting.RLock()
	defer children.starting.RUnlock()
	if err := cmd.Start(); err != nil {
		return err
	}
	children.mu.Lock()
	if children.live == nil {
		children.live = make(map[int]int)
	}
	children.live[cmd.Process.Pid] = gettid()
	children.mu.Unlock()
	return nil
}

// end records that the run whose program was pid is over, its program
// reaped and its group killed, and kills the strays, that run's among
// them.
//
// The children of a process are listed per thread, and reading every
// thread's list at the end of every run costs more than a small
// program's run (a file per thread, each read under the lock that holds
// up every start). A stray lands on one of two threads: an orphan goes
// to the first live thread of the subreaper, the main thread, on Linux
// since 3.19, and to the thread that started the program before that.
// So end reads those two lists, and every thread's only when scanEvery
// has passed since it last did, which also catches a stray of a
// program that a thread outside Run started.
func end(pid int) {
	children.mu.Lock()
	tid := children.live[pid]
	delete(children.live, pid)
	children.mu.Unlock()
	if children.subreaper.Load() {
		reapStrays(tid)
	}
}

// reapStrays kills and reaps every stray child, round after round,
// until none is left, reading the children of the main thread and of
// thread tid, or of every thread (see end).
func reapStrays(tid int) {
	children.reaping.Lock()
	defer children.reaping.Unlock()
	tids := []int{syscall.Getpid(), tid}
	if now := time.Now(); now.Sub(children.lastScan) >= scanEvery {
		tids, children.lastScan = nil, now
	}
	for range maxReapRounds {
		if !anyStray(tids) {
			return
		}
		for _, s := range pickStrays(tids) {
			if s.pgid == s.pid {
				// It leads a group of its own (setsid): the group
				// goes with it. The group's id is its pid, which is
				// not reused while it is a child not yet reaped.
				syscall.Kill(-s.pid, syscall.SIGKILL)
			}
			syscall.Kill(s.pid, syscall.SIGKILL)
			// Once it is reaped, what it started has come back here
			// too: the kernel re-parents orphans before the parent
			// can be waited for.
			var ws syscall.WaitStatus
			for {
				_, err := syscall.Wait4(s.pid, &ws, 0, nil)
				if !errors.Is(err, syscall.EINTR) {
					break
				}
			}
		}
	}
}

type stray struct{ pid, pgid int }

// anyStray reports whether the threads tids (nil: all) may have a
// stray child, without holding up the programs that start meanwhile: a
// program just started and not yet recorded looks like one, so a yes is
// checked again by pickStrays, under the lock.
func anyStray(tids []int) bool {
	pids := childPids(tids, &children.buf)
	if len(pids) == 0 {
		return false
	}
	children.mu.Lock()
	defer children.mu.Unlock()
	return slices.ContainsFunc(pids, isStray)
}

// pickStrays lists the children of the threads tids (nil: all) that are
// neither a run under way nor in the process group of one.
func pickStrays(tids []int) []stray {
	children.starting.Lock()
	defer children.starting.Unlock()
	children.mu.Lock()
	defer children.mu.Unlock()
	var strays []stray
	for _, pid := range childPids(tids, &children.buf) {
		if pgid, ok := strayGroup(pid); ok {
			strays = append(strays, stray{pid, pgid})
		}
	}
	return strays
}

// isStray reports whether child pid is neither a run under way nor in
// the process group of one; children.mu is held.
func isStray(pid int) bool {
	_, ok := strayGroup(pid)
	return ok
}

// strayGroup is isStray, with the process group of the stray.
func strayGroup(pid int) (pgid int, stray bool) {
	if _, ok := children.live[pid]; ok {
		return 0, false
	}
	pgid, err := syscall.Getpgid(pid)
	_, live := children.live[pgid]
	return pgid, err != nil || !live
}
