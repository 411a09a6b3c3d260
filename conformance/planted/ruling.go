package planted

import "github.com/cascade-harness/cascade/conformance"

// inputFormat is why an input-format ruling has no variant: a variant
// plays a case already parsed, so getting the format wrong is a parse
// error of the program, which a judge's valid input never shows as a
// different total; `cascade check`'s built-in cases of the format pin
// those rulings instead.
const inputFormat = "an input-format ruling: a variant plays a parsed case, and a judge's data holds valid input only"

// SameGameRulings returns SameGame's rulings in SPEC.md's order.
func SameGameRulings() []conformance.Ruling {
	return []conformance.Ruling{
		{Rule: "S1", NoVariant: inputFormat},
		{Rule: "S2", NoVariant: "bad input is rejected, not scored: " + inputFormat},
		{Rule: "S3"}, {Rule: "S4"}, {Rule: "S5"}, {Rule: "S6"}, {Rule: "S7"},
	}
}

// SameGameUnderRulings returns the rulings of SameGame under a rule set
// other than codeabbey, in SPEC.md's order: the statement's, then those
// of the rule sets, S8-S11, which SameGameUnder's variants break.
func SameGameUnderRulings() []conformance.Ruling {
	return append(SameGameRulings(), conformance.Ruling{Rule: "S8"}, conformance.Ruling{Rule: "S9"}, conformance.Ruling{Rule: "S10"}, conformance.Ruling{Rule: "S11"})
}

// Match3Rulings returns match-3's rulings in SPEC.md's order, M5 as its
// five steps.
func Match3Rulings() []conformance.Ruling {
	return []conformance.Ruling{
		{Rule: "M1"},
		{Rule: "M2", NoVariant: inputFormat},
		{Rule: "M3"}, {Rule: "M4"},
		{Rule: "M5.1"}, {Rule: "M5.2"}, {Rule: "M5.3"}, {Rule: "M5.4"}, {Rule: "M5.5"},
		{Rule: "M6"}, {Rule: "M7"}, {Rule: "M8"}, {Rule: "M9"}, {Rule: "M10"},
	}
}
