package reference

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// ValidSwap is an operation that is valid on a board as it stands, with
// what its first round will do.
type ValidSwap struct {
	// Swap names the two cells: A is the upper or left one, B its right or
	// lower neighbour.
	Swap match3.Swap
	// Main are the colours of the swapped pieces that stand in a run after
	// the swap, ascending, the second 0 when only one does: the
	// operation's main colours (M7).
	Main [2]int
	// Runs is the number of runs the swap makes: one per swapped piece and
	// direction, so a piece that lands in a row run and a column run makes
	// two.
	Runs int
	// Special tells that a piece of one of those runs carries a special,
	// which goes off in the first round.
	Special bool
}

// ValidSwaps returns every operation that is valid on g (M3): a swap of
// two neighbouring pieces after which a run of three stands. g must hold
// no run, as between the operations of a game; then every run after a
// swap passes through one of the two swapped cells, and that is where
// ValidSwaps looks. The swaps come in reading order of A, and for one A
// the swap with its right neighbour before the one with its lower
// neighbour: ValidSwaps()[0] is the first valid swap in reading order.
// g is left as it was.
func (g Grid) ValidSwaps() []ValidSwap {
	h := g.Clone()
	var valid []ValidSwap
	for x := range h {
		for y := range h[x] {
			a := match3.Cell{X: x + 1, Y: y + 1}
			for _, b := range []match3.Cell{{X: a.X, Y: a.Y + 1}, {X: a.X + 1, Y: a.Y}} {
				if v, ok := h.tryValid(a, b); ok {
					valid = append(valid, v)
				}
			}
		}
	}
	return valid
}

// tryValid exchanges the pieces at a and b, looks for the runs through
// them, and exchanges them back. Two pieces of one colour make no run on
// a board without one, nor does a cell outside the board or an empty one.
func (g Grid) tryValid(a, b match3.Cell) (ValidSwap, bool) {
	if !g.Inside(b) || g.At(a).Empty() || g.At(b).Empty() || g.At(a).Colour == g.At(b).Colour {
		return ValidSwap{}, false
	}
	g.Exchange(a, b)
	defer g.Exchange(a, b)
	v := ValidSwap{Swap: match3.Swap{A: a, B: b}}
	var main []int
	for _, c := range []match3.Cell{a, b} {
		inRun := false
		for _, step := range []match3.Cell{{X: 0, Y: 1}, {X: 1, Y: 0}} {
			if n, special := g.runThrough(c, step); n >= 3 {
				inRun = true
				v.Runs++
				v.Special = v.Special || special
			}
		}
		if inRun {
			main = append(main, g.At(c).Colour)
		}
	}
	if main == nil {
		return ValidSwap{}, false
	}
	slices.Sort(main)
	copy(v.Main[:], main)
	return v, true
}

// runThrough returns the length of the line of pieces of c's colour that
// passes through c along step, both ways, and whether one of them carries
// a special.
func (g Grid) runThrough(c, step match3.Cell) (n int, special bool) {
	p := g.At(c)
	n, special = 1, p.Special != match3.Plain
	for _, dir := range []int{1, -1} {
		next := func(d match3.Cell) match3.Cell { return match3.Cell{X: d.X + dir*step.X, Y: d.Y + dir*step.Y} }
		for d := next(c); g.At(d).Colour == p.Colour; d = next(d) {
			n++
			special = special || g.At(d).Special != match3.Plain
		}
	}
	return n, special
}
