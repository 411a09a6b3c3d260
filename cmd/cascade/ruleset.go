package main

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// A ruleSet is a rule set of --rules or of conformance.RulesEnv: one of
// SameGame's (cubes) or of match-3's (gems).
type ruleSet struct {
	sg     samegame.Rules
	m3     match3.Rules
	match3 bool // m3 holds it, else sg
}

// parseRuleSet reads text as a rule set of game g's family, or when g
// is nil of the family whose rule set it names: match-3's when match-3
// knows its name (gems.Game.KnowsRules), else SameGame's. A rule set of
// the other family than g's is named as such.
func parseRuleSet(g conformance.Any, text string) (ruleSet, error) {
	m3 := gems.Game.Any().KnowsRules(strings.Fields(text))
	if g != nil {
		m3 = g.Name() == gems.Game.Name
	}
	if m3 {
		r, err := match3.ParseRules(text)
		if err != nil {
			if _, sgErr := samegame.ParseRules(text); sgErr == nil && g != nil {
				return ruleSet{}, fmt.Errorf("--rules names a SameGame rule set, but the game is %s", g.Name())
			}
			return ruleSet{}, err
		}
		return ruleSet{m3: r, match3: true}, nil
	}
	r, err := samegame.ParseRules(text)
	if err != nil {
		if _, m3Err := match3.ParseRules(text); m3Err == nil && g != nil {
			return ruleSet{}, fmt.Errorf("--rules names a match-3 rule set, but the game is %s", g.Name())
		}
		return ruleSet{}, err
	}
	return ruleSet{sg: r}, nil
}

// Text is the shortest text form of the rule set, which parseRuleSet
// reads back.
func (r ruleSet) Text() string {
	if r.match3 {
		return r.m3.Text()
	}
	return r.sg.Text()
}

// member is the game of the rule set's family under it, confined as cf
// says (cubes.Member, gems.Member).
func (r ruleSet) member(cf conformance.Confine) (conformance.Any, error) {
	if r.match3 {
		g, err := gems.Member(r.m3, cf)
		if err != nil {
			return nil, err
		}
		return g.Any(), nil
	}
	g, err := cubes.Member(r.sg, cf)
	if err != nil {
		return nil, err
	}
	return g.Any(), nil
}

// usualSide is the longer side of the rule set's usual board, 0 when it
// names none.
func (r ruleSet) usualSide() int {
	if r.match3 {
		e := r.m3.Effective()
		return max(e.Rows, e.Cols)
	}
	e := r.sg.Effective()
	return max(e.Width, e.Height)
}

// ruleSetOf is the rule set a report names with its game and its
// canonical rules text; false when the text names none of the game's.
func ruleSetOf(game conformance.Any, rules string) (ruleSet, error) {
	return parseRuleSet(game, rules)
}
