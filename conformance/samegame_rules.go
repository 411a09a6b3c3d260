package conformance

import (
	"fmt"
	"io"
	"sync"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/samegame"
)

// RulesEnv is the environment variable from which a program under test
// learns the SameGame rule set of its cases, in the canonical text form
// (samegame.Rules.String): "benchmark min=2 points=(n-2)^2 clear=1000
// left=0 end=over close=left". Its standard input never carries the
// rules line, so a program needs to read only the box and the clicks.
const RulesEnv = "CASCADE_RULES"

// SameGameUnder is SameGame played under the rule set r: an input
// without a rules line reads as a case of r, cases are generated and
// shrunk under r, reports name r, and a program under test reads its
// cases without the rules line. An input whose rules line names another
// rule set is rejected with a *RulesConflict. SameGameUnder of codeabbey
// is SameGame.
//
// Its built-in cases are the embedded cases that play as r does
// (sameGameCasesUnder): the benchmark's 20 standard positions under every
// rule set that plays as the benchmark, and the scripts' inputs whose
// rules line names r. Its planted variants are those of
// planted.SameGameUnder.
func SameGameUnder(r samegame.Rules) *Game[*samegame.Case, samegame.Trace] {
	r = r.Effective()
	if r.IsCodeAbbey() {
		return SameGame
	}
	g := *SameGame
	g.Rules = r.String()
	g.Parse = func(in io.Reader) (*samegame.Case, error) {
		c, err := samegame.Parse(in)
		if err != nil {
			return nil, err
		}
		return c, underRules(c, r)
	}
	g.ParseAll = func(in io.Reader, limit int) (*samegame.Case, []error) {
		c, errs := samegame.ParseAll(in, limit)
		if len(errs) > 0 {
			return nil, errs
		}
		if err := underRules(c, r); err != nil {
			return nil, []error{err}
		}
		return c, nil
	}
	g.Decode = func(data []byte) *samegame.Case { return casegen.DecodeSameGameUnder(r, data) }
	g.Encode = func(c *samegame.Case) ([]byte, bool) { return casegen.EncodeSameGameUnder(r, c) }
	g.Generate = func(seed uint64, i, maxSize int) *samegame.Case { return generateSameGameUnder(r, seed, i, maxSize) }
	g.GenerateWith = func(seed uint64, set map[string]string) (*samegame.Case, error) {
		return generateSameGameWithUnder(r, seed, set)
	}
	g.Builtin = func() []Case { return sameGameCasesUnder(r) }
	g.CoverageItems = sameGameRulesCoverageItems(r)
	// Telling which setting bugs play alike takes a moment; every audit
	// and cover of the game shares the one list.
	g.Variants = sync.OnceValue(func() []planted.Variant[*samegame.Case, samegame.Trace] { return planted.SameGameUnder(r) })
	g.Rulings = planted.SameGameUnderRulings
	return &g
}

// RulesConflict is an input whose rules line names a rule set other than
// the one it is read under.
type RulesConflict struct {
	File, Given samegame.Rules
}

func (e *RulesConflict) Error() string {
	return fmt.Sprintf("the input's rules line says %q, but the rules given are %q", e.File.Text(), e.Given.Text())
}

// underRules gives c the rule set r when its input had no rules line.
func underRules(c *samegame.Case, r samegame.Rules) error {
	if c.Rules.Name == "" {
		c.Rules = r
		return nil
	}
	if !c.Rules.Same(r) {
		return &RulesConflict{File: c.Rules, Given: r}
	}
	return nil
}
