package engine

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// ruleSets are the named rule sets and custom ones that reach the settings
// no named set uses: a minimum above 2, columns closing right with Left
// applied at the end of the list.
func ruleSets(t testing.TB) []samegame.Rules {
	sets := samegame.Named()
	for _, text := range []string{
		"custom min=3 points=(n-1)^2 left=-n close=right",
		"custom min=2 points=n left=n*10 end=list close=right",
	} {
		r, err := samegame.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, r)
	}
	return sets
}

// randomRulesCase is a small box of the rule set's colours, clicked at
// random cells of the frame, some of them empty by then.
func randomRulesCase(r *rand.Rand, rules samegame.Rules) *samegame.Case {
	colours := max(rules.Colours, 2)
	c := &samegame.Case{Rules: rules, W: 1 + r.IntN(7), H: 1 + r.IntN(7)}
	for range c.W * c.H {
		c.Board = append(c.Board, uint8(1+r.IntN(colours)))
	}
	for range r.IntN(2 * c.W * c.H) {
		c.Moves = append(c.Moves, samegame.Move{X: r.IntN(c.W), Y: r.IntN(c.H)})
	}
	return c
}

func TestSameGameRuleSetsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	for _, rules := range ruleSets(t) {
		for i := range cases(300) {
			c := randomRulesCase(r, rules)
			if _, ok := checkSameGame(t, fmt.Sprintf("%s case %d", rules.Name, i), c); !ok {
				break
			}
		}
	}
}

func TestSameGameApplyDoesNotAllocateUnderAnyRuleSet(t *testing.T) {
	base := sameGameSmallCase()
	for _, rules := range ruleSets(t) {
		c := base.Clone()
		c.Rules = rules
		g := NewSameGame(c)
		for _, m := range c.Moves {
			g.Apply(m)
		}
		g.End()
		g.load(c)
		next := 0
		apply := func() { g.Apply(c.Moves[next]); next++ }
		if n := testing.AllocsPerRun(len(c.Moves)-1, apply); n != 0 {
			t.Errorf("%s: Apply allocates %v times per click, want 0", rules.Name, n)
		}
		if n := testing.AllocsPerRun(10, func() { g.End() }); n != 0 {
			t.Errorf("%s: End allocates %v times, want 0", rules.Name, n)
		}
	}
}

// Generated cases of every rule set, drawn as cascade check draws them
// (casegen's knobs adapted by Under): a few hundred each, so that more
// rule sets cost no more than the statement's rules alone.
func TestSameGameRuleSetsGeneratedCasesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	for _, rules := range ruleSets(t)[1:] {
		for i := range cases(400) {
			o := casegen.SameGameKnobs(r, 40).Under(r, rules, 40)
			o.NewPlayer = engineSameGame
			if _, ok := checkSameGame(t, fmt.Sprintf("%s case %d (%v)", rules.Name, i, o), casegen.SameGame(r, o)); !ok {
				break
			}
		}
	}
}

// TestRuleSetWorkedExamples plays the worked example of every named rule
// set and of a custom one (samegame/testdata/rules, derived by hand in
// SPEC-rulesets.md): the engine and the reference give the pinned total.
func TestRuleSetWorkedExamples(t *testing.T) {
	ins, err := filepath.Glob(filepath.Join("..", "samegame", "testdata", "rules", "*.in"))
	if err != nil || len(ins) < len(samegame.Names())+1 {
		t.Fatalf("worked examples: %v, %v; want one per named rule set and a custom one", ins, err)
	}
	for _, in := range ins {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		ans, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		want, err := strconv.ParseInt(strings.TrimSpace(string(ans)), 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		c, err := samegame.Parse(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if c.Rules.Name == "" && filepath.Base(in) != "codeabbey.in" {
			t.Errorf("%s: no rules line", in)
		}
		if got, ref := PlaySameGame(c).Total, reference.PlaySameGame(c).Total; got != want || ref != want {
			t.Errorf("%s: engine %d, reference %d, want %d", in, got, ref, want)
		}
	}
}
