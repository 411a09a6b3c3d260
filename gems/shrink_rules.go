package gems

import (
	"math/rand/v2"
	"slices"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
)

// rulesPasses are the shrink passes of a member under the rule set r,
// other than thupc: match-3's (match3Passes), each candidate made a case
// of r (underRulesCase), with the queues trimmed after the operations
// are dropped, to what the game's refills reach. Under refill=queue no
// candidate runs a queue dry, as no engine that refills can play it
// (fillQueues).
func rulesPasses(r match3.Rules, cf conformance.Confine) []conformance.Pass[*match3.Case] {
	e := r.Effective()
	confine := func(c *match3.Case) (*match3.Case, bool) {
		c, ok := underRulesCase(c, r)
		if !ok || cf.UsualBox && (c.Rows != e.Rows || c.Cols != e.Cols || c.Colours > e.Colours) {
			return nil, false
		}
		if e.Refill == match3.RefillQueue && !fillQueues(c) {
			return nil, false
		}
		if cf.Legal {
			// The swaps the game plays as valid once the queues are
			// full; without the others it plays and draws the same.
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

// fillQueues lengthens the queues of candidate c where its game runs
// one dry (casegen.FillQueues, sized on the engine's game, then the
// reference's), with pieces drawn from a source of fixed seed, so that
// the same candidate gets the same pieces; false when its game cascades
// without end (as two colours make it do on most boards).
// A cut that changes the game, fewer swaps or a smaller board, may make
// it draw more than the queues hold: those pieces come from here, and
// trimQueues cuts what the game no longer draws.
func fillQueues(c *match3.Case) bool {
	_, ok := casegen.FillQueues(rand.New(rand.NewPCG(0x51, 0x1ce)), c, engineMatch3)
	return ok
}

// trimQueues cuts each queue to the pieces the reference's game draws
// from it (casegen.QueuesUsed). No queue is cut shorter: the game would
// run it dry.
func trimQueues(s *match3Shrinking) {
	c := s.Case()
	used := casegen.QueuesUsed(c)
	if used == nil {
		return
	}
	d := c.Clone()
	cut := false
	for y := range d.Queues {
		if used[y] < len(d.Queues[y]) {
			d.Queues[y], cut = d.Queues[y][:used[y]], true
		}
	}
	if cut {
		s.Try(d)
	}
}
