package planted

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// This file holds the variants of a rule set's settings: for every
// setting that changes how a game scores (samegame.Settings, Play), the
// ways an engine gets it wrong, each written once and played under any
// rule set. Most play the reference under a rule set with the one setting
// changed; the rest compute the end-of-game term on a wrong test. A bug
// whose rule set plays the same game as the case's (a clear bonus dropped
// where clear=0) is listed, but says why it cannot count.

// A settingBug is one way of getting one setting wrong.
type settingBug struct {
	// key is the setting, as samegame.Settings names it.
	key string
	// rule is the ruling the bug breaks, as SPEC.md numbers it.
	rule string
	// name says what the bug gets wrong under r.
	name func(r samegame.Rules) string
	// rules, when not nil, is the rule set the bug plays instead of r;
	// false when the bug has none under r (no minimum below 1).
	rules func(r samegame.Rules) (samegame.Rules, bool)
	// end, when not nil, is the end-of-game term the bug computes instead
	// of the reference's, from the game after the list and its last click
	// (nil when the list is empty).
	end func(r samegame.Rules, g *reference.SameGame, last *samegame.Result) int64
	// same, with end, says why the bug scores every case as the
	// reference does under r; empty when some case tells them apart.
	same func(r samegame.Rules) string
}

func named(s string) func(samegame.Rules) string { return func(samegame.Rules) string { return s } }

// settingBugs are the bugs of every play setting, in no particular order:
// SameGameUnder lists them in the order of samegame.Settings.
var settingBugs = lazy.Value[[]settingBug]{Make: func() []settingBug {
	return []settingBug{
		// The single cube an engine removes where the rule set wants a pair:
		// the check `size >= 2` forgotten.
		{key: "min", rule: "S8", name: named("min dropped: a single cube removed"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Min = 1; return r, true }},
		{key: "min", rule: "S8", name: named("min one smaller: a group of min-1 cubes removed"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Min--; return r, r.Min >= 1 }},
		// `size > min` for `size >= min`.
		{key: "min", rule: "S8", name: named("min one larger: a group of exactly min cubes stays"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Min++; return r, true }},

		{key: "points", rule: "S5", name: named("points dropped: every group scores 0"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Points = samegame.Expr{}; return r, true }},
		// A flood fill that counts the clicked cube before it starts and
		// again when it visits it.
		{key: "points", rule: "S5", name: named("points of one cube more: the clicked cube counted twice"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { return withPoints(r, shifted(r.Points, "(n+1)")) }},
		// A count that leaves out the clicked cube.
		{key: "points", rule: "S5", name: named("points of one cube fewer: the clicked cube left out"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { return withPoints(r, shifted(r.Points, "(n-1)")) }},
		// The formula of a relative: an engine ported from another game.
		{key: "points", rule: "S5",
			name: func(r samegame.Rules) string {
				o, _ := otherPoints(r)
				return fmt.Sprintf("points %s, %s's formula", o.Points, o.Name)
			},
			rules: func(r samegame.Rules) (samegame.Rules, bool) {
				o, ok := otherPoints(r)
				r.Points = o.Points
				return r, ok
			}},

		armBug("points", 0), armBug("points", 1),

		{key: "clear", rule: "S9", name: named("clear bonus dropped"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Clear = 0; return r, true }},
		// The bonus given on "game over" rather than on "box empty".
		{key: "clear", rule: "S9", name: named("clear bonus given whenever no move remains, cubes left or not"),
			end: func(r samegame.Rules, g *reference.SameGame, _ *samegame.Result) int64 {
				b := g.Box()
				if b.Cubes() > 0 && !b.HasGroup(max(r.Min, 1)) {
					return r.Clear + g.End()
				}
				return g.End()
			},
			same: noClear},
		// The benchmark's referee tests cell (0, 0) for an empty box, which
		// holds only while columns close to the left.
		{key: "clear", rule: "S9", name: named("clear bonus when the bottom-left cell is empty"),
			end: func(r samegame.Rules, g *reference.SameGame, _ *samegame.Result) int64 {
				if g.At(0, 0) == 0 {
					return r.Clear
				}
				return g.End()
			},
			same: func(r samegame.Rules) string {
				if why := noClear(r); why != "" {
					return why
				}
				if r.Close == samegame.CloseLeft {
					return "close=left: the bottom-left cell empties only with the whole box"
				}
				return ""
			}},
		// The bonus added after a click that removes cubes only, so that a
		// last click on the cleared box loses it.
		{key: "clear", rule: "S10", name: named("clear bonus lost to a last click on the cleared box"),
			end: func(r samegame.Rules, g *reference.SameGame, last *samegame.Result) int64 {
				if g.Box().Cubes() == 0 && last != nil && last.Removed == 0 {
					return 0
				}
				return g.End()
			},
			same: noClear},

		{key: "left", rule: "S11", name: named("left term dropped"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Left = samegame.Expr{}; return r, true }},
		// A penalty added where it should be taken away, or the reverse.
		{key: "left", rule: "S11", name: named("left term with its sign inverted"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) {
				e, err := samegame.ParseExpr("-(" + r.Left.String() + ")")
				r.Left = e
				return r, err == nil
			}},
		armBug("left", 0), armBug("left", 1),
		// The cubes counted before the last removal's last cube goes, or a
		// loop bound off by one.
		{key: "left", rule: "S11", name: named("left term of one cube more"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { return withLeft(r, shifted(r.Left, "(n+1)")) }},
		{key: "left", rule: "S11", name: named("left term of one cube fewer"),
			rules: func(r samegame.Rules) (samegame.Rules, bool) { return withLeft(r, shifted(r.Left, "(n-1)")) }},
		// The term computed only after a click that removes cubes, so that a
		// last click below the minimum, or on an empty cell, skips it.
		{key: "left", rule: "S10", name: named("left term skipped after a last click that removes nothing"),
			end: func(_ samegame.Rules, g *reference.SameGame, last *samegame.Result) int64 {
				if g.Box().Cubes() > 0 && last != nil && last.Removed == 0 {
					return 0
				}
				return g.End()
			},
			same: func(r samegame.Rules) string {
				if zeroLeft(r) {
					return "left=0: there is no term to skip"
				}
				return ""
			}},

		// The penalty taken at the end of the list while a move remains, or
		// only when stuck where the rule set takes it at the end of the
		// list; where only a removing click earns the term, an engine that
		// judges the box whatever the clicks did, as end=over does.
		{key: "end", rule: "S11",
			name: func(r samegame.Rules) string {
				switch r.End {
				case samegame.EndOver:
					return "left term at the end of the list, a move left or not"
				case samegame.EndList:
					return "left term only when no move remains"
				}
				return "end=move ignored: the term given to a box no click removed from"
			},
			rules: func(r samegame.Rules) (samegame.Rules, bool) {
				r.End = map[samegame.End]samegame.End{samegame.EndOver: samegame.EndList, samegame.EndList: samegame.EndOver, samegame.EndMove: samegame.EndOver}[r.End]
				return r, true
			}},

		// Jawbreaker's columns closing the other way, or the reverse.
		{key: "close", rule: "S6",
			name: func(r samegame.Rules) string {
				return "empty columns close to the " + (1 - r.Close).String()
			},
			rules: func(r samegame.Rules) (samegame.Rules, bool) { r.Close = 1 - r.Close; return r, true }},
	}
}}

func noClear(r samegame.Rules) string {
	if r.Clear == 0 {
		return "clear=0: there is no bonus to give"
	}
	return ""
}

func zeroLeft(r samegame.Rules) bool {
	for _, n := range probes.Get() {
		if r.Left.Eval(n) != 0 {
			return false
		}
	}
	return true
}

// probes are the numbers of cubes at which two rule sets are compared:
// every group a small box holds, and the powers of two up to the boxes of
// a million cells.
var probes = lazy.Value[[]int64]{Make: func() []int64 {
	var p []int64
	for n := int64(1); n <= 1024; n++ {
		p = append(p, n)
	}
	for n := int64(2048); n <= 1<<20; n *= 2 {
		p = append(p, n-1, n, n+1)
	}
	return p
}}

// samePlay reports whether a and b, both effective, score every case
// alike, as far as the probes tell.
func samePlay(a, b samegame.Rules) bool {
	if max(a.Min, 1) != max(b.Min, 1) || a.Clear != b.Clear || a.Close != b.Close {
		return false
	}
	for _, n := range probes.Get() {
		if a.Score(int(n)) != b.Score(int(n)) || a.Left.Eval(n) != b.Left.Eval(n) {
			return false
		}
	}
	return a.End == b.End || zeroLeft(a)
}

// shifted is e with n replaced by by, e.g. (n+1): the variable n, not
// the n of a function's name such as min.
func shifted(e samegame.Expr, by string) string {
	text := e.String()
	var out strings.Builder
	for i := range len(text) {
		if text[i] == 'n' && (i == 0 || !isLetter(text[i-1])) && (i+1 == len(text) || !isLetter(text[i+1])) {
			out.WriteString(by)
			continue
		}
		out.WriteByte(text[i])
	}
	return out.String()
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

func withPoints(r samegame.Rules, expr string) (samegame.Rules, bool) {
	e, err := samegame.ParseExpr(expr)
	r.Points = e
	return r, err == nil
}

func withLeft(r samegame.Rules, expr string) (samegame.Rules, bool) {
	e, err := samegame.ParseExpr(expr)
	r.Left = e
	return r, err == nil
}

// otherPoints is the first named rule set after r, in the order of
// samegame.Named and round again, whose points score some group
// otherwise than r's and not 0 for every group (points dropped is a bug
// of its own).
func otherPoints(r samegame.Rules) (samegame.Rules, bool) {
	all := samegame.Named()
	start := slices.IndexFunc(all, func(o samegame.Rules) bool { return o.Name == r.Name }) + 1
	zero := r
	zero.Points = samegame.Expr{}
	for i := range all {
		o := all[(start+i)%len(all)]
		s := r
		s.Points = o.Points
		if !samePlay(s, r) && !samePlay(s, zero) {
			return o, true
		}
	}
	return samegame.Rules{}, false
}

// settingText is r's key=value for the setting key.
func settingText(r samegame.Rules, key string) string {
	for _, f := range strings.Fields(r.String()) {
		if strings.HasPrefix(f, key+"=") {
			return f
		}
	}
	return key
}

// settingVariants are the variants of every play setting under r, in the
// order of samegame.Settings; a bug that plays exactly as one listed
// before it (min dropped and min one smaller under min=2) is left out.
func settingVariants(r samegame.Rules) []conformance.Variant[*samegame.Case, samegame.Trace] {
	var vs []conformance.Variant[*samegame.Case, samegame.Trace]
	var seen []samegame.Rules
	for _, s := range samegame.Settings {
		for _, bug := range settingBugs.Get() {
			if bug.key != s.Key {
				continue
			}
			v := conformance.Variant[*samegame.Case, samegame.Trace]{Name: bug.name(r), Rule: bug.rule}
			if bug.rules != nil {
				br, ok := bug.rules(r)
				if !ok || slices.ContainsFunc(seen, func(o samegame.Rules) bool { return samePlay(o, br) && !samePlay(o, r) }) {
					continue
				}
				seen = append(seen, br)
				v.Play = playUnder(r, br, bug.rules)
				if samePlay(br, r) {
					why := settingText(r, s.Key)
					if s.Key == "end" {
						// end says when left applies; it is left that is 0.
						why = settingText(r, "left")
					}
					v.Equivalent = fmt.Sprintf("under %s, %s: the bug's rule set scores every case alike", r.Name, why)
				}
			} else {
				v.Play = playEnding(bug.end)
				if why := bug.same(r); why != "" {
					v.Equivalent = fmt.Sprintf("under %s, %s", r.Name, why)
				}
			}
			vs = append(vs, v)
		}
	}
	return vs
}

// playUnder plays a case under the rule set mutate makes of the case's;
// the reference's own when mutate has none. A case of r, the rule set
// the variants were made for, plays under br, what mutate made of r
// then: mutating takes comparisons at every probe for some bugs, and an
// audit plays a variant on case after case.
func playUnder(r, br samegame.Rules, mutate func(samegame.Rules) (samegame.Rules, bool)) func(*samegame.Case) samegame.Trace {
	return func(c *samegame.Case) samegame.Trace {
		d := *c
		if cr := c.Rules.Effective(); cr.Same(r) {
			d.Rules = br
		} else if m, ok := mutate(cr); ok {
			d.Rules = m
		}
		return reference.PlaySameGameSummary(&d)
	}
}

// playEnding plays a case under its rule set with end computing the
// end-of-game term.
func playEnding(end func(samegame.Rules, *reference.SameGame, *samegame.Result) int64) func(*samegame.Case) samegame.Trace {
	return func(c *samegame.Case) samegame.Trace {
		g := reference.NewSameGameSummary(c)
		var last *samegame.Result
		for _, m := range c.Moves {
			res := g.Apply(m)
			last = &res
		}
		t := g.Done()
		t.Total -= t.End
		t.End = end(c.Rules.Effective(), g, last)
		t.Total += t.End
		return t
	}
}
