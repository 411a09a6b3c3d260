package casegen

import (
	"fmt"
	"math/rand/v2"
)

// Range is an inclusive range of integers. The zero Range stands for the
// default of the field that holds it; a Range with Max < Min is the single
// value Min.
type Range struct {
	Min, Max int
}

// Between returns the Range lo..hi.
func Between(lo, hi int) Range { return Range{lo, hi} }

// Exactly returns the Range holding only v.
func Exactly(v int) Range { return Range{v, v} }

func (g Range) String() string {
	if g.Max <= g.Min {
		return fmt.Sprint(g.Min)
	}
	return fmt.Sprintf("%d..%d", g.Min, g.Max)
}

// or returns def when g is the zero Range.
func (g Range) or(def Range) Range {
	if g == (Range{}) {
		return def
	}
	return g
}

// clamp narrows g to lo..hi; a range wholly outside moves to the nearest
// end.
func (g Range) clamp(lo, hi int) Range {
	g.Max = max(g.Max, g.Min)
	g.Min = min(max(g.Min, lo), hi)
	g.Max = min(max(g.Max, lo), hi)
	return g
}

// draw picks a value of g uniformly.
func (g Range) draw(r *rand.Rand) int {
	if g.Max <= g.Min {
		return g.Min
	}
	return g.Min + r.IntN(g.Max-g.Min+1)
}

// chance reports true with probability p.
func chance(r *rand.Rand, p float64) bool {
	return p > 0 && r.Float64() < p
}
