package gems

import (
	"bytes"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
)

// TestBuiltinCasesOfAFillingRuleSetNeverRunDry checks every named rule
// set's built-in cases: under refill=queue (every engine of such a rule
// set always fills) none runs a queue dry, so an engine that always
// fills can play each; gymmatch3's worked example, which does run dry,
// is among them filled on, and the same on every call.
func TestBuiltinCasesOfAFillingRuleSetNeverRunDry(t *testing.T) {
	filled := 0
	for _, name := range match3.Names() {
		r, _ := match3.Lookup(name)
		if r.Refill != match3.RefillQueue {
			continue
		}
		cs := casesUnder(r)
		if len(cs) == 0 {
			t.Errorf("%s: no built-in case", name)
		}
		for i, bc := range cs {
			c, err := match3.Parse(bytes.NewReader(bc.Input))
			if err != nil {
				t.Fatalf("%s: %s: %v", name, bc.Name, err)
			}
			if casegen.RunsDry(c) {
				t.Errorf("%s: built-in case %s runs a queue dry", name, bc.Name)
			}
			if again := casesUnder(r)[i]; !bytes.Equal(again.Input, bc.Input) {
				t.Errorf("%s: built-in case %s differs from one call to the next", name, bc.Name)
			}
		}
		for _, rc := range ruledCases() {
			if playsAs(r, rc.rules) && casegen.RunsDry(rc.parsed) {
				filled++
			}
		}
	}
	if filled == 0 {
		t.Error("no worked example runs a queue dry: the filling is not tested")
	}
}
