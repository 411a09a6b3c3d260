package enginetest

import (
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// rulesFlag is the --rules flag of the scripts' cascade command: a
// SameGame rule set as cascade's --rules takes it, NAME [key=value ...].
type rulesFlag struct {
	r   samegame.Rules
	set bool
}

func (f *rulesFlag) String() string {
	if !f.set {
		return ""
	}
	return f.r.Text()
}

func (f *rulesFlag) Set(s string) error {
	r, err := samegame.ParseRules(s)
	if err != nil {
		return err
	}
	f.r, f.set = r, true
	return nil
}

// playsRules says why the engine under test, impl of game g, cannot
// play cases of the rule set r, or "" when it can: g must be SameGame
// under r. An engine made from cubes.Game reads its cases
// without their rules line (a program learns them from
// conformance.RulesEnv), so it plays codeabbey only; one made from
// cubes.Under(r) plays r.
func playsRules[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T], r samegame.Rules) string {
	if _, ok := any(g).(*conformance.Game[*samegame.Case, samegame.Trace]); !ok {
		return fmt.Sprintf("--rules %s: a SameGame rule set, but the engine under test, %v, plays %s", cubes.RulesText(r), impl, g.Name)
	}
	own := samegame.CodeAbbey
	if g.Rules != "" {
		var err error
		if own, err = samegame.ParseRules(g.Rules); err != nil {
			return fmt.Sprintf("the engine under test, %v, plays rules cascade cannot read: %v", impl, err)
		}
	}
	if !own.Same(r) {
		return fmt.Sprintf("--rules %s: the engine under test, %v, plays %s (give Scripts cubes.Under of the rule set it plays)",
			cubes.RulesText(r), impl, cubes.RulesText(own))
	}
	return ""
}
