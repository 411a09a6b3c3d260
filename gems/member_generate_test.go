package gems

import (
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// TestUsualBoxHoldsTheRuleSetsColours generates cases of members under
// UsualBox, among them rule sets of two colours that always fill, whose
// boards mostly cascade without end: each case keeps the rule set's
// usual board and colours (its game left to run a queue dry, M11, rather
// than given a third colour), is valid, and the engine plays it as the
// reference does.
func TestUsualBoxHoldsTheRuleSetsColours(t *testing.T) {
	cf := conformance.Confine{UsualBox: true}
	for _, text := range []string{"tilematch colours=2", "gymmatch3 colours=2", "tilematch", "bevymatch3"} {
		r, err := match3.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Member(r, cf)
		if err != nil {
			t.Fatal(err)
		}
		e := r.Effective()
		for i := range 40 {
			c := g.Generate(1, i, 0)
			if !inside(c, r, cf) {
				t.Fatalf("%s: generated case %d is %dx%d with %d colours, outside the usual %dx%d with %d",
					text, i, c.Rows, c.Cols, c.Colours, e.Rows, e.Cols, e.Colours)
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("%s: generated case %d: %v", text, i, err)
			}
			if differs(engine.PlayMatch3(c), reference.PlayMatch3(c)) {
				t.Fatalf("%s: generated case %d: the engine and the reference differ", text, i)
			}
		}
	}
}
