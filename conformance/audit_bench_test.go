package conformance_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
)

// BenchmarkAudit30MaxCases audits 30 match-3 cases at the statement's
// limits, 50 x 50 with q = 1000, against every planted variant, as
// `cascade audit` does: the reference once per case, the variants in
// process on every CPU until each is killed. The bar is under 10 s on
// a 2-core machine.
func BenchmarkAudit30MaxCases(b *testing.B) {
	cases := maxMatch3Cases(30)
	var rep *conformance.AuditReport
	for b.Loop() {
		var err error
		if rep, err = gems.Game.Audit(context.Background(), cases, conformance.AuditOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	killed, counted := rep.Score()
	played := 0
	for _, v := range rep.Variants {
		played += v.Played
	}
	b.ReportMetric(float64(killed)/float64(counted)*100, "%killed")
	b.ReportMetric(float64(played), "plays")
}

// maxMatch3Cases generates n cases at the statement's limits in sides and
// operations, their other knobs drawn as check draws them.
func maxMatch3Cases(n int) []conformance.Case {
	var cases []conformance.Case
	for i := range n {
		r := rand.New(rand.NewPCG(uint64(i), 0))
		o := casegen.Match3Knobs(r, 0)
		o.Rows, o.Cols, o.Ops = casegen.Exactly(match3.MaxSide), casegen.Exactly(match3.MaxSide), casegen.Exactly(match3.MaxOps)
		o.Aimed = casegen.LimitsAimed
		o.InStatement = true
		o.ClearBoard = false // it keeps boards small
		c := casegen.Match3(r, o)
		cases = append(cases, conformance.Case{Name: c.Size(), Input: gems.Game.FormatInput(c)})
	}
	return cases
}
