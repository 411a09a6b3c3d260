package gems

import (
	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
)

// engineMatch3 is the player casegen aims its moves at: the engine,
// much faster than the reference on big cases. Only the choice of moves
// depends on it; the answers a case is checked against are the
// reference's.
var engineMatch3 = func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) }

// generateMatch3 is Game.Generate: generated match-3 case i of the run
// with the given seed: casegen with the knobs casegen.Match3Knobs draws,
// inside the statement's limits; one case in casegen.LimitsOneIn is drawn
// at or near those limits. maxSize bounds the sides of the board like
// generateSameGame's (below 50 it rules out the cases near the limits);
// beyond 50, the cases widened to it leave the statement's limits.
func generateMatch3(seed uint64, i, maxSize int) *match3.Case {
	r := casegen.CaseRand(seed, i)
	o := casegen.Match3Knobs(r, maxSize)
	match3Steering.Get().Steer(seed+uint64(i), &o, maxSize)
	o.NewPlayer = engineMatch3
	return casegen.Match3(r, o)
}
