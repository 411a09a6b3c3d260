package process

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// A wait is what a session's program is doing while it owes an answer,
// as its own processes show it in /proc: whether any thread of the
// program or what it started is runnable (computing, or starved of a
// CPU by the machine's load), and whether one of them is blocked
// reading a pipe. It is how a session tells a program that waits for
// input it will never get from one that the machine keeps waiting:
// only the first is the program's fault.
type wait struct {
	runnable bool
	pipeRead bool
}

// waitOf reads the wait of the program whose leader is pid: its threads
// and those of its descendants. The zero wait, which shows nothing, is
// returned when /proc cannot be read.
func waitOf(pid int) wait {
	var w wait
	var buf []byte
	seen := 0
	todo := []int{pid}
	for len(todo) > 0 && seen < 256 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		seen++
		dir := "/proc/" + strconv.Itoa(p) + "/task/"
		tasks, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, t := range tasks {
			stat, err := readInto(dir+t.Name()+"/stat", &buf)
			if err != nil {
				continue
			}
			switch procState(stat) {
			case 'R', 'D':
				w.runnable = true
			}
			if ch, err := readInto(dir+t.Name()+"/wchan", &buf); err == nil {
				name := string(ch)
				if strings.Contains(name, "pipe") && !strings.Contains(name, "write") {
					w.pipeRead = true
				}
			}
			if kids, err := readInto(dir+t.Name()+"/children", &buf); err == nil {
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
