package reference

import "github.com/cascade-harness/cascade/samegame"

// Moves lists the clicks that remove something under a minimum of min:
// one per group of at least min cubes, on the group's cell that lies
// furthest left, the lowest of them if several, in that order (columns
// left to right, each bottom up). A random playout, the unit research
// engines measure their speed in, draws its clicks from this list.
func (b Box) Moves(min int) []samegame.Move {
	var ms []samegame.Move
	for x := range b {
		for y := range b[x] {
			group := b.Group(Pos{x, y})
			if len(group) == 0 || len(group) < min || !first(group, Pos{x, y}) {
				continue
			}
			ms = append(ms, samegame.Move{X: x, Y: y})
		}
	}
	return ms
}

// first reports whether no cube of group lies left of p, or below p in
// p's column.
func first(group []Pos, p Pos) bool {
	for _, q := range group {
		if q.X < p.X || q.X == p.X && q.Y < p.Y {
			return false
		}
	}
	return true
}

// Moves lists the clicks that remove something now, as Box.Moves under
// the rule set's minimum.
func (g *SameGame) Moves() []samegame.Move { return g.box.Moves(max(g.set.Min, 1)) }
