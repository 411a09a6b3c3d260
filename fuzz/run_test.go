package fuzz

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The outputs of go test -fuzz that run.sh must tell apart, as Go 1.26
// prints them.
const (
	fuzzPassed = `fuzz: elapsed: 10s, execs: 81262 (8849/sec), new interesting: 42 (total: 189)
PASS
ok  	example.com/p	10.125s
`
	// go.dev/issue/75804: the coordinator's own cancellation, at the
	// -fuzztime deadline.
	fuzzDeadline = `fuzz: elapsed: 10s, execs: 81262 (8849/sec), new interesting: 42 (total: 189)
--- FAIL: FuzzA (10.11s)
    context deadline exceeded
FAIL
exit status 1
FAIL	example.com/p	10.125s
`
	fuzzFound = `fuzz: elapsed: 2s, execs: 1000 (500/sec), new interesting: 1 (total: 10)
--- FAIL: FuzzA (2.05s)
    --- FAIL: FuzzA (0.00s)
        a_test.go:10: NextCase over a 12-byte stream allocated 9000 bytes, bound 4096

    Failing input written to testdata/fuzz/FuzzA/2f1c0e
    To re-run:
    go test -run=FuzzA/2f1c0e
FAIL
exit status 1
FAIL	example.com/p	2.125s
`
	// A finding whose minimisation ran into the deadline still wrote
	// its input.
	fuzzFoundAtDeadline = `--- FAIL: FuzzA (10.11s)
    context deadline exceeded

    Failing input written to testdata/fuzz/FuzzA/2f1c0e
FAIL
exit status 1
`
	fuzzDeadlineAndMore = `--- FAIL: FuzzA (10.11s)
    context deadline exceeded
    fuzzing process hung or terminated unexpectedly: exit status 2
FAIL
exit status 1
`
	// A worker past Go's 10 s per-input limit is taken for hung.
	fuzzHung = `fuzz: elapsed: 31s, execs: 5000 (0/sec), new interesting: 1 (total: 10)
--- FAIL: FuzzA (31.20s)
    fuzzing process hung or terminated unexpectedly: exit status 2
    Failing input written to testdata/fuzz/FuzzA/2f1c0e
    To re-run:
    go test -run=FuzzA/2f1c0e
FAIL
exit status 1
FAIL	example.com/p	31.3s
`
	replayPassed = `=== RUN   FuzzA
=== RUN   FuzzA/2f1c0e
--- PASS: FuzzA (12.00s)
    --- PASS: FuzzA/2f1c0e (12.00s)
PASS
ok  	example.com/p	12.1s
`
	replayFailed = `=== RUN   FuzzA
=== RUN   FuzzA/2f1c0e
panic: test timed out after 10m0s
FAIL	example.com/p	600.1s
`
	replayNone = `testing: warning: no tests to run
PASS
ok  	example.com/p	0.01s [no tests to run]
`
	fuzzNoBuild = `# example.com/p
./a_test.go:3:2: undefined: x
FAIL	example.com/p [build failed]
`
)

// A fake go command's answers to fuzz/run.sh: go test -fuzz of FuzzA
// prints outA and exits with statusA (FuzzB passes); go test -run of one
// input of FuzzA, a replay, prints replayOut and exits with replayStatus.
type fakeGo struct {
	outA         string
	statusA      int
	replayOut    string
	replayStatus int
}

// runFuzzScript runs fuzz/run.sh on the package example.com/p, in the
// directory pkg, with the fake go command. It returns run.sh's output,
// its exit status, and the targets fuzzed, in order, each with its
// -fuzztime.
func runFuzzScript(t *testing.T, pkg string, env []string, fake fakeGo) (string, int, []string) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("needs bash")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"outA": fake.outA, "outB": fuzzPassed, "replay": fake.replayOut} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := filepath.Join(dir, "go")
	script := `#!/usr/bin/env bash
dir=` + dir + `
case "$*" in
"test -list ^Fuzz example.com/p") printf 'FuzzA\nFuzzB\nok  \texample.com/p\t0.01s\n' ;;
"list -f {{.Dir}} example.com/p") echo ` + pkg + ` ;;
*"-fuzz ^FuzzA$"*) echo "$*" >>"$dir/calls"; cat "$dir/outA"; exit ` + strconv.Itoa(fake.statusA) + ` ;;
*"-fuzz ^FuzzB$"*) echo "$*" >>"$dir/calls"; cat "$dir/outB" ;;
"test -count=1 -v -run ^FuzzA/2f1c0e$ example.com/p") cat "$dir/replay"; exit ` + strconv.Itoa(fake.replayStatus) + ` ;;
*) echo "fake go: unexpected $*" >&2; exit 3 ;;
esac
`
	if err := os.WriteFile(goCmd, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "run.sh", "example.com/p")
	cmd.Env = append(os.Environ(), append([]string{"GO=" + goCmd, "FUZZTARGETS=", "FUZZMINIMIZE="}, env...)...)
	out, err := cmd.CombinedOutput()
	status := 0
	if exit, ok := err.(*exec.ExitError); ok {
		status = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	var fuzzed []string
	calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
	for _, call := range strings.Split(strings.TrimSpace(string(calls)), "\n") {
		if call == "" {
			continue
		}
		if !strings.Contains(call, "-fuzzminimizetime 100x") {
			t.Errorf("go %s: want -fuzzminimizetime 100x by default", call)
		}
		f := strings.Fields(call)
		for i, a := range f {
			if a == "-fuzz" && i+1 < len(f) {
				fuzzed = append(fuzzed, strings.Trim(f[i+1], "^$"))
			}
			if a == "-fuzztime" && i+1 < len(f) {
				fuzzed[len(fuzzed)-1] += "@" + f[i+1]
			}
		}
	}
	return string(out), status, fuzzed
}

func TestRunScriptFailsOnlyOnAFinding(t *testing.T) {
	for _, tc := range []struct {
		name       string
		env        []string
		outA       string
		statusA    int
		wantStatus int
		wantFuzzed string
		wantOut    string
	}{
		{"both pass", []string{"FUZZTIME=10s"}, fuzzPassed, 0, 0, "FuzzA@10s FuzzB@10s", ""},
		{"the deadline race after a duration", []string{"FUZZTIME=10s"}, fuzzDeadline, 1, 0, "FuzzA@10s FuzzB@10s", "go.dev/issue/75804"},
		{"a failure after a count has no deadline to race", []string{"FUZZTIME=20000x"}, fuzzDeadline, 1, 1, "FuzzA@20000x", ""},
		{"an input found", []string{"FUZZTIME=10s"}, fuzzFound, 1, 1, "FuzzA@10s", "Failing input written"},
		{"an input found as the deadline passed", []string{"FUZZTIME=10s"}, fuzzFoundAtDeadline, 1, 1, "FuzzA@10s", ""},
		{"the deadline and another error", []string{"FUZZTIME=10s"}, fuzzDeadlineAndMore, 1, 1, "FuzzA@10s", ""},
		{"no build", []string{"FUZZTIME=10s"}, fuzzNoBuild, 1, 1, "FuzzA@10s", "build failed"},
		{"the default budget", nil, fuzzPassed, 0, 0, "FuzzA@60s FuzzB@60s", ""},
		{"one target named", []string{"FUZZTARGETS=FuzzB"}, fuzzFound, 1, 0, "FuzzB@60s", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, status, fuzzed := runFuzzScript(t, t.TempDir(), tc.env, fakeGo{outA: tc.outA, statusA: tc.statusA})
			if status != tc.wantStatus {
				t.Errorf("exit status %d, want %d; output:\n%s", status, tc.wantStatus, out)
			}
			if got := strings.Join(fuzzed, " "); got != tc.wantFuzzed {
				t.Errorf("fuzzed %q, want %q", got, tc.wantFuzzed)
			}
			if !strings.Contains(out, tc.wantOut) {
				t.Errorf("output lacks %q:\n%s", tc.wantOut, out)
			}
		})
	}
}

func TestRunScriptNeedsAMatchingTarget(t *testing.T) {
	out, status, fuzzed := runFuzzScript(t, t.TempDir(), []string{"FUZZTARGETS=FuzzC"}, fakeGo{outA: fuzzPassed})
	if status != 1 || len(fuzzed) != 0 || !strings.Contains(out, "no fuzz target of example.com/p matches 'FuzzC'") {
		t.Errorf("status %d, fuzzed %q, output:\n%s\nwant status 1, nothing fuzzed and the reason", status, fuzzed, out)
	}
}

func TestRunScriptReplaysAnInputTakenForHung(t *testing.T) {
	for _, tc := range []struct {
		name         string
		replayOut    string
		replayStatus int
		wantStatus   int
		wantKept     bool
		wantOut      string
	}{
		{"it passes", replayPassed, 0, 0, false, "the machine was too busy"},
		{"it fails", replayFailed, 1, 1, true, "test timed out"},
		{"it did not run", replayNone, 0, 1, true, "no tests to run"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkg := t.TempDir()
			input := filepath.Join(pkg, "testdata", "fuzz", "FuzzA", "2f1c0e")
			if err := os.MkdirAll(filepath.Dir(input), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(input, []byte("go test fuzz v1\n[]byte(\"x\")\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out, status, _ := runFuzzScript(t, pkg, []string{"FUZZTIME=20000x"}, fakeGo{outA: fuzzHung, statusA: 1, replayOut: tc.replayOut, replayStatus: tc.replayStatus})
			if status != tc.wantStatus {
				t.Errorf("exit status %d, want %d; output:\n%s", status, tc.wantStatus, out)
			}
			if !strings.Contains(out, tc.wantOut) {
				t.Errorf("output lacks %q:\n%s", tc.wantOut, out)
			}
			if _, err := os.Stat(input); (err == nil) != tc.wantKept {
				t.Errorf("the written input kept: %v, want %v", err == nil, tc.wantKept)
			}
		})
	}
}
