// samegame.go is the SameGame engine: a column-major box, a flood fill on
// a reused stack, gravity in the columns the group touched, and a list of
// non-empty columns compacted when columns empty.

package engine

import (
	"slices"

	"github.com/cascade-harness/cascade/samegame"
)

// SameGame is a SameGame box in play. The zero value is not usable; make
// one with NewSameGame.
type SameGame struct {
	n int
	// box holds the cubes column-major, bottom row first: the cube in
	// physical column p and row y from the bottom is box[p*n+y]; 0 is an
	// empty cell. Physical columns never move.
	box []uint8
	// height[p] is the number of cubes in physical column p; they fill
	// rows 0..height[p]-1.
	height []int32
	// cols lists the physical columns that hold cubes, left to right: the
	// column a move calls X is cols[X].
	cols []int32
	// low[p] is the lowest row emptied in physical column p by the current
	// move, n when none; touched lists the columns with low set.
	low     []int32
	touched []int32
	stack   []spot
	total   int64
}

// spot is a cell by its place in the box as it stands: cols index and row.
type spot struct{ x, y int32 }

// NewSameGame returns the box at the start position of c, which must be
// valid (c.Validate() == nil); c's moves are not played.
func NewSameGame(c *samegame.Case) *SameGame {
	n := c.N
	g := &SameGame{
		box:    make([]uint8, n*n),
		height: make([]int32, n),
		cols:   make([]int32, n),
		low:    make([]int32, n),
	}
	g.load(c)
	return g
}

// load sets g to the start position of c, a case of the same size as the
// one g was made for, keeping g's buffers.
func (g *SameGame) load(c *samegame.Case) {
	n := c.N
	g.n = n
	g.cols = g.cols[:n]
	for p := range n {
		for y := range n {
			g.box[p*n+y] = c.At(p, y)
		}
		g.height[p] = int32(n)
		g.cols[p] = int32(p)
		g.low[p] = int32(n)
	}
	g.total = 0
}

// Clone returns a copy of the game that plays on independently: the box,
// the column list and the score so far, with scratch of its own.
func (g *SameGame) Clone() *SameGame {
	return &SameGame{
		n:      g.n,
		box:    slices.Clone(g.box),
		height: slices.Clone(g.height),
		cols:   slices.Clone(g.cols),
		low:    slices.Clone(g.low),
		total:  g.total,
	}
}

// PlaySameGame plays every move of c, which must be valid, and returns the
// trace without Detail.
func PlaySameGame(c *samegame.Case) samegame.Trace {
	g := NewSameGame(c)
	t := samegame.Trace{Moves: make([]samegame.Result, len(c.Moves))}
	for i, m := range c.Moves {
		t.Moves[i] = g.Apply(m)
	}
	t.Total = g.total
	return t
}

// ScoreSameGame plays every move of c, which must be valid, and returns
// the total alone, PlaySameGame(c).Total without the trace's allocation.
func ScoreSameGame(c *samegame.Case) int64 {
	g := NewSameGame(c)
	for _, m := range c.Moves {
		g.Apply(m)
	}
	return g.total
}

// At returns the colour at column x from the left of the box as it stands
// and row y from the bottom; 0 for an empty cell or one outside the box.
func (g *SameGame) At(x, y int) uint8 {
	if x < 0 || x >= len(g.cols) || y < 0 {
		return 0
	}
	p := int(g.cols[x])
	if y >= int(g.height[p]) {
		return 0
	}
	return g.box[p*g.n+y]
}

// Total returns the score so far.
func (g *SameGame) Total() int64 { return g.total }

// Apply plays one click and returns what it did. A click on an empty cell,
// or outside the box, removes nothing and scores 0.
func (g *SameGame) Apply(m samegame.Move) samegame.Result {
	res := samegame.Result{Move: m}
	colour := g.At(m.X, m.Y)
	if colour == 0 {
		return res
	}
	n := g.n
	g.take(int32(m.X), int32(m.Y))
	removed := 0
	for len(g.stack) > 0 {
		s := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		removed++
		p := int(g.cols[s.x])
		if s.y > 0 && g.box[p*n+int(s.y)-1] == colour {
			g.take(s.x, s.y-1)
		}
		if s.y+1 < g.height[p] && g.box[p*n+int(s.y)+1] == colour {
			g.take(s.x, s.y+1)
		}
		if s.x > 0 && g.at(s.x-1, s.y) == colour {
			g.take(s.x-1, s.y)
		}
		if int(s.x)+1 < len(g.cols) && g.at(s.x+1, s.y) == colour {
			g.take(s.x+1, s.y)
		}
	}
	g.fall()
	res.Colour, res.Removed, res.Points = colour, removed, samegame.Points(removed)
	g.total += res.Points
	return res
}

// at is At for a spot known to lie inside the cols list.
func (g *SameGame) at(x, y int32) uint8 {
	p := g.cols[x]
	if y >= g.height[p] {
		return 0
	}
	return g.box[int(p)*g.n+int(y)]
}

// take empties a cell of the group and pushes it; emptying it at once
// keeps the fill from visiting it twice without a visited array.
func (g *SameGame) take(x, y int32) {
	p := g.cols[x]
	g.box[int(p)*g.n+int(y)] = 0
	if g.low[p] == int32(g.n) {
		g.touched = append(g.touched, p)
	}
	g.low[p] = min(g.low[p], y)
	g.stack = append(g.stack, spot{x, y})
}

// fall closes the gaps in the touched columns and, if any column emptied,
// drops it from the cols list.
func (g *SameGame) fall() {
	n := g.n
	emptied := false
	for _, p := range g.touched {
		col := g.box[int(p)*n : int(p)*n+int(g.height[p])]
		w := int(g.low[p])
		for _, v := range col[w:] {
			if v != 0 {
				col[w] = v
				w++
			}
		}
		clear(col[w:])
		g.height[p] = int32(w)
		g.low[p] = int32(n)
		emptied = emptied || w == 0
	}
	g.touched = g.touched[:0]
	if emptied {
		kept := g.cols[:0]
		for _, p := range g.cols {
			if g.height[p] > 0 {
				kept = append(kept, p)
			}
		}
		g.cols = kept
	}
}
