package planted

import (
	"slices"

	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// SameGameUnder returns the planted variants of SameGame under the rule
// set r, which must be effective: the statement's variants that break
// how a click is located, how a group is found, and how cubes fall and
// columns close to the left, which play over r; and one variant per
// setting of r, dropped, relaxed, inverted or off by one, each the
// reference under a rule set that differs from r in that one setting.
// The statement's variants of its points and of its 64-bit scores are
// its own, and left out.
func SameGameUnder(r samegame.Rules) []Variant[*samegame.Case, samegame.Trace] {
	keep := []string{"group 8-connected", "Y counted from the top", "X and Y read the other way round",
		"coordinates read as 1-based", "empty-cell click lands on the column's top cube", "cubes do not fall"}
	if r.Close == samegame.CloseLeft {
		keep = append(keep, "X counted on the original columns", "empty columns not closed",
			"only the first emptied column closed", "of two adjacent emptied columns the second stays",
			"leftmost column never closed")
	}
	var vs []Variant[*samegame.Case, samegame.Trace]
	for _, v := range SameGame() {
		if slices.Contains(keep, v.Name) {
			vs = append(vs, v)
		}
	}
	setting := func(name, rule string, change func(*samegame.Rules)) {
		changed := r
		change(&changed)
		vs = append(vs, Variant[*samegame.Case, samegame.Trace]{Name: name, Rule: rule,
			Play: func(c *samegame.Case) samegame.Trace {
				d := *c
				d.Rules = changed
				return reference.PlaySameGame(&d)
			}})
	}
	if r.Min > 1 {
		setting("minimum group one smaller", "S8", func(s *samegame.Rules) { s.Min-- })
	}
	setting("minimum group one larger", "S8", func(s *samegame.Rules) { s.Min++ })
	if r.Clear != 0 {
		setting("no bonus for an empty box", "S9", func(s *samegame.Rules) { s.Clear = 0 })
	}
	if r.Left.String() != "0" {
		setting("no term for the cubes left", "S11", func(s *samegame.Rules) { s.Left = samegame.Expr{} })
		setting("term for the cubes left applied at the other end", "S11", func(s *samegame.Rules) { s.End = 1 - s.End })
	}
	setting("empty columns close the other way", "S6", func(s *samegame.Rules) { s.Close = 1 - s.Close })
	bigger := Variant[*samegame.Case, samegame.Trace]{Name: "a group scored as one cube larger", Rule: "S5",
		Play: reference.SameGameRules{Points: func(c int) int64 {
			if c < r.Min {
				return 0
			}
			return r.Points.Eval(int64(c) + 1)
		}}.Play}
	if r.Points.String() == "0" {
		bigger.Equivalent = "the rule set scores no group"
	}
	return append(vs, bigger)
}

// SameGameUnderRulings returns the rulings of SameGame under a rule set,
// in SPEC.md's order: the statement's, then S8-S11.
func SameGameUnderRulings() []Ruling {
	return append(SameGameRulings(), Ruling{Rule: "S8"}, Ruling{Rule: "S9"},
		Ruling{Rule: "S10"}, Ruling{Rule: "S11"})
}
