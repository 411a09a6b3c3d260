package engine

import "github.com/cascade-harness/cascade/samegame"

// Moves appends to dst the clicks that remove something now and returns
// the extended slice: one per group of at least the rule set's minimum,
// on the group's cell furthest left, the lowest of them if several, in
// that order (columns left to right, each bottom up), as
// reference.Box.Moves lists them. With dst's capacity large enough it
// allocates nothing past the first call, which grows the game's marks.
func (g *SameGame) Moves(dst []samegame.Move) []samegame.Move {
	if len(g.seen) < len(g.box) {
		g.seen = make([]bool, len(g.box))
	}
	seen, cols, n := g.seen, g.cols, g.n
	clear(seen)
	off := g.off()
	for x := range int32(len(cols)) {
		p := int(cols[x])
		for y := range g.height[p] {
			if seen[p*n+int(y)] {
				continue
			}
			// A scan in this order meets every group first at the cell
			// Moves names: the fill marks the rest of it as seen.
			if g.mark(x, y) >= g.rules.min {
				dst = append(dst, samegame.Move{X: int(x) + off, Y: int(y)})
			}
		}
	}
	return dst
}

// mark marks the group of spot (x, y) in seen and counts it. It leans on
// the box's invariant that every cell above a column's height, and every
// cell of an emptied column, is 0: a neighbour of the group's colour is a
// cube, so no height is read.
func (g *SameGame) mark(x, y int32) int {
	seen, box, cols, n := g.seen, g.box, g.cols, int32(g.n)
	last := int32(len(cols)) - 1
	c := box[cols[x]*n+y]
	seen[cols[x]*n+y] = true
	stack := append(g.stack[:0], spot{x, y})
	size := 0
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		size++
		i := cols[s.x]*n + s.y
		if s.y > 0 && box[i-1] == c && !seen[i-1] {
			seen[i-1] = true
			stack = append(stack, spot{s.x, s.y - 1})
		}
		if s.y+1 < n && box[i+1] == c && !seen[i+1] {
			seen[i+1] = true
			stack = append(stack, spot{s.x, s.y + 1})
		}
		if s.x > 0 {
			if j := cols[s.x-1]*n + s.y; box[j] == c && !seen[j] {
				seen[j] = true
				stack = append(stack, spot{s.x - 1, s.y})
			}
		}
		if s.x < last {
			if j := cols[s.x+1]*n + s.y; box[j] == c && !seen[j] {
				seen[j] = true
				stack = append(stack, spot{s.x + 1, s.y})
			}
		}
	}
	g.stack = stack[:0]
	return size
}

// Reset sets g to the start position of c, as NewSameGame(c) would, and
// reuses g's buffers when c has the box and rule set g was made for: a
// playout after the first allocates nothing.
func (g *SameGame) Reset(c *samegame.Case) {
	if c.W*c.H != len(g.box) || c.W != len(g.height) || !c.Rules.Same(g.rules.set) {
		*g = *NewSameGame(c)
		return
	}
	g.touched = g.touched[:0]
	g.load(c)
}
