package casegen

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// clearBudget bounds the positions clearingOps visits per case.
const clearBudget = 300

// clearingOps searches, depth first and in random order, for valid swaps
// that leave the board of c empty. It plays on the reference, whose games
// clone: each position tried is a clone of the one before with one swap
// more. It returns the sequence found, or else the one that left the
// fewest pieces, and whether the board ends empty.
func clearingOps(r *rand.Rand, c *match3.Case) ([]match3.Swap, bool) {
	budget := clearBudget
	var best []match3.Swap
	bestLeft := len(c.Board) + 1
	var search func(g *reference.Match3, ops []match3.Swap) bool
	search = func(g *reference.Match3, ops []match3.Swap) bool {
		if budget == 0 {
			return false
		}
		budget--
		grid := g.Grid()
		left := pieces(grid)
		if left < bestLeft {
			best, bestLeft = append([]match3.Swap(nil), ops...), left
		}
		if left == 0 {
			return true
		}
		if stranded(grid) {
			return false
		}
		cands := grid.ValidSwaps()
		r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for _, cand := range cands {
			next := g.Clone()
			next.Apply(cand.Swap)
			if search(next, append(ops, cand.Swap)) {
				return true
			}
		}
		return false
	}
	cleared := search(reference.NewMatch3(c), nil)
	return best, cleared
}

// stranded reports that the board g can no longer be cleared because it
// has no special left and some colour has only one or two pieces: a piece
// goes only in a run of three or by a special's effect.
func stranded(g reference.Grid) bool {
	count := map[int]int{}
	for x := range g {
		for _, p := range g[x] {
			if !p.Empty() && p.Special != match3.Plain {
				return false
			}
			count[p.Colour]++
		}
	}
	for colour, n := range count {
		if colour != 0 && n < 3 {
			return true
		}
	}
	return false
}
