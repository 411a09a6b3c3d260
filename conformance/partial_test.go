package conformance_test

import (
	"context"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// tripleBonus plays c as the engine does, but a group of exactly three
// cubes scores one point too many: a bug that shows only on some moves.
func tripleBonus(c *samegame.Case) samegame.Trace {
	t := engine.PlaySameGame(c)
	for i, m := range t.Moves {
		if m.Removed == 3 {
			t.Moves[i].Points++
			t.Total++
		}
	}
	return t
}

// stepsOf is the step protocol's account of t, its running totals.
func stepsOf(t samegame.Trace) conformance.StepTrace {
	st := conformance.StepTrace{Total: t.Total}
	var sum int64
	for _, m := range t.Moves {
		sum += m.Points
		st.Running = append(st.Running, sum)
	}
	return st
}

// tripleBonusDivergence runs impl, a tripleBonus, on 200 cases and
// returns the divergence it must show.
func tripleBonusDivergence(t *testing.T, impl conformance.Impl[*samegame.Case, samegame.Trace]) *conformance.Divergence {
	t.Helper()
	rep, err := cubes.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: 1, Count: 200, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Divergence == nil {
		t.Fatalf("Run(triple-bonus) found no divergence in %d cases", rep.Cases())
	}
	return rep.Divergence
}

func TestTotalFuncIsShrunkAndLocalisedByItsPrefixes(t *testing.T) {
	impl := cubes.Game.TotalFunc("triple-bonus", func(c *samegame.Case) (int64, error) {
		return tripleBonus(c).Total, nil
	})
	d := tripleBonusDivergence(t, impl)
	if d.Shrunk.Traced || d.Shrunk.Verdict != conformance.WrongAnswer {
		t.Errorf("shrunk: %v (traced %v), want an untraced wrong answer", &d.Shrunk, d.Shrunk.Traced)
	}
	c, err := samegame.Parse(strings.NewReader(string(d.Shrunk.Input)))
	if err != nil {
		t.Fatal(err)
	}
	if c.W > 3 || c.H > 3 || len(c.Moves) > 1 {
		t.Errorf("shrunk to %s, want N at most 3 and one move:\n%s", c.Size(), d.Shrunk.Input)
	}
	if d.Op != len(c.Moves) || d.AtOp.Got != d.AtOp.Want+1 {
		t.Errorf("first diverging move %d (%v), want %d, one point over", d.Op, &d.AtOp, len(c.Moves))
	}
}

func TestStepFuncNamesTheFirstMoveFromOneRun(t *testing.T) {
	impl := cubes.Game.StepFunc("triple-bonus", func(c *samegame.Case) (conformance.StepTrace, error) {
		return stepsOf(tripleBonus(c)), nil
	})
	d := tripleBonusDivergence(t, impl)
	if !d.Shrunk.Traced || d.Op < 1 || !strings.Contains(d.Shrunk.Diff, "running total: got") {
		t.Errorf("shrunk: %v, first diverging move %d; want a running total named at a move", &d.Shrunk, d.Op)
	}
}

func TestStepFuncBoardsAreComparedAndDrawn(t *testing.T) {
	c, err := samegame.Parse(strings.NewReader("2\n11\n12\n1\n0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	impl := cubes.Game.StepFunc("wrong-board", func(c *samegame.Case) (conformance.StepTrace, error) {
		st := stepsOf(engine.PlaySameGame(c))
		// Right scores, but the box after every move is left full.
		for range st.Running {
			b := make([]int32, len(c.Board))
			for i, v := range c.Board {
				b[i] = int32(v)
			}
			st.Boards = append(st.Boards, b)
		}
		return st, nil
	})
	res, err := cubes.Game.Check(context.Background(), impl, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.WrongAnswer || res.Move != 1 || !strings.Contains(res.Board, "differs") {
		t.Errorf("Check(wrong-board) = %v, move %d; want a wrong answer at move 1 with the boards drawn", &res, res.Move)
	}
}

func TestStepFuncBoardOfTheWrongSizeIsBadOutput(t *testing.T) {
	c, err := samegame.Parse(strings.NewReader("2\n11\n12\n1\n0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	impl := cubes.Game.StepFunc("short-board", func(c *samegame.Case) (conformance.StepTrace, error) {
		st := stepsOf(engine.PlaySameGame(c))
		st.Boards = [][]int32{{0, 0, 2}}
		return st, nil
	})
	res, err := cubes.Game.Check(context.Background(), impl, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.BadOutput || !strings.Contains(res.Status, "board after move 1 holds 3 cells, want 4") {
		t.Errorf("Check(short-board) = %v, want bad output naming the board", &res)
	}
}

func TestTotalFuncPanicIsARuntimeError(t *testing.T) {
	c, err := samegame.Parse(strings.NewReader("1\n1\n0\n"))
	if err != nil {
		t.Fatal(err)
	}
	impl := cubes.Game.TotalFunc("panics", func(*samegame.Case) (int64, error) { panic("index out of range") })
	res, err := cubes.Game.Check(context.Background(), impl, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.RuntimeError || !strings.Contains(res.Status, "panic: index out of range") {
		t.Errorf("Check(panics) = %v, want a runtime error naming the panic", &res)
	}
}
