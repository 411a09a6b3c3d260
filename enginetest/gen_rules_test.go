package enginetest

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// Cases of a game under a rule set are drawn under it, and a
// counterexample is printed with its rules line, shrunk under it too.
func TestCasesUnderARuleSetCarryItsRulesLine(t *testing.T) {
	jaw, _ := samegame.Lookup("jawbreaker")
	g := cubes.Under(jaw)
	params := gopter.DefaultTestParametersWithSeed(1)
	params.MinSuccessfulTests = 30
	props := gopter.NewProperties(params)
	props.Property("drawn under jawbreaker", prop.ForAll(func(c *samegame.Case) bool {
		return c.Rules.Same(jaw) && c.Validate() == nil && c.W <= casesSide && c.H <= casesSide
	}, Cases(g)))
	// A property false of every case with a click: the counterexample
	// shrinks to one click on a box of one cube.
	props.Property("no clicks", prop.ForAll(func(c *samegame.Case) bool { return len(c.Moves) == 0 }, Cases(g)))
	var out bytes.Buffer
	props.Run(gopter.NewFormatedReporter(false, 80, &out))
	report := out.String()
	if !strings.Contains(report, "+ drawn under jawbreaker: OK, passed 30 tests.") {
		t.Errorf("the cases drawn are not all valid jawbreaker cases:\n%s", report)
	}
	if want := "ARG_0: rules jawbreaker\n1\n1\n1\n0 0\n"; !strings.Contains(report, want) {
		t.Errorf("the counterexample is not the shrunk case with its rules line %q:\n%s", want, report)
	}
}

// Cases of match-3 are drawn with sides up to casesSide, as
// Match3Cases' are.
func TestCasesOfMatch3AreSmall(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(2)
	params.MinSuccessfulTests = 30
	props := gopter.NewProperties(params)
	props.Property("small", prop.ForAll(func(c *match3.Case) bool {
		return c.Rows <= casesSide && c.Cols <= casesSide
	}, Cases(gems.Game)))
	if !props.Run(gopter.NewFormatedReporter(false, 80, &bytes.Buffer{})) {
		t.Error("a match-3 case drawn is larger than casesSide")
	}
}

// Fuzz under a rule set seeds its corpus with cases of that rule set, and
// a failure is explained with the rules line, in the input the replay
// commands read.
func TestFuzzUnderARuleSetExplainsWithItsRulesLine(t *testing.T) {
	jaw, _ := samegame.Lookup("jawbreaker")
	g := cubes.Under(jaw)
	for i, data := range Seeds(g) {
		if c := g.Decode(data); !c.Rules.Same(jaw) {
			t.Fatalf("seed %d decodes to a case of %s, want jawbreaker", i, c.Rules.Name)
		}
	}
	offByOne := g.TotalFunc("off-by-one", func(c *samegame.Case) (int64, error) { return engine.ScoreSameGame(c) + 1, nil })
	got := Explain(context.Background(), g, offByOne, []byte("2\n11\n22\n1\n0 0\n"))
	if !strings.Contains(got, "The shrunk case, in the input format (save it as case.in):\nrules jawbreaker\n") {
		t.Errorf("Explain under jawbreaker writes the case without its rules line:\n%s", got)
	}
}

// Cases of a game confined to legal clicks (cubes.Member,
// what --legal checks) draw and shrink only cases whose every click
// removes a group of at least the rule set's minimum: an engine that
// asserts on any other click can take every case, counterexamples
// included.
func TestCasesOfALegalGameAreLegal(t *testing.T) {
	bench, _ := samegame.Lookup("benchmark")
	g, err := cubes.Member(bench, conformance.Confine{Legal: true})
	if err != nil {
		t.Fatal(err)
	}
	params := gopter.DefaultTestParametersWithSeed(3)
	params.MinSuccessfulTests = 50
	props := gopter.NewProperties(params)
	clicks := 0
	props.Property("legal", prop.ForAll(func(c *samegame.Case) bool {
		clicks += len(c.Moves)
		return casegen.Legal(c)
	}, Cases(g)))
	// A property false of every case with two clicks or more: its
	// counterexample, shrunk, still holds only legal clicks.
	var shrunk *samegame.Case
	props.Property("at most one click", prop.ForAll(func(c *samegame.Case) bool {
		if len(c.Moves) < 2 {
			return true
		}
		shrunk = c
		return false
	}, Cases(g)))
	var out bytes.Buffer
	props.Run(gopter.NewFormatedReporter(false, 80, &out))
	report := out.String()
	if !strings.Contains(report, "+ legal: OK, passed 50 tests.") {
		t.Errorf("a case drawn holds an illegal click:\n%s", report)
	}
	if clicks == 0 {
		t.Errorf("no case drawn holds a click: the property above tells nothing")
	}
	switch {
	case shrunk == nil:
		t.Errorf("no case with two clicks was drawn:\n%s", report)
	case len(shrunk.Moves) != 2 || !casegen.Legal(shrunk):
		t.Errorf("the last counterexample tried is not a legal case of two clicks:\n%s\n%s", shrunk, report)
	}
}
