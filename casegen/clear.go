package casegen

import (
	"math/rand/v2"

	"cascade/match3"
)

// clearBudget bounds the positions clearingOps visits per case.
const clearBudget = 300

// clearingOps searches, depth first and in random order, for valid swaps
// that leave the board of c empty. Each position is reached by replaying
// the swaps from the start on a fresh game, since a player cannot be
// copied. It returns the sequence found, or else the one that left the
// fewest pieces, and whether the board ends empty.
func clearingOps(r *rand.Rand, c *match3.Case, newPlayer func(*match3.Case) Match3Player) ([]match3.Swap, bool) {
	budget := clearBudget
	var best []match3.Swap
	bestLeft := len(c.Board) + 1
	var search func(ops []match3.Swap) bool
	search = func(ops []match3.Swap) bool {
		if budget == 0 {
			return false
		}
		budget--
		g := newPlayer(c.Clone())
		for _, s := range ops {
			g.Apply(s)
		}
		b := snapshot(g, c.Rows, c.Cols)
		left := b.pieces()
		if left < bestLeft {
			best, bestLeft = append([]match3.Swap(nil), ops...), left
		}
		if left == 0 {
			return true
		}
		if b.stranded() {
			return false
		}
		cands := b.validSwaps()
		r.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		for _, cand := range cands {
			if search(append(ops, cand.swap)) {
				return true
			}
		}
		return false
	}
	cleared := search(nil)
	return best, cleared
}

// stranded reports that the board can no longer be cleared because it
// has no special left and some colour has only one or two pieces: a piece
// goes only in a run of three or by a special's effect.
func (b *board) stranded() bool {
	count := map[int]int{}
	for _, p := range b.p {
		if !p.Empty() && p.Special != match3.Plain {
			return false
		}
		count[p.Colour]++
	}
	for colour, n := range count {
		if colour != 0 && n < 3 {
			return true
		}
	}
	return false
}
