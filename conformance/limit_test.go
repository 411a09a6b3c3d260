package conformance_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// hangingEngines are SameGame engines at each level (Func, TotalFunc,
// StepFunc) that answer as the reference at once, but never answer a
// case whose box holds a cube of colour 2: they block until ctx ends.
func hangingEngines(ctx context.Context, t *testing.T) []conformance.Impl[*samegame.Case, samegame.Trace] {
	ref := player(t, cubes.Game, conformance.ReferenceName)
	play := func(c *samegame.Case) (samegame.Trace, error) {
		if holdsTwo(c) {
			<-ctx.Done()
		}
		return ref.Play(c)
	}
	return []conformance.Impl[*samegame.Case, samegame.Trace]{
		cubes.Game.Func("hangs-on-2", play),
		cubes.Game.TotalFunc("hangs-on-2", func(c *samegame.Case) (int64, error) {
			tr, err := play(c)
			return tr.Total, err
		}),
		cubes.Game.StepFunc("hangs-on-2", func(c *samegame.Case) (conformance.StepTrace, error) {
			tr, err := play(c)
			st := conformance.StepTrace{Total: tr.Total}
			var sum int64
			for _, m := range tr.Moves {
				sum += m.Points
				st.Running = append(st.Running, sum)
			}
			return st, err
		}),
	}
}

func holdsTwo(c *samegame.Case) bool { return bytes.IndexByte(c.Board, 2) >= 0 }

// TestSuiteNamesTheCaseAnEngineHangsOn checks that Test reports a case
// an in-process engine never answers, as a time limit exceeded naming
// the case, and stops there. The engine never returns on such a case,
// so the short limit decides nothing a slow machine could change.
func TestSuiteNamesTheCaseAnEngineHangsOn(t *testing.T) {
	t.Parallel() // waits for the time limit
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	for i, impl := range hangingEngines(ctx, t) {
		impl.Limit = 200 * time.Millisecond
		r := &recorder{ctx: t.Context()}
		cubes.Game.Test(r, impl)
		if len(r.fatals) > 0 || len(r.errors) != 1 {
			t.Errorf("engine %d: Test reported %q and fatally %q, want one error", i, r.errors, r.fatals)
			continue
		}
		// The first built-in case whose box holds a 2 is the
		// statement's example.
		e := r.errors[0]
		if !strings.HasPrefix(e, "built-in case samegame-example") {
			t.Errorf("engine %d: the report does not name built-in case samegame-example:\n%s", i, e)
		}
		for _, want := range []string{"time limit exceeded: no answer within 200ms", "the cases after it were not checked"} {
			if !strings.Contains(e, want) {
				t.Errorf("engine %d: the report lacks %q:\n%s", i, want, e)
			}
		}
		// The case reported, shrunk or not, is one the engine hangs
		// on.
		_, block, _ := strings.Cut(e, "Input:\n")
		block, _, _ = strings.Cut(block, "Output:")
		c, err := samegame.Parse(strings.NewReader(strings.ReplaceAll(block, "  ", "")))
		if err != nil {
			t.Errorf("engine %d: the report's Input does not parse: %v\n%s", i, err, e)
		} else if !holdsTwo(c) {
			t.Errorf("engine %d: the case reported holds no 2, which the engine answers:\n%s", i, e)
		}
	}
}
