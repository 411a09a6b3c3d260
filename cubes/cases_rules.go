package cubes

import (
	"bytes"
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGameCasesUnder returns the built-in SameGame cases of rule set r,
// fresh copies on every call: every embedded case whose rules play the
// same game as r, whatever r is called. Under codeabbey's settings those
// are SameGame's built-in cases (sameGameCases); under the benchmark's,
// its 20 standard positions, each played to the end of the game
// (sample.Standard), which Swell Foop and KSame play alike; and under
// each rule set the embedded inputs of the scripts whose rules line
// names it (testdata/builtin/samegame/NAME.in). A case that
// plays as r under another name is given r's rules line, so that it
// reads as a case of r.
func sameGameCasesUnder(r samegame.Rules) []conformance.Case {
	r = r.Effective()
	var cs []conformance.Case
	if playsAs(r, samegame.CodeAbbey) {
		// Their inputs have no rules line: read under r, they are r's.
		cs = sameGameCases()
	}
	for _, rc := range ruledCases() {
		if !playsAs(r, rc.rules) {
			continue
		}
		c := rc.Case
		c.Input = bytes.Clone(c.Input)
		if rc.rules.Name != r.Name {
			sc := rc.parsed.Clone()
			sc.Rules = r
			var b bytes.Buffer
			samegame.Format(&b, sc)
			c.Input = b.Bytes()
		}
		cs = append(cs, c)
	}
	return cs
}

// playsAs reports whether rule sets a and b play the same game, their
// names aside.
func playsAs(a, b samegame.Rules) bool {
	a, b = a.Effective(), b.Effective()
	a.Name, b.Name = "custom", "custom"
	return a.Same(b)
}

// A ruledCase is an embedded case whose input carries a rules line, with
// the rules it names.
type ruledCase struct {
	conformance.Case
	rules  samegame.Rules
	parsed *samegame.Case
}

// ruledCases reads the embedded cases that carry a rules line once.
func ruledCases() []ruledCase { return ruledValue.Get() }

var ruledValue = lazy.Value[[]ruledCase]{Make: func() []ruledCase {
	cs := examples(sample.Standard())
	for _, c := range embedded() {
		if hasRulesLine(c.Input) {
			cs = append(cs, c)
		}
	}
	var rcs []ruledCase
	for _, bc := range cs {
		c, err := samegame.Parse(bytes.NewReader(bc.Input))
		if err != nil {
			// The embedded files are fixed at build time and the
			// package's tests read every one of them.
			panic(fmt.Sprintf("conformance: built-in case %s: %v", bc.Name, err))
		}
		rcs = append(rcs, ruledCase{Case: bc, rules: c.Rules.Effective(), parsed: c})
	}
	return rcs
}}

// hasRulesLine reports whether a SameGame input opens with a rules line.
func hasRulesLine(in []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(in, " \t\r\n"), []byte("rules"))
}
