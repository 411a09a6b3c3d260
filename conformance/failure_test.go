package conformance

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"cascade/reference"
	"cascade/samegame"
)

// twoPointBugs is SameGame with two planted bugs on steps of two kinds:
// a click on an empty cell scores a point, and a single cube two.
var twoPointBugs = SameGame.Func("two-point-bugs", func(c *samegame.Case) (samegame.Trace, error) {
	return reference.SameGameRules{Points: func(n int) int64 {
		switch n {
		case 0:
			return 1
		case 1:
			return 2
		}
		return samegame.Points(n)
	}}.Play(c), nil
})

// kindOf is the kind of the first step where impl parts from the
// reference on c, or its verdict when that is no wrong answer.
func kindOf(t *testing.T, impl Impl[*samegame.Case, samegame.Trace], c *samegame.Case) string {
	t.Helper()
	res, err := SameGame.Check(context.Background(), impl, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != WrongAnswer {
		return res.Verdict.String()
	}
	return res.Kind
}

func TestRunShrinksAWrongAnswerToOneOfTheSameKind(t *testing.T) {
	ctx := context.Background()
	kinds := make(map[string]bool)
	drifted := 0
	for _, seed := range []uint64{100, 200, 300, 400, 500, 600} {
		rep, err := SameGame.Run(ctx, twoPointBugs, RunOptions{Seed: seed, Count: 500, NoBuiltin: true, Jobs: 1})
		if err != nil || rep.Divergence == nil {
			t.Fatalf("seed %d: SameGame.Run(two-point-bugs) = %+v, %v; want a divergence", seed, rep, err)
		}
		d := rep.Divergence
		kinds[d.Found.Kind] = true
		shrunk, err := SameGame.parse(d.Shrunk.Input)
		if err != nil {
			t.Fatal(err)
		}
		if d.Found.Kind == "" || d.Shrunk.Verdict != WrongAnswer || d.Shrunk.Kind != d.Found.Kind || kindOf(t, twoPointBugs, shrunk) != d.Found.Kind {
			t.Errorf("seed %d: found on %q, shrunk to %v on %q; want the same kind", seed, d.Found.Kind, &d.Shrunk, d.Shrunk.Kind)
		}

		// Shrunk on its verdict alone, the same case may end on the
		// other bug: that is what the test guards against.
		found, err := SameGame.parse(d.Found.Input)
		if err != nil {
			t.Fatal(err)
		}
		loose, _ := SameGame.Shrink(ctx, found, func(c *samegame.Case) bool {
			res, err := SameGame.Check(ctx, twoPointBugs, c)
			return err == nil && res.Verdict == WrongAnswer
		}, ShrinkOptions{})
		if kindOf(t, twoPointBugs, loose) != d.Found.Kind {
			drifted++
		}
	}
	if len(kinds) < 2 {
		t.Errorf("divergences found on %v only; the test needs both bugs", kinds)
	}
	if drifted == 0 {
		t.Error("no case shrunk on its verdict alone ends on the other bug; the test shows nothing")
	}
}

// twoCrashes crashes on more than ten moves and, failing that, on a box
// of side 20 or more, with panics whose messages hold numbers.
var twoCrashes = SameGame.Func("two-crashes", func(c *samegame.Case) (samegame.Trace, error) {
	if len(c.Moves) > 10 {
		panic(fmt.Sprintf("too many moves: %d", len(c.Moves)))
	}
	if c.N >= 20 {
		panic(fmt.Sprintf("runtime error: index %d out of range [20]", c.N))
	}
	return reference.PlaySameGame(c), nil
})

func TestRunShrinksACrashToOneWithTheSamePanicWhateverItsNumbers(t *testing.T) {
	c := &samegame.Case{N: 30, Board: make([]uint8, 30*30)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + i%3)
	}
	for i := range 40 {
		c.Moves = append(c.Moves, samegame.Move{X: i % 30, Y: (7 * i) % 30})
	}
	rep, err := SameGame.Run(context.Background(), twoCrashes, RunOptions{Cases: []Case{{Name: "crash", Input: SameGame.format(c)}}, Count: -1, NoBuiltin: true})
	if err != nil || rep.Divergence == nil {
		t.Fatalf("SameGame.Run(two-crashes) = %+v, %v; want a divergence", rep, err)
	}
	d := rep.Divergence
	got, err := SameGame.parse(d.Shrunk.Input)
	if err != nil {
		t.Fatal(err)
	}
	// The moves go one by one only if "too many moves: 40" and "too
	// many moves: 11" count as the same panic; the box goes only if the
	// shrink keeps to that panic rather than the other.
	if d.Shrunk.Verdict != RuntimeError || d.Shrunk.Status != "panic: too many moves: 11" || len(got.Moves) != 11 || got.N != 1 {
		t.Errorf("shrunk to N = %d, %d moves, %v; want a box of side 1, 11 moves and the same panic", got.N, len(got.Moves), &d.Shrunk)
	}
}

func TestBlurPanicHidesOnlyTheNumbersOfAPanic(t *testing.T) {
	for _, tc := range []struct{ status, want string }{
		{"panic: runtime error: index 25 out of range [20]", "panic: runtime error: index # out of range [#]"},
		{"panic: too many moves: 1234", "panic: too many moves: #"},
		{"exit status 2", "exit status 2"},
		{"signal: segmentation fault", "signal: segmentation fault"},
	} {
		if got := blurPanic(tc.status); got != tc.want {
			t.Errorf("blurPanic(%q) = %q, want %q", tc.status, got, tc.want)
		}
	}
	if a, b := blurPanic("panic: index 3 out of range"), blurPanic("panic: index 300 out of range"); a != b || strings.Contains(a, "3") {
		t.Errorf("blurPanic tells %q from %q", a, b)
	}
}
