package cubes

import (
	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// engineSameGame is the player casegen aims its moves at: the engine,
// much faster than the reference on big cases. Only the choice of moves
// depends on it; the answers a case is checked against are the
// reference's.
var engineSameGame = func(c *samegame.Case) casegen.SameGamePlayer { return engine.NewSameGame(c) }

// generateSameGame is Game.Generate: generated SameGame case i of the
// run with the given seed, as Run and Test check it: casegen with the
// knobs casegen.SameGameKnobs draws, mostly small boxes, one in
// casegen.BigGroupOneIn a big group. maxSize, when positive, bounds the side of
// the box (a big group needs 257); when larger than the generator's
// sides, one case in ten draws its side up to maxSize.
func generateSameGame(seed uint64, i, maxSize int) *samegame.Case {
	return generateSameGameUnder(samegame.Rules{}, casegen.Schedule[casegen.SameGameOptions]{}, seed, i, maxSize)
}

// generateSameGameUnder is generateSameGame under the rule set rules:
// the same knobs, then those rules draws (casegen's Under, which under
// codeabbey changes nothing and draws nothing), then those the rule
// set's schedule steers (rulesSteering; none under codeabbey).
func generateSameGameUnder(rules samegame.Rules, steering casegen.Schedule[casegen.SameGameOptions], seed uint64, i, maxSize int) *samegame.Case {
	r := casegen.CaseRand(seed, i)
	o := casegen.SameGameKnobs(r, maxSize)
	sameGameSteering.Get().Steer(seed+uint64(i), &o, maxSize)
	o = o.Under(r, rules, maxSize)
	steering.Steer(seed+uint64(i), &o, maxSize)
	o.NewPlayer = engineSameGame
	return casegen.SameGame(r, o)
}
