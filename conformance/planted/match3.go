package planted

import (
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// Match3 returns the match-3 variants, each a reference rule table with
// one step replaced (two for a step that must tell another what it saw)
// unless its comment says otherwise. They come by group of rulings:
// coordinates and operations (M1, M3, M4), a round's marking (M5.1,
// M5.2), its scores and its fall (M5.3-M5.5), and the scores of an
// operation and a game (M6-M10).
func Match3() []conformance.Variant[*match3.Case, match3.Trace] {
	return slices.Concat(operationVariants(), specialVariants(), roundVariants(), scoreVariants())
}

// match3Variant is the variant that plays under r. The rules keep no
// state, so one table serves every call.
func match3Variant(name, rule string, r reference.Match3Rules) conformance.Variant[*match3.Case, match3.Trace] {
	return conformance.Variant[*match3.Case, match3.Trace]{Name: name, Rule: rule, Play: r.Play}
}

// equivalent marks v as an equivalent variant, for the reason why.
func equivalent[C, T any](why string, v conformance.Variant[C, T]) conformance.Variant[C, T] {
	v.Equivalent = why
	return v
}

// unreachable marks v as a variant no case inside the statement's
// limits can kill, for the reason why.
func unreachable[C, T any](why string, v conformance.Variant[C, T]) conformance.Variant[C, T] {
	v.Unreachable = why
	return v
}
