package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
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
		},
	})
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
