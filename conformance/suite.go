package conformance

import (
	"bytes"
	"context"
	"fmt"
	"time"
)

// SuiteCases is the number of generated cases Test checks after the
// built-in ones.
const SuiteCases = 200

// SuiteSeed seeds the generated cases of Test, so that a failure it
// reports is the same on every run.
const SuiteSeed = 1

// TB is the part of *testing.T (and testing.TB) that Test uses; the
// package does not import testing, so that programs built on it do not
// carry it.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	// Context is canceled when the test ends.
	Context() context.Context
}

// RegressionKeeper is a TB that keeps the regression script of a
// failure, as enginetest.Test's does (it writes the script under the
// test's testdata/script/): Test hands it the first case it reports as
// not accepted, as reported (a generated case shrunk), and adds what it
// returns, a line that says where the script went, to the report.
type RegressionKeeper interface {
	KeepRegression(r *Regression) string
}

// suiteShrinkTime bounds the shrinking of the first failing generated
// case: a test suite should not stall on a big box.
const suiteShrinkTime = 2 * time.Second

// suiteReports bounds the generated failures reported one by one; the
// rest are counted.
const suiteReports = 5

// Test checks an implementation against the reference the way
// testing/fstest.TestFS checks a file system: it runs every built-in case
// (Game.Builtin: the statements' examples, the inputs of cascade's
// scripts and some tricky cases), then SuiteCases generated ones
// (Game.Generate with SuiteSeed), and reports every case that is not
// accepted with t.Errorf, as an Input / Output / Want report. The first
// failing generated case is also shrunk (for two seconds at most) to a
// small case that fails the same way; the rest are counted past the
// fifth.
//
// An in-process implementation is given impl.Limit on each case,
// DefaultLimit when that is 0. A case it does not answer within it ends
// the test: the case is reported, shrunk to a smaller case it does not
// answer either (ShrinkOverLimit, for two seconds and the limit), and
// the cases after it are not checked, each of which could cost the limit
// again. The call that did not answer is abandoned, its goroutine left
// running (Go cannot stop it).
//
// A t that is a RegressionKeeper gets the regression script of the
// first case reported as not accepted, the case a time limit stopped at
// left out.
//
// A panic in an in-process implementation is a runtime error of its
// case, shrunk like a program's crash (it keeps the panic's message).
// One that takes the Go heap past its memory limit (MemoryLimit, and
// MemoryPerByte per byte of the case's input) is a runtime error,
// "memory limit exceeded", that ends the test as a time limit does, its
// case reported as found: the call goes on allocating, so it is neither
// shrunk nor followed by other cases.
//
// Cases run one at a time, so impl need not be safe for concurrent use,
// but for the abandoned call: it runs on while the case is shrunk. It is
// checked at the trace level when it has one (Impl.Play).
//
//	func TestSolver(t *testing.T) {
//		cubes.Game.Test(t, cubes.Game.Func("solver", solver.Play))
//	}
func (g *Game[C, T]) Test(t TB, impl Impl[C, T]) {
	t.Helper()
	ctx := t.Context()
	if impl.Limit == 0 {
		impl.Limit = DefaultLimit
	}
	// keep is the line of the report that says where the regression
	// script of its failure went, for the first failure alone.
	kept := false
	keep := func(d *Divergence) string {
		rk, ok := t.(RegressionKeeper)
		if !ok || kept {
			return ""
		}
		kept = true
		if note := rk.KeepRegression(&Regression{Game: g.Any(), Divergence: d, Seed: SuiteSeed, Rules: g.Rules, Impl: impl.String()}); note != "" {
			return "\n" + note
		}
		return ""
	}
	for _, bc := range g.Builtin() {
		c, err := g.parse(bc.Input)
		if err != nil {
			t.Errorf("built-in case %s: %v", bc.Name, err)
			continue
		}
		res, err := g.Check(ctx, impl, c)
		if err != nil {
			t.Fatalf("built-in case %s: %v", bc.Name, err)
		}
		if res.Verdict == TimeLimit {
			g.reportOverLimit(t, impl, "built-in case "+bc.Name, c, res)
			return
		}
		if res.Memory {
			reportOverMemory(t, "built-in case "+bc.Name, res)
			return
		}
		if !res.Ok() {
			note := keep(&Divergence{Source: "built-in case " + bc.Name, Index: -1, Found: res, Shrunk: res, Op: -1})
			t.Errorf("built-in case %s: %v%s", bc.Name, &res, note)
		}
	}

	n := SuiteCases
	failed := 0
	for i := range n {
		c := g.Generate(SuiteSeed, i, 0)
		res, err := g.Check(ctx, impl, c)
		if err != nil {
			t.Fatalf("generated case %d: %v", i, err)
		}
		if res.Ok() {
			continue
		}
		where := fmt.Sprintf("generated case %d (seed %d)", i, SuiteSeed)
		if res.Verdict == TimeLimit {
			g.reportOverLimit(t, impl, where, c, res)
			return
		}
		if res.Memory {
			reportOverMemory(t, where, res)
			return
		}
		if failed++; failed > suiteReports {
			continue
		}
		if failed > 1 {
			t.Errorf("%s: %v", where, &res)
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, suiteShrinkTime)
		want := g.failureOf(sctx, impl, c, res)
		small, _ := g.Shrink(sctx, c, func(c C) bool {
			r, err := g.Check(sctx, impl, c)
			return err == nil && !r.Ok() && g.failureOf(sctx, impl, c, r) == want
		}, ShrinkOptions{})
		cancel()
		d := &Divergence{Source: where, Index: i, Found: res, Shrunk: res, Op: -1}
		shrunk := ""
		if sres, err := g.Check(ctx, impl, small); err == nil && howOf(sres) == howOf(res) {
			d.Shrunk, shrunk = sres, ", shrunk"
		}
		t.Errorf("%s%s: %v%s", where, shrunk, &d.Shrunk, keep(d))
	}
	if failed > suiteReports {
		t.Errorf("%d of %d generated cases failed; the first %d are reported above", failed, n, suiteReports)
	}
}

// reportOverMemory reports the case, where, on which an implementation
// passed its memory limit (res), as it was found, and that Test stops
// there: the call goes on allocating, and another would add to it.
func reportOverMemory(t TB, where string, res Result) {
	t.Helper()
	t.Errorf("%s: %v\nthe case was not shrunk, nor the cases after it checked: the call goes on allocating, and each would add to it", where, &res)
}

// reportOverLimit reports the case c, where, on which impl did not
// answer within its limit (res), shrunk as far as the limit allows, and
// that Test stops there.
func (g *Game[C, T]) reportOverLimit(t TB, impl Impl[C, T], where string, c C, res Result) {
	t.Helper()
	small, _ := g.ShrinkOverLimit(t.Context(), impl, c, res, suiteShrinkTime+impl.Limit)
	if !bytes.Equal(small.Input, res.Input) {
		where += ", shrunk"
	}
	t.Errorf("%s: %v\nthe cases after it were not checked: %v did not answer within %v, and each could cost as long", where, &small, impl, impl.Limit)
}
