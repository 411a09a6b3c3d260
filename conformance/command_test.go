package conformance

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// testTimeout keeps the time-limit tests quick.
const testTimeout = 200 * time.Millisecond

func newCommand(t testing.TB, line string) *Command {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	c, err := NewCommand(line, testTimeout)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// runError runs c on input and returns its *RunError, failing the test
// when the run gives an answer or another error.
func runError(t *testing.T, c *Command, input string) *RunError {
	t.Helper()
	got, err := c.Run(context.Background(), []byte(input))
	if err == nil {
		t.Fatalf("%v.Run = %d, want a *RunError", c, got)
	}
	re, ok := errors.AsType[*RunError](err)
	if !ok {
		t.Fatalf("%v.Run error %v (%T), want a *RunError", c, err, err)
	}
	return re
}

func TestCommandReadsTheScore(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       int64
	}{
		{"plain", `sh -c 'echo 54'`, 54},
		{"surrounding white space", `sh -c 'printf "  \t-17 \r\n\n"'`, -17},
		{"no newline", `sh -c 'printf 11692'`, 11692},
		{"reads its input", `sh -c 'read n; echo $((n * 2))'`, 10},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c := newCommand(t, tt.line)
			got, err := c.Run(context.Background(), []byte("5\n"))
			if err != nil || got != tt.want {
				t.Errorf("%v.Run = %d, %v, want %d, nil", c, got, err, tt.want)
			}
		})
	}
}

func TestCommandGetsTheInputOnStdin(t *testing.T) {
	c := newCommand(t, "cat")
	const in = "2\n12\n34\n1\n0 0\n"
	re := runError(t, c, in)
	if re.Verdict != BadOutput || string(re.Output) != in {
		t.Errorf("cat: %v with output %q, want %v with output %q", re.Verdict, re.Output, BadOutput, in)
	}
}

func TestCommandRuntimeErrorKeepsStatusAndStderr(t *testing.T) {
	re := runError(t, newCommand(t, `sh -c 'echo 54; echo "index out of range" >&2; exit 3'`), "")
	if re.Verdict != RuntimeError {
		t.Errorf("verdict %v, want %v", re.Verdict, RuntimeError)
	}
	if re.Status != "exit status 3" {
		t.Errorf("status %q, want %q", re.Status, "exit status 3")
	}
	if string(re.Stderr) != "index out of range\n" {
		t.Errorf("stderr %q, want %q", re.Stderr, "index out of range\n")
	}
}

func TestCommandKeepsOnlyTheTailOfStderr(t *testing.T) {
	re := runError(t, newCommand(t, `sh -c 'i=0; while [ $i -lt 300 ]; do echo "line $i" >&2; i=$((i+1)); done; exit 1'`), "")
	if len(re.Stderr) > stderrTail {
		t.Errorf("stderr holds %d bytes, want at most %d", len(re.Stderr), stderrTail)
	}
	if !bytes.HasSuffix(re.Stderr, []byte("line 298\nline 299\n")) {
		t.Errorf("stderr %q does not end with the last lines written", re.Stderr)
	}
}

func TestCommandDeathBySignalIsRuntimeError(t *testing.T) {
	re := runError(t, newCommand(t, `sh -c 'kill -SEGV $$'`), "")
	if re.Verdict != RuntimeError || !strings.Contains(re.Status, "signal") {
		t.Errorf("got %v (%s), want %v by a signal", re.Verdict, re.Status, RuntimeError)
	}
}

func TestCommandTimeLimit(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	start := time.Now()
	re := runError(t, newCommand(t, `sh -c 'sleep 10'`), "")
	if re.Verdict != TimeLimit {
		t.Errorf("verdict %v (%s), want %v", re.Verdict, re.Status, TimeLimit)
	}
	if d := time.Since(start); d > testTimeout+2*time.Second {
		t.Errorf("run took %v with a limit of %v", d, testTimeout)
	}
}

func TestCommandTimeLimitIsOnCPUTime(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	// Waiting past the limit, but not past the wall-clock limit, uses
	// no CPU time: a slow start on a loaded machine is not a time
	// limit exceeded.
	c := newCommand(t, `sh -c 'sleep 0.4; echo 7'`)
	if got, err := c.Run(context.Background(), nil); err != nil || got != 7 {
		t.Errorf("Run = %d, %v; want 7, nil (the limit is %v of CPU time)", got, err, testTimeout)
	}
}

func TestCommandComputingPastTheLimitIsTimeLimit(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	re := runError(t, newCommand(t, `sh -c 'while :; do :; done'`), "")
	if re.Verdict != TimeLimit || !strings.Contains(re.Status, "CPU time") {
		t.Errorf("got %v (%s), want %v on CPU time", re.Verdict, re.Status, TimeLimit)
	}
}

func TestWallLimit(t *testing.T) {
	for _, tc := range []struct{ timeout, want time.Duration }{
		{200 * time.Millisecond, 1200 * time.Millisecond},
		{2 * time.Second, 6 * time.Second},
	} {
		if got := WallLimit(tc.timeout); got != tc.want {
			t.Errorf("WallLimit(%v) = %v, want %v", tc.timeout, got, tc.want)
		}
	}
}

func TestCommandTimeLimitKillsBackgroundChildren(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	re := runError(t, newCommand(t, `sh -c 'sleep 30 & echo $! >&2; sleep 30'`), "")
	if re.Verdict != TimeLimit {
		t.Fatalf("verdict %v (%s), want %v", re.Verdict, re.Status, TimeLimit)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(re.Stderr)))
	if err != nil {
		t.Fatalf("stderr %q holds no pid", re.Stderr)
	}
	waitGone(t, pid)
}

func TestCommandExitKillsWhatItLeftBehind(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	c := newCommand(t, `sh -c 'sleep 30 & echo $! > "$0"; echo 54' `+pidFile)
	start := time.Now()
	got, err := c.Run(context.Background(), nil)
	if err != nil || got != 54 {
		t.Fatalf("Run = %d, %v, want 54, nil", got, err)
	}
	if d := time.Since(start); d >= testTimeout {
		t.Errorf("run took %v: a background child holding the pipes delayed it past the limit", d)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatalf("pid file holds %q", b)
	}
	waitGone(t, pid)
}

// waitGone fails the test unless process pid ends within a second. A
// zombie counts as gone: it is dead and waits for init to reap it.
func waitGone(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(time.Second); ; {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return
		}
		// The state follows the command name in parentheses.
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			return
		}
		if time.Now().After(deadline) {
			t.Errorf("process %d is still running: %s", pid, stat)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestCommandBadOutput(t *testing.T) {
	for _, tt := range []struct{ name, line string }{
		{"a word", `sh -c 'echo hello'`},
		{"nothing", `true`},
		{"two integers", `sh -c 'echo 1 2'`},
		{"two lines", `sh -c 'echo 1; echo 2'`},
		{"far too much", `sh -c 'i=0; while [ $i -lt 1000 ]; do echo 1234567890; i=$((i+1)); done'`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			re := runError(t, newCommand(t, tt.line), "")
			if re.Verdict != BadOutput {
				t.Errorf("verdict %v (%s), want %v", re.Verdict, re.Status, BadOutput)
			}
			if len(re.Output) > outputLimit {
				t.Errorf("output keeps %d bytes, want at most %d", len(re.Output), outputLimit)
			}
		})
	}
}

func TestParseScore(t *testing.T) {
	for _, tt := range []struct {
		out  string
		want int64
		ok   bool
	}{
		{"54\n", 54, true},
		{" \t54 \r\n", 54, true},
		{"-3", -3, true},
		{"0", 0, true},
		{"007", 7, true},
		{"9223372036854775807", 1<<63 - 1, true},
		{"", 0, false},
		{"\n", 0, false},
		{"-", 0, false},
		{"+5", 0, false},
		{"5x", 0, false},
		{"5 6", 0, false},
		{"5\n6", 0, false},
		{"1_000", 0, false},
		{"0x10", 0, false},
		{"9223372036854775808", 0, false},
	} {
		got, why := parseScore([]byte(tt.out), false)
		if ok := why == ""; ok != tt.ok || got != tt.want {
			t.Errorf("parseScore(%q) = %d, %q; want %d, ok %t", tt.out, got, why, tt.want, tt.ok)
		}
	}
	if _, why := parseScore([]byte("54"), true); why == "" {
		t.Errorf("parseScore of output over the limit accepted it")
	}
}

func TestCommandStopsWhenTheContextEnds(t *testing.T) {
	c := newCommand(t, `sh -c 'sleep 10'`)
	c.Timeout = 10 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Run(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Run error %v, want the context's error", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Run took %v after the context ended", d)
	}
}

func TestNewCommandRejects(t *testing.T) {
	for _, line := range []string{"", "   ", "'unterminated", "no-such-program-in-path-5d1c"} {
		if c, err := NewCommand(line, 0); err == nil {
			t.Errorf("NewCommand(%q) = %v, want an error", line, c)
		}
	}
}

func TestCommandDefaultTimeout(t *testing.T) {
	c := &Command{Args: []string{"true"}}
	if got := c.timeout(); got != DefaultTimeout {
		t.Errorf("zero Timeout gives %v, want %v", got, DefaultTimeout)
	}
}
