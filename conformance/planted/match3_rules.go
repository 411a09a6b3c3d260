package planted

import (
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/expr"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// Match3Under returns the planted variants of the match-3 rule set r
// (other than thupc): per setting, for each arm r has, an engine that
// plays it as another arm, the bug of an engine written against another
// rule set; and for moves, an engine off by one. Each is the reference
// playing the case under r with that one setting changed (its Name says
// how), so that a case kills it when the setting's arm decides its
// answer: the total, or under answer=board the final board.
func Match3Under(r match3.Rules) []conformance.Variant[*match3.Case, match3.Trace] {
	r = r.Effective()
	var vs []conformance.Variant[*match3.Case, match3.Trace]
	add := func(rule, name string, change func(*match3.Rules)) *conformance.Variant[*match3.Case, match3.Trace] {
		vs = append(vs, conformance.Variant[*match3.Case, match3.Trace]{
			Name: name, Rule: rule,
			Play: func(c *match3.Case) match3.Trace {
				v := c.Clone()
				v.Rules = c.Rules.Effective()
				change(&v.Rules)
				if v.Rules.Refill == match3.RefillNone {
					v.Queues = nil
				}
				return reference.PlayMatch3(v)
			},
		})
		return &vs[len(vs)-1]
	}
	// bonus says an invalid swap costs something a total shows.
	bonus := r.Invalid == match3.InvalidBonus && r.AllValid != 0
	scored := r.Scoring == match3.ScoringThupc || r.Points.String() != "0"
	switch r.Refill {
	case match3.RefillQueue:
		add("M11", "refill=queue played as refill=none (no refill)", func(s *match3.Rules) { s.Refill = match3.RefillNone })
	}
	switch r.Clear {
	case match3.ClearLowest:
		add("M12", "clear=lowest played as clear=all", func(s *match3.Rules) { s.Clear = match3.ClearAll })
	case match3.ClearAll:
		add("M12", "clear=all played as clear=lowest", func(s *match3.Rules) { s.Clear = match3.ClearLowest })
	}
	switch r.Start {
	case match3.StartSettle:
		if scored {
			add("M14", "start=settle played as start=score", func(s *match3.Rules) { s.Start = match3.StartScore })
		}
		add("M14", "start=settle played as no settle (runs wait for the first swap)", func(s *match3.Rules) { s.Start = match3.StartReject })
	case match3.StartScore:
		if scored {
			add("M14", "start=score played as start=settle", func(s *match3.Rules) { s.Start = match3.StartSettle })
		}
		add("M14", "start=score played as no settle (runs wait for the first swap)", func(s *match3.Rules) { s.Start = match3.StartReject })
	}
	if r.Swaps == match3.SwapsAny {
		switch {
		case r.Invalid == match3.InvalidFree && r.Moves > 0:
			add("M15", "invalid=free played as invalid=move", func(s *match3.Rules) { s.Invalid = match3.InvalidMove })
		case r.Invalid == match3.InvalidMove && r.Moves > 0:
			add("M15", "invalid=move played as invalid=free", func(s *match3.Rules) { s.Invalid = match3.InvalidFree })
		case bonus:
			add("M15", "invalid=bonus played as invalid=free", func(s *match3.Rules) { s.Invalid = match3.InvalidFree })
		}
		// With no move left, every later swap is invalid and changes
		// nothing: only what an invalid swap costs tells the arms apart.
		const noCost = "with no move left every later swap is invalid and changes nothing, and under this rule set an invalid swap costs nothing a total shows"
		switch r.NoMove {
		case match3.NoMoveEnd:
			v := add("M13", "nomove=end played as nomove=play", func(s *match3.Rules) { s.NoMove = match3.NoMovePlay })
			if !bonus {
				v.Equivalent = noCost
			}
		case match3.NoMovePlay:
			v := add("M13", "nomove=play played as nomove=end", func(s *match3.Rules) { s.NoMove = match3.NoMoveEnd })
			if !bonus {
				v.Equivalent = noCost
			}
		}
		if r.Moves > 0 {
			add("M13", fmt.Sprintf("moves=%d played as moves=%d (one move more)", r.Moves, r.Moves+1), func(s *match3.Rules) { s.Moves++ })
			add("M13", fmt.Sprintf("moves=%d played as moves=%d (one move fewer)", r.Moves, r.Moves-1), func(s *match3.Rules) { s.Moves-- })
		}
	}
	if r.Scoring == match3.ScoringExpr && r.Points.String() != "0" {
		switch r.Per {
		case match3.PerRound:
			add("M11", "per=round played as per=run", func(s *match3.Rules) { s.Per = match3.PerRun })
		case match3.PerRun:
			add("M11", "per=run played as per=round", func(s *match3.Rules) { s.Per = match3.PerRound })
		case match3.PerColour:
			add("M11", "per=colour played as per=round", func(s *match3.Rules) { s.Per = match3.PerRound })
		}
		one := expr.Must("1", match3.PointVars)
		add("M11", fmt.Sprintf("points=%s played as points=1 (a flat term)", r.Points), func(s *match3.Rules) { s.Points = one })
	}
	if r.Specials == match3.SpecialsPoints {
		add("M11", "specials=points played as specials=effects", func(s *match3.Rules) { s.Specials = match3.SpecialsEffects })
	}
	if r.AllValid != 0 {
		add("M15", "the all-valid bonus left out", func(s *match3.Rules) { s.AllValid = 0 })
	}
	if r.Cleared != 0 {
		add("M15", "the cleared bonus left out", func(s *match3.Rules) { s.Cleared = 0 })
	}
	return vs
}

// Match3UnderRulings are the rulings of a match-3 rule set other than
// thupc in SPEC.md's order: the statement's, whose variants are
// thupc's, and the rule sets' M11-M16.
func Match3UnderRulings() []conformance.Ruling {
	const thupcOnly = "its variants are thupc's (the statement's rules); a rule set's variants are its settings'"
	var rs []conformance.Ruling
	for _, r := range Match3Rulings() {
		if r.NoVariant == "" {
			r.NoVariant = thupcOnly
		}
		rs = append(rs, r)
	}
	return append(rs,
		conformance.Ruling{Rule: "M11"}, conformance.Ruling{Rule: "M12"}, conformance.Ruling{Rule: "M13"},
		conformance.Ruling{Rule: "M14"}, conformance.Ruling{Rule: "M15"},
		conformance.Ruling{Rule: "M16", NoVariant: "what an answer is, not how a game plays: check and audit compare boards"})
}
