package conformance_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
)

// boardStepsCase is a bevymatch3 case whose answer is a board: its first
// operation stands a row of 1s, which goes, and the top row refills
// 3 2 1; its second a column of 2s, which goes, and column 2 refills 1
// and 3 from the lowest up, its queue then dry.
const boardStepsCase = `rules bevymatch3
3 3 3 2
1 2 1
2 1 1
1 1 2
0 0 0
0 0 0
0 0 0
1 3
3 2 1 3
1 1
0
0 0 0
0
2 3 3 3
3 1 3 2
`

// boardStepsAnswer is the right answer to boardStepsCase under the step
// protocol: each operation's board, its colours then its specials, and
// the final board after the board line.
const boardStepsAnswer = `step 1 0
3 2 1
1 2 1
2 1 2
0 0 0
0 0 0
0 0 0
step 2 0
3 0 1
1 3 1
1 1 2
0 0 0
0 0 0
0 0 0
board
3 0 1
1 3 1
1 1 2
`

// Under answer=board every step of the step protocol gives the board
// after it, a board that differs is named by its step and its first
// cell, the final board after the board line is judged as the judge
// protocol's answer is, and an answer of another shape is bad output
// that names its line.
func TestStepsOfABoardAnswer(t *testing.T) {
	c, err := match3.Parse(strings.NewReader(boardStepsCase))
	if err != nil {
		t.Fatal(err)
	}
	g := gems.Under(c.Rules)
	var b bytes.Buffer
	if ok, err := conformance.NewPuzzle(g, c).WriteSteps(&b, conformance.EngineName, false); !ok || err != nil {
		t.Fatalf("WriteSteps = %v, %v", ok, err)
	}
	if b.String() != boardStepsAnswer {
		t.Errorf("the engine's steps:\n%s\nwant\n%s", b.String(), boardStepsAnswer)
	}
	edit := func(old, new string) string {
		if !strings.Contains(boardStepsAnswer, old) {
			t.Fatalf("no %q in the answer", old)
		}
		return strings.Replace(boardStepsAnswer, old, new, 1)
	}
	for _, tc := range []struct {
		name, answer string
		step         int
		diff, err    string
	}{
		{name: "right", answer: boardStepsAnswer, step: -1},
		{name: "rows indented", answer: edit("step 1 0\n3 2 1\n1 2 1\n", "step 1 0\n3 2 1\n  1 2 1\n"), step: -1},
		{name: "board of step 2", answer: edit("step 2 0\n3 0 1\n", "step 2 0\n3 0 2\n"), step: 2,
			diff: "operation 2: the board after it differs in 1 cell, the first (1, 3): got 2, want 1; the running totals agree (0)"},
		{name: "special of step 1", answer: edit("2 1 2\n0 0 0\n0 0 0\n", "2 1 2\n0 0 0\n0 4 0\n"), step: 1,
			diff: "operation 1: the board after it differs in 1 cell, the first (2, 2): got 2:4, want 2; the running totals agree (0)"},
		{name: "running total", answer: edit("step 2 0", "step 2 3"), step: 2,
			diff: "operation 2: running total: got 3, want 0"},
		{name: "final board", answer: edit("board\n3 0 1\n", "board\n3 2 1\n"), step: 0,
			diff: "final board: cell (1, 2): got 2, want 0"},
		{name: "no board after a step", answer: edit("step 1 0\n3 2 1\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n0 0 0\n", "step 1 0\n"),
			err: "answer line 2: step 1 gives no board: the answer is a board, and every step gives the board after it"},
		{name: "no board after the last step", answer: edit("step 2 0\n3 0 1\n1 3 1\n1 1 2\n0 0 0\n0 0 0\n0 0 0\n", "step 2 0\n"),
			err: "answer line 9: step 2 gives no board: the answer is a board, and every step gives the board after it"},
		{name: "board cut short", answer: edit("step 1 0\n3 2 1\n", "step 1 0\n3 2\n"),
			err: `answer line 8: board after step 1: 17 of 18 cells, then "step 2 0"`},
		{name: "total line", answer: edit("board\n3 0 1\n1 3 1\n1 1 2\n", "total 0\n"),
			err: `answer line 15: "total 0" where the board line was due: the answer is the final board`},
		{name: "board line too soon", answer: edit("step 2 0\n", "board\n"),
			err: "answer line 8: board line after 1 of 2 steps"},
		{name: "no board line", answer: edit("board\n3 0 1\n1 3 1\n1 1 2\n", ""),
			err: "answer line 15: no board line after 2 steps"},
		{name: "colour outside 0..k in the final board", answer: edit("board\n3 0 1\n", "board\n3 0 4\n"),
			err: "answer line 15: after the board line: output is not a board: line 16: board: colour 4 of cell (1, 3) outside 0..3"},
		{name: "more after the final board", answer: boardStepsAnswer + "1\n",
			err: "answer line 15: after the board line: output is not a board: line 19: board: extra token \"1\" after 3 x 3 cells"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			step, diff, err := g.CheckSteps(c, []byte(tc.answer))
			switch {
			case tc.err != "":
				if err == nil || err.Error() != tc.err {
					t.Errorf("CheckSteps = %d, %q, %v; want the error %s", step, diff, err, tc.err)
				}
			case err != nil || step != tc.step || diff != tc.diff:
				t.Errorf("CheckSteps = %d, %q, %v; want %d, %q", step, diff, err, tc.step, tc.diff)
			}
		})
	}
}

// A case with no operation, as every case of leetcode723 is, is answered
// with the board line and the final board alone.
func TestStepsOfABoardAnswerWithNoOperation(t *testing.T) {
	c, err := match3.Parse(strings.NewReader("rules leetcode723\n3 3 3 0\n1 2 3\n2 2 2\n3 1 1\n0 0 0\n0 0 0\n0 0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	g := gems.Under(c.Rules)
	for answer, want := range map[string]string{
		"board\n0 0 0\n1 2 3\n3 1 1\n": "",
		"board\n1 2 3\n0 0 0\n3 1 1\n": "final board: cell (1, 1): got 1, want 0",
		"total 0\n":                    `answer line 1: "total 0" where the board line was due: the answer is the final board`,
	} {
		step, diff, err := g.CheckSteps(c, []byte(answer))
		got := diff
		if err != nil {
			got = err.Error()
		}
		if got != want || want == "" && step != -1 {
			t.Errorf("CheckSteps(%q) = %d, %q, %v; want %q", answer, step, diff, err, want)
		}
	}
}

// A StepFunc engine of a game whose answer is a board gives the board
// after every operation and the final board in StepTrace.Answer; one
// that leaves the final board out ends its answer with a total line,
// which is bad output.
func TestStepFuncOfABoardAnswer(t *testing.T) {
	c, err := match3.Parse(strings.NewReader(boardStepsCase))
	if err != nil {
		t.Fatal(err)
	}
	g := gems.Under(c.Rules)
	steps := func(answer bool) func(*match3.Case) (conformance.StepTrace, error) {
		return func(c *match3.Case) (conformance.StepTrace, error) {
			var st conformance.StepTrace
			st.Running = []int64{0, 0}
			st.Boards = [][]int32{
				{3, 2, 1, 1, 2, 1, 2, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0},
				{3, 0, 1, 1, 3, 1, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0},
			}
			if answer {
				st.Answer = []byte("3 0 1\n1 3 1\n1 1 2\n")
			}
			return st, nil
		}
	}
	res, err := g.Check(context.Background(), g.StepFunc("steps", steps(true)), c)
	if err != nil || !res.Ok() {
		t.Errorf("with its final board: %v, %v", res.String(), err)
	}
	res, err = g.Check(context.Background(), g.StepFunc("steps", steps(false)), c)
	if err != nil || res.Verdict != conformance.BadOutput || !strings.Contains(res.Status, `"total 0" where the board line was due`) {
		t.Errorf("without its final board: %v, %v; want bad output, a total line where the board line was due", res.String(), err)
	}
}
