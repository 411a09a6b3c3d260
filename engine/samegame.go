// samegame.go is the SameGame engine: a column-major box, a flood fill on
// a reused stack, gravity in the columns the group touched, and a list of
// non-empty columns compacted when columns empty. The rule set is read
// once, into a table of points and a few fields.

package engine

import (
	"slices"
	"sync"

	"github.com/cascade-harness/cascade/samegame"
)

// SameGame is a SameGame box in play. The zero value is not usable; make
// one with NewSameGame.
type SameGame struct {
	// w is the number of columns, n the height of a column.
	w, n int
	// box holds the cubes column-major, bottom row first: the cube in
	// physical column p and row y from the bottom is box[p*n+y]; 0 is an
	// empty cell. Physical columns never move.
	box []uint8
	// cubes counts the cubes in the box.
	cubes int
	// height[p] is the number of cubes in physical column p; they fill
	// rows 0..height[p]-1.
	height []int32
	// cols lists the physical columns that hold cubes, left to right: the
	// column a move calls X is cols[X-off], where off is 0 when columns
	// close left and w-len(cols), the empty columns on the left, when
	// they close right.
	cols []int32
	// low[p] is the lowest row emptied in physical column p by the current
	// move, n when none; touched lists the columns with low set.
	low     []int32
	touched []int32
	// stack holds the group being filled, every cube taken, so that a
	// group below the minimum can be put back: a released game's
	// (Release), so that a game's fill does not grow one afresh.
	stack []spot
	// seen marks cells for the end-of-game search for a group of at least
	// min cubes, grown on first use.
	seen  []bool
	total int64
	rules rules
}

// rules is a rule set as the engine reads it.
type rules struct {
	set   samegame.Rules // effective
	min   int
	right bool // columns close right
	// points[c] is the score of a group of c cubes for c < len(points);
	// larger groups evaluate set.Points.
	points []int64
}

// pointsTable bounds the table of points: a group larger than that is
// scored by evaluating the expression, which is cheap next to removing it.
const pointsTable = 1 << 12

// pointsTables holds the table of points of every rule set met, by what
// the table depends on: built once and shared, read only, so that a game
// costs no table of its own.
var pointsTables struct {
	sync.RWMutex
	m map[pointsKey][]int64
}

type pointsKey struct {
	points string
	min    int
}

func newRules(r samegame.Rules) rules {
	r = r.Effective()
	ru := rules{set: r, min: max(r.Min, 1), right: r.Close == samegame.CloseRight}
	key := pointsKey{r.Points.String(), ru.min}
	pointsTables.RLock()
	ru.points = pointsTables.m[key]
	pointsTables.RUnlock()
	if ru.points != nil {
		return ru
	}
	t := make([]int64, pointsTable+1)
	for c := range t {
		t[c] = r.Score(c)
	}
	pointsTables.Lock()
	if pointsTables.m == nil {
		pointsTables.m = make(map[pointsKey][]int64)
	}
	pointsTables.m[key] = t
	pointsTables.Unlock()
	ru.points = t
	return ru
}

func (r *rules) score(c int) int64 {
	if c < len(r.points) {
		return r.points[c]
	}
	return r.set.Points.Eval(int64(c))
}

// spot is a cell by its place in the box as it stands: cols index and row.
type spot struct{ x, y int32 }

// NewSameGame returns the box at the start position of c, which must be
// valid (c.Validate() == nil); c's moves are not played.
func NewSameGame(c *samegame.Case) *SameGame {
	w, n := c.W, c.H
	g := &SameGame{
		box:    make([]uint8, w*n),
		height: make([]int32, w),
		cols:   make([]int32, w),
		low:    make([]int32, w),
		rules:  newRules(c.Rules),
	}
	if st, ok := stacks.Get().(*[]spot); ok {
		g.stack = (*st)[:0]
		*st = nil
		spotHolders.Put(st)
	}
	g.load(c)
	return g
}

// stacks holds the fill stacks of the games released (Release), each
// behind a pointer of spotHolders, which holds those emptied: a check
// plays many small cases one after the other, and a stack grown to a
// group's size for every one of them was most of what the engine
// allocated.
var stacks, spotHolders sync.Pool

// Release hands g's scratch to the next game made (NewSameGame); g must
// not be used after it.
func (g *SameGame) Release() {
	if cap(g.stack) == 0 {
		return
	}
	st, ok := spotHolders.Get().(*[]spot)
	if !ok {
		st = new([]spot)
	}
	*st, g.stack = g.stack[:0], nil
	stacks.Put(st)
}

// Trace is the trace of a case played on g, whose moves' results are
// moves, as g stands after them: the end-of-game term and the total
// (PlaySameGame).
func (g *SameGame) Trace(moves []samegame.Result) samegame.Trace {
	t := samegame.Trace{Moves: moves, End: g.End()}
	t.Total = g.total + t.End
	return t
}

// Columns returns the number of columns that hold a cube.
func (g *SameGame) Columns() int { return len(g.cols) }

// Board returns the box as it stands, laid out like samegame.Case.Board
// (row-major, top row first), 0 for an empty cell.
func (g *SameGame) Board() []uint8 {
	b := make([]uint8, g.w*g.n)
	off := g.off()
	for x, p := range g.cols {
		col := g.box[int(p)*g.n : int(p)*g.n+int(g.height[p])]
		for y, v := range col {
			b[(g.n-1-y)*g.w+off+x] = v
		}
	}
	return b
}

// load sets g to the start position of c, a case of the same size and
// rule set as the one g was made for, keeping g's buffers.
func (g *SameGame) load(c *samegame.Case) {
	w, n := c.W, c.H
	g.w, g.n = w, n
	g.cols = g.cols[:w]
	for p := range w {
		for y := range n {
			g.box[p*n+y] = c.At(p, y)
		}
		g.height[p] = int32(n)
		g.cols[p] = int32(p)
		g.low[p] = int32(n)
	}
	g.cubes = w * n
	g.total = 0
}

// Clone returns a copy of the game that plays on independently: the box,
// the column list and the score so far, with scratch of its own.
func (g *SameGame) Clone() *SameGame {
	return &SameGame{
		w:      g.w,
		n:      g.n,
		box:    slices.Clone(g.box),
		cubes:  g.cubes,
		height: slices.Clone(g.height),
		cols:   slices.Clone(g.cols),
		low:    slices.Clone(g.low),
		total:  g.total,
		rules:  g.rules,
	}
}

// PlaySameGame plays every move of c, which must be valid, and returns the
// trace without Detail.
func PlaySameGame(c *samegame.Case) samegame.Trace {
	g := NewSameGame(c)
	defer g.Release()
	moves := make([]samegame.Result, len(c.Moves))
	for i, m := range c.Moves {
		moves[i] = g.Apply(m)
	}
	return g.Trace(moves)
}

// ScoreSameGame plays every move of c, which must be valid, and returns
// the total alone, PlaySameGame(c).Total without the trace's allocation.
func ScoreSameGame(c *samegame.Case) int64 {
	g := NewSameGame(c)
	defer g.Release()
	for _, m := range c.Moves {
		g.Apply(m)
	}
	return g.total + g.End()
}

// At returns the colour at column x from the left of the box as it stands
// and row y from the bottom; 0 for an empty cell or one outside the box.
func (g *SameGame) At(x, y int) uint8 {
	x -= g.off()
	if x < 0 || x >= len(g.cols) || y < 0 {
		return 0
	}
	p := int(g.cols[x])
	if y >= int(g.height[p]) {
		return 0
	}
	return g.box[p*g.n+y]
}

// Column returns the cubes of column x from the left as it stands, bottom
// up, ending at its first empty cell: the cells At reads, in one slice
// that aliases the box, to be read before the next Apply and not
// changed. A column outside the box, or empty, is an empty slice.
func (g *SameGame) Column(x int) []uint8 {
	x -= g.off()
	if x < 0 || x >= len(g.cols) {
		return nil
	}
	p := int(g.cols[x])
	return g.box[p*g.n : p*g.n+int(g.height[p]) : p*g.n+int(g.height[p])]
}

// off is the number of empty columns left of the standing ones: w minus
// their number when columns close right, else 0.
func (g *SameGame) off() int {
	if g.rules.right {
		return g.w - len(g.cols)
	}
	return 0
}

// Total returns the moves' points so far, without the end-of-game term.
func (g *SameGame) Total() int64 { return g.total }

// Apply plays one click and returns what it did. A click on an empty cell,
// outside the box, or on a group below the rule set's minimum removes
// nothing and scores 0.
func (g *SameGame) Apply(m samegame.Move) samegame.Result {
	res := samegame.Result{Move: m}
	colour := g.At(m.X, m.Y)
	if colour == 0 {
		return res
	}
	n := g.n
	x := int32(m.X - g.off())
	if g.rules.min == 2 && !g.paired(x, int32(m.Y), colour) {
		// The common minimum, settled without touching the box.
		res.Colour = colour
		return res
	}
	g.stack = g.stack[:0]
	g.take(x, int32(m.Y))
	// The fill keeps every cube it takes on the stack, so that a group
	// below the minimum can be put back. Written out, not a call per
	// cube: this is the hot loop of every game.
	for i := 0; i < len(g.stack); i++ {
		s := g.stack[i]
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
	removed := len(g.stack)
	res.Colour = colour
	if removed < g.rules.min {
		g.putBack(colour)
		return res
	}
	g.fall()
	g.cubes -= removed
	res.Removed, res.Points = removed, g.rules.score(removed)
	g.total += res.Points
	return res
}

// paired reports whether the cube at spot (x, y), of colour c, has a
// neighbour of its colour: whether its group holds two cubes or more.
func (g *SameGame) paired(x, y int32, c uint8) bool {
	p := int(g.cols[x])
	return y > 0 && g.box[p*g.n+int(y)-1] == c ||
		y+1 < g.height[p] && g.box[p*g.n+int(y)+1] == c ||
		x > 0 && g.at(x-1, y) == c ||
		int(x)+1 < len(g.cols) && g.at(x+1, y) == c
}

// putBack restores a group taken below the minimum: its cubes, emptied by
// take, get their colour back, and no column falls.
func (g *SameGame) putBack(colour uint8) {
	for _, s := range g.stack {
		g.box[int(g.cols[s.x])*g.n+int(s.y)] = colour
	}
	for _, p := range g.touched {
		g.low[p] = int32(g.n)
	}
	g.touched = g.touched[:0]
}

// End returns the end-of-game term for the box as it stands, as if the
// list of clicks ended here: the clear bonus when it is empty, the Left
// term for the cubes left when the rule set's End applies, else 0. Under
// end=move a full box earns nothing: every cell starts with a cube, so
// only a box no click has removed from is full.
func (g *SameGame) End() int64 {
	r := &g.rules
	switch {
	case r.set.End == samegame.EndMove && g.cubes == g.w*g.n:
		return 0
	case g.cubes == 0:
		return r.set.Clear
	case r.set.End == samegame.EndList, !g.hasGroup():
		return r.set.Left.Eval(int64(g.cubes))
	}
	return 0
}

// hasGroup reports whether some group holds at least min cubes.
func (g *SameGame) hasGroup() bool {
	switch g.rules.min {
	case 1:
		return g.cubes > 0
	case 2:
		for x := range int32(len(g.cols)) {
			for y := range g.height[g.cols[x]] {
				if g.paired(x, y, g.at(x, y)) {
					return true
				}
			}
		}
		return false
	}
	// A larger minimum sizes every group: a flood fill from each cube not
	// yet seen, marking without emptying.
	if len(g.seen) < len(g.box) {
		g.seen = make([]bool, len(g.box))
	}
	clear(g.seen)
	for x := range int32(len(g.cols)) {
		for y := range g.height[g.cols[x]] {
			if g.seen[int(g.cols[x])*g.n+int(y)] {
				continue
			}
			if g.mark(x, y) >= g.rules.min {
				return true
			}
		}
	}
	return false
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
	if len(g.stack) == cap(g.stack) {
		g.growStack()
	}
	g.stack = append(g.stack, spot{x, y})
}

// growStack makes room on the stack for every cube in the box, the most
// a group holds: one allocation, where doubling copied a big group's
// cubes over and over.
func (g *SameGame) growStack() {
	g.stack = slices.Grow(g.stack, g.cubes-len(g.stack)+1)
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
