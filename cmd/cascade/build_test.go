package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/internal/testenv"
)

// Most tests need no build of cascade: TestMain makes this test binary
// the cascade on PATH (testscript.Main), which the scripts and
// exec.Command("cascade", ...) both reach, at no cost. A test that needs
// the command as go build makes it (its start-up, its size, a process
// benchmark) calls builtCascade, which builds it once per test binary:
// one go build of the command takes seconds of CPU, and make test runs
// on a busy machine.
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

// builtCascade returns the path of this package built with go build,
// built on the first call.
func builtCascade(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "cascade-build-")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "cascade")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build .: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		tb.Fatal(built.err)
	}
	return built.bin
}

// removeBuilt runs the tests, then removes what builtCascade built.
type removeBuilt struct{ m *testing.M }

func (r removeBuilt) Run() int {
	// Many scripts wait on their programs: a time limit waited out on
	// every shrink, a wall-clock limit, a program that never answers.
	flag.Parse()
	testenv.ParallelWaiting()
	// The scripts start python3 hundreds of times: have them start it
	// itself, not a version manager's shim of it (see testenv.Direct).
	direct, err := testenv.Direct(os.TempDir(), "python3", "node")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if direct != "" {
		defer os.RemoveAll(direct)
	}
	code := r.m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	return code
}
