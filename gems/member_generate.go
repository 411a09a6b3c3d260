package gems

import (
	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
)

// generator generates, decodes and encodes the cases of a member of the
// family: under the zero Rules (thupc) as Game does, else under rules
// (casegen.Match3Under).
type generator struct {
	rules match3.Rules
	cf    conformance.Confine
}

func (g generator) generate(seed uint64, i, maxSize int) *match3.Case {
	if g.rules.Name == "" {
		return generateMatch3(seed, i, maxSize)
	}
	r := casegen.CaseRand(seed, i)
	o := casegen.Match3Knobs(r, maxSize)
	match3Steering.Get().Steer(seed+uint64(i), &o, maxSize)
	return casegen.Match3Under(r, g.rules, o)
}

func (g generator) generateWith(seed uint64, set map[string]string) (*match3.Case, error) {
	if g.rules.Name == "" {
		return generateMatch3With(seed, set)
	}
	o, err := casegen.Match3KnobTable().Options(set)
	if err != nil {
		return nil, err
	}
	return casegen.Match3Under(casegen.CaseRand(seed, 0), g.rules, o), nil
}

func (g generator) decode(data []byte) *match3.Case {
	return casegen.DecodeMatch3Under(g.rules, data)
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
