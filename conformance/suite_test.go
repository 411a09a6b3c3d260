package conformance_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/samegame"
)

// recorder is a TB that records what the suite reports.
type recorder struct {
	ctx            context.Context
	errors, fatals []string
}

func (r *recorder) Helper()                  {}
func (r *recorder) Context() context.Context { return r.ctx }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}

func TestSuitesAcceptTheEngine(t *testing.T) {
	cubes.Game.Test(t, player(t, cubes.Game, conformance.EngineName))
	gems.Game.Test(t, player(t, gems.Game, conformance.EngineName))
}

func TestSuiteReportsEveryFailingCase(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	for _, tc := range []struct {
		name    string
		suite   func(conformance.TB)
		builtin []string // built-in cases that must be among those reported
	}{
		{"samegame no-close", func(r conformance.TB) { cubes.Game.Test(r, noClose) }, []string{"samegame-example", "samegame-columns-collapse"}},
		{"match3 linear-combination", func(r conformance.TB) { gems.Game.Test(r, squareCombination) }, []string{"match3-combination-five-line", "match3-combination-cross"}},
	} {
		r := &recorder{ctx: t.Context()}
		tc.suite(r)
		all := strings.Join(r.errors, "\n")
		if len(r.fatals) > 0 {
			t.Errorf("%s: fatal %q", tc.name, r.fatals)
		}
		for _, name := range tc.builtin {
			if !strings.Contains(all, "built-in case "+name+": wrong answer") {
				t.Errorf("%s: no report of built-in case %s among:\n%s", tc.name, name, all)
			}
		}
		if !strings.Contains(all, "Input:\n") || !strings.Contains(all, "\nWant:\n") {
			t.Errorf("%s: reports lack Input and Want blocks:\n%s", tc.name, all)
		}
		shrunk := 0
		for _, e := range r.errors {
			if strings.HasPrefix(e, "generated case ") && strings.Contains(e, ", shrunk: wrong answer") {
				shrunk++
			}
		}
		if shrunk != 1 {
			t.Errorf("%s: %d shrunk generated cases reported, want the first one:\n%s", tc.name, shrunk, all)
		}
	}
}

func TestSuiteCountsFailuresPastTheReportLimit(t *testing.T) {
	r := &recorder{ctx: t.Context()}
	// Every case with a move fails.
	ref := player(t, cubes.Game, conformance.ReferenceName)
	cubes.Game.Test(r, cubes.Game.Func("one-over", func(c *samegame.Case) (samegame.Trace, error) {
		tr, err := ref.Play(c)
		tr.Total++
		return tr, err
	}))
	last := r.errors[len(r.errors)-1]
	if !strings.Contains(last, fmt.Sprintf("of %d generated cases failed; the first %d are reported above", conformance.SuiteCases, conformance.SuiteReports)) {
		t.Errorf("last report %q, want the count of failed generated cases", last)
	}
	generated := 0
	for _, e := range r.errors {
		if strings.HasPrefix(e, "generated case ") {
			generated++
		}
	}
	if generated != conformance.SuiteReports {
		t.Errorf("%d generated cases reported one by one, want %d", generated, conformance.SuiteReports)
	}
}
