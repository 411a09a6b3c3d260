// swaps.go lists the swaps that make a run on the board as it stands,
// what a generator aims its operations at: the reference's ValidSwaps,
// read off the packed board in place, with no copy of it.

package engine

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// A ValidSwap is a swap that makes a run, with what the run holds; its
// fields are reference.ValidSwap's, in the same order, so that one
// converts to the other.
type ValidSwap struct {
	// Swap names the two cells: A is the upper or left one, B its right
	// or lower neighbour.
	Swap match3.Swap
	// Main are the colours of the swapped pieces that stand in a run
	// after the swap, ascending, the second 0 when only one does.
	Main [2]int
	// Runs is the number of runs the swap makes: one per swapped piece
	// and direction.
	Runs int
	// Special tells that a piece of one of those runs carries a special.
	Special bool
}

// ValidSwaps appends to dst every swap valid on the board as it stands
// (M3), between operations, and returns it: the list
// reference.Grid.ValidSwaps gives, in its order (reading order of A, the
// swap with A's right neighbour before the one with its lower
// neighbour). The board is left as it was; nothing is allocated beyond
// dst's growth.
func (g *Match3) ValidSwaps(dst []ValidSwap) []ValidSwap {
	for v := range g.EachValidSwap {
		dst = append(dst, v)
	}
	return dst
}

// EachValidSwap yields the swaps ValidSwaps lists, in its order, until
// yield returns false: for a caller that keeps them in a list of its
// own. A swap found invalid at the last listing is not tried again when
// no piece it depends on has changed since (see swapCache): a generator
// lists the valid swaps before every operation it aims, and most of a
// big board stands still from one operation to the next.
func (g *Match3) EachValidSwap(yield func(ValidSwap) bool) {
	c := &g.swaps
	c.look(g)
	done := false
	defer func() {
		if !done {
			// Stopped midway: the swaps not tried keep what they were,
			// so the next listing starts afresh.
			c.seen = c.seen[:0]
		}
	}()
	rows, n := g.rows, len(g.board)
	for x := range rows {
		for i := x; i < n; i += rows {
			// Cell (x+1, i/rows+1); its right neighbour is i+rows,
			// its lower one i+1.
			if j := i + rows; j < n && !g.tryPair(i, j, 2*i, yield) {
				return
			}
			if x+1 < rows && !g.tryPair(i, i+1, 2*i+1, yield) {
				return
			}
		}
	}
	done = true
}

// A swapCache keeps, from one listing of the valid swaps to the next,
// the board as it was listed and which swaps were invalid on it. A swap
// is valid when a run of three forms through one of its two cells, and
// whether one does is decided by the pieces within two cells of them
// along their rows and columns: a swap that was invalid, none of whose
// such pieces has changed, is invalid still.
type swapCache struct {
	seen []piece // the board at the last listing; empty: none to go by
	rows int     // its rows: a board of another shape starts afresh
	// invalid is per swap, 2i for cell i's with its right neighbour,
	// 2i+1 with its lower one: found invalid at the last listing.
	invalid []bool
	// dirty is per cell: a piece within two cells of it along its row
	// or column has changed since the last listing.
	dirty []bool
}

// look compares g's board with the one last listed, marks dirty the
// cells whose swaps it may have changed, and keeps the board for the
// next listing.
func (c *swapCache) look(g *Match3) {
	n := len(g.board)
	if len(c.seen) != n || c.rows != g.rows {
		c.rows = g.rows
		c.seen = slices.Grow(c.seen[:0], n)[:n]
		c.invalid = slices.Grow(c.invalid[:0], 2*n)[:2*n]
		c.dirty = slices.Grow(c.dirty[:0], n)[:n]
		for i := range c.dirty {
			c.dirty[i] = true
		}
		copy(c.seen, g.board)
		return
	}
	clear(c.dirty)
	rows := g.rows
	for i, p := range g.board {
		if p == c.seen[i] {
			continue
		}
		c.dirty[i] = true
		for d := 1; d <= 2; d++ {
			if i-d*rows >= 0 {
				c.dirty[i-d*rows] = true
			}
			if i+d*rows < n {
				c.dirty[i+d*rows] = true
			}
			if r := i % rows; r-d >= 0 {
				c.dirty[i-d] = true
			}
			if r := i % rows; r+d < rows {
				c.dirty[i+d] = true
			}
		}
	}
	copy(c.seen, g.board)
}

// tryPair yields the swap of cells i and j, swap k of the cache, when it
// is valid, and reports whether to go on: a swap invalid at the last
// listing whose cells are not dirty is not tried.
func (g *Match3) tryPair(i, j, k int, yield func(ValidSwap) bool) bool {
	c := &g.swaps
	if c.invalid[k] && !c.dirty[i] && !c.dirty[j] {
		return true
	}
	v, ok := g.validSwap(i, j)
	c.invalid[k] = !ok
	return !ok || yield(v)
}

// validSwap is the swap of cells i and j, A and B, when it is valid.
func (g *Match3) validSwap(i, j int) (ValidSwap, bool) {
	p, q := g.board[i], g.board[j]
	if p == 0 || q == 0 || colourOf(p) == colourOf(q) {
		return ValidSwap{}, false
	}
	// A swap makes a run when a piece it moves lands beside two of its
	// colour in a line: most swaps do not, and are settled here.
	if !g.landsInRun(j, i, colourOf(p)) && !g.landsInRun(i, j, colourOf(q)) {
		return ValidSwap{}, false
	}
	g.board[i], g.board[j] = q, p
	var v ValidSwap
	var main [2]int
	mains := 0
	for _, c := range [2]int{i, j} {
		runs, special := g.runsThrough(c)
		if runs > 0 {
			v.Runs += runs
			v.Special = v.Special || special
			main[mains] = int(colourOf(g.board[c]))
			mains++
		}
	}
	g.board[i], g.board[j] = p, q
	if mains == 0 {
		return ValidSwap{}, false
	}
	if mains == 2 && main[1] < main[0] {
		main[0], main[1] = main[1], main[0]
	}
	v.Main = main
	v.Swap = match3.Swap{A: g.cellOf(i), B: g.cellOf(j)}
	return v, true
}

// landsInRun reports whether a piece of colour c, moved to cell i from
// its neighbour j (which then holds the other piece, of another colour),
// stands in a line of three of c along i's row or column: two of c
// beside it on one side, or one on each side.
func (g *Match3) landsInRun(i, j int, c uint32) bool {
	rows, n := g.rows, len(g.board)
	// same reports whether cell k holds c after the swap: j holds the
	// other piece, whose colour is not c.
	same := func(k int) bool { return k != j && colourOf(g.board[k]) == c }
	left, right := i-rows >= 0 && same(i-rows), i+rows < n && same(i+rows)
	if left && right ||
		left && i-2*rows >= 0 && same(i-2*rows) ||
		right && i+2*rows < n && same(i+2*rows) {
		return true
	}
	r := i % rows
	up, down := r > 0 && same(i-1), r+1 < rows && same(i+1)
	return up && down ||
		up && r > 1 && same(i-2) ||
		down && r+2 < rows && same(i+2)
}

// runsThrough counts the lines of three or more through cell i, along
// its row and along its column (0, 1 or 2), and reports whether a piece
// of one of them carries a special.
func (g *Match3) runsThrough(i int) (runs int, special bool) {
	p, rows, n := colourOf(g.board[i]), g.rows, len(g.board)
	own := specialOf(g.board[i]) != match3.Plain
	// Along the row: the cells rows apart.
	same, sp := 1, own
	for j := i - rows; j >= 0 && colourOf(g.board[j]) == p; j -= rows {
		same++
		sp = sp || specialOf(g.board[j]) != match3.Plain
	}
	for j := i + rows; j < n && colourOf(g.board[j]) == p; j += rows {
		same++
		sp = sp || specialOf(g.board[j]) != match3.Plain
	}
	if same >= 3 {
		runs++
		special = sp
	}
	// Along the column: the cells next in the board.
	first := i - i%rows
	same, sp = 1, own
	for j := i - 1; j >= first && colourOf(g.board[j]) == p; j-- {
		same++
		sp = sp || specialOf(g.board[j]) != match3.Plain
	}
	for j := i + 1; j < first+rows && colourOf(g.board[j]) == p; j++ {
		same++
		sp = sp || specialOf(g.board[j]) != match3.Plain
	}
	if same >= 3 {
		runs++
		special = special || sp
	}
	return runs, special
}

// cellOf is the cell of board index i.
func (g *Match3) cellOf(i int) match3.Cell { return match3.Cell{X: i%g.rows + 1, Y: i/g.rows + 1} }
