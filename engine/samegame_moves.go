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
	clear(g.seen)
	off := g.off()
	for x := range int32(len(g.cols)) {
		p := int(g.cols[x])
		for y := range g.height[p] {
			if g.seen[p*g.n+int(y)] {
				continue
			}
			// A scan in this order meets every group first at the cell
			// Moves names: the fill marks the rest of it as seen.
			if g.groupSize(x, y) >= g.rules.min {
				dst = append(dst, samegame.Move{X: int(x) + off, Y: int(y)})
			}
		}
	}
	return dst
}

// Reset sets g to the start position of c, as NewSameGame(c) would, and
// reuses g's buffers when c has the box and rule set g was made for: a
// playout after the first allocates nothing.
func (g *SameGame) Reset(c *samegame.Case) {
	if c.W*c.H != len(g.box) || c.W != len(g.height) || !samePlay(c.Rules.Effective(), g.rules.set) {
		*g = *NewSameGame(c)
		return
	}
	g.touched = g.touched[:0]
	g.load(c)
}

// samePlay is Rules.Same without formatting the rule sets, which would
// allocate on every Reset.
func samePlay(a, b samegame.Rules) bool {
	return a.Name == b.Name && a.Min == b.Min && a.Clear == b.Clear && a.End == b.End && a.Close == b.Close &&
		a.Points.String() == b.Points.String() && a.Left.String() == b.Left.String()
}
