package cubes

import (
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// illegalOnly names the planted SameGame variants that break only what a
// click that removes nothing does: on an empty cell, on a group below
// the minimum, on the emptied box. A game confined to legal clicks never
// plays one, so these variants score every one of its cases as the
// reference does (TestIllegalOnlyVariantsAgreeOnLegalCases holds them to
// it): they are equivalent there, and an audit or a suite of the game
// does not count them.
var illegalOnly = []string{
	"empty-cell click lands on the column's top cube",
	"empty-cell click scores 1",
	"play stops at the first empty-cell click",
	"play stops at the first click below the minimum",
	"clear bonus lost to a last click on the cleared box",
	"left term skipped after a last click that removes nothing",
}

// minOnly names the planted variants that remove a group below the
// minimum. Under a rule set whose term for the cubes left is 0 they too
// break only what a click that removes nothing does; under another, the
// smaller minimum also keeps the game from being over, and so the term
// from applying, which a legal game shows.
var minOnly = []string{
	"min dropped: a single cube removed",
	"min one smaller: a group of min-1 cubes removed",
}

// legalVariants returns the variants vs of a game under rule set r
// confined to legal clicks: those of illegalOnly (and of minOnly, where
// r's left term is 0) marked equivalent, the others as they are.
func legalVariants(r samegame.Rules, vs []conformance.Variant[*samegame.Case, samegame.Trace]) []conformance.Variant[*samegame.Case, samegame.Trace] {
	vs = slices.Clone(vs)
	for i, v := range vs {
		if v.Counts() && illegalOnlyUnder(r, v.Name) {
			vs[i].Equivalent = "only a click that removes nothing shows it, and the game is confined to legal clicks"
		}
	}
	return vs
}

// illegalOnlyUnder reports whether the variant called name breaks only
// what a click that removes nothing does under rule set r.
func illegalOnlyUnder(r samegame.Rules, name string) bool {
	left := r.Effective().Left.String()
	return slices.Contains(illegalOnly, name) || slices.Contains(minOnly, name) && (left == "" || left == "0")
}
