package gems

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// engineMatch3 is the player casegen aims its moves at: the engine,
// much faster than the reference on big cases. Only the choice of moves
// depends on it; the answers a case is checked against are the
// reference's.
var engineMatch3 = func(c *match3.Case) casegen.Match3Player { return &engineGame{Match3: engine.NewMatch3(c)} }

// engineMatch3Detailed is engineMatch3 for a case whose engine's play
// is its expected answer (generateMatch3Played): the game keeps each
// operation's rounds, the Detail coverage reads.
var engineMatch3Detailed = func(c *match3.Case) casegen.Match3Player {
	return &engineGame{Match3: engine.NewMatch3KeepingRounds(c), detailed: true}
}

// engineGame is the engine's game as casegen aims at it: it lists its
// valid swaps itself (casegen.SwapLister), and when detailed keeps the
// Detail of each operation it plays.
type engineGame struct {
	*engine.Match3
	detailed bool
	detail   []match3.Detail
}

func (g *engineGame) Apply(s match3.Swap) match3.Result {
	res := g.Match3.Apply(s)
	if g.detailed {
		g.detail = append(g.detail, match3.Detail{Rounds: g.Rounds()})
	}
	return res
}

func (g *engineGame) ValidSwaps(dst []reference.ValidSwap) []reference.ValidSwap {
	for v := range g.EachValidSwap {
		dst = append(dst, reference.ValidSwap(v))
	}
	return dst
}

// generateMatch3 is Game.Generate: generated match-3 case i of the run
// with the given seed: casegen with the knobs casegen.Match3Knobs draws,
// inside the statement's limits; one case in casegen.LimitsOneIn is drawn
// at or near those limits. maxSize bounds the sides of the board like
// generateSameGame's (below 50 it rules out the cases near the limits);
// beyond 50, the cases widened to it leave the statement's limits.
func generateMatch3(seed uint64, i, maxSize int) *match3.Case {
	r, o := match3Options(seed, i, maxSize)
	return casegen.Match3(r, o)
}

// generateMatch3Played is Game.GeneratePlayed: generateMatch3, with the
// engine's trace of the case from the game its operations were aimed on,
// and the rounds of each operation (Game.PlayedDetail). A case whose
// operations were found by a search on the reference (ClearBoard) is
// played by the engine once it is made.
func generateMatch3Played(seed uint64, i, maxSize int) (*match3.Case, match3.Trace, bool) {
	r, o := match3Options(seed, i, maxSize)
	o.NewPlayer = engineMatch3Detailed
	c, p := casegen.Match3Play(r, o)
	if p.Player == nil {
		return c, playDetailed(c), true
	}
	g, ok := p.Player.(*engineGame)
	if !ok || len(g.detail) != len(p.Results) {
		return c, match3.Trace{}, false
	}
	return c, g.detailedTrace(p.Results), true
}

// detailedTrace is the trace of g's game, whose operations gave results,
// with the rounds of its start and of each operation (Game.PlayedDetail).
func (g *engineGame) detailedTrace(results []match3.Result) match3.Trace {
	t := g.Trace(results)
	t.StartRounds = g.StartRounds()
	t.Detail = g.detail
	return t
}

// playDetailed plays c with the engine and returns its trace with the
// rounds of each operation, as Game.PlayedDetail has it: for a case
// whose generation played it on the reference, or not whole.
func playDetailed(c *match3.Case) match3.Trace {
	g := engineMatch3Detailed(c).(*engineGame)
	results := make([]match3.Result, len(c.Ops))
	for k, s := range c.Ops {
		results[k] = g.Apply(s)
	}
	return g.detailedTrace(results)
}

// match3Options are the knobs generated case i of the run with the
// given seed is drawn with, and the source it draws from next.
func match3Options(seed uint64, i, maxSize int) (*rand.Rand, casegen.Match3Options) {
	r := casegen.CaseRand(seed, i)
	o := casegen.Match3Knobs(r, maxSize)
	match3Steering.Get().Steer(seed+uint64(i), &o, maxSize)
	o.NewPlayer = engineMatch3
	return r, o
}
