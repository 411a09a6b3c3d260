package casegen

import (
	"math/rand/v2"
	"sync"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// newGrid returns an empty rows x cols grid, to be filled by readGrid.
func newGrid(rows, cols int) reference.Grid {
	g := make(reference.Grid, rows)
	for x := range g {
		g[x] = make([]match3.Piece, cols)
	}
	return g
}

// readGrid copies the board of p as it stands into g.
func readGrid(p Match3Player, g reference.Grid) {
	if f, ok := p.(*match3Fallback); ok {
		f.read(g)
		return
	}
	readCells(p, g)
}

// readCells is readGrid a cell at a time.
func readCells(p Match3Player, g reference.Grid) {
	for x := range g {
		for y := range g[x] {
			g[x][y] = p.At(match3.Cell{X: x + 1, Y: y + 1})
		}
	}
}

// InvalidSwap returns an operation of kind k (not OpValid) on g as it
// stands, drawn by r among those g offers, or false when it offers none.
// g holds no run, as between operations. A same-cell swap is always
// offered.
func InvalidSwap(r *rand.Rand, g reference.Grid, k OpKind) (match3.Swap, bool) {
	var valid []reference.ValidSwap
	if k == OpNoRun {
		valid = g.ValidSwaps()
	}
	return invalidSwap(r, g, k, valid)
}

// invalidSwap is InvalidSwap for a caller that has the valid swaps of g
// at hand; only OpNoRun needs them.
func invalidSwap(r *rand.Rand, g reference.Grid, k OpKind, valid []reference.ValidSwap) (match3.Swap, bool) {
	rows, cols := len(g), len(g[0])
	at := func(x, y int) match3.Cell { return match3.Cell{X: x, Y: y} }
	switch k {
	case OpSameCell:
		c := at(1+r.IntN(rows), 1+r.IntN(cols))
		return match3.Swap{A: c, B: c}, true
	case OpDiagonal:
		if rows < 2 || cols < 2 {
			return match3.Swap{}, false
		}
		x, y := 1+r.IntN(rows-1), 1+r.IntN(cols-1)
		if r.IntN(2) == 0 {
			return orient(r, at(x, y), at(x+1, y+1)), true
		}
		return orient(r, at(x, y+1), at(x+1, y)), true
	case OpFar:
		return farSwap(r, rows, cols)
	}
	// The pairs of neighbours of kind k, in reading order of the first
	// cell, its right neighbour first, listed in one pass; ValidSwaps
	// lists the valid ones in the same order, and they are left out.
	kept := swapLists.Get().(*[]match3.Swap)
	pairs := (*kept)[:0]
	defer func() {
		*kept = pairs[:0]
		swapLists.Put(kept)
	}()
	for x := 1; x <= rows; x++ {
		for y := 1; y <= cols; y++ {
			a := at(x, y)
			for _, b := range [2]match3.Cell{at(x, y+1), at(x+1, y)} {
				if !g.Inside(b) {
					continue
				}
				s := match3.Swap{A: a, B: b}
				if len(valid) > 0 && valid[0].Swap == s {
					valid = valid[1:]
					continue
				}
				p, q := g.At(a), g.At(b)
				switch {
				case k == OpEmpty && (p.Empty() || q.Empty()),
					k == OpSameColour && !p.Empty() && p.Colour == q.Colour,
					k == OpNoRun && !p.Empty() && !q.Empty() && p.Colour != q.Colour:
					pairs = append(pairs, s)
				}
			}
		}
	}
	if len(pairs) == 0 {
		return match3.Swap{}, false
	}
	chosen := pairs[r.IntN(len(pairs))]
	return orient(r, chosen.A, chosen.B), true
}

// swapLists holds the lists of pairs invalidSwap drew from before.
var swapLists = sync.Pool{New: func() any { return new([]match3.Swap) }}

// farSwap returns two cells of a rows x cols board that are neither equal
// nor neighbours, diagonal ones included: half the time two apart in a
// line.
func farSwap(r *rand.Rand, rows, cols int) (match3.Swap, bool) {
	if rows < 3 && cols < 3 {
		return match3.Swap{}, false
	}
	cell := func(x, y int) match3.Cell { return match3.Cell{X: x + 1, Y: y + 1} }
	if r.IntN(2) == 0 {
		if cols >= 3 && (rows < 3 || r.IntN(2) == 0) {
			x, y := r.IntN(rows), r.IntN(cols-2)
			return orient(r, cell(x, y), cell(x, y+2)), true
		}
		x, y := r.IntN(rows-2), r.IntN(cols)
		return orient(r, cell(x, y), cell(x+2, y)), true
	}
	for {
		x1, y1, x2, y2 := r.IntN(rows), r.IntN(cols), r.IntN(rows), r.IntN(cols)
		if max(abs(x1-x2), abs(y1-y2)) >= 2 {
			return match3.Swap{A: cell(x1, y1), B: cell(x2, y2)}, true
		}
	}
}

// neighbourSwap returns a swap of a random cell with one of its
// neighbours, valid or not as the board has it: the cheap operation that
// needs no look at the board. A 1 x 1 board has no neighbours: its cell
// is swapped with itself.
func neighbourSwap(r *rand.Rand, rows, cols int) match3.Swap {
	if rows == 1 && cols == 1 {
		return match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 1}}
	}
	for {
		a := match3.Cell{X: 1 + r.IntN(rows), Y: 1 + r.IntN(cols)}
		b := a
		if r.IntN(2) == 0 {
			b.X += 1 - 2*r.IntN(2)
		} else {
			b.Y += 1 - 2*r.IntN(2)
		}
		if b.X >= 1 && b.X <= rows && b.Y >= 1 && b.Y <= cols {
			return match3.Swap{A: a, B: b}
		}
	}
}

// orient returns the swap of a and b in a random order.
func orient(r *rand.Rand, a, b match3.Cell) match3.Swap {
	if r.IntN(2) == 0 {
		a, b = b, a
	}
	return match3.Swap{A: a, B: b}
}

// pieces returns the number of non-empty cells of g.
func pieces(g reference.Grid) int {
	n := 0
	for x := range g {
		for _, p := range g[x] {
			if !p.Empty() {
				n++
			}
		}
	}
	return n
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
