package conformance_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The SameGame example's answer under the step protocol, as the
// reference gives it, boards and all, reads back as it was written.
func TestWriteStepsReadsBack(t *testing.T) {
	for _, g := range []conformance.Any{cubes.Game.Any(), gems.Game.Any()} {
		for _, c := range g.Builtin()[:3] {
			p, err := g.Parse(c.Input)
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if ok, err := p.WriteSteps(&b, conformance.ReferenceName, true); !ok || err != nil {
				t.Fatalf("%s: WriteSteps = %v, %v", c.Name, ok, err)
			}
			want, _ := p.Score(conformance.ReferenceName)
			lines := strings.Split(strings.TrimSpace(b.String()), "\n")
			if last := lines[len(lines)-1]; last != "total "+itoa(want) {
				t.Errorf("%s: last line %q, want total %d", c.Name, last, want)
			}
			if n := strings.Count(b.String(), "step "); n != p.Steps() {
				t.Errorf("%s: %d step lines, want %d", c.Name, n, p.Steps())
			}
		}
	}
	c := sameGameCase(t, "2\n12\n12\n2\n0 0, 0 0\n")
	st := cubes.Game.StepTrace(c, reference.PlaySameGame(c))
	var b bytes.Buffer
	conformance.WriteSteps(&b, cubes.Game.StepShape(c), st)
	if want := "step 1 3\n20\n20\nstep 2 6\n00\n00\ntotal 6\n"; b.String() != want {
		t.Errorf("WriteSteps:\n%s\nwant\n%s", b.String(), want)
	}
	got, err := conformance.ReadSteps(b.Bytes(), 2, cubes.Game.StepShape(c))
	if err != nil {
		t.Fatal(err)
	}
	if i, msg, _ := conformance.CompareSteps(got, st, cubes.Game.StepShape(c), "move"); i != -1 {
		t.Errorf("read back: step %d differs: %s", i, msg)
	}
}

func itoa(v int64) string { return string(conformance.TotalText(v)) }

func sameGameCase(t *testing.T, in string) *samegame.Case {
	t.Helper()
	c, err := samegame.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestReadStepsNamesTheLineOfABadAnswer(t *testing.T) {
	shape := conformance.BoardShape{Rows: 2, Cols: 2, Layers: 1, Digits: true}
	for _, c := range []struct{ name, answer, want string }{
		{"a step skipped", "step 2 3\ntotal 3\n", "answer line 1: step 2 where step 1 was due"},
		{"a step too many", "step 1 3\nstep 2 3\nstep 3 3\ntotal 3\n", "answer line 3: step 3 of a case of 2 steps"},
		{"a total too early", "step 1 3\ntotal 3\n", "answer line 2: total after 1 of 2 steps"},
		{"no total", "step 1 3\nstep 2 6\n", "answer line 3: no total line after 2 steps"},
		{"a short board", "step 1 3\n00\n2\nstep 2 6\ntotal 6\n", "answer line 3: board after step 1: row has 1 characters, want 2"},
		{"a board before any step", "00\n22\nstep 1 3\nstep 2 6\ntotal 6\n", "answer line 1: a board row \"00\" where a step line was due"},
		{"a word", "step 1 3\nboard\n", `answer line 2: "board": want a step line, a board row or the total line`},
		{"a running total not a number", "step 1 x\n", `answer line 1: running total "x" is not an integer`},
		{"output after the total", "step 1 3\nstep 2 6\ntotal 6\n6\n", `answer line 4: "6" after the total line`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := conformance.ReadSteps([]byte(c.answer), 2, shape)
			if err == nil || err.Error() != c.want {
				t.Errorf("ReadSteps(%q) = %v, want %s", c.answer, err, c.want)
			}
		})
	}
}

func TestCompareStepsNamesABoardThatPartsBeforeTheScore(t *testing.T) {
	shape := conformance.BoardShape{Rows: 2, Cols: 2, Layers: 1, Digits: true}
	want := conformance.StepTrace{Running: []int64{3, 6}, Boards: [][]int32{{0, 0, 2, 0}, {0, 0, 0, 0}}, Total: 6}
	got := conformance.StepTrace{Running: []int64{3, 3}, Boards: [][]int32{{0, 0, 0, 2}, nil}, Total: 3}
	i, msg, board := conformance.CompareSteps(got, want, shape, "move")
	if i != 1 || msg != "move 1: the board after it differs in 2 cells; the running totals agree (3)" {
		t.Errorf("compareSteps = %d, %q", i, msg)
	}
	if wantBoard := "got    want   differs\n--     --     ..\n-2     2-     xx\n"; board != wantBoard {
		t.Errorf("board:\n%s\nwant\n%s", board, wantBoard)
	}
	got.Boards[0] = want.Boards[0]
	if i, msg, _ := conformance.CompareSteps(got, want, shape, "move"); i != 2 || msg != "move 2: running total: got 3, want 6" {
		t.Errorf("without the board: %d, %q", i, msg)
	}
}

// leakyStream is a stream program in memory that carries state between
// cases as a program's global would: once a process has answered a case
// of N >= 5, it answers every later case one point too high. Each case
// alone is right.
type leakyStream struct {
	mu       sync.Mutex
	history  [][]byte
	poisoned bool
	replays  int
}

func (l *leakyStream) String() string                 { return "leaky" }
func (l *leakyStream) Protocol() conformance.Protocol { return conformance.Protocol{Stream: true} }

func (l *leakyStream) Score(ctx context.Context, input []byte) (int64, error) {
	return scoreOf(ctx, l, input)
}

// scoreOf is Scorer.Score for a Programmer in memory: the score of its
// answer.
func scoreOf(ctx context.Context, p conformance.Programmer, input []byte) (int64, error) {
	a, err := p.Answer(ctx, input, 0)
	if err != nil {
		return 0, err
	}
	v, _ := conformance.ParseScore(a.Output, false)
	return v, nil
}

func (l *leakyStream) Answer(ctx context.Context, input []byte, limit int) (conformance.Answer, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	a := conformance.Answer{Before: l.history[:len(l.history):len(l.history)]}
	a.Output = leakyAnswer(input, &l.poisoned)
	l.history = append(l.history, input)
	return a, nil
}

func (l *leakyStream) Replay(ctx context.Context, inputs [][]byte, limit int) (conformance.Answer, error) {
	l.mu.Lock()
	l.replays++
	l.mu.Unlock()
	poisoned := false
	var out []byte
	for _, in := range inputs {
		out = leakyAnswer(in, &poisoned)
	}
	return conformance.Answer{Output: out, Before: inputs[: len(inputs)-1 : len(inputs)-1]}, nil
}

func leakyAnswer(input []byte, poisoned *bool) []byte {
	c, err := samegame.Parse(bytes.NewReader(input))
	if err != nil {
		return []byte("bad\n")
	}
	total := cubes.Game.Engine(c).Total
	if *poisoned {
		total++
	}
	if c.W >= 5 {
		*poisoned = true
	}
	return append(conformance.TotalText(total), '\n')
}

func TestRunReportsAStateLeakWithTheFewestEarlierCases(t *testing.T) {
	prog := &leakyStream{}
	impl := cubes.Game.Program(prog)
	if impl.Prog == nil {
		t.Fatal("Game.Program of a stream Programmer checks it through Answer and Replay: Prog not set")
	}
	rep, err := cubes.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: 1, Count: 200, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil || !d.Leak || !d.Found.Leak {
		t.Fatalf("divergence %+v; want a state leak", d)
	}
	if len(d.Before) != 1 {
		t.Fatalf("earlier cases shrunk to %d, want 1", len(d.Before))
	}
	c := sameGameCase(t, string(d.Before[0]))
	// With one earlier case found there is nothing to try: one stays.
	if c.W < 5 || d.BeforeFound < len(d.Before) || d.LeakTried == 0 && d.BeforeFound > 1 {
		t.Errorf("earlier case N=%d (want >= 5), found %d, tried %d", c.W, d.BeforeFound, d.LeakTried)
	}
	if d.Found.Got != d.Found.Want+1 {
		t.Errorf("leak found with got %d, want %d: the answer after the earlier cases", d.Found.Got, d.Found.Want)
	}
}

func TestProgramOfAJudgeCommandStaysAtTheScoreLevel(t *testing.T) {
	cmd, err := conformance.NewCommand("sh -c 'echo 1'", 0)
	if err != nil {
		t.Skip(err)
	}
	if impl := cubes.Game.Program(cmd); impl.Prog != nil {
		t.Error("a judge-protocol Command is checked through Answer")
	}
	cmd.Stream = true
	if impl := cubes.Game.Program(cmd); impl.Prog == nil {
		t.Error("a stream Command is not checked through Answer")
	}
}

func TestRunOfAStreamCommandKeepsOneProcessPerJob(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	solve := solveCommand(t, "samegame")
	for _, g := range []struct {
		game conformance.Any
		name string
	}{{cubes.Game.Any(), "samegame"}, {gems.Game.Any(), "match3"}} {
		cmd := &conformance.Command{Args: []string{solve.Args[0], "-stream", g.name}, Stream: true}
		rep, err := g.game.RunProgram(context.Background(), cmd, conformance.RunOptions{Seed: 1, Count: 300, Jobs: 2})
		cmd.Close()
		if err != nil || !rep.Ok() {
			t.Fatalf("%s: %v, divergence %+v", g.name, err, rep.Divergence)
		}
		if n := cmd.Started(); n != 2 {
			t.Errorf("%s: %d processes started for 2 jobs and %d cases", g.name, n, rep.Cases())
		}
	}
}

// alwaysWrongStream is a stream program in memory that answers every
// case one point too high, in any process, after any history: what a
// failure that needs a history looks like when it comes, now and then,
// without one (a JIT that compiled sooner).
type alwaysWrongStream struct{ leakyStream }

func (a *alwaysWrongStream) Replay(ctx context.Context, inputs [][]byte, limit int) (conformance.Answer, error) {
	poisoned := true
	return conformance.Answer{Output: leakyAnswer(inputs[len(inputs)-1], &poisoned), Before: inputs[: len(inputs)-1 : len(inputs)-1]}, nil
}

// TestShrinkLeakKeepsAnEarlierCase has a state leak's failure come back
// without any earlier case while its sequence is shrunk: the sequence
// keeps one earlier case all the same, since the failure was found only
// after earlier cases and the case alone was accepted; an emitted script
// of the case alone would pass.
func TestShrinkLeakKeepsAnEarlierCase(t *testing.T) {
	c, err := samegame.Parse(strings.NewReader("2\n12\n21\n1\n0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	in := cubes.Game.FormatInput(c)
	found := conformance.Result{Verdict: conformance.WrongAnswer, Leak: true}
	before := [][]byte{in, in, in}
	got, _ := cubes.Game.ShrinkLeak(context.Background(), &alwaysWrongStream{}, c, before, found)
	if len(got) != 1 {
		t.Errorf("shrinkLeak kept %d earlier cases, want 1", len(got))
	}
}
