package input

import (
	"io"
	"io/fs"
	"syscall"
)

// File is a file opened for reading with Open.
type File struct {
	fd   int
	name string
}

// Open opens the file name for reading, as os.Open does, but reads it
// with plain system calls: no netpoller to set up, and no finalizer, whose
// goroutine makes the runtime start a thread, which a command that reads
// one input and exits would pay for in its start-up. Reads block, which
// suits files, pipes and terminals alike. Errors are *fs.PathError,
// worded as os.Open's and os.File.Read's are.
func Open(name string) (*File, error) {
	for {
		fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: name, Err: err}
		}
		return &File{fd: fd, name: name}, nil
	}
}

// Read reads up to len(p) bytes; it returns io.EOF at the end of the
// file.
func (f *File) Read(p []byte) (int, error) {
	if f.fd < 0 {
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: fs.ErrClosed}
	}
	if len(p) == 0 {
		return 0, nil
	}
	for {
		n, err := syscall.Read(f.fd, p)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}

// Close closes the file; closing it twice is an error.
func (f *File) Close() error {
	if f.fd < 0 {
		return &fs.PathError{Op: "close", Path: f.name, Err: fs.ErrClosed}
	}
	err := syscall.Close(f.fd)
	f.fd = -1
	if err != nil {
		return &fs.PathError{Op: "close", Path: f.name, Err: err}
	}
	return nil
}
