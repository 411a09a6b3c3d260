package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
)

// TestReportSaysHowToTraceABigCase checks that a report which leaves the
// reference trace out says how to get it with cascade trace.
func TestReportSaysHowToTraceABigCase(t *testing.T) {
	input := []byte("1\n1\n0\n" + strings.Repeat(" ", traceLimit))
	res := conformance.Result{Verdict: conformance.WrongAnswer, Input: input, Diff: "total: got 1, want 0"}
	for _, emitted := range []string{"", "regressions/samegame-x.txtar"} {
		r := &gameReport{
			Report:  &conformance.Report{Game: "samegame"},
			game:    cubes.Game.Any(),
			emitted: emitted,
		}
		d := &conformance.Divergence{Source: "case x", Index: -1, Found: res, Shrunk: res, Op: -1}
		var b bytes.Buffer
		printDivergence(&b, r, d)
		if !strings.Contains(b.String(), "run cascade trace FILE") || emitted != "" && !strings.Contains(b.String(), "case.in of "+emitted) {
			t.Errorf("emitted %q: the report does not say how to trace the case:\n%s", emitted, b.String())
		}
	}
}
