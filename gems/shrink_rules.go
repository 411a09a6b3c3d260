package gems

import (
	"slices"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
)

// rulesPasses are the shrink passes of a member under the rule set r,
// other than thupc: match-3's (match3Passes), each candidate made a case
// of r (underRulesCase), with the queues trimmed after the operations
// are dropped: first to what the game's refills reach, then shorter.
func rulesPasses(r match3.Rules, cf conformance.Confine) []conformance.Pass[*match3.Case] {
	e := r.Effective()
	confine := func(c *match3.Case) (*match3.Case, bool) {
		c, ok := underRulesCase(c, r)
		if !ok || cf.UsualBox && (c.Rows != e.Rows || c.Cols != e.Cols || c.Colours > e.Colours) {
			return nil, false
		}
		if cf.Legal {
			casegen.LegalMatch3(c)
		}
		return c, true
	}
	var ps []conformance.Pass[*match3.Case]
	for _, p := range match3Passes {
		run := p.Run
		ps = append(ps, conformance.Pass[*match3.Case]{Name: p.Name, Smaller: p.Smaller,
			Run: func(s *match3Shrinking) { s.Confined(confine, run) }})
		if p.Name == "drop operations" && r.Refill == match3.RefillQueue {
			ps = append(ps, conformance.Pass[*match3.Case]{Name: "trim queues", Smaller: true,
				Run: func(s *match3Shrinking) { s.Confined(confine, trimQueues) }})
		}
	}
	return ps
}

// underRulesCase makes candidate c a case of r: its rule set r, no swap
// under swaps=none, and under refill=queue one queue per column, the
// queues of columns a crop removed dropped and their colours within
// 1..k; false when c is nil.
func underRulesCase(c *match3.Case, r match3.Rules) (*match3.Case, bool) {
	if c == nil {
		return nil, false
	}
	c.Rules = r
	if r.Swaps == match3.SwapsNone {
		c.Ops = nil
	}
	if r.Refill == match3.RefillNone {
		c.Queues = nil
		return c, true
	}
	qs := make([][]match3.Piece, c.Cols)
	for y := range qs {
		if y < len(c.Queues) {
			qs[y] = slices.Clone(c.Queues[y])
		}
		for i, p := range qs[y] {
			if p.Colour > c.Colours {
				qs[y][i].Colour = 1 + (p.Colour-1)%c.Colours
			}
		}
	}
	c.Queues = qs
	return c, true
}

// trimQueues cuts each queue to the pieces the reference's game draws
// from it (casegen.QueuesUsed), then drops pieces from the ends of the
// queues, as many as binary search finds can go.
func trimQueues(s *match3Shrinking) {
	c := s.Case()
	if used := casegen.QueuesUsed(c); used != nil {
		d := c.Clone()
		for y := range d.Queues {
			d.Queues[y] = d.Queues[y][:min(used[y], len(d.Queues[y]))]
		}
		s.Try(d)
	}
	for y := range s.Case().Cols {
		s.Bisect(
			func() int {
				if y < len(s.Case().Queues) {
					return len(s.Case().Queues[y])
				}
				return 0
			},
			func(k int) bool {
				d := s.Case().Clone()
				d.Queues[y] = d.Queues[y][:len(d.Queues[y])-k]
				return s.Try(d)
			})
	}
}
