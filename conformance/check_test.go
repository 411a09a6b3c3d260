package conformance_test

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGameSample returns the statement's example and its answer.
func sameGameSample(t testing.TB) (*samegame.Case, int64) {
	t.Helper()
	ex := sample.SameGame()[0]
	c, err := samegame.Parse(strings.NewReader(ex.Input))
	if err != nil {
		t.Fatal(err)
	}
	return c, ex.Want
}

// match3Sample returns the statement's first sample and its answer.
func match3Sample(t testing.TB) (*match3.Case, int64) {
	t.Helper()
	ex := sample.Match3()[0]
	c, err := match3.Parse(strings.NewReader(ex.Input))
	if err != nil {
		t.Fatal(err)
	}
	return c, ex.Want
}

func TestBuiltinsAcceptTheSamples(t *testing.T) {
	sc, sans := sameGameSample(t)
	mc, mans := match3Sample(t)
	for _, name := range []string{conformance.ReferenceName, conformance.EngineName} {
		res, err := cubes.Game.Check(context.Background(), player(t, cubes.Game, name), sc)
		if err != nil || !res.Ok() || res.Got != sans || !res.Traced {
			t.Errorf("%s: SameGame.Check = %v, %v; want accepted %d, traced", name, &res, err, sans)
		}
		res, err = gems.Game.Check(context.Background(), player(t, gems.Game, name), mc)
		if err != nil || !res.Ok() || res.Got != mans || !res.Traced {
			t.Errorf("%s: Match3.Check = %v, %v; want accepted %d, traced", name, &res, err, mans)
		}
	}
}

func TestCheckTracedNamesTheFirstDifferingMove(t *testing.T) {
	c, _ := sameGameSample(t)
	// Moving points from move 3 to move 2 keeps the total: only the
	// trace shows the fault.
	shifted := cubes.Game.Func("shifted", func(c *samegame.Case) (samegame.Trace, error) {
		tr := engine.PlaySameGame(c)
		tr.Moves[1].Points++
		tr.Moves[2].Points--
		return tr, nil
	})
	res, err := cubes.Game.Check(context.Background(), shifted, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.WrongAnswer || res.Move != 2 || res.Got != res.Want {
		t.Errorf("got %v, move %d, totals %d/%d; want %v at move 2 with equal totals",
			res.Verdict, res.Move, res.Got, res.Want, conformance.WrongAnswer)
	}
	// Move 2 of the example, (3 0), clicks cubes.
	if want := "a click on a cube"; res.Kind != want {
		t.Errorf("Kind = %q, want %q", res.Kind, want)
	}
	if !strings.HasPrefix(res.Diff, "move 2:") {
		t.Errorf("Diff = %q, want it to start with %q", res.Diff, "move 2:")
	}
}

func TestCheckTracedMatch3EndgameIsMoveZero(t *testing.T) {
	c, _ := match3Sample(t)
	noBonus := gems.Game.Func("no-bonus", func(c *match3.Case) (match3.Trace, error) {
		tr := engine.PlayMatch3(c)
		tr.Total -= tr.Bonus
		tr.Bonus, tr.AllValid, tr.Cleared = 0, false, false
		return tr, nil
	})
	res, err := gems.Game.Check(context.Background(), noBonus, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.WrongAnswer || res.Move != 0 || !strings.HasPrefix(res.Diff, "endgame:") || res.Kind != "the endgame" {
		t.Errorf("got %v, move %d (%s), %q; want %v at move 0 on the endgame", res.Verdict, res.Move, res.Kind, res.Diff, conformance.WrongAnswer)
	}
}

func TestCheckTracedMatch3NamesTheOperation(t *testing.T) {
	c, _ := match3Sample(t)
	lateChain := gems.Game.Func("late-chain", func(c *match3.Case) (match3.Trace, error) {
		tr := engine.PlayMatch3(c)
		tr.Ops[3].Chain += 80
		tr.Total += 80
		return tr, nil
	})
	res, err := gems.Game.Check(context.Background(), lateChain, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.WrongAnswer || res.Move != 4 || res.Got != res.Want+80 {
		t.Errorf("got %v, move %d, totals %d/%d; want %v at operation 4, 80 over", res.Verdict, res.Move, res.Got, res.Want, conformance.WrongAnswer)
	}
}

func TestCheckCommandComparesTotals(t *testing.T) {
	c, ans := sameGameSample(t)
	for _, tt := range []struct {
		name    string
		printed int64
		want    conformance.Verdict
	}{
		{"right total", ans, conformance.Accepted},
		{"wrong total", ans + 1, conformance.WrongAnswer},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := newCommand(t, `sh -c 'cat >/dev/null; echo `+strconv.FormatInt(tt.printed, 10)+`'`)
			res, err := cubes.Game.Check(context.Background(), cubes.Game.Program(cmd), c)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tt.want || res.Got != tt.printed || res.Want != ans || res.Traced || res.Move != -1 {
				t.Errorf("got %v", &res)
			}
			if want := strconv.FormatInt(tt.printed, 10) + "\n"; string(res.Output) != want {
				t.Errorf("Output = %q, want %q", res.Output, want)
			}
			if !bytes.Equal(res.Input, []byte(c.String())) {
				t.Errorf("Input = %q, want the formatted case", res.Input)
			}
		})
	}
}

func TestCheckCarriesTheRunVerdicts(t *testing.T) {
	t.Parallel() // waits for the wall-clock limit
	c, _ := match3Sample(t)
	for _, tt := range []struct {
		line string
		want conformance.Verdict
	}{
		{`sh -c 'echo boom >&2; exit 3'`, conformance.RuntimeError},
		{`sh -c 'sleep 1000'`, conformance.TimeLimit},
		{`sh -c 'echo hello'`, conformance.BadOutput},
	} {
		res, err := gems.Game.Check(context.Background(), gems.Game.Program(newCommand(t, tt.line)), c)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != tt.want || res.Status == "" {
			t.Errorf("%s: got %v (%q), want %v with a status", tt.line, res.Verdict, res.Status, tt.want)
		}
	}
}

func TestCheckInProcessFailuresAreRuntimeErrors(t *testing.T) {
	c, _ := sameGameSample(t)
	for _, tt := range []struct {
		name   string
		play   func(*samegame.Case) (samegame.Trace, error)
		status string
	}{
		{"error", func(*samegame.Case) (samegame.Trace, error) {
			return samegame.Trace{}, errors.New("board too large")
		}, "board too large"},
		{"panic", func(c *samegame.Case) (samegame.Trace, error) {
			var b []uint8
			return samegame.Trace{Total: int64(b[c.W])}, nil
		}, "panic: runtime error: index out of range"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res, err := cubes.Game.Check(context.Background(), cubes.Game.Func(tt.name, tt.play), c)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != conformance.RuntimeError || !strings.Contains(res.Status, tt.status) {
				t.Errorf("got %v (%q), want %v containing %q", res.Verdict, res.Status, conformance.RuntimeError, tt.status)
			}
		})
	}
}

func TestCheckRunErrorChoosesTheVerdict(t *testing.T) {
	c, _ := sameGameSample(t)
	slow := cubes.Game.Func("slow", func(*samegame.Case) (samegame.Trace, error) {
		return samegame.Trace{}, &conformance.RunError{Verdict: conformance.TimeLimit, Status: "gave up"}
	})
	res, err := cubes.Game.Check(context.Background(), slow, c)
	if err != nil || res.Verdict != conformance.TimeLimit || res.Status != "gave up" {
		t.Errorf("got %v, %v; want %v, gave up", res.Verdict, err, conformance.TimeLimit)
	}
}

func TestCheckErrorsAreNotVerdicts(t *testing.T) {
	c, _ := sameGameSample(t)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tt := range []struct {
		name string
		run  func() error
	}{
		{"nothing implemented", func() error {
			nothing := conformance.Impl[*match3.Case, match3.Trace]{Name: "nothing"}
			_, err := gems.Game.Check(context.Background(), nothing, &match3.Case{Rows: 1, Cols: 1, Colours: 1, Board: []match3.Piece{{Colour: 1}}})
			if !errors.Is(err, errors.ErrUnsupported) {
				t.Errorf("error %v, want errors.ErrUnsupported", err)
			}
			return err
		}},
		{"invalid case", func() error {
			_, err := cubes.Game.Check(context.Background(), player(t, cubes.Game, conformance.EngineName), &samegame.Case{W: 2, H: 2, Board: []uint8{1, 2, 0, 1}})
			return err
		}},
		{"nil case", func() error {
			_, err := cubes.Game.Check(context.Background(), player(t, cubes.Game, conformance.EngineName), nil)
			return err
		}},
		{"context ended", func() error {
			_, err := cubes.Game.Check(canceled, cubes.Game.Program(newCommand(t, `sh -c 'sleep 1000'`)), c)
			if !errors.Is(err, context.Canceled) {
				t.Errorf("error %v, want context.Canceled", err)
			}
			return err
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.run(); err == nil {
				t.Errorf("no error")
			}
		})
	}
}

func TestResultStringShowsInputOutputWant(t *testing.T) {
	c, _ := sameGameSample(t)
	res, err := cubes.Game.Check(context.Background(), cubes.Game.Program(newCommand(t, `sh -c 'echo "no such cell" >&2; exit 1'`)), c)
	if err != nil {
		t.Fatal(err)
	}
	got := res.String()
	want := "runtime error: exit status 1\nInput:\n  5\n  14111\n  23334\n  43212\n  33323\n  21232\n  12\n" +
		"  0 4, 3 0, 0 1, 2 2, 1 1, 4 2, 3 2, 0 1, 3 2, 3 1, 3 0, 2 0\n" +
		"Output:\n  (nothing)\nWant:\n  54\nStderr (tail):\n  no such cell"
	if got != want {
		t.Errorf("String() =\n%s\nwant\n%s", got, want)
	}
}

// solveCommand builds testdata/solve, a correct program under test, in
// a temporary directory, and returns a Command running it on game.
func solveCommand(tb testing.TB, game string) *conformance.Command {
	tb.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		tb.Skip("no go command to build testdata/solve")
	}
	bin := filepath.Join(tb.TempDir(), "solve")
	if out, err := exec.Command("go", "build", "-o", bin, "./testdata/solve").CombinedOutput(); err != nil {
		tb.Fatalf("building testdata/solve: %v\n%s", err, out)
	}
	return &conformance.Command{Args: []string{bin, game}}
}

func TestCheckCompiledSolutionAccepted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	sc, _ := sameGameSample(t)
	mc, _ := match3Sample(t)
	cmd := solveCommand(t, "samegame")
	res, err := cubes.Game.Check(context.Background(), cubes.Game.Program(cmd), sc)
	if err != nil || !res.Ok() {
		t.Errorf("samegame: %v, %v", &res, err)
	}
	res, err = gems.Game.Check(context.Background(), gems.Game.Program(&conformance.Command{Args: []string{cmd.Args[0], "match3"}}), mc)
	if err != nil || !res.Ok() {
		t.Errorf("match3: %v, %v", &res, err)
	}
}

func TestReportCutsAFloodOfOutput(t *testing.T) {
	c := newCommand(t, `sh -c 'cat >/dev/null; yes 1234567 | head -c 100000'`)
	res, err := cubes.Game.Check(context.Background(), cubes.Game.Program(c), &samegame.Case{W: 1, H: 1, Board: []byte{1}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.BadOutput || res.OutputSize != 100000 {
		t.Fatalf("verdict %v, output size %d; want %v, 100000", res.Verdict, res.OutputSize, conformance.BadOutput)
	}
	_, out, _ := strings.Cut(res.String(), "Output:\n")
	out, _, _ = strings.Cut(out, "Want:\n")
	if lines := strings.Count(out, "\n"); lines > conformance.OutputLines+1 || len(out) > conformance.OutputBytes+100 {
		t.Errorf("Output block of %d lines, %d bytes:\n%s", lines, len(out), out)
	}
	if !strings.HasSuffix(out, "  ... (100000 bytes, cut)\n") {
		t.Errorf("Output block does not end with the note of its size:\n%s", out)
	}
	one := conformance.Result{Verdict: conformance.BadOutput, Output: bytes.Repeat([]byte{'7'}, 3000)}
	if s := one.String(); strings.Count(s, "7") > conformance.OutputBytes || !strings.Contains(s, "(3000 bytes, cut)") {
		t.Errorf("a line of 3000 bytes is not cut at %d bytes:\n%s", conformance.OutputBytes, s)
	}
}

// TestCheckReturnsWhenTheContextEnds ends the context of a check while
// the reference, or an in-process implementation, is still playing:
// Go cannot stop a running function, but the check must not wait for
// it.
func TestCheckReturnsWhenTheContextEnds(t *testing.T) {
	c, _ := sameGameSample(t)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	blocked := func(c *samegame.Case) samegame.Trace {
		<-release
		return engine.PlaySameGame(c)
	}
	slowReference := *cubes.Game
	slowReference.Reference, slowReference.Referee = blocked, nil
	for _, tt := range []struct {
		name string
		g    *conformance.Game[*samegame.Case, samegame.Trace]
		impl conformance.Impl[*samegame.Case, samegame.Trace]
	}{
		{"reference", &slowReference, player(t, cubes.Game, conformance.EngineName)},
		{"in-process implementation", cubes.Game, cubes.Game.Func("blocked", func(c *samegame.Case) (samegame.Trace, error) { return blocked(c), nil })},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			done := make(chan error, 1)
			go func() {
				_, err := tt.g.Check(ctx, tt.impl, c)
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("Check = %v, want %v", err, context.DeadlineExceeded)
				}
			case <-time.After(hang):
				t.Fatalf("Check still running %v after its context ended", hang)
			}
		})
	}
}

// TestPanicTailIsTheFramesThatPanickedAndTheMessage cuts a stack as
// debug.Stack gives it in guard's recover to the engine's frames and the
// message; a stack cut short or holding no panic frame gives the message.
func TestPanicTailIsTheFramesThatPanickedAndTheMessage(t *testing.T) {
	stack := `goroutine 7 [running]:
runtime/debug.Stack()
	/usr/local/go/src/runtime/debug/stack.go:26 +0x5e
github.com/cascade-harness/cascade/conformance.guard.func1()
	/work/conformance/check.go:237 +0x45
panic({0x5d1f00?, 0xc0000a2018?})
	/usr/local/go/src/runtime/panic.go:792 +0x132
runtime.goPanicIndex(0xffffffffffffffff, 0x0)
	/usr/local/go/src/runtime/panic.go:115 +0x74
example.com/mine.(*Game).Apply(0xc000120000, {0x1, 0x2})
	/src/mine/game.go:194 +0x888
example.com/mine.Play(0xc000100000)
	/src/mine/game.go:130 +0x9e
github.com/cascade-harness/cascade/conformance.call[...].func1()
	/work/conformance/check.go:300 +0x23
`
	msg := "panic: runtime error: index out of range [-1]"
	want := "example.com/mine.(*Game).Apply(...)\n/src/mine/game.go:194\nexample.com/mine.Play(...)\n/src/mine/game.go:130\n" + msg + "\n"
	if got := string(conformance.PanicTail(msg, []byte(stack))); got != want {
		t.Errorf("panicTail =\n%s\nwant\n%s", got, want)
	}
	for _, short := range []string{"", "panic(", "panic(\n\t/x.go:1\nexample.com/mine.Play(0x1)\n", "goroutine 1 [running]:\n"} {
		if got := string(conformance.PanicTail(msg, []byte(short))); !strings.HasSuffix(got, msg+"\n") {
			t.Errorf("panicTail of %q = %q, want it to end with the message", short, got)
		}
	}
	if got := conformance.CrashSignature(conformance.PanicTail(msg, []byte(stack))); got != "panic: runtime error: index out of range [-#]" {
		t.Errorf("signature %q", got)
	}
}
