package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// fullWriter fails every write as a full disk does.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.ENOSPC}
}

// writeErrorCommands write their answer or report to standard output.
var writeErrorCommands = [][]string{
	{"score", "--example", "samegame-example"},
	{"validate", "--example", "match3-sample-1"},
	{"trace", "--example", "samegame-example"},
	{"check", "--game", "samegame", "--builtin=false", "--count", "1"},
	{"help"},
}

// TestWriteErrorOnStdoutFails checks that every command whose output
// cannot be written exits 1 and says why, instead of passing silently.
func TestWriteErrorOnStdoutFails(t *testing.T) {
	for _, args := range writeErrorCommands {
		t.Run(args[0], func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(args, strings.NewReader(""), fullWriter{}, &stderr)
			const want = "cascade: write /dev/stdout: no space left on device\n"
			if code != exitRejected || !strings.HasSuffix(stderr.String(), want) {
				t.Errorf("cascade %s with a full stdout: exit %d, stderr %q; want exit %d and %q", strings.Join(args, " "), code, stderr.String(), exitRejected, want)
			}
		})
	}
}

// TestWriteErrorOnDevFull runs the cascade binary with its standard
// output on /dev/full, which takes the open and fails every write.
func TestWriteErrorOnDevFull(t *testing.T) {
	bin, err := exec.LookPath("cascade")
	if err != nil {
		t.Skipf("cascade is not on PATH: %v", err)
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range writeErrorCommands {
		t.Run(args[0], func(t *testing.T) {
			cmd := exec.Command(bin, args...)
			var stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = full, &stderr
			err := cmd.Run()
			exit, ok := err.(*exec.ExitError)
			if !ok || exit.ExitCode() != exitRejected || !strings.Contains(stderr.String(), "no space left on device") {
				t.Errorf("cascade %s >/dev/full: %v, stderr %q; want exit status %d and the write error", strings.Join(args, " "), err, stderr.String(), exitRejected)
			}
		})
	}
}
