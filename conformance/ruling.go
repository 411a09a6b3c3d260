package conformance

// A Ruling is one ruling of a game, as SPEC.md numbers it, for an audit
// to list with its variants. A ruling broken by no variant says why.
type Ruling struct {
	// Rule is the ruling: "S5", or "M5.4" for step 4 of ruling M5 (M5
	// itself is its five steps).
	Rule string
	// NoVariant, when not empty, says why the set holds no variant of
	// the ruling at all. Empty: the ruling has variants (Variant.Rule).
	NoVariant string
}
