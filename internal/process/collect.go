package process

import (
	"errors"
	"io"
	"os"
	"syscall"
	"time"
)

// holdRead, when set, is called before each read of a program's output:
// a test holds the reading back with it, as a machine whose load starves
// the reader does, to show that no output is lost by it.
var holdRead func()

// A collector reads an output pipe of a program into a writer, from a
// goroutine of its own, for as long as the program runs.
//
// What the program wrote before it ended is never lost, however late
// the reading comes: once the program has ended and its group has been
// killed, finish reads what the pipe still holds without waiting,
// whatever read deadline has passed (Go's poller answers a read past
// its deadline without trying it). Only output that has not been
// written yet, by what escaped the group and holds the pipe open, is
// waited for, and for at most pipeGrace.
type collector struct {
	f    *os.File
	w    io.Writer
	buf  []byte
	done chan struct{}
}

// collect starts reading f, the read end of an output pipe, into w,
// through buf.
func collect(f *os.File, w io.Writer, buf []byte) *collector {
	c := &collector{f: f, w: w, buf: buf, done: make(chan struct{})}
	go c.read()
	return c
}

func (c *collector) read() {
	defer close(c.done)
	for {
		if holdRead != nil {
			holdRead()
		}
		n, err := c.f.Read(c.buf)
		c.w.Write(c.buf[:n])
		if err != nil {
			return
		}
	}
}

// finish ends the reading, once the program has ended and its group has
// been killed: it waits for the end of the output until deadline (a
// run's collectors share one, pipeGrace after the end), then takes what
// the pipe holds, and closes it.
func (c *collector) finish(deadline time.Time) {
	t := time.NewTimer(time.Until(deadline))
	select {
	case <-c.done:
	case <-t.C:
		c.f.SetReadDeadline(time.Now())
		<-c.done
	}
	t.Stop()
	drain(c.f, c.w, c.buf)
	c.f.Close()
}

// drain writes to w what the pipe f holds, read through buf, without
// waiting for more: at most the pipe's capacity, which bounds what was
// written before the program ended, so that what escaped and writes on
// cannot keep it going.
func drain(f *os.File, w io.Writer, buf []byte) {
	for most := pipeSize(f); most > 0; {
		n, _ := readNow(f, buf)
		if n == 0 {
			return
		}
		w.Write(buf[:n])
		most -= n
	}
}

// readNow reads into buf what the pipe f, non-blocking as os.Pipe makes
// its read end, holds, without waiting and whatever its read deadline:
// n is 0 when it holds nothing, eof then reports the end of the output.
func readNow(f *os.File, buf []byte) (n int, eof bool) {
	rc, err := f.SyscallConn()
	if err != nil {
		return 0, true
	}
	rc.Control(func(fd uintptr) {
		for {
			m, err := syscall.Read(int(fd), buf)
			if errors.Is(err, syscall.EINTR) {
				continue
			}
			if m > 0 {
				n = m
			}
			eof = m == 0 && err == nil
			return
		}
	})
	return n, eof
}

// writeNow writes to the pipe f what it takes without waiting, when f is
// non-blocking as os.Pipe makes its write end (nonBlocking): n is what
// was written, err an error other than a full pipe's.
func writeNow(f *os.File, b []byte) (n int, err error) {
	rc, rerr := f.SyscallConn()
	if rerr != nil {
		return 0, nil
	}
	rc.Control(func(fd uintptr) {
		for n < len(b) {
			m, werr := syscall.Write(int(fd), b[n:])
			if errors.Is(werr, syscall.EINTR) {
				continue
			}
			if m > 0 {
				n += m
			}
			if werr != nil {
				if !errors.Is(werr, syscall.EAGAIN) {
					err = werr
				}
				return
			}
			if m <= 0 {
				return
			}
		}
	})
	return n, err
}

// nonBlocking reports whether the descriptor of f is non-blocking, so
// that writeNow never waits on it.
func nonBlocking(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	flags := 0
	rc.Control(func(fd uintptr) {
		r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		if errno == 0 {
			flags = int(r)
		}
	})
	return flags&syscall.O_NONBLOCK != 0
}

// readSome reads into buf what f holds, waiting for it until deadline
// when it holds nothing yet: a read that comes after its deadline (a
// starved reader) still takes what is there. The error is io.EOF at the
// end of the output, os.ErrDeadlineExceeded when nothing came.
func readSome(f *os.File, buf []byte, deadline time.Time) (int, error) {
	if n, ok, err := tryRead(f, buf); ok {
		return n, err
	}
	f.SetReadDeadline(deadline)
	if holdRead != nil {
		holdRead()
	}
	n, err := f.Read(buf)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		// A read that comes past its deadline is not tried.
		if n, ok, err := tryRead(f, buf); ok {
			return n, err
		}
	}
	return n, err
}

// tryRead is readNow as a read: ok when it read or met the end, the
// error then io.EOF.
func tryRead(f *os.File, buf []byte) (n int, ok bool, err error) {
	n, eof := readNow(f, buf)
	if eof {
		return 0, true, io.EOF
	}
	return n, n > 0, nil
}
