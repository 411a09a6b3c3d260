package casegen

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// Confine narrows the SameGame cases a generator or a decoder makes to
// those an engine with fewer ways in can take. The zero value confines
// nothing.
type Confine struct {
	// Legal makes every click remove a group of at least the rule set's
	// minimum: no click on an empty cell or on a smaller group, which a
	// search engine never plays and a referee may punish. The clicks of
	// a case end, the game over, when no group reaches the minimum.
	Legal bool
	// UsualBox makes every box the rule set's usual one (Width x Height,
	// at most its Colours), for engines built for one box size.
	UsualBox bool
}

// Legal reports whether every click of c removes a group of at least
// its rule set's minimum.
func Legal(c *samegame.Case) bool {
	g := reference.NewSameGameBrief(c)
	for _, m := range c.Moves {
		if g.Apply(m).Removed == 0 {
			return false
		}
	}
	return true
}

// Legalise returns c without its clicks that remove nothing, the game
// played as before, since such a click changes nothing; c itself when
// every click removes a group.
func Legalise(c *samegame.Case) *samegame.Case {
	g := reference.NewSameGameBrief(c)
	var keep []samegame.Move
	for i, m := range c.Moves {
		removed := g.Apply(m).Removed > 0
		switch {
		case !removed && keep == nil:
			keep = append(make([]samegame.Move, 0, len(c.Moves)), c.Moves[:i]...)
		case removed && keep != nil:
			keep = append(keep, m)
		}
	}
	if keep == nil {
		return c
	}
	d := *c
	d.Moves = keep
	return &d
}

// HasUsualBox reports whether c has its rule set's usual box, and no
// more colours than the rule set's usual ones.
func HasUsualBox(c *samegame.Case) bool {
	r := c.Rules.Effective()
	if r.Width == 0 || c.W != r.Width || c.H != r.Height {
		return false
	}
	if r.Colours == 0 {
		return true
	}
	for _, v := range c.Board {
		if int(v) > r.Colours {
			return false
		}
	}
	return true
}

// InUsualBox confines o to the usual box of its rule set: Width x Height
// cubes of Colours colours, no big group; half the cases get clicks
// enough to reach the end of the game (as Under's usual box does), the
// others keep the few they drew. It reports false when the rule set
// names no usual box.
func (o SameGameOptions) InUsualBox(r *rand.Rand) (SameGameOptions, bool) {
	rules := o.Rules.Effective()
	w, h := rules.Width, rules.Height
	if w == 0 || h == 0 {
		return o, false
	}
	o.N, o.H, o.BigGroup = Exactly(w), Exactly(h), false
	if rules.Colours > 0 {
		o.Colours, o.MaxColour = Exactly(rules.Colours), rules.Colours
	}
	if r.IntN(2) == 0 {
		o.Clicks = Between(w*h/8, w*h/2)
	}
	return o, true
}

// next chooses the next click on the w x h box of g as it stands, a
// legal one when o says so; false when the clicks end there.
func (o SameGameOptions) next(r *rand.Rand, g SameGamePlayer, w, h int, first bool) (samegame.Move, bool) {
	if o.Legal {
		return o.legalClick(r, g, w, h, first)
	}
	return o.click(r, g, w, h, first), true
}

// legalClick chooses the next click of a Legal case on the w x h box of
// g as it stands: a cube of a group of at least the minimum, aimed at a
// group that fills whole columns as often as Columns says; false when
// no group reaches the minimum.
func (o SameGameOptions) legalClick(r *rand.Rand, g SameGamePlayer, w, h int, first bool) (samegame.Move, bool) {
	if o.BigGroup && first {
		return samegame.Move{X: 1, Y: r.IntN(h)}, true
	}
	b := box(g, w, h)
	legal := b.legal(o.Rules.Effective().Min)
	if len(legal) == 0 {
		return samegame.Move{}, false
	}
	if chance(r, o.Columns) {
		var wide []samegame.Move
		for _, grp := range wholeColumnGroups(b) {
			if grp.whole >= 2 && b.groupAt(grp.at) >= o.Rules.Effective().Min {
				wide = append(wide, grp.at)
			}
		}
		if len(wide) > 0 {
			return wide[r.IntN(len(wide))], true
		}
	}
	return legal[r.IntN(len(legal))], true
}

// legal returns the clicks on b that remove a group of at least min
// cubes, one per such cube, in the order of b.cube.
func (b standing) legal(min int) []samegame.Move {
	var out []samegame.Move
	if min <= 1 {
		for i := range b.cubes() {
			out = append(out, b.cube(i))
		}
		return out
	}
	size := b.groupSizes()
	for x, col := range b {
		for y := range col {
			if size[x][y] >= min {
				out = append(out, samegame.Move{X: x, Y: y})
			}
		}
	}
	return out
}

// groupAt returns the size of the group of the cube at m.
func (b standing) groupAt(m samegame.Move) int { return b.groupSizes()[m.X][m.Y] }

// groupSizes returns, for every cube of b, the size of its 4-connected
// group of one colour.
func (b standing) groupSizes() [][]int {
	size := make([][]int, len(b))
	for x := range b {
		size[x] = make([]int, len(b[x]))
	}
	var stack, group []samegame.Move
	for x := range b {
		for y := range b[x] {
			if size[x][y] != 0 {
				continue
			}
			colour := b[x][y]
			// -1 marks a cube found but not yet counted.
			size[x][y] = -1
			stack = append(stack[:0], samegame.Move{X: x, Y: y})
			group = group[:0]
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				group = append(group, p)
				for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nx, ny := p.X+d[0], p.Y+d[1]
					if nx >= 0 && nx < len(b) && ny >= 0 && ny < len(b[nx]) && size[nx][ny] == 0 && b[nx][ny] == colour {
						size[nx][ny] = -1
						stack = append(stack, samegame.Move{X: nx, Y: ny})
					}
				}
			}
			for _, p := range group {
				size[p.X][p.Y] = len(group)
			}
		}
	}
	return size
}
