package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite the scripts' expected output (cmp files) from what cascade prints")

// TestMain makes this test binary the cascade of the scripts. Its
// shrinks are bounded only by go test's -timeout: on a loaded machine a
// program started hundreds of times in a shrink may get a few seconds of
// CPU in check's 30, and the shrunk case a script pins would then depend
// on the load. No script pins the 30 seconds.
func TestMain(m *testing.M) {
	testscript.Main(removeBuilt{m}, map[string]func(){
		"cascade": func() {
			shrinkTime = time.Hour
			os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs testdata/script/*.txtar; each script opens with a
// comment saying what it pins.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("testdata", "script"),
		UpdateScripts: *update,
		Setup:         setupEnv,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status":    status,
			"chomp":     chomp,
			"runscript": runscript,
			"alive":     alive,
		},
	})
}

// alive FILE succeeds when a process whose PID is a line of FILE is still
// alive, "! alive FILE" when none is; a FILE with no PID fails both. The scripts that check that nothing
// a program started outlives its case have the program write its PIDs
// there: a search by command line (pgrep -f) would also find the same
// script's processes in another go test running beside this one.
func alive(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: alive FILE")
	}
	pids := strings.Fields(ts.ReadFile(args[0]))
	if len(pids) == 0 {
		ts.Fatalf("alive: %s lists no PID: the program did not get to write it", args[0])
	}
	var live []string
	for _, line := range pids {
		pid, err := strconv.Atoi(line)
		if err != nil || pid <= 0 {
			ts.Fatalf("alive: %s: %q is not a PID", args[0], line)
		}
		// Signal 0 checks that the process exists; a zombie not yet
		// reaped by its parent still counts, as it has not been waited
		// for, so it is read from /proc instead where there is one.
		if err := syscall.Kill(pid, 0); err == nil && !zombie(pid) {
			live = append(live, line)
		}
	}
	switch {
	case neg && len(live) > 0:
		ts.Fatalf("alive: %s: still running: %s", args[0], strings.Join(live, " "))
	case !neg && len(live) == 0:
		ts.Fatalf("alive: %s: none of them is running", args[0])
	}
}

// zombie reports whether process pid has exited and waits to be reaped.
func zombie(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	// The state follows the command's name in parentheses.
	i := strings.LastIndexByte(string(stat), ')')
	return i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z'
}

// status CODE PROGRAM [ARGS...] runs PROGRAM like exec and checks that it
// exits with CODE: exec and "! exec" tell only success from failure, and
// cascade's failures differ (1 rejected input, 2 usage error).
func status(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status CODE PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: code %q is not an integer", args[0])
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			ts.Fatalf("status: %v", err)
		}
		got = exit.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
	}
}

// chomp FILE... removes the final line end of each file; txtar always
// ends a file with one.
func chomp(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: chomp FILE...")
	}
	for _, name := range args {
		data := strings.TrimRight(ts.ReadFile(name), "\r\n")
		ts.Check(os.WriteFile(ts.MkAbs(name), []byte(data), 0o666))
	}
}

// A score is one integer and a newline; a rejection is one line naming
// the line of the input where the problem shows.
var (
	scoreOutput = regexp.MustCompile(`^-?[0-9]+\n$`)
	rejection   = regexp.MustCompile(`^cascade: stdin: line [1-9][0-9]*: [^\n]+\n$`)
)

// TestScoreRejectsEveryTruncatedSampleWithOneLine feeds every prefix of
// every sample input in the sample scripts to "cascade score" and checks
// that each either scores or is rejected with exit 1 and one line naming
// a line, never a panic or another exit code.
func TestScoreRejectsEveryTruncatedSampleWithOneLine(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "script", "sample-*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	inputs := 0
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range a.Files {
			if !strings.HasSuffix(file.Name, ".in") {
				continue
			}
			inputs++
			for _, game := range []string{"samegame", "match3", ""} {
				args := []string{"score"}
				if game != "" {
					args = append(args, "--game", game)
				}
				for n := range len(file.Data) {
					prefix := file.Data[:n]
					var stdout, stderr bytes.Buffer
					code := run(args, bytes.NewReader(prefix), &stdout, &stderr)
					switch code {
					case exitOK:
						if !scoreOutput.Match(stdout.Bytes()) || stderr.Len() > 0 {
							t.Errorf("%s: %s, first %d bytes: exit 0 with stdout %q, stderr %q; want one integer", f, args, n, stdout.Bytes(), stderr.Bytes())
						}
					case exitRejected:
						if !rejection.Match(stderr.Bytes()) || stdout.Len() > 0 {
							t.Errorf("%s: %s, first %d bytes: exit 1 with stdout %q, stderr %q; want one line naming a line", f, args, n, stdout.Bytes(), stderr.Bytes())
						}
					default:
						t.Errorf("%s: %s, first %d bytes: exit %d, want 0 or 1; stderr %q", f, args, n, code, stderr.Bytes())
					}
				}
			}
		}
	}
	if inputs == 0 {
		t.Fatal("no sample inputs (*.in) found in testdata/script/sample-*.txtar")
	}
}
