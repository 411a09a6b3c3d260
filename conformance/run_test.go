package conformance_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// noClose is SameGame with a planted bug: empty columns stay.
var noClose = cubes.Game.Func("no-close", func(c *samegame.Case) (samegame.Trace, error) {
	return reference.SameGameRules{Close: func(reference.Box) {}}.Play(c), nil
})

// squareCombination is match-3 with a planted bug: a block of x cells
// scores 50(x-3) instead of 50(x-3)^2.
var squareCombination = gems.Game.Func("linear-combination", func(c *match3.Case) (match3.Trace, error) {
	return reference.Match3Rules{Combination: func(x int) int64 { return 50 * int64(x-3) }}.Play(c), nil
})

// player returns g's built-in implementation named name, failing the
// test when there is none.
func player[C, T any](t testing.TB, g *conformance.Game[C, T], name string) conformance.Impl[C, T] {
	t.Helper()
	impl, ok := g.Player(name)
	if !ok {
		t.Fatalf("%s: no built-in implementation %q", g.Name, name)
	}
	return impl
}

func TestRunAcceptsTheEngine(t *testing.T) {
	ctx := context.Background()
	o := conformance.RunOptions{Seed: 7, Count: 300}
	rep, err := cubes.Game.Run(ctx, player(t, cubes.Game, conformance.EngineName), o)
	if err != nil || !rep.Ok() || rep.Generated != 300 || rep.Builtin != len(cubes.Game.Builtin()) || rep.Verdicts[conformance.Accepted] != rep.Cases() {
		t.Errorf("SameGame.Run(engine) = %+v, %v; want %d generated and every case accepted", rep, err, o.Count)
	}
	rep, err = gems.Game.Run(ctx, player(t, gems.Game, conformance.EngineName), o)
	if err != nil || !rep.Ok() || rep.Generated != 300 || rep.Builtin != len(gems.Game.Builtin()) || rep.Verdicts[conformance.Accepted] != rep.Cases() {
		t.Errorf("Match3.Run(engine) = %+v, %v; want %d generated and every case accepted", rep, err, o.Count)
	}
}

func TestRunShrinksAndLocalisesTheFirstDivergence(t *testing.T) {
	ctx := context.Background()
	rep, err := cubes.Game.Run(ctx, noClose, conformance.RunOptions{Seed: 1, Count: 1000, NoBuiltin: true})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil {
		t.Fatalf("SameGame.Run(no-close) found no divergence in %d cases", rep.Generated)
	}
	if d.Index < 0 || rep.Generated != d.Index+1 && rep.Generated < d.Index+1 {
		t.Errorf("divergence at generated case %d after %d cases", d.Index, rep.Generated)
	}
	c, err := samegame.Parse(strings.NewReader(string(d.Shrunk.Input)))
	if err != nil {
		t.Fatal(err)
	}
	if d.Shrunk.Verdict != conformance.WrongAnswer || c.W > 3 || len(c.Moves) > 2 {
		t.Errorf("shrunk to %v, want a wrong answer on a box of side 3 or less with 2 moves or fewer", &d.Shrunk)
	}
	// The bug shows on the move after the one that empties a column.
	if d.Op != len(c.Moves) || d.Op < 1 || d.OpErr != nil || d.AtOp.Ok() {
		t.Errorf("first diverging move = %d (%v), at it %v; want the last move of the shrunk case, %d", d.Op, d.OpErr, &d.AtOp, len(c.Moves))
	}
}

func TestRunStopsAtTheSameCaseWhateverTheJobs(t *testing.T) {
	ctx := context.Background()
	var index [2]int
	for i, jobs := range []int{1, 3} {
		rep, err := gems.Game.Run(ctx, squareCombination, conformance.RunOptions{Seed: 3, Count: 2000, Jobs: jobs, NoBuiltin: true, Shrink: conformance.ShrinkOptions{Budget: -1}})
		if err != nil || rep.Divergence == nil {
			t.Fatalf("jobs %d: Match3.Run = %+v, %v; want a divergence", jobs, rep, err)
		}
		index[i] = rep.Divergence.Index
	}
	if index[0] != index[1] {
		t.Errorf("first divergence: case %d with 1 job, %d with 3 jobs; want the same", index[0], index[1])
	}
	// Case i of seed s is case 0 of seed s+i.
	rep, err := gems.Game.Run(ctx, squareCombination, conformance.RunOptions{Seed: 3 + uint64(index[0]), Count: 1, NoBuiltin: true, Shrink: conformance.ShrinkOptions{Budget: -1}})
	if err != nil || rep.Divergence == nil || rep.Divergence.Index != 0 {
		t.Errorf("replaying case %d alone: %+v, %v; want a divergence at case 0", index[0], rep, err)
	}
}

func TestRunReportsEveryFailingNamedCase(t *testing.T) {
	rep, err := gems.Game.Run(context.Background(), squareCombination, conformance.RunOptions{Count: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Failed) < 2 || rep.Generated != 0 || rep.Divergence == nil || rep.Divergence.Index != -1 {
		t.Fatalf("Match3.Run(linear-combination) on built-in cases: %d failed, %d generated, divergence %+v; want several failed, none generated", len(rep.Failed), rep.Generated, rep.Divergence)
	}
	if !strings.HasPrefix(rep.Divergence.Source, "built-in case ") || rep.Divergence.Source != "built-in case "+rep.Failed[0].Name {
		t.Errorf("divergence source %q, want the first failed case %q", rep.Divergence.Source, rep.Failed[0].Name)
	}
}

func TestRunJudgesNamedCasesByTheReferenceAndReportsADisputedAnswer(t *testing.T) {
	in := []byte("2\n11\n12\n2\n0 0, 0 0\n") // the reference scores 7
	cases := []conformance.Case{
		{Name: "right", Input: in, Want: 7, HasWant: true},
		{Name: "disputed", Input: in, Want: 8, HasWant: true},
		{Name: "no-answer", Input: in},
	}
	rep, err := cubes.Game.Run(context.Background(), player(t, cubes.Game, conformance.ReferenceName), conformance.RunOptions{Cases: cases, Count: -1, NoBuiltin: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Named != 3 || len(rep.Failed) != 1 || rep.Ok() {
		t.Fatalf("report %+v; want 3 named cases, one failed", rep)
	}
	f := rep.Failed[0]
	if f.Name != "disputed" || !f.Disputed() || f.Reference != 7 || f.Answer != 8 || f.Result.Verdict != conformance.Accepted || f.Result.Want != 7 {
		t.Errorf("failed case %+v; want disputed: the answer 8 against the reference's 7, and the reference accepted", f)
	}
	if rep.Verdicts[conformance.Accepted] != 3 {
		t.Errorf("verdicts %v; want the 3 cases accepted", rep.Verdicts)
	}
	// The reference agrees with itself: nothing to shrink.
	if rep.Divergence != nil {
		t.Errorf("divergence %+v; want none", rep.Divergence)
	}
}

func TestRunStopsAtTheTimeLimit(t *testing.T) {
	start := time.Now()
	rep, err := cubes.Game.Run(context.Background(), player(t, cubes.Game, conformance.EngineName), conformance.RunOptions{Time: 200 * time.Millisecond, NoBuiltin: true})
	if err != nil || !rep.Ok() || rep.Generated == 0 {
		t.Fatalf("SameGame.Run = %+v, %v; want some cases accepted", rep, err)
	}
	if d := time.Since(start); d > hang {
		t.Errorf("a 200ms run took %v", d)
	}
}

func TestRunCallsProgress(t *testing.T) {
	var calls, done atomic.Int32
	var last conformance.Progress
	o := conformance.RunOptions{Count: 50, NoBuiltin: true, ProgressEvery: time.Millisecond, Progress: func(p conformance.Progress) {
		calls.Add(1)
		if p.Done {
			done.Add(1)
			last = p
		}
	}}
	if _, err := cubes.Game.Run(context.Background(), player(t, cubes.Game, conformance.EngineName), o); err != nil {
		t.Fatal(err)
	}
	if done.Load() != 1 || last.Cases != 50 || last.Diverged != 0 || last.Left != -1 {
		t.Errorf("%d calls, %d done, last %+v; want one done call with 50 cases, no time bound", calls.Load(), done.Load(), last)
	}
}

func TestRunErrors(t *testing.T) {
	ctx := context.Background()
	nothing := conformance.Impl[*match3.Case, match3.Trace]{Name: "nothing"}
	if _, err := gems.Game.Run(ctx, nothing, conformance.RunOptions{Count: 1}); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Match3.Run of an implementation with neither Play nor Score: %v, want ErrUnsupported", err)
	}
	engine := player(t, cubes.Game, conformance.EngineName)
	bad := []conformance.Case{{Name: "bad", Source: "dir/bad.in", Input: []byte("2\n1x\n")}, {Name: "good", Input: []byte("1\n5\n1\n0 0\n")}}
	rep, err := cubes.Game.Run(ctx, engine, conformance.RunOptions{Cases: bad, Count: 1, NoBuiltin: true})
	if err != nil || rep.Ok() || rep.Named != 2 || len(rep.Failed) != 1 || rep.Verdicts[conformance.Accepted] != 2 {
		t.Fatalf("SameGame.Run with an invalid case = %+v, %v; want it reported, the other case and a generated one run", rep, err)
	}
	if f := rep.Failed[0]; f.Source != "dir/bad.in" || f.Err == nil || !strings.Contains(f.Err.Error(), "line 2") {
		t.Errorf("invalid case reported as %+v; want its source and the line of the error", f)
	}
	ended, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := cubes.Game.Run(ended, engine, conformance.RunOptions{Count: 1}); !errors.Is(err, context.Canceled) {
		t.Errorf("SameGame.Run with an ended context: %v, want context.Canceled", err)
	}
	// A case that needs no run is reported even when the run cannot
	// start: an interrupt never hides a bad file.
	unread := []conformance.Case{{Name: "good", Input: []byte("1\n5\n1\n0 0\n")}, {Name: "z", Source: "dir/z.txtar", Err: errors.New("dir/z.txtar: holds no NAME.in file")}}
	rep, err = cubes.Game.Run(ended, engine, conformance.RunOptions{Cases: unread, Count: 1, NoBuiltin: true})
	if !errors.Is(err, context.Canceled) || rep == nil {
		t.Fatalf("SameGame.Run with an ended context and a bad file = %v, %v; want a report and context.Canceled", rep, err)
	}
	if rep.Named != 1 || rep.Cases() != 1 || len(rep.Failed) != 1 || !rep.Failed[0].BadFile || rep.Verdicts[conformance.Accepted] != 0 || !slices.Equal(rep.NamedNames, []string{"z"}) {
		t.Errorf("SameGame.Run with an ended context and a bad file: %d named %v, %d cases, failed %+v, %d accepted; want the bad file alone, reported", rep.Named, rep.NamedNames, rep.Cases(), rep.Failed, rep.Verdicts[conformance.Accepted])
	}
}

// failsFirst returns a SameGame implementation that fails its first call
// with err (or, when err is nil, answers it wrong by one point) and plays
// every later call like the reference.
func failsFirst(err error) conformance.Impl[*samegame.Case, samegame.Trace] {
	var calls atomic.Int64
	return cubes.Game.Func("fails-first", func(c *samegame.Case) (samegame.Trace, error) {
		t := reference.PlaySameGame(c)
		if calls.Add(1) == 1 {
			if err != nil {
				return samegame.Trace{}, err
			}
			t.Total++
		}
		return t, nil
	})
}

func TestRunReportsAFlakyTimeLimitAndGoesOn(t *testing.T) {
	for _, builtin := range []bool{false, true} {
		impl := failsFirst(&conformance.RunError{Verdict: conformance.TimeLimit, Status: "slow machine"})
		rep, err := cubes.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: 3, Count: 20, Jobs: 1, NoBuiltin: !builtin})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Divergence != nil || !rep.Ok() {
			t.Errorf("builtin %v: a case accepted when run again was taken for a divergence: %+v", builtin, rep.Divergence)
		}
		if len(rep.Flaky) != 1 || rep.Flaky[0].First.Verdict != conformance.TimeLimit {
			t.Errorf("builtin %v: Flaky = %+v, want the one case that timed out", builtin, rep.Flaky)
		}
		if rep.Generated != 20 || rep.Verdicts[conformance.Accepted] != rep.Cases() {
			t.Errorf("builtin %v: %d generated, verdicts %v of %d cases; want 20 generated, all accepted", builtin, rep.Generated, rep.Verdicts, rep.Cases())
		}
	}
}

// TestRunRunsNoOutputAgainBeforeItCounts has a program print nothing on
// its first case, as a program whose output was lost would: that case is
// run again before it counts, and, accepted then, is flaky. Bad output
// that the program printed is its answer, and counts at once.
func TestRunRunsNoOutputAgainBeforeItCounts(t *testing.T) {
	for _, tc := range []struct {
		name  string
		err   *conformance.RunError
		flaky bool
	}{
		{"no output", &conformance.RunError{Verdict: conformance.BadOutput, Status: "no output, want one integer"}, true},
		{"printed", &conformance.RunError{Verdict: conformance.BadOutput, Status: `output "x" is not one integer`, Output: []byte("x\n"), OutputSize: 2}, false},
	} {
		rep, err := cubes.Game.Run(context.Background(), failsFirst(tc.err), conformance.RunOptions{Seed: 3, Count: 20, Jobs: 1, NoBuiltin: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(rep.Flaky) == 1 && rep.Divergence == nil && rep.Ok(); got != tc.flaky {
			t.Errorf("%s: flaky %+v, divergence %+v; want flaky %v", tc.name, rep.Flaky, rep.Divergence, tc.flaky)
		}
	}
}

func TestRunSaysWhenADivergenceDoesNotReproduce(t *testing.T) {
	rep, err := cubes.Game.Run(context.Background(), failsFirst(nil), conformance.RunOptions{Seed: 3, Count: 5, Jobs: 1, NoBuiltin: true})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil {
		t.Fatal("no divergence: the first case was answered wrong")
	}
	if !d.NotReproduced || d.Op != -1 || d.OpErr != nil {
		t.Errorf("NotReproduced %v, Op %d, OpErr %v; want true, -1, nil", d.NotReproduced, d.Op, d.OpErr)
	}
}

func TestRunChecksNamedCasesAtOnceAndReportsThemInOrder(t *testing.T) {
	const n, pause = 8, 150 * time.Millisecond
	var cases []conformance.Case
	for i := range n {
		// Each answer file is one point off: every case is reported.
		cases = append(cases, conformance.Case{Name: string(rune('a' + i)), Input: []byte("1\n5\n1\n0 0\n"), Want: 2, HasWant: true})
	}
	// Earlier cases take longer, so they finish last.
	var started atomic.Int32
	slow := cubes.Game.Func("slow", func(c *samegame.Case) (samegame.Trace, error) {
		time.Sleep(pause * time.Duration(n-started.Add(1)+1) / n)
		return reference.PlaySameGame(c), nil
	})
	start := time.Now()
	rep, err := cubes.Game.Run(context.Background(), slow, conformance.RunOptions{Cases: cases, Count: -1, NoBuiltin: true, Jobs: n})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > n*pause/2 {
		t.Errorf("%d cases of up to %v on %d jobs took %v: not run at once", n, pause, n, d)
	}
	var names []string
	for _, f := range rep.Failed {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, ""); got != "abcdefgh" {
		t.Errorf("failed cases reported in the order %q, want abcdefgh", got)
	}
}

func TestRunShowsProgressWhileShrinking(t *testing.T) {
	var mu sync.Mutex
	var shrinking, tried int
	o := conformance.RunOptions{Seed: 1, Count: 1000, NoBuiltin: true, Jobs: 1, ProgressEvery: time.Microsecond, Progress: func(p conformance.Progress) {
		mu.Lock()
		defer mu.Unlock()
		if p.Shrinking {
			shrinking++
			tried = max(tried, p.ShrinkTried)
		}
	}}
	// A millisecond a case leaves the progress ticker time to fire.
	slowNoClose := cubes.Game.Func("slow-no-close", func(c *samegame.Case) (samegame.Trace, error) {
		time.Sleep(time.Millisecond)
		return noClose.Play(c)
	})
	rep, err := cubes.Game.Run(context.Background(), slowNoClose, o)
	if err != nil || rep.Divergence == nil {
		t.Fatalf("SameGame.Run(no-close) = %v, %v; want a divergence", rep, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if shrinking == 0 || tried == 0 {
		t.Errorf("%d progress calls while shrinking, at most %d candidates shown; want some", shrinking, tried)
	}
	if rep.Elapsed < rep.GenElapsed {
		t.Errorf("Elapsed %v less than GenElapsed %v", rep.Elapsed, rep.GenElapsed)
	}
	if d := rep.Divergence.Elapsed; d <= 0 || rep.GenElapsed+d > rep.Elapsed {
		t.Errorf("Divergence.Elapsed %v; want the time spent shrinking, within Elapsed %v less GenElapsed %v", d, rep.Elapsed, rep.GenElapsed)
	}
}

// TestRunTimeCoversTheCaseInFlight gives a run a short Time and an
// implementation that never answers: the run must end (within hang,
// which only a run that waited for the stuck cases would reach), the
// cases it cut off counted as neither accepted nor failed.
func TestRunTimeCoversTheCaseInFlight(t *testing.T) {
	const limit = 300 * time.Millisecond
	stuck := stuckSameGame(t)
	start := time.Now()
	rep, err := cubes.Game.Run(context.Background(), stuck, conformance.RunOptions{Time: limit, NoBuiltin: true, Jobs: 2})
	if d := time.Since(start); d > hang {
		t.Errorf("a run of Time %v took %v", limit, d)
	}
	if err != nil {
		t.Fatal(err)
	}
	if rep.CutOff != 2 || rep.Cases() != 0 || rep.Verdicts != [len(rep.Verdicts)]int{} || !rep.Ok() {
		t.Errorf("report %+v; want 2 cases cut off, none counted, nothing diverged", rep)
	}
}

func TestRunReportsACaseThatCouldNotBeReadAndGoesOn(t *testing.T) {
	cases := []conformance.Case{
		{Name: "bad", Source: "dir/bad.in", Input: []byte("1\n5\n1\n0 0\n"), Err: errors.New("dir/bad.ans: want one integer, got \"zero\"")},
		{Name: "good", Input: []byte("1\n5\n1\n0 0\n")},
	}
	rep, err := cubes.Game.Run(context.Background(), player(t, cubes.Game, conformance.EngineName), conformance.RunOptions{Cases: cases, Count: -1, NoBuiltin: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Ok() || rep.Named != 2 || len(rep.Failed) != 1 || rep.Verdicts[conformance.Accepted] != 1 {
		t.Fatalf("report %+v; want the bad case reported and the good one accepted", rep)
	}
	if f := rep.Failed[0]; f.Name != "bad" || !f.BadFile || f.Err != cases[0].Err {
		t.Errorf("failed case %+v; want the bad case with its error, BadFile set", f)
	}
}

// stuckSameGame is an implementation that answers no case until the test
// ends, and then as the reference does.
func stuckSameGame(t *testing.T) conformance.Impl[*samegame.Case, samegame.Trace] {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	return cubes.Game.Func("stuck", func(c *samegame.Case) (samegame.Trace, error) {
		<-release
		return reference.PlaySameGame(c), nil
	})
}

// A program's run may take its whole wall-clock limit, so a divergence
// runs the shrunk case no more than it must: the shrink's last accepted
// candidate is the shrunk case, checked already, and the search for the
// first diverging move starts from it. An implementation that never
// finishes shrinks to a case without moves, which it is then asked
// nothing more about; before, it ran three more times.
//
// The same holds for a wrong total from an implementation that gives no
// trace: how a candidate fails is looked for on its prefixes, starting
// from the whole candidate, which has just failed.
func TestRunDoesNotRunTheShrunkCaseAgain(t *testing.T) {
	for _, tc := range []struct {
		verdict conformance.Verdict
		impl    func(count func(*samegame.Case)) conformance.Impl[*samegame.Case, samegame.Trace]
	}{
		{conformance.TimeLimit, func(count func(*samegame.Case)) conformance.Impl[*samegame.Case, samegame.Trace] {
			return cubes.Game.Func("never-finishes", func(c *samegame.Case) (samegame.Trace, error) {
				count(c)
				return samegame.Trace{}, &conformance.RunError{Verdict: conformance.TimeLimit, Status: "killed"}
			})
		}},
		{conformance.WrongAnswer, func(count func(*samegame.Case)) conformance.Impl[*samegame.Case, samegame.Trace] {
			return cubes.Game.TotalFunc("one-over", func(c *samegame.Case) (int64, error) {
				count(c)
				return reference.PlaySameGame(c).Total + 1, nil
			})
		}},
	} {
		var mu sync.Mutex
		runs := map[string]int{}
		impl := tc.impl(func(c *samegame.Case) {
			mu.Lock()
			runs[string(cubes.Game.FormatInput(c))]++
			mu.Unlock()
		})
		rep, err := cubes.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: 3, Count: 5, Jobs: 1, NoBuiltin: true})
		if err != nil {
			t.Fatal(err)
		}
		d := rep.Divergence
		if d == nil || d.Found.Verdict != tc.verdict {
			t.Fatalf("%s: divergence %+v, want a %v", impl.Name, d, tc.verdict)
		}
		if bytes.Equal(d.Shrunk.Input, d.Found.Input) {
			t.Fatalf("%s: the case was not shrunk:\n%s", impl.Name, d.Found.Input)
		}
		if d.Op != 0 || d.AtOp.Verdict != tc.verdict {
			t.Errorf("%s: first diverging move %d (%v), want 0: the case without moves already diverges", impl.Name, d.Op, d.AtOp.Verdict)
		}
		if n := runs[string(d.Shrunk.Input)]; n != 1 {
			t.Errorf("%s: the shrunk case was run %d times, want once (as the shrink's candidate):\n%s", impl.Name, n, d.Shrunk.Input)
		}
	}
}
