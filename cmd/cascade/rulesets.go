package main

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// The cases of a directory (check --cases, audit) go each to the game
// it is played as: a SameGame case with a rules line to SameGame under
// that rule set, its own game in the reports, so that a program is
// always told the rule set it is judged by, and an audit measures the
// planted bugs of the rules its files are played under. With --rules
// every case must be of that rule set: one whose rules line names
// another is a usage error.

// caseGame is the game case c is played as, c read as game g, or as the
// game its first line shows when g is nil; nil when no game takes it
// (its first line tells none). A case that is not valid goes to the game
// that read it, which reports it. The error is a rules line that names
// another rule set than g's, said as a usage error names it, with the
// file and the line.
func caseGame(g conformance.Any, c conformance.Case) (conformance.Any, error) {
	if c.Err != nil {
		if rc, ok := errors.AsType[*conformance.RulesConflict](c.Err); ok {
			return nil, rulesConflict(c, rc)
		}
		return cmpGame(c.Game, g), nil
	}
	if c.Game != nil {
		return c.Game, nil
	}
	// A member of an archive: ReadCasesFor did not parse it.
	if g == nil {
		if g, _, _ = conformance.Recognise(bytes.NewReader(c.Input)); g == nil {
			return nil, nil
		}
	}
	p, err := g.Parse(c.Input)
	if rc, ok := errors.AsType[*conformance.RulesConflict](err); ok {
		return nil, rulesConflict(c, rc)
	}
	if err != nil {
		return g, nil
	}
	return p.Game(), nil
}

// cmpGame is a when it is not nil, else b.
func cmpGame(a, b conformance.Any) conformance.Any {
	if a != nil {
		return a
	}
	return b
}

// rulesConflict is the usage error of case c, whose rules line conflicts
// with --rules.
func rulesConflict(c conformance.Case, rc *conformance.RulesConflict) error {
	return fmt.Errorf("%s: %s", c.Source, rc.Explain("--rules"))
}

// gameKey tells games apart by name and rule set.
func gameKey(g conformance.Any) string { return g.Name() + "\x00" + g.Rules() }

// rulesEnv is the environment that tells a program the rule set of game
// g: RulesEnv for SameGame, codeabbey's included, so that a program
// never learns another from the caller's environment; none for a game
// without rule sets.
func rulesEnv(g conformance.Any) []string {
	if g == nil || g.Name() != conformance.SameGame.Name {
		return nil
	}
	rules := g.Rules()
	if rules == "" {
		rules = samegame.CodeAbbey.String()
	}
	return []string{conformance.RulesEnv + "=" + rules}
}

// gameTitle names game g in a report: its name, with its rule set's
// name when it has one ("samegame benchmark").
func gameTitle(g string, rules string) string {
	if rules == "" {
		return g
	}
	return g + " " + strings.Fields(rules)[0]
}
