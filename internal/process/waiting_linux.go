package process

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unsafe"
)

// A wait is what a program is doing while it owes an answer, as its own
// processes show it in /proc: whether any thread of the program or of
// what it started is runnable (computing, or starved of a CPU by the
// machine's load), in the disk's uninterruptible sleep, stopped,
// waiting on its input, or waiting on the caller to read its output.
// It is how a run tells a program that waits for something that will
// not come from one that the machine keeps waiting: only the first is
// the program's doing. One look tells little: a runtime's threads may
// all sleep at once, a moment at a time (see pastWall).
type wait struct {
	// runnable: a thread runs, or waits for a CPU (R).
	runnable bool
	// disk: a thread is in an uninterruptible sleep (D), on the disk
	// or the kernel's other work for it, which ends by itself; vfork: in
	// one waiting for the child of its vfork to exec or exit, for as
	// long as the child likes (its wchan names the clone).
	disk, vfork bool
	// stopped: a thread is stopped by a signal (T, t): kept from
	// running, not waiting for anything of its own.
	stopped bool
	// input: a thread is blocked on the program's input, reading it or
	// in epoll_wait, poll or select on it (see blockedOn); pipeRead:
	// blocked reading a pipe, which may be the input, where the system
	// call cannot be read.
	input, pipeRead bool
	// writing: a thread is blocked writing to the program's output or
	// error, which the caller reads: it waits on the caller.
	writing bool
	// kids is the CPU time of the program's live descendants, the
	// leader's own not counted, where it has no cgroup.
	kids time.Duration
}

// pipes names the pipes of a program's standard input, output and error
// (a zero pipeID for one that is not watched), which waitOf looks for in
// what the program waits on.
type pipes struct{ in, out, err pipeID }

// maxLooked bounds the processes waitOf reads.
const maxLooked = 256

// waitOf reads the wait of the program whose leader is pid: its threads
// and those of its descendants, up to maxLooked processes. In the
// cgroup cg (when not nil) they are every process in it; otherwise the
// leader's descendants, and those of the caller's children (come back
// to it as a subreaper: a double fork) in the leader's process group.
// The zero wait, which shows nothing, is returned when /proc cannot be
// read.
func waitOf(pid int, cg *cgroup, pp pipes) wait {
	var w wait
	var buf []byte
	seen := 0
	var todo []int
	descend := cg == nil
	if descend {
		todo = []int{pid}
		if children.subreaper.Load() {
			for _, c := range childPids(nil, &buf) {
				if pgid, err := syscall.Getpgid(c); err == nil && pgid == pid && c != pid {
					todo = append(todo, c)
				}
			}
		}
	} else {
		todo = cg.pids(&buf)
	}
	for len(todo) > 0 && seen < maxLooked {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		seen++
		proc := "/proc/" + strconv.Itoa(p)
		if p != pid && descend {
			if stat, err := readInto(proc+"/stat", &buf); err == nil {
				w.kids += statCPU(stat)
			}
		}
		dir := proc + "/task/"
		tasks, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, t := range tasks {
			task := dir + t.Name()
			stat, err := readInto(task+"/stat", &buf)
			if err != nil {
				continue
			}
			switch procState(stat) {
			case 'R':
				w.runnable = true
			case 'D':
				if ch, err := readInto(task+"/wchan", &buf); err == nil && vforkWait(ch) {
					w.vfork = true
				} else {
					w.disk = true
				}
			case 'T', 't':
				w.stopped = true
			case 'S':
				w.blockedOn(p, task, pp, &buf)
			}
			if !descend {
				continue
			}
			if kids, err := readInto(task+"/children", &buf); err == nil {
				todo = appendPids(todo, kids)
			}
		}
	}
	return w
}

// exiting reports whether the process whose /proc/PID/stat f is (the
// session's, kept open) has ended, waited for or not: a zombie, or gone,
// when f no longer reads. The kernel closes a process's output as it
// exits, before its parent can wait for it; on a loaded machine the
// wait may come much later.
func exiting(f *os.File) bool {
	if f == nil {
		return true
	}
	var buf [512]byte
	n, err := f.ReadAt(buf[:], 0)
	if n == 0 && err != nil {
		return true
	}
	st := procState(buf[:n])
	return st == 'Z' || st == 'X'
}

// procState is the state in a /proc/PID/stat line: the field after the
// command name, which is in parentheses and may hold spaces; 0 when the
// line shows none.
func procState(stat []byte) byte {
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return stat[i+2]
	}
	return 0
}

// unread is the number of bytes written to the pipe whose write end is
// f and not read yet; -1 when it cannot be told.
func unread(f *os.File) int {
	rc, err := f.SyscallConn()
	if err != nil {
		return -1
	}
	n := -1
	rc.Control(func(fd uintptr) {
		var v int32
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, fd, syscall.TIOCINQ, uintptr(unsafe.Pointer(&v))); errno == 0 {
			n = int(v)
		}
	})
	return n
}

// fGetPipeSz is F_GETPIPE_SZ of fcntl(2).
const fGetPipeSz = 1032

// pipeSize is the capacity of the pipe f, 1 MiB (the most a program may
// give its pipes by default) when it cannot be told.
func pipeSize(f *os.File) int {
	n := 1 << 20
	if rc, err := f.SyscallConn(); err == nil {
		rc.Control(func(fd uintptr) {
			if r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, fGetPipeSz, 0); errno == 0 && r > 0 {
				n = int(r)
			}
		})
	}
	return n
}

// vforkWait reports whether a wchan is that of a parent waiting on the
// child of its vfork: the kernel's clone, where the wait is inlined.
func vforkWait(wchan []byte) bool {
	return bytes.Contains(wchan, []byte("vfork")) || bytes.Contains(wchan, []byte("clone"))
}

// wchanReadsPipe reports whether a wchan, the kernel function a task
// sleeps in, is that of a read of a pipe.
func wchanReadsPipe(wchan []byte) bool {
	name := string(wchan)
	return strings.Contains(name, "pipe") && !strings.Contains(name, "write")
}
