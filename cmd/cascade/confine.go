package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// addConfineFlags adds --legal and --usual-box, which confine the
// SameGame cases a command generates (cubes.Member), to
// the flags of a command that generates.
func addConfineFlags(fs *flag.FlagSet, cf *conformance.Confine) {
	fs.BoolVar(&cf.Legal, "legal", false, "")
	fs.BoolVar(&cf.UsualBox, "usual-box", false, "")
}

// confineFlagsHelp documents --legal and --usual-box for the commands
// that take them; gen, check and suite add what they do with the
// cases.
const confineFlagsHelp = `  --legal          generate only legal SameGame clicks: every click
                   removes a group of at least the rule set's min, never
                   an empty cell or a smaller group, as a search engine
                   or a referee that ends the game on an illegal click
                   wants; a case is played to the end of the game or
                   stopped at a random point. Fuzzed and shrunk cases
                   stay legal, and built-in cases that hold an illegal
                   click are left out (the report counts them). Implies
                   --game samegame. Under a match-3 rule set other than
                   thupc, only swaps that make a run; under thupc a usage
                   error (its invalid swaps are part of its rules)
  --usual-box      generate only the rule set's usual box (benchmark,
                   lx: 15x15 of colours 1..5; each named set's box is in
                   SPEC-rulesets.md), for an engine with a fixed board; a shrink keeps the box
                   and shrinks the clicks and colours. Implies --game
                   samegame; a usage error under a rule set without a
                   usual box (codeabbey, custom) or with a smaller
                   --max-size. Under a match-3 rule set, its usual board
                   and colours (gymmatch3: 9x9 of 7)
`

// confineText is how a command line gives cf: "--legal --usual-box",
// "" for none.
func confineText(cf conformance.Confine) string {
	var flags []string
	if cf.Legal {
		flags = append(flags, "--legal")
	}
	if cf.UsualBox {
		flags = append(flags, "--usual-box")
	}
	return strings.Join(flags, " ")
}

// confine makes g's game its family's member under its rule set
// confined as cf says, when cf confines anything: a game not chosen
// becomes SameGame. The error, a usage error, says why it cannot be:
// the game is match-3 under thupc (the statement's rules, whose invalid
// swaps cost the all-valid bonus), or the rule set names no usual box.
func confine(g *gameFlag, cf conformance.Confine) error {
	if cf == (conformance.Confine{}) {
		return nil
	}
	flags := confineText(cf)
	if g.g != nil && g.g.Name() != cubes.Game.Name && (g.rules == nil || !g.rules.match3) {
		return fmt.Errorf("%s is for SameGame, whose clicks may remove nothing; the game is %s, whose invalid swaps are part of its rules", flags, g.g.Name())
	}
	var r ruleSet
	if g.rules != nil {
		r = *g.rules
	}
	cg, err := r.member(cf)
	if err != nil && r.match3 {
		return fmt.Errorf("%s: %v", flags, err)
	}
	if err != nil {
		return fmt.Errorf("--usual-box: %v", err)
	}
	g.g = cg
	return nil
}

// usualSide is the longer side of the usual box of g's rule set, 0 when
// it is not confined to it.
func usualSide(g *gameFlag) int {
	if g.g == nil || !g.g.Confined().UsualBox || g.rules == nil {
		return 0
	}
	return g.rules.usualSide()
}

// confinedNote is the report's line on the confinement of a game's
// generated cases and the built-in cases it left out; "" when it is
// not confined.
func confinedNote(g conformance.Any, builtin bool) string {
	flags := confineText(g.Confined())
	if flags == "" {
		return ""
	}
	note := "  confined: " + flags
	if n, why := g.LeftOut(); builtin && n > 0 {
		note += "; built-in cases left out: " + why
	}
	return note + "\n"
}

// confinedAs is game, of a report of a run whose flags are run, with the
// rules text rules, confined as the run's --legal and --usual-box say,
// unless it is a rule set of --cases' rules lines alone (casesOnly),
// which generates nothing: cascade merge reads its items and replays its
// cases as check did.
func confinedAs(run jsonRun, game conformance.Any, rules string, casesOnly bool) conformance.Any {
	cf := conformance.Confine{Legal: run.Legal, UsualBox: run.UsualBox}
	if casesOnly || cf == (conformance.Confine{}) || game.Name() != cubes.Game.Name {
		return game
	}
	var r samegame.Rules
	if rules != "" {
		var err error
		if r, err = samegame.ParseRules(rules); err != nil {
			return game
		}
	}
	g, err := cubes.Member(r, cf)
	if err != nil {
		return game
	}
	return g.Any()
}
