package process

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"os"
	"strconv"
	"syscall"
)

// noSyscall stands for a system call an architecture does not have.
const noSyscall = -1000

// A pipeID names a pipe as /proc shows the files a process holds: its
// inode and, in the kernel's encoding, its device. The zero pipeID names
// none.
type pipeID struct{ ino, dev uint64 }

// pipeOf names the pipe f is an end of; the zero pipeID when it cannot
// be told.
func pipeOf(f *os.File) pipeID {
	var st syscall.Stat_t
	if f == nil {
		return pipeID{}
	}
	// Not f.Fd(), which would make f blocking.
	rc, err := f.SyscallConn()
	if err != nil {
		return pipeID{}
	}
	err = syscall.ENOTSUP
	rc.Control(func(fd uintptr) { err = syscall.Fstat(int(fd), &st) })
	if err != nil {
		return pipeID{}
	}
	// The device as user space sees it, 12 bits of major and 20 of
	// minor, split as glibc's major() and minor() do, into the kernel's
	// own encoding, which fdinfo shows.
	major := (st.Dev>>8)&0xfff | (st.Dev>>32)&^0xfff
	minor := st.Dev&0xff | (st.Dev>>12)&^0xff
	return pipeID{uint64(st.Ino), uint64(major<<20 | minor)}
}

// heldAs reports whether descriptor fd of process pid is the pipe id.
func (id pipeID) heldAs(pid int, fd uint64) bool {
	if id.ino == 0 || fd > 1<<20 {
		return false
	}
	link, err := os.Readlink("/proc/" + strconv.Itoa(pid) + "/fd/" + strconv.FormatUint(fd, 10))
	return err == nil && link == "pipe:["+strconv.FormatUint(id.ino, 10)+"]"
}

// blockedOn reads what the sleeping thread task, of process pid, is
// blocked on, from the system call it is in (/proc/PID/task/TID/syscall,
// which the caller may read of its own descendants): a read of the
// program's input or a write to its output, or a wait for events in
// which the input is one it waits for (epoll_wait on an epoll set that
// holds it; poll or select asking to read it). A poll or select without
// the input among what it reads is no wait on input: select(0, ...) is
// a way to sleep. Where the system call cannot be read, what shows is
// a read of a pipe, any pipe, in the task's wchan.
func (w *wait) blockedOn(pid int, task string, pp pipes, buf *[]byte) {
	if pp == (pipes{}) {
		return
	}
	sc, err := readInto(task+"/syscall", buf)
	nr, args, ok := parseSyscall(sc)
	if err != nil || !ok {
		if ch, err := readInto(task+"/wchan", buf); err == nil && wchanReadsPipe(ch) {
			w.pipeRead = true
		}
		return
	}
	switch {
	case nr == sysRead || nr == sysReadv:
		w.input = w.input || pp.in.heldAs(pid, args[0])
	case nr == sysWrite || nr == sysWritev:
		w.writing = w.writing || pp.out.heldAs(pid, args[0]) || pp.err.heldAs(pid, args[0])
	case pp.in.ino == 0:
	case nr == sysEpollWait || nr == sysEpollPwait || nr == sysEpollPwait2:
		w.input = w.input || epollWatches(pid, args[0], pp.in)
	case nr == sysPoll || nr == sysPpoll:
		w.input = w.input || pollReads(pid, args[0], args[1], pp.in)
	case nr == sysSelect || nr == sysPselect6:
		w.input = w.input || selectReads(pid, args[0], args[1], pp.in)
	}
}

// parseSyscall reads a /proc/PID/task/TID/syscall line: the number of
// the system call the task is blocked in, and its first two arguments;
// not ok for a task that runs or is in none.
func parseSyscall(line []byte) (nr int, args [2]uint64, ok bool) {
	f := bytes.Fields(line)
	if len(f) < 3 {
		return 0, args, false
	}
	nr, err := strconv.Atoi(string(f[0]))
	if err != nil || nr < 0 {
		return 0, args, false
	}
	for i := range args {
		v, err := strconv.ParseUint(string(bytes.TrimPrefix(f[1+i], []byte("0x"))), 16, 64)
		if err != nil {
			return 0, args, false
		}
		args[i] = v
	}
	return nr, args, true
}

// epollWatches reports whether the epoll set that is descriptor epfd of
// process pid watches the pipe id: its fdinfo lists each file it watches
// on a tfd line, with the file's inode and device in hexadecimal.
func epollWatches(pid int, epfd uint64, id pipeID) bool {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/fdinfo/" + strconv.FormatUint(epfd, 10))
	if err != nil {
		return false
	}
	defer f.Close()
	ino := []byte(" ino:" + strconv.FormatUint(id.ino, 16) + " ")
	dev := []byte(" sdev:" + strconv.FormatUint(id.dev, 16) + " ")
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := append(sc.Bytes(), ' ')
		if bytes.HasPrefix(line, []byte("tfd:")) && bytes.Contains(line, ino) && bytes.Contains(line, dev) {
			return true
		}
	}
	return false
}

// pollReads reports whether the poll of process pid on the nfds
// pollfds at addr, read from its memory, asks to read the pipe id.
func pollReads(pid int, addr, nfds uint64, id pipeID) bool {
	const pollIn = 0x1
	if nfds == 0 || nfds > 1024 {
		return false
	}
	fds := make([]byte, 8*nfds)
	if !readMem(pid, addr, fds) {
		return false
	}
	for i := 0; i < len(fds); i += 8 {
		// struct pollfd: int fd, short events, short revents.
		fd := int32(binary.NativeEndian.Uint32(fds[i:]))
		events := binary.NativeEndian.Uint16(fds[i+4:])
		if fd >= 0 && events&pollIn != 0 && id.heldAs(pid, uint64(fd)) {
			return true
		}
	}
	return false
}

// selectReads reports whether the select of process pid on nfds
// descriptors, with the set to read at addr, read from its memory, asks
// to read the pipe id.
func selectReads(pid int, nfds, addr uint64, id pipeID) bool {
	if nfds == 0 || nfds > 1024 || addr == 0 {
		return false
	}
	// An fd_set is an array of longs, bit fd%64 of long fd/64.
	set := make([]byte, 8*((nfds+63)/64))
	if !readMem(pid, addr, set) {
		return false
	}
	for fd := range nfds {
		word := binary.NativeEndian.Uint64(set[8*(fd/64):])
		if word&(1<<(fd%64)) != 0 && id.heldAs(pid, fd) {
			return true
		}
	}
	return false
}

// readMem reads len(b) bytes of the memory of process pid at addr.
func readMem(pid int, addr uint64, b []byte) bool {
	if addr == 0 || addr > 1<<62 {
		return false
	}
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/mem")
	if err != nil {
		return false
	}
	defer f.Close()
	n, _ := f.ReadAt(b, int64(addr))
	return n == len(b)
}
