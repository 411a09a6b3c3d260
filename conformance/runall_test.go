package conformance_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// TestRunAllChecksEveryImplementationOnTheSameCases checks the engine
// and no-close, which fails built-in cases, side by side: the engine
// gets every case accepted, no-close is run on no generated case, its
// divergence is shrunk with it, and the matrix lists exactly the cases
// no-close failed.
func TestRunAllChecksEveryImplementationOnTheSameCases(t *testing.T) {
	engine := player(t, cubes.Game, conformance.EngineName)
	reps, m, err := cubes.Game.RunAll(context.Background(), []conformance.Impl[*samegame.Case, samegame.Trace]{engine, noClose}, conformance.RunOptions{Seed: 1, Count: 200})
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 2 {
		t.Fatalf("RunAll gave %d reports, want 2", len(reps))
	}
	builtin := len(cubes.Game.Builtin())
	right, wrong := reps[0], reps[1]
	if right.Impl != conformance.EngineName || !right.Ok() || right.Builtin != builtin || right.Generated != 200 || right.Verdicts[conformance.Accepted] != right.Cases() || right.NotRun != 0 {
		t.Errorf("engine's report %+v; want %d built-in and 200 generated cases, all accepted", right, builtin)
	}
	if wrong.Impl != "no-close" || wrong.Ok() || wrong.Builtin != builtin || wrong.Generated != 0 || wrong.NotRun != 200 {
		t.Errorf("no-close's report: %d built-in, %d generated, %d not run; want %d built-in, no generated case run, 200 not run", wrong.Builtin, wrong.Generated, wrong.NotRun, builtin)
	}
	d := wrong.Divergence
	if d == nil || !strings.HasPrefix(d.Source, "built-in case ") || d.Source != "built-in case "+wrong.Failed[0].Name {
		t.Fatalf("no-close's divergence %+v; want its first failed built-in case", d)
	}
	c, err := samegame.Parse(strings.NewReader(string(d.Shrunk.Input)))
	if err != nil {
		t.Fatal(err)
	}
	if d.Shrunk.Verdict != conformance.WrongAnswer || c.W > 3 || len(c.Moves) > 2 || d.Op != len(c.Moves) {
		t.Errorf("no-close shrunk to %v, first diverging move %d; want a wrong answer on a box of side 3 or less, at its last move", &d.Shrunk, d.Op)
	}

	if got := strings.Join(m.Impls, ","); got != "engine,no-close" {
		t.Errorf("matrix columns %q, want engine,no-close", got)
	}
	if m.Builtin != builtin || m.Generated != 200 || m.Named != 0 || m.Accepted != m.Cases()-len(m.Rows) {
		t.Errorf("matrix counts %d built-in, %d generated, %d accepted of %d; want %d, 200, the cases not listed", m.Builtin, m.Generated, m.Accepted, m.Cases(), builtin)
	}
	if len(m.Rows) != len(wrong.Failed) {
		t.Fatalf("matrix lists %d cases, no-close failed %d", len(m.Rows), len(wrong.Failed))
	}
	for i, row := range m.Rows {
		if row.Name != wrong.Failed[i].Name || row.Index != -1 || len(row.Cells) != 2 {
			t.Errorf("row %d: %+v; want built-in case %s with two cells", i, row, wrong.Failed[i].Name)
			continue
		}
		if got, want := row.Cells[0], (conformance.Cell{Ran: true, Verdict: conformance.Accepted}); got != want {
			t.Errorf("row %s: engine's cell %v, want accepted", row.Name, got)
		}
		if got, want := row.Cells[1], (conformance.Cell{Ran: true, Verdict: conformance.WrongAnswer}); got != want {
			t.Errorf("row %s: no-close's cell %v, want wrong answer", row.Name, got)
		}
	}
}

// TestRunAllFindsTheDivergenceRunFinds checks generated cases only: the
// wrong implementation diverges on the same generated case as Run finds
// alone, whatever the jobs, while the right one goes on to the end, and
// the matrix shows that case with both verdicts and "not run" after it.
func TestRunAllFindsTheDivergenceRunFinds(t *testing.T) {
	ctx := context.Background()
	o := conformance.RunOptions{Seed: 1, Count: 300, NoBuiltin: true, Shrink: conformance.ShrinkOptions{Budget: -1}}
	alone, err := cubes.Game.Run(ctx, noClose, o)
	if err != nil || alone.Divergence == nil {
		t.Fatalf("SameGame.Run(no-close) = %+v, %v; want a divergence", alone, err)
	}
	index := alone.Divergence.Index
	for _, jobs := range []int{1, 3} {
		o.Jobs = jobs
		reps, m, err := cubes.Game.RunAll(ctx, []conformance.Impl[*samegame.Case, samegame.Trace]{noClose, player(t, cubes.Game, conformance.ReferenceName)}, o)
		if err != nil {
			t.Fatal(err)
		}
		wrong, right := reps[0], reps[1]
		if wrong.Divergence == nil || wrong.Divergence.Index != index {
			t.Fatalf("jobs %d: no-close's divergence %+v; want generated case %d, as Run finds", jobs, wrong.Divergence, index)
		}
		if !right.Ok() || right.Generated != 300 || right.NotRun != 0 {
			t.Errorf("jobs %d: reference's report %+v; want 300 generated cases, all accepted", jobs, right)
		}
		if wrong.Generated <= index || wrong.NotRun != 300-wrong.Generated {
			t.Errorf("jobs %d: no-close ran %d generated cases, %d not run; want at least %d run, the rest of 300 not", jobs, wrong.Generated, wrong.NotRun, index+1)
		}
		if m.Generated != 300 || len(m.Rows) == 0 {
			t.Fatalf("jobs %d: matrix of %d generated cases, %d rows; want 300, some rows", jobs, m.Generated, len(m.Rows))
		}
		row := m.Rows[0]
		if row.Index != index || row.Cells[0] != (conformance.Cell{Ran: true, Verdict: conformance.WrongAnswer}) || row.Cells[1] != (conformance.Cell{Ran: true, Verdict: conformance.Accepted}) {
			t.Errorf("jobs %d: first row %+v; want generated case %d, no-close wrong, the reference accepted", jobs, row, index)
		}
		for _, row := range m.Rows {
			if !row.Cells[1].Ran || row.Cells[1].Verdict != conformance.Accepted {
				t.Errorf("jobs %d: %s: reference's cell %v, want accepted", jobs, row.Source, row.Cells[1])
			}
		}
	}
}

// TestRunAllPlaysTheReferenceOnceACase counts the reference's plays: a
// case checked on three implementations is played once.
func TestRunAllPlaysTheReferenceOnceACase(t *testing.T) {
	g := *cubes.Game
	var plays atomic.Int64
	g.Referee = nil // the plays of a check are the Reference's then
	g.Reference = func(c *samegame.Case) samegame.Trace {
		plays.Add(1)
		return reference.PlaySameGame(c)
	}
	engine := player(t, &g, conformance.EngineName)
	reps, m, err := g.RunAll(context.Background(), []conformance.Impl[*samegame.Case, samegame.Trace]{engine, engine, engine}, conformance.RunOptions{Seed: 4, Count: 50})
	if err != nil {
		t.Fatal(err)
	}
	for i, rep := range reps {
		if !rep.Ok() || rep.Cases() != m.Cases() {
			t.Errorf("report %d: %+v; want all %d cases accepted", i, rep, m.Cases())
		}
	}
	if n := plays.Load(); n != int64(m.Cases()) || len(m.Rows) != 0 || m.Accepted != m.Cases() {
		t.Errorf("the reference played %d times for %d cases (%d rows, %d accepted); want once a case, every case accepted", n, m.Cases(), len(m.Rows), m.Accepted)
	}
}

// TestRunAllGoesOnAfterAFlakyCaseWhileAnotherDiverges gives one
// implementation a time limit on its first case, accepted when run
// again, while another diverges: the first must still be checked on
// every generated case, those the other ran while it waited included.
func TestRunAllGoesOnAfterAFlakyCaseWhileAnotherDiverges(t *testing.T) {
	for _, jobs := range []int{1, 3} {
		flaky := failsFirst(&conformance.RunError{Verdict: conformance.TimeLimit, Status: "slow machine"})
		reps, m, err := cubes.Game.RunAll(context.Background(), []conformance.Impl[*samegame.Case, samegame.Trace]{flaky, noClose}, conformance.RunOptions{Seed: 1, Count: 300, Jobs: jobs, NoBuiltin: true, Shrink: conformance.ShrinkOptions{Budget: -1}})
		if err != nil {
			t.Fatal(err)
		}
		f := reps[0]
		if !f.Ok() || f.Generated != 300 || f.NotRun != 0 || len(f.Flaky) != 1 || f.Verdicts[conformance.Accepted] != 300 {
			t.Errorf("jobs %d: flaky implementation: %d generated, %d not run, %d flaky, verdicts %v, divergence %+v; want all 300 accepted, one flaky", jobs, f.Generated, f.NotRun, len(f.Flaky), f.Verdicts, f.Divergence)
		}
		if reps[1].Divergence == nil {
			t.Errorf("jobs %d: no-close did not diverge", jobs)
		}
		for _, row := range m.Rows {
			if c := row.Cells[0]; !c.Ran || c.Verdict != conformance.Accepted {
				t.Errorf("jobs %d: %s: flaky implementation's cell %v, want accepted", jobs, row.Source, c)
			}
		}
	}
}

// TestRunAllTimeCoversTheCasesInFlight checks an implementation that
// never answers next to the engine, with a short Time: the run ends in
// time, and the cases in flight count as cut off for the one and
// checked for the other.
func TestRunAllTimeCoversTheCasesInFlight(t *testing.T) {
	const limit = 300 * time.Millisecond
	stuck := stuckSameGame(t)
	start := time.Now()
	reps, m, err := cubes.Game.RunAll(context.Background(), []conformance.Impl[*samegame.Case, samegame.Trace]{player(t, cubes.Game, conformance.EngineName), stuck}, conformance.RunOptions{Time: limit, NoBuiltin: true, Jobs: 2})
	if d := time.Since(start); d > hang {
		t.Errorf("a run of Time %v took %v", limit, d)
	}
	if err != nil {
		t.Fatal(err)
	}
	engine, s := reps[0], reps[1]
	if engine.Generated != 2 || engine.CutOff != 0 || !engine.Ok() {
		t.Errorf("engine: %d generated, %d cut off; want the 2 cases in flight checked", engine.Generated, engine.CutOff)
	}
	if s.CutOff != 2 || s.Cases() != 0 || s.NotRun != 0 || !s.Ok() {
		t.Errorf("stuck: %d cut off, %d cases, %d not run; want 2 cut off, none counted", s.CutOff, s.Cases(), s.NotRun)
	}
	if m.Generated != 2 || m.CutOff != 0 || len(m.Rows) != 0 {
		t.Errorf("matrix: %d generated, %d cut off, %d rows; want 2 generated, none cut off for all, no row", m.Generated, m.CutOff, len(m.Rows))
	}
}

func TestRunAllNeedsAnImplementation(t *testing.T) {
	if _, _, err := cubes.Game.RunAll(context.Background(), nil, conformance.RunOptions{Count: 1}); err == nil {
		t.Error("RunAll with no implementation: no error")
	}
}

// TestRunAllShrinksEachDivergenceWithItsImplementation checks two
// implementations with different bugs: each divergence is shrunk with
// its own implementation to a case that shows its own bug, and the
// matrix marks the cases after the first divergence "not run" for it
// (on one job: on several, the cases started while the case it failed
// was running are checked too).
func TestRunAllShrinksEachDivergenceWithItsImplementation(t *testing.T) {
	// bigBoxes is wrong by a point on every box of side 6 or more.
	bigBoxes := cubes.Game.Func("big-boxes", func(c *samegame.Case) (samegame.Trace, error) {
		t := reference.PlaySameGame(c)
		if c.W >= 6 {
			t.Total++
		}
		return t, nil
	})
	reps, m, err := cubes.Game.RunAll(context.Background(), []conformance.Impl[*samegame.Case, samegame.Trace]{noClose, bigBoxes}, conformance.RunOptions{Seed: 1, Count: 500, NoBuiltin: true, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	shrunk := func(rep *conformance.Report) *samegame.Case {
		t.Helper()
		if rep.Divergence == nil {
			t.Fatalf("%s: no divergence", rep.Impl)
		}
		c, err := samegame.Parse(strings.NewReader(string(rep.Divergence.Shrunk.Input)))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	if c := shrunk(reps[0]); c.W > 3 || len(c.Moves) != 2 {
		t.Errorf("no-close shrunk to N=%d with %d moves; want a box of side 3 or less, two moves", c.W, len(c.Moves))
	}
	if c := shrunk(reps[1]); c.W != 6 || len(c.Moves) != 0 {
		t.Errorf("big-boxes shrunk to N=%d with %d moves; want a box of side 6, no move", c.W, len(c.Moves))
	}
	first, second := reps[0].Divergence.Index, reps[1].Divergence.Index
	if first == second {
		t.Fatalf("both diverged on generated case %d; want different cases", first)
	}
	early := 0
	if second < first {
		early = 1
	}
	if reps[early].NotRun == 0 {
		t.Errorf("%s, the first to diverge, ran every case", reps[early].Impl)
	}
	notRun := false
	for _, row := range m.Rows {
		if row.Index == reps[1-early].Divergence.Index {
			notRun = !row.Cells[early].Ran
		}
	}
	if !notRun {
		t.Errorf("matrix rows %+v: want %s not run on generated case %d, where %s diverged", m.Rows, reps[early].Impl, reps[1-early].Divergence.Index, reps[1-early].Impl)
	}
}

// TestRunAllListsADisputedAnswerFile checks that a named case whose
// answer file disagrees with the reference is a row of the matrix,
// though every implementation gets it accepted.
func TestRunAllListsADisputedAnswerFile(t *testing.T) {
	in := []byte("2\n11\n12\n2\n0 0, 0 0\n") // the reference scores 7
	cases := []conformance.Case{{Name: "right", Input: in, Want: 7, HasWant: true}, {Name: "disputed", Input: in, Want: 8, HasWant: true}}
	engine := player(t, cubes.Game, conformance.EngineName)
	reps, m, err := cubes.Game.RunAll(context.Background(), []conformance.Impl[*samegame.Case, samegame.Trace]{engine, player(t, cubes.Game, conformance.ReferenceName)}, conformance.RunOptions{Cases: cases, Count: -1, NoBuiltin: true})
	if err != nil {
		t.Fatal(err)
	}
	if reps[0].Ok() || reps[1].Ok() || m.Named != 2 || m.Accepted != 1 || len(m.Rows) != 1 {
		t.Fatalf("reports ok %v, %v; matrix %+v; want both failing on the disputed case, its one row", reps[0].Ok(), reps[1].Ok(), m)
	}
	row := m.Rows[0]
	accepted := conformance.Cell{Ran: true, Verdict: conformance.Accepted}
	if row.Name != "disputed" || !row.Disputed || row.Answer != 8 || row.Reference != 7 || row.Cells[0] != accepted || row.Cells[1] != accepted {
		t.Errorf("row %+v; want the disputed case, 8 against 7, accepted by both", row)
	}
}
