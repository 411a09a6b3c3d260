package casegen

import (
	"math/rand/v2"
	"slices"

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
	g := reference.NewSameGameStepwise(c)
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
	g := reference.NewSameGameStepwise(c)
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
// g as it stands: a cube of a group of at least the minimum, uniformly,
// aimed at a group that fills whole columns as often as Columns says;
// false when no group reaches the minimum. A cube drawn at random is
// kept when its group reaches the minimum, found by a search that stops
// there; only after a few misses, near the end of a game, are all the
// box's groups measured.
func (o SameGameOptions) legalClick(r *rand.Rand, g SameGamePlayer, w, h int, first bool) (samegame.Move, bool) {
	if o.BigGroup && first {
		return samegame.Move{X: 1, Y: r.IntN(h)}, true
	}
	b := box(g, w, h)
	least := o.Rules.Effective().Min
	cubes := b.cubes()
	if cubes == 0 {
		return samegame.Move{}, false
	}
	if chance(r, o.Columns) {
		if wide := scratchOf(g).wideGroups(b, least); len(wide) > 0 {
			return wide[r.IntN(len(wide))], true
		}
	}
	for range legalTries {
		if m := b.cube(r.IntN(cubes)); b.reaches(m, least) {
			return m, true
		}
	}
	legal := b.legal(least)
	if len(legal) == 0 {
		return samegame.Move{}, false
	}
	return legal[r.IntN(len(legal))], true
}

// legalTries is how many cubes legalClick draws before it measures every
// group.
const legalTries = 16

// reaches reports whether the group of the cube at m has at least least
// cubes; the search stops as soon as it knows.
func (b standing) reaches(m samegame.Move, least int) bool {
	if least <= 1 {
		return true
	}
	colour := b[m.X][m.Y]
	group := []samegame.Move{m}
	// A minimum of a few cubes, the usual one, is looked up in the
	// group itself; a large one in a set.
	var seen map[samegame.Move]bool
	if least > 16 {
		seen = map[samegame.Move]bool{m: true}
	}
	for i := 0; i < len(group); i++ {
		p := group[i]
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			n := samegame.Move{X: p.X + d[0], Y: p.Y + d[1]}
			if n.X < 0 || n.X >= len(b) || n.Y < 0 || n.Y >= len(b[n.X]) || b[n.X][n.Y] != colour {
				continue
			}
			if seen != nil && seen[n] || seen == nil && slices.Contains(group, n) {
				continue
			}
			if seen != nil {
				seen[n] = true
			}
			if group = append(group, n); len(group) >= least {
				return true
			}
		}
	}
	return false
}

// legal returns the clicks on b that remove a group of at least least
// cubes, one per such cube, in the order of b.cube.
func (b standing) legal(least int) []samegame.Move {
	var out []samegame.Move
	if least <= 1 {
		for i := range b.cubes() {
			out = append(out, b.cube(i))
		}
		return out
	}
	size := b.groupSizes()
	i := 0
	for x, col := range b {
		for y := range col {
			if size[i] >= int32(least) {
				out = append(out, samegame.Move{X: x, Y: y})
			}
			i++
		}
	}
	return out
}

// groupSizes returns, for every cube of b in the order of b.cube, the
// size of its 4-connected group of one colour.
func (b standing) groupSizes() []int32 {
	at := b.offsets()
	size := make([]int32, at[len(b)])
	b.eachGroup(func(group []samegame.Move) {
		for _, p := range group {
			size[at[p.X]+p.Y] = int32(len(group))
		}
	})
	return size
}
