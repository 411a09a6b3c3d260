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

// A StepTrace's running totals leave out the end-of-game term that its
// Total holds: under benchmark, a click that clears a box of two cubes
// scores 0, and the clear bonus of 1000 is in the total alone.
func TestStepTraceRunningLeavesOutTheEndTerm(t *testing.T) {
	bench, _ := samegame.Lookup("benchmark")
	g := cubes.Under(bench)
	c, err := g.Parse(strings.NewReader("1 2\n1\n1\n1\n0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := g.StepTrace(c, g.Reference(c))
	if len(st.Running) != 1 || st.Running[0] != 0 || st.Total != 1000 {
		t.Errorf("StepTrace = running %v, total %d; want running [0], total 1000", st.Running, st.Total)
	}
	if end := g.Reference(c).End; st.Total-st.Running[len(st.Running)-1] != end {
		t.Errorf("Total - last running total = %d, want the end-of-game term %d", st.Total-st.Running[0], end)
	}
}

// A StepFunc engine that folds the end-of-game term into its last
// running total is told so: the move where it parts says that the
// difference is that term, which only Total holds.
func TestStepFuncThatFoldsTheEndTermIsToldSo(t *testing.T) {
	bench, _ := samegame.Lookup("benchmark")
	g := cubes.Under(bench)
	folded := g.StepFunc("folded", func(c *samegame.Case) (conformance.StepTrace, error) {
		tr := engine.PlaySameGame(c)
		st := conformance.StepTrace{Total: tr.Total}
		var sum int64
		for _, m := range tr.Moves {
			sum += m.Points
			st.Running = append(st.Running, sum)
		}
		if n := len(st.Running); n > 0 {
			st.Running[n-1] += tr.End
		}
		return st, nil
	})
	for _, tc := range []struct{ name, in, want string }{
		{"last move", "1 2\n1\n1\n1\n0 0\n", "move 1: running total: got 1000, want 0: the difference is the end-of-game term (1000), which StepTrace.Running leaves out and only Total holds"},
		// The game ends at move 1; the term folded into move 2 is still
		// the end-of-game term.
		{"a move after the end", "1 2\n1\n1\n2\n0 0, 0 0\n", "move 2: running total: got 1000, want 0: the difference is the end-of-game term (1000)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := g.Check(context.Background(), folded, mustParse(t, g, tc.in))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.String(), tc.want) {
				t.Errorf("Check = %s\nwant it to say %q", res.String(), tc.want)
			}
		})
	}
}

func mustParse(t *testing.T, g *conformance.Game[*samegame.Case, samegame.Trace], in string) *samegame.Case {
	t.Helper()
	c, err := g.Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
