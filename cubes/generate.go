package cubes

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
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
	return generator{}.generate(seed, i, maxSize)
}

// generateSameGamePlayed is Game.GeneratePlayed: generateSameGame, with
// the engine's trace of the case.
func generateSameGamePlayed(seed uint64, i, maxSize int) (*samegame.Case, samegame.Trace, bool) {
	return generator{}.generatePlayed(seed, i, maxSize)
}

// A generator draws the cases of a member of the family (Member): under
// the rule set rules (the zero Rules: codeabbey, as SameGame's cases
// carry it), steered by the rule set's schedule (rulesSteering) and,
// when cf confines the game, by the confinement's (confinedSteering).
type generator struct {
	rules              samegame.Rules
	cf                 conformance.Confine
	steering, confined casegen.Schedule[casegen.SameGameOptions]
}

// generate is generated case i of the run with the given seed: the knobs
// of the usual mix and SameGame's own steering (sameGameSteering), then
// those the rule set draws (casegen's Under, which under codeabbey
// changes nothing and draws nothing), then those the rule set's
// schedule steers; confined, the usual box, legal clicks and the
// confinement's schedule last, so that its aims keep inside cf.
func (gen generator) generate(seed uint64, i, maxSize int) *samegame.Case {
	r, o := gen.options(seed, i, maxSize)
	return casegen.SameGame(r, o)
}

// generatePlayed is Game.GeneratePlayed: generate, with the engine's
// trace of the case from the game its clicks were aimed on, and the
// Detail coverage reads (Game.PlayedDetail).
func (gen generator) generatePlayed(seed uint64, i, maxSize int) (*samegame.Case, samegame.Trace, bool) {
	r, o := gen.options(seed, i, maxSize)
	c, p := casegen.SameGamePlay(r, o)
	g, ok := p.Player.(*engine.SameGame)
	if !ok {
		return c, samegame.Trace{}, false
	}
	t := g.Trace(p.Results)
	// The Detail of the reference's summary (reference.PlaySameGameSummary):
	// the columns standing after each click, the box after the last.
	t.Detail = make([]samegame.Detail, len(p.Results))
	for i, n := range p.Columns {
		t.Detail[i].Columns = n
	}
	if len(t.Detail) > 0 {
		t.Detail[len(t.Detail)-1].Board = g.Board()
	}
	g.Release()
	return c, t, true
}

// options are the knobs generated case i of the run with the given seed
// is drawn with, and the source it draws from next (generate).
func (gen generator) options(seed uint64, i, maxSize int) (*rand.Rand, casegen.SameGameOptions) {
	r := casegen.CaseRand(seed, i)
	s := seed + uint64(i)
	o := casegen.SameGameKnobs(r, maxSize)
	sameGameSteering.Get().Steer(s, &o, maxSize)
	o = o.Under(r, gen.rules, maxSize)
	if gen.cf == (conformance.Confine{}) {
		gen.steering.Steer(s, &o, maxSize)
		o.NewPlayer = engineSameGame
		return r, o
	}
	if !gen.cf.UsualBox {
		// The rule set's aims size the box; the usual box does not
		// take them.
		gen.steering.Steer(s, &o, maxSize)
	}
	o.Rules = gen.rules
	if gen.cf.UsualBox {
		o, _ = o.InUsualBox(r)
	}
	o.Legal = gen.cf.Legal
	// The confinement's schedule steers other cases than the rule
	// set's, which has the same period: those of s = 2 modulo 4.
	gen.confined.Steer(s+2, &o, maxSize)
	o.NewPlayer = engineSameGame
	return r, o
}

// generateWith is the case drawn from seed with the knobs of set exactly
// (GenerateWith), under the rule set and confined as gen says.
func (gen generator) generateWith(seed uint64, set map[string]string) (*samegame.Case, error) {
	o, err := casegen.SameGameKnobTable().Options(set)
	if err != nil {
		return nil, err
	}
	if !gen.rules.IsCodeAbbey() || gen.cf != (conformance.Confine{}) {
		o.Rules = gen.rules
	}
	r := casegen.CaseRand(seed, 0)
	if gen.cf.UsualBox {
		o, _ = o.InUsualBox(r)
	}
	o.Legal = gen.cf.Legal
	o.NewPlayer = engineSameGame
	return casegen.SameGame(r, o), nil
}
