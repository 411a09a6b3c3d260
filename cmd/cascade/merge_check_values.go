package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// The fields of a report that hold text or a time, rather than a count:
// a game's rules, its coverage items, the verdicts of its results, the
// times. merge prints them, puts
// them in the merged report and divides by the times, so each is checked
// as checkShard checks the counts.

// checkRules checks the game and the rules of the report of a game at
// field at, and returns the game they name: a SameGame rule set in its
// canonical form, absent for the statement's, which check writes so.
func checkRules(s *shardReport, g *jsonGame, at string) (conformance.Any, error) {
	game, ok := conformance.Lookup(g.Game)
	switch {
	case !ok:
		return nil, s.bad(at+".game", "%q: no such game", g.Game)
	case g.Rules == "":
		return game, nil
	case game != cubes.Game.Any() && game != gems.Game.Any():
		return nil, s.bad(at+".rules", "%q: %s has no rule sets", g.Rules, g.Game)
	}
	r, err := parseRuleSet(game, g.Rules)
	if err != nil {
		return nil, s.bad(at+".rules", "%q: %s", g.Rules, strings.TrimPrefix(strings.TrimPrefix(err.Error(), "rules: "), "--rules "))
	}
	under, err := r.member(conformance.Confine{})
	switch {
	case err != nil:
		return nil, s.bad(at+".rules", "%q: %v", g.Rules, err)
	case under.Rules() == "":
		return nil, s.bad(at+".rules", "%q: the statement's rules, which a report gives as no rules", g.Rules)
	case under.Rules() != g.Rules:
		// Shards of one run are told by their rules text: one that
		// another cascade wrote differently is not of the run.
		return nil, s.bad(at+".rules", "%q: want the canonical form %q", g.Rules, under.Rules())
	}
	return under, nil
}

// gameOf is the game a report names with its game and rules, which
// checkRules checked.
func gameOf(name, rules string) conformance.Any {
	game, _ := conformance.Lookup(name)
	if rules == "" {
		return game
	}
	r, err := parseRuleSet(game, rules)
	if err != nil {
		return game
	}
	under, err := r.member(conformance.Confine{})
	if err != nil {
		return game
	}
	return under
}

// checkCoverage checks the rule coverage of a game's report of cases
// cases: every coverage item of game once, none reached by more cases
// than that.
func checkCoverage(s *shardReport, cov *jsonCoverage, game conformance.Any, cases int, field string) error {
	if cov == nil {
		return nil
	}
	if cov.EngineTraceCases < 0 || cov.EngineTraceCases > cases {
		return s.bad(field+".engine_trace_cases", "%d of %d cases", cov.EngineTraceCases, cases)
	}
	items := make(map[string]bool)
	for _, it := range game.CoverageItems() {
		items[it.Name] = true
	}
	seen := make(map[string]bool)
	for j, c := range cov.Counts {
		at := fmt.Sprintf("%s.counts[%d]", field, j)
		switch {
		case !items[c.Item]:
			return s.bad(at, "item %q: not a coverage item of %s", c.Item, game.Name())
		case seen[c.Item]:
			return s.bad(at, "item %q counted twice", c.Item)
		case c.Cases < 0 || c.Cases > cases:
			return s.bad(at+".cases", "%d of %d cases", c.Cases, cases)
		case c.Count < 0 || c.Count > maxCount:
			return s.bad(at+".count", "%d: want 0 to 2^48", c.Count)
		}
		seen[c.Item] = true
	}
	for _, it := range game.CoverageItems() {
		if !seen[it.Name] {
			return s.bad(field+".counts", "item %q missing", it.Name)
		}
	}
	return nil
}

// checkResult checks the verdict of a case's result at field, which
// merge prints and counts as a pass or not.
func (s *shardReport) checkResult(field string, r *jsonResult) error {
	if !isVerdict(r.Verdict) {
		return s.bad(field+".verdict", "%q: no such verdict", r.Verdict)
	}
	return nil
}

// maxSeconds is the longest time a time.Duration holds, some 292 years.
var maxSeconds = time.Duration(math.MaxInt64).Seconds()

// checkSeconds checks a time of s's report, at field: 0, or a time a
// time.Duration holds from its nanosecond up. What check measures is
// one; a time beyond would print negative once made a Duration, and one
// under a nanosecond would make a rate of cases per second too large
// for --json to write.
func (s *shardReport) checkSeconds(field string, v float64) error {
	if v != 0 && (v < 1e-9 || v > maxSeconds) {
		return s.bad(field, "%g: want 0 or from a nanosecond to 292 years", v)
	}
	return nil
}

// seconds is the time.Duration of v seconds, checked by checkSeconds;
// maxSeconds itself rounds to a nanosecond past the longest Duration.
func seconds(v float64) time.Duration {
	if v >= maxSeconds {
		return time.Duration(math.MaxInt64)
	}
	return time.Duration(v * float64(time.Second))
}
