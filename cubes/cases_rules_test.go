package cubes

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func mustRules(t *testing.T, text string) samegame.Rules {
	t.Helper()
	r, err := samegame.ParseRules(text)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBuiltinCasesFollowTheRuleSet checks which built-in cases each rule
// set gets: the statement's under codeabbey, the 20 standard positions
// under every rule set that plays as the benchmark does, by any name, the
// scripts' inputs under the rule set their rules line names, and none
// under a rule set that plays otherwise. Each case reads as a case
// of the rule set, and the reference and the engine give its answer.
func TestBuiltinCasesFollowTheRuleSet(t *testing.T) {
	for _, tc := range []struct {
		rules    string
		standard bool
		first    string // the first case's name; "*" any, "" no case at all
	}{
		{"benchmark", true, "benchmark-standard-01"},
		{"swellfoop", true, "benchmark-standard-01"},
		{"ksame", true, "benchmark-standard-01"},
		{"custom min=2 points=(n-2)^2 clear=1000", true, "benchmark-standard-01"},
		{"codeabbey", false, "samegame-example"},
		{"custom min=1 points=n*(n+1)/2", false, "samegame-example"},
		{"lx", false, "*"},
		{"benchmark clear=999", false, ""},
		{"benchmark close=right", false, ""},
	} {
		r := mustRules(t, tc.rules)
		cs := sameGameCasesUnder(r)
		if tc.first == "" {
			if len(cs) != 0 {
				t.Errorf("%s: %d built-in cases, want none", tc.rules, len(cs))
			}
			continue
		}
		if len(cs) == 0 || tc.first != "*" && cs[0].Name != tc.first {
			t.Errorf("%s: %d built-in cases, want %s first", tc.rules, len(cs), tc.first)
			continue
		}
		standard := 0
		for _, bc := range cs {
			if strings.HasPrefix(bc.Name, "benchmark-standard-") {
				standard++
			}
			c, err := samegame.Parse(bytes.NewReader(bc.Input))
			if err != nil {
				t.Errorf("%s: %s: %v", tc.rules, bc.Name, err)
				continue
			}
			if c.Rules.Name != "" && !c.Rules.Same(r) {
				t.Errorf("%s: %s reads under %v", tc.rules, bc.Name, c.Rules)
			}
			c.Rules = r
			if ref, eng := reference.PlaySameGameBrief(c).Total, engine.ScoreSameGame(c); !bc.HasWant || ref != bc.Want || eng != bc.Want {
				t.Errorf("%s: %s: reference %d, engine %d, answer %d (%t)", tc.rules, bc.Name, ref, eng, bc.Want, bc.HasWant)
			}
		}
		if want := map[bool]int{true: sample.StandardCount}[tc.standard]; standard != want {
			t.Errorf("%s: %d standard positions, want %d", tc.rules, standard, want)
		}
	}
}

func TestBuiltinCasesOfARuleSetAreFreshCopies(t *testing.T) {
	r := mustRules(t, "swellfoop")
	a := sameGameCasesUnder(r)
	a[0].Input[0] = 'x'
	if b := sameGameCasesUnder(r); b[0].Input[0] == 'x' {
		t.Error("changing a returned case changed the built-in one")
	}
	b := sameGameCasesUnder(mustRules(t, "benchmark"))
	b[0].Input[0] = 'x'
	if c := sameGameCasesUnder(mustRules(t, "benchmark")); c[0].Input[0] == 'x' {
		t.Error("changing a returned case changed the built-in one")
	}
}

func TestSameGameUnderABenchmarkRuleSetChecksTheStandardPositions(t *testing.T) {
	for _, text := range []string{"benchmark", "ksame"} {
		g := Under(mustRules(t, text))
		cs := g.Builtin()
		standard := 0
		for _, bc := range cs {
			if strings.HasPrefix(bc.Name, "benchmark-standard-") {
				standard++
			}
			c, err := g.Parse(bytes.NewReader(bc.Input))
			if err != nil {
				t.Errorf("%s: %s: %v", text, bc.Name, err)
				continue
			}
			if got := g.Reference(c).Total; got != bc.Want {
				t.Errorf("%s: %s: reference %d, want %d", text, bc.Name, got, bc.Want)
			}
		}
		if standard != sample.StandardCount {
			t.Errorf("%s: %d standard positions among the built-in cases, want %d", text, standard, sample.StandardCount)
		}
	}
}

// TestStatementBuiltinCasesAreInTheStatementsFormat: a program written
// to the Color Cubes statement reads N and N rows; SameGame's built-in
// cases never hand it a rules line or a W x H box.
func TestStatementBuiltinCasesAreInTheStatementsFormat(t *testing.T) {
	for _, bc := range Game.Builtin() {
		c, err := samegame.Parse(bytes.NewReader(bc.Input))
		if err != nil {
			t.Errorf("%s: %v", bc.Name, err)
			continue
		}
		if !c.Square() || !c.Rules.IsDefault() || hasRulesLine(bc.Input) {
			t.Errorf("%s: a %dx%d box under %v, want an N x N box of the statement's rules", bc.Name, c.W, c.H, c.Rules)
		}
	}
}
