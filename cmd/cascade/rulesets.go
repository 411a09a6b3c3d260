package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
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
		return cmp.Or(c.Game, g), nil
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

// rulesConflict is the usage error of case c, whose rules line conflicts
// with --rules.
func rulesConflict(c conformance.Case, rc *conformance.RulesConflict) error {
	return fmt.Errorf("%s: %s", c.Source, rc.Explain("--rules"))
}

// gameKey tells games apart by name and rule set.
func gameKey(g conformance.Any) string { return g.Name() + "\x00" + g.Rules() }

// rulesEnv is the environment that tells a program the rule set of game
// g: RulesEnv for SameGame, codeabbey's included, and for match-3,
// thupc's included, so that a program never learns another from the
// caller's environment; none for a game without rule sets.
func rulesEnv(g conformance.Any) []string {
	if g == nil {
		return nil
	}
	rules := g.Rules()
	switch {
	case rules != "":
	case g.Name() == cubes.Game.Name:
		rules = samegame.CodeAbbey.String()
	case g.Name() == gems.Game.Name:
		rules = match3.Thupc.String()
	default:
		return nil
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

// auditGames sorts the cases by game (gameKey): the game of --game or
// --rules, or the one each file's first line shows, a SameGame file's
// under the rule set of its rules line (caseGame). The games come in the
// order of conformance.Games(), each game's rule sets in the order of
// their canonical forms. A file whose first line tells no game goes,
// with that error, to the first game that has files (or the first
// game). The error is a rules line that conflicts with --rules.
func auditGames(f *auditFlags, cases []conformance.Case) ([]conformance.Any, map[string][]conformance.Case, error) {
	byGame := make(map[string][]conformance.Case)
	var games []conformance.Any
	var unknown []conformance.Case
	for _, c := range cases {
		g, err := caseGame(f.game.g, c)
		if err != nil {
			return nil, nil, err
		}
		if g == nil && c.Err == nil {
			_, _, err := conformance.Recognise(bytes.NewReader(c.Input))
			c.Err = fmt.Errorf("%s: %w", c.Source, err)
		}
		if g == nil {
			unknown = append(unknown, c)
			continue
		}
		k := gameKey(g)
		if _, ok := byGame[k]; !ok {
			games = append(games, g)
		}
		byGame[k] = append(byGame[k], c)
	}
	order := func(g conformance.Any) int {
		return slices.IndexFunc(conformance.Games(), func(h conformance.Any) bool { return h.Name() == g.Name() })
	}
	slices.SortStableFunc(games, func(a, b conformance.Any) int {
		return cmp.Or(cmp.Compare(order(a), order(b)), strings.Compare(a.Rules(), b.Rules()))
	})
	if len(unknown) > 0 {
		// Only without --game: caseGame gives a case --game's game.
		if len(games) == 0 {
			games = conformance.Games()[:1]
		}
		k := gameKey(games[0])
		byGame[k] = append(byGame[k], unknown...)
		slices.SortFunc(byGame[k], func(a, b conformance.Case) int { return strings.Compare(a.Name, b.Name) })
	}
	return games, byGame, nil
}

// ruleSetItems are the coverage items the SameGame rule sets add to
// codeabbey's, each where its settings have it, in the order the named
// rule sets first list them.
func ruleSetItems() []conformance.CoverageItem {
	has := func(its []conformance.CoverageItem, name string) bool {
		return slices.ContainsFunc(its, func(it conformance.CoverageItem) bool { return it.Name == name })
	}
	var items []conformance.CoverageItem
	for _, r := range samegame.Named() {
		for _, it := range cubes.Under(r).Any().CoverageItems() {
			if !has(cubes.Game.Any().CoverageItems(), it.Name) && !has(items, it.Name) {
				items = append(items, it)
			}
		}
	}
	return items
}

// gamesToCheck are the games with something to check: built-in,
// generated or named cases; after each game of the flags, the SameGame
// rule sets of the rules lines of --cases (ruleSet), in the order of
// their canonical forms.
func gamesToCheck(f *checkFlags, named namedCases, read []conformance.Any) []conformance.Any {
	var games []conformance.Any
	for _, g := range f.games() {
		if f.builtin || !f.set["count"] || f.count > 0 || len(named[gameKey(g)]) > 0 {
			games = append(games, g)
		}
		var more []conformance.Any
		for _, r := range read {
			if r.Name() == g.Name() && f.ruleSet(r) {
				more = append(more, r)
			}
		}
		slices.SortFunc(more, func(a, b conformance.Any) int { return strings.Compare(a.Rules(), b.Rules()) })
		games = append(games, more...)
	}
	return games
}

// ruleSet reports whether check runs game g only for the cases of
// --cases of its rule set: g is none of the games of the flags.
func (f *checkFlags) ruleSet(g conformance.Any) bool {
	return !slices.ContainsFunc(f.games(), func(h conformance.Any) bool { return gameKey(h) == gameKey(g) })
}

// programsFor are the programs of --impl that check game g: those of the
// flags, or for a rule set of --cases' rules lines (ruleSet), programs
// of their own, told that rule set, since a program learns the rules
// once, when it starts.
func (f *checkFlags) programsFor(g conformance.Any) ([]*conformance.Command, error) {
	if !f.ruleSet(g) || len(f.programs) == 0 {
		return f.programs, nil
	}
	if ps, ok := f.ruleSetPrograms[gameKey(g)]; ok {
		return ps, nil
	}
	var ps []*conformance.Command
	for _, line := range f.impls {
		cmd, err := f.newCommand(line, g)
		if err != nil {
			return nil, err
		}
		ps = append(ps, cmd)
	}
	if f.ruleSetPrograms == nil {
		f.ruleSetPrograms = make(map[string][]*conformance.Command)
	}
	f.ruleSetPrograms[gameKey(g)] = ps
	return ps, nil
}
