// points.go scores a round under points=EXPR: the rule set's expression
// evaluated once per term, the terms being the round, its runs or its
// colours (per=round, per=run, per=colour).

package engine

import (
	"cmp"
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// tally is what a round removes of one colour: its cells and the sum of
// their specials.
type tally struct{ n, s int64 }

// points returns the points of round round, whose removed cells are
// g.marked, numbering its terms on from *terms, the move's terms so far.
// The variables are match3.PointVars: n, r, i, c, s.
func (g *Match3) points(round int64, terms *int64) int64 {
	term := func(n, c, s int64) int64 {
		*terms++
		return g.set.Points.Eval(n, round, *terms, c, s)
	}
	switch g.set.Per {
	case match3.PerRun:
		slices.SortFunc(g.runs, func(x, y run) int { return cmp.Compare(x.key, y.key) })
		var sum int64
		for _, x := range g.runs {
			if g.set.Clear == match3.ClearLowest && !g.whole(x) {
				continue
			}
			var n, s int64
			for i, step := int(x.lo), g.step(x); i <= int(x.hi); i += step {
				n++
				s += int64(specialOf(g.board[i]))
			}
			sum += term(n, int64(colourOf(g.board[x.lo])), s)
		}
		return sum
	case match3.PerColour:
		for _, i := range g.marked {
			p := g.board[i]
			t := &g.tally[colourOf(p)]
			if t.n == 0 {
				g.colours = append(g.colours, colourOf(p))
			}
			t.n++
			t.s += int64(specialOf(p))
		}
		slices.Sort(g.colours)
		var sum int64
		for _, c := range g.colours {
			t := g.tally[c]
			g.tally[c] = tally{}
			sum += term(t.n, int64(c), t.s)
		}
		g.colours = g.colours[:0]
		return sum
	}
	var s int64
	for _, i := range g.marked {
		s += int64(specialOf(g.board[i]))
	}
	return term(int64(len(g.marked)), 0, s)
}
