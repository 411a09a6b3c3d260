package testenv

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestMain lets this test binary stand in for an interpreter: run with
// TESTENV_INTERPRETER set, it prints its own path, as python3 asked for
// sys.executable does; run with TESTENV_PARALLEL set, it prints the
// -test.parallel that ParallelWaiting leaves.
func TestMain(m *testing.M) {
	if os.Getenv("TESTENV_PARALLEL") != "" {
		flag.Parse()
		ParallelWaiting()
		fmt.Println(flag.Lookup("test.parallel").Value)
		os.Exit(0)
	}
	if os.Getenv("TESTENV_INTERPRETER") != "" {
		exe, err := os.Executable()
		if err != nil {
			os.Exit(1)
		}
		fmt.Println(exe)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// shimmed puts a directory first on PATH whose python3 is a shell script
// that starts this test binary as the interpreter, as a version manager's
// shim does.
func shimmed(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	shims := t.TempDir()
	shim := fmt.Sprintf("#!/bin/sh\nTESTENV_INTERPRETER=1 exec '%s' \"$@\"\n", exe)
	if err := os.WriteFile(filepath.Join(shims, "python3"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", prependPath(shims, os.Getenv("PATH")))
	return exe
}

func TestDirectLinksTheInterpreterAShimRuns(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh to run the shim")
	}
	exe := shimmed(t)
	dir, err := Direct(t.TempDir(), "python3")
	if err != nil {
		t.Fatal(err)
	}
	if dir == "" {
		t.Fatal("Direct of a python3 reached through a shim made no directory")
	}
	got, err := os.Readlink(filepath.Join(dir, "python3"))
	if err != nil {
		t.Fatal(err)
	}
	if got != exe {
		t.Errorf("python3 links to %s, want the interpreter the shim runs, %s", got, exe)
	}
	if path := os.Getenv("PATH"); !strings.HasPrefix(path, dir+string(os.PathListSeparator)) {
		t.Errorf("PATH = %s, want %s first", path, dir)
	}
}

func TestDirectLeavesAnExecutableOrAMissingInterpreterAlone(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	if err := os.Symlink(exe, filepath.Join(bin, "python3")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	dir, err := Direct(t.TempDir(), "python3", "node")
	if err != nil {
		t.Fatal(err)
	}
	if dir != "" {
		t.Errorf("Direct of an executable python3 and no node = %q, want no directory", dir)
	}
	if path := os.Getenv("PATH"); path != bin {
		t.Errorf("PATH = %s, want it left as %s", path, bin)
	}
}

func TestDirectRefusesAnInterpreterItCannotAsk(t *testing.T) {
	if _, err := Direct(t.TempDir(), "ruby"); err == nil {
		t.Error("Direct(ruby): no error")
	}
}

func TestPrependPath(t *testing.T) {
	sep := string(os.PathListSeparator)
	for _, c := range []struct{ dir, path, want string }{
		{"", "/usr/bin", "/usr/bin"},
		{"/d", "", "/d"},
		{"/d", "/usr/bin" + sep + "/bin", "/d" + sep + "/usr/bin" + sep + "/bin"},
	} {
		if got := prependPath(c.dir, c.path); got != c.want {
			t.Errorf("prependPath(%q, %q) = %q, want %q", c.dir, c.path, got, c.want)
		}
	}
}

// TestParallelWaitingLeavesAGivenParallelAlone runs this test binary
// with and without -test.parallel: ParallelWaiting raises the default,
// never a number given on the command line.
func TestParallelWaitingLeavesAGivenParallelAlone(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, strconv.Itoa(max(WaitingParallel, runtime.GOMAXPROCS(0)))},
		{[]string{"-test.parallel=3"}, "3"},
	} {
		cmd := exec.Command(exe, c.args...)
		cmd.Env = append(os.Environ(), "TESTENV_PARALLEL=1")
		out, err := cmd.Output()
		if got := strings.TrimSpace(string(out)); err != nil || got != c.want {
			t.Errorf("%v: -test.parallel %q (%v), want %s", c.args, got, err, c.want)
		}
	}
}
