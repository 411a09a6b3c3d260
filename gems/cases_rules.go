package gems

import (
	"bytes"
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/match3"
)

// The worked examples of the named rule sets (testdata/rules/NAME.in
// with NAME.ans), a copy of match3's, which SPEC-rulesets.md derives:
// the built-in cases of the rule sets that play as theirs.
//
//go:embed testdata/rules
var rulesFS embed.FS

// A ruledCase is a worked example with the rules its rules line names.
type ruledCase struct {
	conformance.Case
	rules  match3.Rules
	parsed *match3.Case
}

// ruledCases reads the worked examples once.
func ruledCases() []ruledCase { return ruledValue.Get() }

var ruledValue = lazy.Value[[]ruledCase]{Make: func() []ruledCase {
	var rcs []ruledCase
	for _, name := range match3.Names() {
		in, err := rulesFS.ReadFile("testdata/rules/" + name + ".in")
		if err != nil {
			continue
		}
		ans, _ := rulesFS.ReadFile("testdata/rules/" + name + ".ans")
		c, err := match3.Parse(bytes.NewReader(in))
		if err != nil {
			// The embedded files are fixed at build time and the
			// package's tests read every one of them.
			panic(fmt.Sprintf("gems: worked example %s: %v", name, err))
		}
		bc := conformance.Case{Name: "match3-rules-" + name, Input: in}
		if want, err := strconv.ParseInt(strings.TrimSpace(string(ans)), 10, 64); err == nil {
			bc.Want, bc.HasWant = want, true
		} else {
			bc.WantText = ans // a board (answer=board)
		}
		rcs = append(rcs, ruledCase{Case: bc, rules: c.Rules.Effective(), parsed: c})
	}
	return rcs
}}

// casesUnder returns the built-in match-3 cases of rule set r, fresh
// copies on every call: the worked examples whose rules play as r does,
// whatever r is called, each given r's rules line when r has another
// name, so that it reads as a case of r. Under thupc's settings they
// come after Game's built-in cases, which have no rules line.
func casesUnder(r match3.Rules) []conformance.Case {
	r = r.Effective()
	var cs []conformance.Case
	if playsAs(r, match3.Thupc) {
		cs = match3Cases()
	}
	for _, rc := range ruledCases() {
		if !playsAs(r, rc.rules) || rc.rules.IsThupc() && r.IsThupc() {
			continue
		}
		c := rc.Case
		c.Input = bytes.Clone(c.Input)
		mc := rc.parsed
		if r.Refill == match3.RefillQueue && casegen.RunsDry(mc) {
			// The worked example runs a queue dry to show the ruling
			// (M11), which no engine that always fills can play: checked,
			// its queues are filled on from a source of fixed seed, as a
			// shrink fills a candidate's, and its answer is the
			// reference's, not the worked one.
			mc = mc.Clone()
			if !fillQueues(mc) {
				continue
			}
			c.Want, c.HasWant, c.WantText = 0, false, nil
		}
		if mc != rc.parsed || rc.rules.Name != r.Name {
			mc = mc.Clone()
			mc.Rules = r
			var b bytes.Buffer
			match3.Format(&b, mc)
			c.Input = b.Bytes()
		}
		cs = append(cs, c)
	}
	return cs
}

// playsAs reports whether rule sets a and b play the same game, their
// names aside.
func playsAs(a, b match3.Rules) bool {
	a, b = a.Effective(), b.Effective()
	a.Name, b.Name = "custom", "custom"
	return a.Same(b)
}
