package gems

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
)

// generator generates, decodes and encodes the cases of a member of the
// family: under the zero Rules (thupc) as Game does, else under rules
// (casegen.Match3Under), steered by match-3's schedule and the rule
// set's (rulesSteering).
type generator struct {
	rules    match3.Rules
	cf       conformance.Confine
	steering casegen.Schedule[casegen.Match3Options]
}

func (g generator) generate(seed uint64, i, maxSize int) *match3.Case {
	if g.rules.Name == "" {
		return generateMatch3(seed, i, maxSize)
	}
	r := casegen.CaseRand(seed, i)
	s := seed + uint64(i)
	o := casegen.Match3Knobs(r, maxSize)
	match3Steering.Get().Steer(s, &o, maxSize)
	// The rule set's schedule steers other cases than match-3's, which
	// has the same period: those of s = 2 modulo 4.
	g.steering.Steer(s+2, &o, maxSize)
	return g.under(r, o)
}

// generatePlayed is Game.GeneratePlayed under a rule set: generate,
// then the engine's play of the case (playDetailed).
func (g generator) generatePlayed(seed uint64, i, maxSize int) (*match3.Case, match3.Trace, bool) {
	c := g.generate(seed, i, maxSize)
	return c, playDetailed(c), true
}

// under draws a case of g's rule set from r as o says (casegen.Match3Under),
// its queues sized on the engine's game before the reference's, and
// confines it.
func (g generator) under(r *rand.Rand, o casegen.Match3Options) *match3.Case {
	o.NewPlayer = engineMatch3
	return g.confine(casegen.Match3Under(r, g.rules, g.usual(o)))
}

// usual is o confined to the rule set's usual board under UsualBox.
func (g generator) usual(o casegen.Match3Options) casegen.Match3Options {
	if g.cf.UsualBox {
		e := g.rules.Effective()
		o.Rows, o.Cols = casegen.Between(e.Rows, e.Rows), casegen.Between(e.Cols, e.Cols)
		o.Colours = casegen.Between(e.Colours, e.Colours)
		o.MostColours = e.Colours
		o.ClearBoard = false
	}
	return o
}

// confine confines c as g.cf says: under Legal only the swaps the game
// plays as valid are kept (casegen.LegalMatch3).
func (g generator) confine(c *match3.Case) *match3.Case {
	if g.cf.Legal {
		casegen.LegalMatch3(c)
	}
	return c
}

func (g generator) generateWith(seed uint64, set map[string]string) (*match3.Case, error) {
	if g.rules.Name == "" {
		return generateMatch3With(seed, set)
	}
	o, err := casegen.Match3KnobTable().Options(set)
	if err != nil {
		return nil, err
	}
	return g.under(casegen.CaseRand(seed, 0), o), nil
}

func (g generator) decode(data []byte) *match3.Case {
	c := casegen.DecodeMatch3Under(g.rules, data)
	if g.cf.UsualBox {
		// The fuzzer's board is not the usual one: a generated one is.
		var seed uint64
		for _, b := range data {
			seed = seed*31 + uint64(b)
		}
		return g.under(casegen.CaseRand(seed, 0), casegen.Match3Options{})
	}
	return g.confine(c)
}

// encode encodes a case of thupc as casegen.EncodeMatch3 does; a case of
// another rule set has no encoding (its queues and start runs are drawn,
// not decoded).
func (g generator) encode(c *match3.Case) ([]byte, bool) {
	if !c.Rules.IsThupc() {
		return nil, false
	}
	return casegen.EncodeMatch3(c)
}
