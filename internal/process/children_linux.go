package process

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"syscall"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

func subreap() error {
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); errno != 0 {
		return os.NewSyscallError("prctl(PR_SET_CHILD_SUBREAPER)", errno)
	}
	return nil
}

// sysProcAttr runs the program in a process group of its own, and kills
// it when the process that runs it dies, even by SIGKILL: a
// parent-death signal, which its own children do not inherit.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// childPids lists the children of the threads tids of the process, or of
// every thread when tids is nil, from /proc/self/task/TID/children, read
// into *buf; where the kernel has no such file, it lists the children of
// the whole process from the parent pid of every process in /proc.
func childPids(tids []int, buf *[]byte) []int {
	if tids == nil {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return scanChildPids()
		}
		for _, task := range tasks {
			if tid, err := strconv.Atoi(task.Name()); err == nil {
				tids = append(tids, tid)
			}
		}
	}
	var pids []int
	for i, tid := range tids {
		if tid == 0 || slices.Contains(tids[:i], tid) {
			continue
		}
		data, err := readInto("/proc/self/task/"+strconv.Itoa(tid)+"/children", buf)
		if errors.Is(err, fs.ErrNotExist) && tid == syscall.Getpid() {
			// The main thread lives as long as the process: its file
			// is missing only where the kernel has none.
			return scanChildPids()
		}
		pids = appendPids(pids, data)
	}
	return pids
}

// appendPids appends to dst the PIDs of a /proc children file, data.
func appendPids(dst []int, data []byte) []int {
	for _, f := range bytes.Fields(data) {
		if pid, err := strconv.Atoi(string(f)); err == nil {
			dst = append(dst, pid)
		}
	}
	return dst
}

// readInto reads the file path into *buf, grown as needed: the children
// are read at the end of every run, and a read with os.ReadFile costs
// an allocation and a stat each time.
func readInto(path string, buf *[]byte) ([]byte, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	b := (*buf)[:0]
	for {
		if len(b) == cap(b) {
			b = slices.Grow(b, max(512, cap(b)))
		}
		n, err := syscall.Read(fd, b[len(b):cap(b)])
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			break
		}
		b = b[:len(b)+n]
	}
	*buf = b
	return b, nil
}

// gettid is the id of the calling thread.
func gettid() int { return syscall.Gettid() }

// scanChildPids lists the processes of /proc whose parent is this one.
func scanChildPids() []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue
		}
		// The state and the parent pid follow the command name, which
		// is in parentheses and may hold anything.
		i := bytes.LastIndexByte(stat, ')')
		if i < 0 {
			continue
		}
		f := bytes.Fields(stat[i+1:])
		if len(f) > 1 && string(f[1]) == strconv.Itoa(self) {
			pids = append(pids, pid)
		}
	}
	return pids
}
