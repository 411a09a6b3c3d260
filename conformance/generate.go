package conformance

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// engineSameGame and engineMatch3 are the players casegen aims its moves
// at: the engine, much faster than the reference on big cases. Only the
// choice of moves depends on them; the answers a case is checked against
// are the reference's.
var (
	engineSameGame = func(c *samegame.Case) casegen.SameGamePlayer { return engine.NewSameGame(c) }
	engineMatch3   = func(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) }
)

// caseRand is the source of generated case i of a run with the given
// seed. It depends on seed+i only, so that case i of seed s is case 0 of
// seed s+i, and the cases a run checks do not depend on how many run at
// once.
func caseRand(seed uint64, i int) *rand.Rand {
	return rand.New(rand.NewPCG(seed+uint64(i), 0x9e3779b97f4a7c15))
}

// generateSameGame is SameGame.Generate: generated SameGame case i of the
// run with the given seed, as Run and Test check it: casegen with the
// knobs casegen.SameGameKnobs draws, mostly small boxes, one in
// casegen.BigGroupOneIn a big group. maxSize, when positive, bounds the side of
// the box (a big group needs 257); when larger than the generator's
// sides, one case in ten draws its side up to maxSize.
func generateSameGame(seed uint64, i, maxSize int) *samegame.Case {
	return generateSameGameUnder(samegame.Rules{}, schedule[casegen.SameGameOptions]{}, seed, i, maxSize)
}

// generateSameGameUnder is generateSameGame under the rule set rules:
// the same knobs, then those rules draws (casegen's Under, which under
// codeabbey changes nothing and draws nothing), then those the rule
// set's schedule steers (rulesSteering; none under codeabbey).
func generateSameGameUnder(rules samegame.Rules, steering schedule[casegen.SameGameOptions], seed uint64, i, maxSize int) *samegame.Case {
	r := caseRand(seed, i)
	o := casegen.SameGameKnobs(r, maxSize)
	sameGameSteering.Get().steer(seed+uint64(i), &o, maxSize)
	o = o.Under(r, rules, maxSize)
	steering.steer(seed+uint64(i), &o, maxSize)
	o.NewPlayer = engineSameGame
	return casegen.SameGame(r, o)
}

// generateMatch3 is Match3.Generate: generated match-3 case i of the run
// with the given seed: casegen with the knobs casegen.Match3Knobs draws,
// inside the statement's limits; one case in casegen.LimitsOneIn is drawn
// at or near those limits. maxSize bounds the sides of the board like
// generateSameGame's (below 50 it rules out the cases near the limits);
// beyond 50, the cases widened to it leave the statement's limits.
func generateMatch3(seed uint64, i, maxSize int) *match3.Case {
	r := caseRand(seed, i)
	o := casegen.Match3Knobs(r, maxSize)
	match3Steering.Get().steer(seed+uint64(i), &o, maxSize)
	o.NewPlayer = engineMatch3
	return casegen.Match3(r, o)
}
