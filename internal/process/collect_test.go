package process

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// holdUntil holds back every read of a program's output until file
// exists and then for a while more: long past the program's exit and
// past pipeGrace, as a machine whose load starves the reader does.
func holdUntil(t *testing.T, file string) {
	t.Helper()
	holdRead = func() {
		for end := time.Now().Add(hang); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
			if _, err := os.Stat(file); err == nil {
				break
			}
		}
		time.Sleep(5 * pipeGrace)
	}
	t.Cleanup(func() { holdRead = nil })
}

// TestRunKeepsOutputWrittenBeforeExit has a program write its answer and
// an error, then exit, while the reading of its output is held back
// until long after: what it wrote before it exited is its answer, not
// "no output".
func TestRunKeepsOutputWrittenBeforeExit(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "written")
	holdUntil(t, marker)
	p := sh(t, `echo 28; echo oops >&2; : > "$0"`, marker)
	p.Timeout = hang
	o := mustRun(t, p, "")
	if string(o.Stdout) != "28\n" || o.StdoutSize != 3 || string(o.Stderr) != "oops\n" {
		t.Errorf("stdout %q (size %d), stderr %q; want 28 and oops, written before the program exited", o.Stdout, o.StdoutSize, o.Stderr)
	}
}

// TestSessionKeepsOutputWrittenBeforeExit is the same for a session: an
// answer written just before the program exits is read, and so is the
// error a program wrote before it crashed.
func TestSessionKeepsOutputWrittenBeforeExit(t *testing.T) {
	t.Run("answer", func(t *testing.T) {
		marker := filepath.Join(t.TempDir(), "written")
		holdUntil(t, marker)
		s := session(t, `read a; echo 28; : > "$0"`, hang, marker)
		r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Ok() || string(r.Answer) != "28\n" {
			t.Errorf("reply %+v; want the answer 28, written before the program exited", r)
		}
	})
	t.Run("error", func(t *testing.T) {
		marker := filepath.Join(t.TempDir(), "written")
		holdUntil(t, marker)
		s := session(t, `read a; echo oops >&2; : > "$0"; exit 3`, hang, marker)
		r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Ended || r.ExitCode != 3 || !bytes.Contains(r.Stderr, []byte("oops")) {
			t.Errorf("reply %+v; want exit status 3, with the error oops written before it", r)
		}
	})
}
