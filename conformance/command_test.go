package conformance_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/process"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// How a program runs (limits, process groups, output bounds) is tested
// in internal/process; these tests are of what a run means: the score
// read, or the verdict named.

// testTimeout keeps the time-limit tests quick.
const testTimeout = 200 * time.Millisecond

// hang bounds the tests' waits for what must happen promptly (a kill, a
// return once a context ends); no program or implementation they wait
// on can finish in it, so the wait ends early only when the thing
// happened, and a loaded machine does not take a minute to deliver it.
const hang = time.Minute

func newCommand(t testing.TB, line string) *conformance.Command {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	c, err := conformance.NewCommand(line, testTimeout)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// runError runs c on input and returns its *RunError, failing the test
// when the run gives an answer or another error.
func runError(t *testing.T, c *conformance.Command, input string) *conformance.RunError {
	t.Helper()
	got, err := c.Score(context.Background(), []byte(input))
	if err == nil {
		t.Fatalf("%v.Run = %d, want a *RunError", c, got)
	}
	re, ok := errors.AsType[*conformance.RunError](err)
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
			got, err := c.Score(context.Background(), []byte("5\n"))
			if err != nil || got != tt.want {
				t.Errorf("%v.Run = %d, %v, want %d, nil", c, got, err, tt.want)
			}
		})
	}
}

func TestCommandScoreReadsTheInput(t *testing.T) {
	c := newCommand(t, `sh -c 'read n; echo $((n * 3))'`)
	if got, err := c.Score(context.Background(), []byte("7\n")); err != nil || got != 21 {
		t.Errorf("Score = %d, %v; want 21, nil", got, err)
	}
	re := new(conformance.RunError)
	if _, err := c.Score(context.Background(), []byte("x\n")); !errors.As(err, &re) || re.Verdict != conformance.RuntimeError {
		t.Errorf("Score on bad input: %v, want a %v", err, conformance.RuntimeError)
	}
}

func TestCommandGetsTheInputOnStdin(t *testing.T) {
	c := newCommand(t, "cat")
	const in = "2\n12\n34\n1\n0 0\n"
	re := runError(t, c, in)
	if re.Verdict != conformance.BadOutput || string(re.Output) != in || re.OutputSize != len(in) {
		t.Errorf("cat: %v with output %q (size %d), want %v with output %q", re.Verdict, re.Output, re.OutputSize, conformance.BadOutput, in)
	}
}

func TestCheckWritesTheCaseToAProgramInTheStatementsFormat(t *testing.T) {
	c := newCommand(t, "cat")
	ctx := context.Background()
	// Each case twice, so that a reused input buffer shows if it is not
	// reset.
	for _, ex := range sample.SameGame() {
		sc, err := cubes.Game.Parse(strings.NewReader(ex.Input))
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		samegame.Format(&want, sc)
		for range 2 {
			res, err := cubes.Game.Check(ctx, cubes.Game.Program(c), sc)
			if err != nil || res.Verdict != conformance.BadOutput || !bytes.Equal(res.Output, want.Bytes()) {
				t.Errorf("SameGame.Check(%s) = %v, %v; want bad output %q", ex.Name, &res, err, want.Bytes())
			}
		}
	}
	for _, ex := range sample.Match3() {
		mc, err := gems.Game.Parse(strings.NewReader(ex.Input))
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		match3.Format(&want, mc)
		for range 2 {
			res, err := gems.Game.Check(ctx, gems.Game.Program(c), mc)
			if err != nil || res.Verdict != conformance.BadOutput || !bytes.Equal(res.Output, want.Bytes()) {
				t.Errorf("Match3.Check(%s) = %v, %v; want bad output %q", ex.Name, &res, err, want.Bytes())
			}
		}
	}
}

func TestCommandRuntimeErrorKeepsStatusAndStderr(t *testing.T) {
	re := runError(t, newCommand(t, `sh -c 'echo 54; echo "index out of range" >&2; exit 3'`), "")
	if re.Verdict != conformance.RuntimeError {
		t.Errorf("verdict %v, want %v", re.Verdict, conformance.RuntimeError)
	}
	if re.Status != "exit status 3" {
		t.Errorf("status %q, want %q", re.Status, "exit status 3")
	}
	if string(re.Output) != "54\n" || string(re.Stderr) != "index out of range\n" {
		t.Errorf("output %q, stderr %q; want %q, %q", re.Output, re.Stderr, "54\n", "index out of range\n")
	}
}

func TestCommandDeathBySignalIsRuntimeError(t *testing.T) {
	re := runError(t, newCommand(t, `sh -c 'kill -SEGV $$'`), "")
	if re.Verdict != conformance.RuntimeError || !strings.HasPrefix(re.Status, "signal: segmentation fault") {
		t.Errorf("got %v (%s), want %v by a signal", re.Verdict, re.Status, conformance.RuntimeError)
	}
}

func TestCommandThatCannotStartIsRuntimeError(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "garbage")
	if err := os.WriteFile(bin, []byte{0, 1, 2, 3}, 0o755); err != nil {
		t.Fatal(err)
	}
	re := runError(t, &conformance.Command{Args: []string{bin}}, "")
	if want := "fork/exec " + bin + ": exec format error"; re.Verdict != conformance.RuntimeError || re.Status != want {
		t.Errorf("got %v (%s), want %v (%s)", re.Verdict, re.Status, conformance.RuntimeError, want)
	}
}

func TestCommandTimeLimit(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	start := time.Now()
	re := runError(t, newCommand(t, `sh -c 'echo 5; sleep 1000'`), "")
	if re.Verdict != conformance.TimeLimit || killedAfter(re.Status) < 1200*time.Millisecond {
		t.Errorf("verdict %v (%s), want %v at the wall-clock limit, 1.2s, or past it", re.Verdict, re.Status, conformance.TimeLimit)
	}
	if string(re.Output) != "5\n" {
		t.Errorf("output %q, want what it wrote before it was killed, %q", re.Output, "5\n")
	}
	if d := time.Since(start); d > hang {
		t.Errorf("run took %v with a limit of %v", d, testTimeout)
	}
}

func TestCommandComputingPastTheLimitIsTimeLimit(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	re := runError(t, newCommand(t, `sh -c 'while :; do :; done'`), "")
	if re.Verdict != conformance.TimeLimit || !strings.Contains(re.Status, " of CPU time, limit 200ms") {
		t.Errorf("got %v (%s), want %v on CPU time", re.Verdict, re.Status, conformance.TimeLimit)
	}
}

func TestWallLimit(t *testing.T) {
	for _, tc := range []struct{ timeout, want time.Duration }{
		{200 * time.Millisecond, 1200 * time.Millisecond},
		{2 * time.Second, 6 * time.Second},
	} {
		if got := conformance.WallLimit(tc.timeout); got != tc.want {
			t.Errorf("WallLimit(%v) = %v, want %v", tc.timeout, got, tc.want)
		}
	}
}

func TestCommandBadOutput(t *testing.T) {
	for _, tt := range []struct{ name, line, status string }{
		{"a word", `sh -c 'echo hello'`, `output "hello" is not one integer`},
		{"nothing", `true`, "no output, want one integer"},
		{"two integers", `sh -c 'echo 1 2'`, `output "1 2" is not one integer`},
		{"two lines", `sh -c 'echo 1; echo 2'`, `output "1\n2" is not one integer`},
		{"far too much", `sh -c 'i=0; while [ $i -lt 1000 ]; do echo 1234567890; i=$((i+1)); done'`, "output longer than 4096 bytes, want one integer"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			re := runError(t, newCommand(t, tt.line), "")
			if re.Verdict != conformance.BadOutput || re.Status != tt.status {
				t.Errorf("got %v (%s), want %v (%s)", re.Verdict, re.Status, conformance.BadOutput, tt.status)
			}
			if len(re.Output) > process.StdoutLimit || len(re.Output) > re.OutputSize {
				t.Errorf("output keeps %d bytes of %d, want at most %d", len(re.Output), re.OutputSize, process.StdoutLimit)
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
		got, why := conformance.ParseScore([]byte(tt.out), false)
		if ok := why == ""; ok != tt.ok || got != tt.want {
			t.Errorf("parseScore(%q) = %d, %q; want %d, ok %t", tt.out, got, why, tt.want, tt.ok)
		}
	}
	if _, why := conformance.ParseScore([]byte("54"), true); why == "" {
		t.Errorf("parseScore of output over the limit accepted it")
	}
}

func TestCommandStopsWhenTheContextEnds(t *testing.T) {
	c := newCommand(t, `sh -c 'sleep 1000'`)
	c.Timeout = 10 * time.Second
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Score(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Run error %v, want the context's error", err)
	}
	if d := time.Since(start); d > hang {
		t.Errorf("Run took %v after the context ended", d)
	}
}

func TestNewCommandRejects(t *testing.T) {
	for _, tt := range []struct{ line, err string }{
		{"", `command "": no program named`},
		{"   ", `command "   ": no program named`},
		{"'unterminated", `command "'unterminated": unterminated single quote at byte 0`},
		{"no-such-program-in-path-5d1c", `command: exec: "no-such-program-in-path-5d1c": executable file not found in $PATH`},
	} {
		if c, err := conformance.NewCommand(tt.line, 0); err == nil || err.Error() != tt.err {
			t.Errorf("NewCommand(%q) = %v, %v; want the error %s", tt.line, c, err, tt.err)
		}
	}
}

func TestCommandThatNamesNoProgram(t *testing.T) {
	got, err := (&conformance.Command{}).Score(context.Background(), nil)
	if _, ok := errors.AsType[*conformance.RunError](err); ok || err == nil || err.Error() != "command: no program named" {
		t.Errorf("Run = %d, %v; want the error %q, no verdict", got, err, "command: no program named")
	}
}

func TestCommandTakesTimeoutWhenItFirstRuns(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	c := newCommand(t, `sh -c 'sleep 1000'`)
	c.Timeout = 300 * time.Millisecond // after NewCommand, before the first run
	re := runError(t, c, "")
	if killedAfter(re.Status) < 1300*time.Millisecond || !strings.HasSuffix(re.Status, "limit 300ms)") {
		t.Errorf("status %q, want the limit of 300ms set after NewCommand, and its wall-clock limit 1.3s or past it", re.Status)
	}
}

// killedAfter is the wall-clock time a status "killed after D of
// wall-clock time (...)" names, 0 for another status. A program waiting
// on nothing is judged over its last second or so of waiting, so on a
// busy machine the kill comes some time past the limit: tests hold it
// to the limit or later, never to a time on the clock.
func killedAfter(status string) time.Duration {
	rest, ok := strings.CutPrefix(status, "killed after ")
	if !ok {
		return 0
	}
	d, _, ok := strings.Cut(rest, " of wall-clock time (")
	if !ok {
		return 0
	}
	v, err := time.ParseDuration(d)
	if err != nil {
		return 0
	}
	return v
}

// TestStreamProgramThatExitsAfterOneCaseIsABreachHoweverLate has a
// program that answers one case and exits, under the stream protocol:
// the next case is a breach of the protocol that names it, both when
// the program is still running as the case is written (the usual
// order) and when it has ended before (a loaded machine's), not a fresh
// process that answers it.
func TestStreamProgramThatExitsAfterOneCaseIsABreachHoweverLate(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	c := newCommand(t, `sh -c 'read a; echo 1; echo $$ > "$0"' `+pidFile)
	c.Stream = true
	defer c.Close()
	if a, err := c.Answer(context.Background(), []byte("1\n"), 0); err != nil || string(a.Output) != "1\n" {
		t.Fatalf("first case: %q, %v", a.Output, err)
	}
	// Wait until the program has exited and been waited for: however
	// loaded the machine, it does.
	for {
		b, _ := os.ReadFile(pidFile)
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err == nil && syscall.Kill(pid, 0) != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	_, err := c.Answer(context.Background(), []byte("2\n"), 0)
	re, ok := errors.AsType[*conformance.RunError](err)
	if !ok || !re.Breach || !strings.HasPrefix(re.Status, "exited after its first case without answering the next") {
		t.Errorf("second case, the program ended before it: %v; want the breach of a program that exits after one case", err)
	}
	if n := c.Started(); n != 1 {
		t.Errorf("%d processes started, want 1", n)
	}
}
