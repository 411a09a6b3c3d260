package fuzz

import (
	"slices"

	"github.com/leanovate/gopter"

	"cascade/match3"
	"cascade/samegame"
)

// ShrinkSameGame is the gopter shrinker of *samegame.Case values: a
// finite stream of smaller cases, most promising first, every one of them
// valid (Validate returns nil):
//
//   - fewer clicks: all of them dropped, then halves, quarters ... single
//     clicks;
//   - a smaller box: half the side, then one row and one column, cut at
//     each of the four corners; clicks are renumbered and those that fall
//     outside are moved to the nearest cell inside;
//   - fewer colours: the colours in use renumbered 1, 2, ... in their
//     order, then the largest colour merged into each smaller one.
//
// gopter takes the first candidate that still fails and shrinks it in
// turn, so the stream only needs to offer one step.
func ShrinkSameGame(v any) gopter.Shrink {
	c, ok := v.(*samegame.Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	var cands []func() *samegame.Case
	for _, r := range deltaChunks(len(c.Moves)) {
		cands = append(cands, func() *samegame.Case {
			d := c.Clone()
			d.Moves = slices.Delete(d.Moves, r[0], r[1])
			return d
		})
	}
	for _, k := range []int{c.N / 2, 1} {
		if k < 1 || k >= c.N {
			continue
		}
		for _, top := range []bool{true, false} {
			for _, left := range []bool{false, true} {
				cands = append(cands, func() *samegame.Case { return cropSameGame(c, k, top, left) })
			}
		}
	}
	cands = append(cands, func() *samegame.Case { return recolourSameGame(c, 0, 0) })
	used := sameGameColours(c.Board)
	if top := used[len(used)-1]; len(used) > 1 {
		for _, into := range used[:len(used)-1] {
			cands = append(cands, func() *samegame.Case { return recolourSameGame(c, top, into) })
		}
	}
	return candidateStream(cands, func(d *samegame.Case) bool { return d != nil && d.Validate() == nil })
}

// ShrinkMatch3 is the gopter shrinker of *match3.Case values: a finite
// stream of smaller cases, most promising first, every one of them valid
// (Validate returns nil):
//
//   - fewer operations: all of them dropped, then halves, quarters ...
//     single operations;
//   - a smaller board: half the rows or columns, then one row or column,
//     cut at each edge (a part of a board without runs has none);
//     operations touching a cut cell are dropped, the others renumbered;
//   - fewer specials: all of them removed, then one at a time;
//   - fewer colours: k lowered to the largest colour in use, the colours
//     in use renumbered 1, 2, ... in their order.
func ShrinkMatch3(v any) gopter.Shrink {
	c, ok := v.(*match3.Case)
	if !ok || c == nil {
		return gopter.NoShrink
	}
	var cands []func() *match3.Case
	for _, r := range deltaChunks(len(c.Ops)) {
		cands = append(cands, func() *match3.Case {
			d := c.Clone()
			d.Ops = slices.Delete(d.Ops, r[0], r[1])
			return d
		})
	}
	for _, k := range []int{c.Rows / 2, 1} {
		if k >= 1 && k < c.Rows {
			cands = append(cands,
				func() *match3.Case { return cutMatch3(c, c.Rows-k, c.Rows, 0, 0) },
				func() *match3.Case { return cutMatch3(c, 0, k, 0, 0) })
		}
	}
	for _, k := range []int{c.Cols / 2, 1} {
		if k >= 1 && k < c.Cols {
			cands = append(cands,
				func() *match3.Case { return cutMatch3(c, 0, 0, c.Cols-k, c.Cols) },
				func() *match3.Case { return cutMatch3(c, 0, 0, 0, k) })
		}
	}
	var specials []int
	for i, p := range c.Board {
		if p.Special != match3.Plain {
			specials = append(specials, i)
		}
	}
	if len(specials) > 1 {
		cands = append(cands, func() *match3.Case {
			d := c.Clone()
			for _, i := range specials {
				d.Board[i].Special = match3.Plain
			}
			return d
		})
	}
	for _, i := range specials {
		cands = append(cands, func() *match3.Case {
			d := c.Clone()
			d.Board[i].Special = match3.Plain
			return d
		})
	}
	cands = append(cands, func() *match3.Case { return recolourMatch3(c) })
	return candidateStream(cands, func(d *match3.Case) bool { return d != nil && d.Validate() == nil })
}

// candidateStream returns the candidates cands make, in order, as a gopter.Shrink,
// skipping those that ok rejects. Candidates are made only when the
// stream reaches them.
func candidateStream[C any](cands []func() C, ok func(C) bool) gopter.Shrink {
	i := 0
	return func() (any, bool) {
		for i < len(cands) {
			d := cands[i]()
			i++
			if ok(d) {
				return d, true
			}
		}
		return nil, false
	}
}

// deltaChunks returns the stretches [lo, hi) of a list of n items that delta
// debugging removes: the whole list, then halves, quarters ... single
// items.
func deltaChunks(n int) [][2]int {
	var out [][2]int
	for size := n; size >= 1; size /= 2 {
		for lo := 0; lo < n; lo += size {
			out = append(out, [2]int{lo, min(lo+size, n)})
		}
		if size == 1 {
			break
		}
	}
	return out
}

// cropSameGame returns c with k rows (at the top or the bottom) and k
// columns (at the left or the right) cut off. Clicks are renumbered; those
// that fall outside move to the nearest cell inside, since a click names a
// place in the box as it stands, and dropping clicks is another
// candidate's work.
func cropSameGame(c *samegame.Case, k int, top, left bool) *samegame.Case {
	n := c.N - k
	r0, c0 := 0, 0
	if top {
		r0 = k
	}
	if left {
		c0 = k
	}
	d := &samegame.Case{N: n, Board: make([]uint8, 0, n*n)}
	for r := r0; r < r0+n; r++ {
		d.Board = append(d.Board, c.Board[r*c.N+c0:r*c.N+c0+n]...)
	}
	// Y counts from the bottom: cutting the bottom rows lowers it.
	dy := k - r0
	for _, m := range c.Moves {
		d.Moves = append(d.Moves, samegame.Move{X: clampTo(m.X-c0, 0, n-1), Y: clampTo(m.Y-dy, 0, n-1)})
	}
	return d
}

// recolourSameGame merges colour from into colour into (when from is not
// 0), then renumbers the colours in use 1, 2, ... keeping their order. It
// returns nil when that changes nothing.
func recolourSameGame(c *samegame.Case, from, into uint8) *samegame.Case {
	d := c.Clone()
	for i, v := range d.Board {
		if v == from {
			d.Board[i] = into
		}
	}
	used := sameGameColours(d.Board)
	for i, v := range d.Board {
		d.Board[i] = uint8(slices.Index(used, v) + 1)
	}
	if slices.Equal(d.Board, c.Board) {
		return nil
	}
	return d
}

// sameGameColours returns the distinct colours of a box, ascending.
func sameGameColours(board []uint8) []uint8 {
	var seen [samegame.Colours + 1]bool
	var used []uint8
	for _, v := range board {
		seen[v] = true
	}
	for v := range seen {
		if seen[v] {
			used = append(used, uint8(v))
		}
	}
	return used
}

// cutMatch3 returns c without the rows of 0-based indices [x0, x1) and the
// columns [y0, y1). Operations touching a removed cell are dropped and the
// others renumbered.
func cutMatch3(c *match3.Case, x0, x1, y0, y1 int) *match3.Case {
	d := &match3.Case{Rows: c.Rows - (x1 - x0), Cols: c.Cols - (y1 - y0), Colours: c.Colours}
	for x := range c.Rows {
		if x < x0 || x >= x1 {
			row := c.Board[x*c.Cols : (x+1)*c.Cols]
			d.Board = append(append(d.Board, row[:y0]...), row[y1:]...)
		}
	}
	move := func(cell match3.Cell) (match3.Cell, bool) {
		x, y := cell.X-1, cell.Y-1
		if x >= x0 && x < x1 || y >= y0 && y < y1 {
			return cell, false
		}
		if x >= x1 {
			x -= x1 - x0
		}
		if y >= y1 {
			y -= y1 - y0
		}
		return match3.Cell{X: x + 1, Y: y + 1}, true
	}
	for _, op := range c.Ops {
		a, okA := move(op.A)
		b, okB := move(op.B)
		if okA && okB {
			d.Ops = append(d.Ops, match3.Swap{A: a, B: b})
		}
	}
	return d
}

// recolourMatch3 lowers k to the number of colours in use and renumbers
// them 1, 2, ... in their order, which keeps every run and every non-run
// as it was. It returns nil when that changes nothing.
func recolourMatch3(c *match3.Case) *match3.Case {
	var used []int
	for _, p := range c.Board {
		if !slices.Contains(used, p.Colour) {
			used = append(used, p.Colour)
		}
	}
	slices.Sort(used)
	if len(used) == c.Colours {
		return nil
	}
	d := c.Clone()
	d.Colours = len(used)
	for i, p := range d.Board {
		d.Board[i].Colour = slices.Index(used, p.Colour) + 1
	}
	return d
}

func clampTo(v, lo, hi int) int { return max(lo, min(v, hi)) }
