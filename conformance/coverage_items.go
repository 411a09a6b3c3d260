package conformance

import "maps"

// A CoverageItem is one situation of a game's rules that an audit counts:
// a chain of three rounds, a click that closes several columns at once.
// A set of test data that never reaches an item cannot tell a solution
// that gets that situation wrong from one that gets it right.
type CoverageItem struct {
	// Name names the item in reports and in JSON: "chain-3".
	Name string
	// Help says what reaches the item and what one count of it is:
	// "a valid operation of exactly 3 rounds (counted per operation)".
	Help string
}

// Coverage is what one case reaches of its game's rules, as the game's
// Coverage finds it in the reference's trace.
type Coverage struct {
	// Counts says how often the case reaches each item of the game's
	// CoverageItems, by name, in the unit the item's Help names. An item
	// the case does not reach is absent.
	Counts map[string]int
	// Idle reports whether the case leaves the planted variant named
	// variant idle: the case never reaches the rule the variant breaks,
	// so the variant scores it exactly as the reference does and need
	// not be played. It must never say so of a variant that could score
	// the case differently (the package tests check that on generated
	// cases). nil: no variant is known to be idle.
	Idle func(variant string) bool
}

// Covers returns how often c reaches each coverage item of the game
// (Coverage.Counts), playing the reference once; nil when the game counts
// no items.
func (g *Game[C, T]) Covers(c C) map[string]int {
	if g.Coverage == nil {
		return nil
	}
	return g.Coverage(c, g.Reference(c)).Counts
}

// idle reports whether cov leaves the variant named name idle.
func (cov Coverage) idle(name string) bool { return cov.Idle != nil && cov.Idle(name) }

// A Counter counts coverage items by name, as a game's Coverage finds
// them.
type Counter map[string]int

// Add counts item n times; n of 0 or less counts nothing.
func (c Counter) Add(item string, n int) {
	if n > 0 {
		c[item] += n
	}
}

// AddIf counts item once when ok.
func (c Counter) AddIf(item string, ok bool) {
	if ok {
		c[item]++
	}
}

// Has reports whether item was counted.
func (c Counter) Has(item string) bool { return c[item] > 0 }

// Clone returns the counts as a map of their own.
func (c Counter) Clone() map[string]int { return maps.Clone(map[string]int(c)) }

// IdleUnless is Coverage.Idle for a table of what each variant needs: a
// variant in the table is idle when the case lacks what it needs; a
// variant not in the table is never idle.
func IdleUnless(needs map[string]bool) func(string) bool {
	return func(variant string) bool {
		need, known := needs[variant]
		return known && !need
	}
}
