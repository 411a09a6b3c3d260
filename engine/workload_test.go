package engine

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// match3Load describes a match-3 workload: a run-free board and
// operations aimed at it as it stands, mostly valid.
type match3Load struct {
	rows, cols, colours int
	// specials is the fraction of pieces with a special, drawn from kinds.
	specials float64
	kinds    []match3.Special
	ops      int
	// depth is how far below the top of a column swaps are aimed; 0
	// aims anywhere in the pile.
	depth int
	// invalid is the fraction of operations made invalid on purpose.
	invalid float64
	// probe makes the player try every candidate out and pick the one
	// that removes the fewest pieces; only for small boards.
	probe bool
	// rules is the rule set (zero: thupc); under refill=queue each
	// column's queue holds queue pieces, drawn as the board's.
	rules match3.Rules
	queue int
	// tag names the rule set in String, in place of rules.Name.
	tag string
}

var allSpecials = []match3.Special{match3.Row, match3.Column, match3.Cross, match3.Square3, match3.Square5, match3.Colour}

func (w match3Load) String() string {
	kinds := "all"
	switch {
	case len(w.kinds) == 1 && w.kinds[0] == match3.Colour:
		kinds = "colour"
	case len(w.kinds) < len(allSpecials):
		kinds = "squares"
	}
	name := fmt.Sprintf("%dx%d-k%d-q%d-%s%g%%", w.rows, w.cols, w.colours, w.ops, kinds, 100*w.specials)
	if w.specials == 0 {
		name = fmt.Sprintf("%dx%d-k%d-q%d-plain", w.rows, w.cols, w.colours, w.ops)
	}
	switch {
	case w.tag != "":
		name += "-" + w.tag
	case w.rules.Name != "":
		name += "-" + w.rules.Name
	}
	if w.queue > 0 {
		name += fmt.Sprintf("-queues%d", w.queue)
	}
	return name
}

// build draws the case; the same seed gives the same case.
func (w match3Load) build(seed uint64) *match3.Case {
	r := rand.New(rand.NewPCG(seed, 1))
	c := &match3.Case{Rules: w.rules, Rows: w.rows, Cols: w.cols, Colours: w.colours, Board: make([]match3.Piece, w.rows*w.cols)}
	for !fillRunFree(r, c) {
	}
	special := func() match3.Special {
		if r.Float64() < w.specials {
			return w.kinds[r.IntN(len(w.kinds))]
		}
		return match3.Plain
	}
	for i := range c.Board {
		c.Board[i].Special = special()
	}
	if w.rules.Refill == match3.RefillQueue {
		c.Queues = make([][]match3.Piece, w.cols)
		for y := range c.Queues {
			c.Queues[y] = make([]match3.Piece, w.queue)
			for i := range c.Queues[y] {
				c.Queues[y][i] = match3.Piece{Colour: 1 + r.IntN(w.colours), Special: special()}
			}
		}
	}
	g := NewMatch3(c)
	aim := newAimer(r, c, g, w.depth, w.probe)
	c.Ops = make([]match3.Swap, 0, w.ops)
	for range w.ops {
		var s match3.Swap
		if r.Float64() < w.invalid {
			s = invalidSwap(r, g)
		} else {
			s = aim.aim()
		}
		g.Apply(s)
		c.Ops = append(c.Ops, s)
	}
	return c
}

// fillRunFree colours c's board at random without a run of three; it
// reports false when a cell has no colour left to take.
func fillRunFree(r *rand.Rand, c *match3.Case) bool {
	allowed := make([]int, 0, c.Colours)
	for i := range c.Board {
		x, y := i/c.Cols, i%c.Cols
		allowed = allowed[:0]
		for v := 1; v <= c.Colours; v++ {
			if y >= 2 && c.Board[i-1].Colour == v && c.Board[i-2].Colour == v {
				continue
			}
			if x >= 2 && c.Board[i-c.Cols].Colour == v && c.Board[i-2*c.Cols].Colour == v {
				continue
			}
			allowed = append(allowed, v)
		}
		if len(allowed) == 0 {
			return false
		}
		c.Board[i].Colour = allowed[r.IntN(len(allowed))]
	}
	return true
}

func cellOf(g *Match3, i int) match3.Cell { return match3.Cell{X: i%g.rows + 1, Y: i/g.rows + 1} }

// aimer chooses operations that make a run on the board as it stands.
type aimer struct {
	r *rand.Rand
	g *Match3
	// depth is how far below the top of a column swaps are aimed; 0
	// aims anywhere in the pile.
	depth int
	// probe, when set, is a second game on which candidate swaps are
	// tried out on a copy of the board.
	probe *Match3
	cands []match3.Swap
}

// probeLimit is the largest board on which the player may search every
// swap and try candidates out.
const probeLimit = 1 << 14

func newAimer(r *rand.Rand, c *match3.Case, g *Match3, depth int, probe bool) *aimer {
	a := &aimer{r: r, g: g, depth: depth}
	if probe && len(c.Board) <= probeLimit {
		a.probe = NewMatch3(c)
	}
	return a
}

// aim returns a swap that makes a run, or an invalid one when it finds
// none. Where it can try candidates out, it picks the one that removes
// the fewest pieces: specials are dense enough to set each other off, and
// a greedy player would wipe the board within a few operations, leaving
// nothing to play.
func (a *aimer) aim() match3.Swap {
	g := a.g
	a.cands = a.cands[:0]
	var last match3.Swap
	try := func(i, j int) {
		last = match3.Swap{A: cellOf(g, i), B: cellOf(g, j)}
		if g.board[i] != 0 && g.board[j] != 0 && wouldRun(g, i, j) {
			a.cands = append(a.cands, last)
		}
	}
	if a.probe != nil {
		// Every swap, starting at a random cell, up to 64 candidates,
		// in row-major order.
		start := a.r.IntN(len(g.board))
		for k := 0; k < len(g.board) && len(a.cands) < 64; k++ {
			r, c := (start+k)%len(g.board)/g.cols, (start+k)%g.cols
			if c+1 < g.cols {
				try(g.at(r, c), g.at(r, c+1))
			}
			if r+1 < g.rows {
				try(g.at(r, c), g.at(r+1, c))
			}
		}
	}
	// Random swaps near the top of the pile, aiming deeper each time the
	// top yields none: without refill, the top goes dead in places.
	for depth := a.depth; a.probe == nil && len(a.cands) == 0 && g.pieces > 0; depth *= 2 {
		for range 200 {
			c := a.r.IntN(g.cols)
			top := int(g.top[c])
			if top == g.rows {
				continue
			}
			bottom := g.rows - 1
			if depth > 0 {
				bottom = min(top+depth-1, bottom)
			}
			row := top + a.r.IntN(bottom-top+1)
			i := g.at(row, c)
			if a.r.IntN(2) == 0 && c+1 < g.cols {
				try(i, g.at(row, c+1))
			} else if row+1 < g.rows {
				try(i, g.at(row+1, c))
			}
			if len(a.cands) > 0 {
				return a.cands[0]
			}
		}
		if depth == 0 || depth >= g.rows {
			break
		}
	}
	// Anywhere in the pile, where random tries found nothing, the swaps
	// from a random cell on, up to the first that makes a run.
	if a.probe == nil && a.depth == 0 && len(a.cands) == 0 {
		start := a.r.IntN(len(g.board))
		for k := 0; k < len(g.board) && len(a.cands) == 0; k++ {
			i := (start + k) % len(g.board)
			r, c := i%g.rows, i/g.rows
			if c+1 < g.cols {
				try(i, g.at(r, c+1))
			}
			if len(a.cands) == 0 && r+1 < g.rows {
				try(i, i+1)
			}
		}
	}
	switch {
	case len(a.cands) == 0 && last == (match3.Swap{}):
		return match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 1}}
	case len(a.cands) == 0:
		return last
	case a.probe == nil:
		return a.cands[0]
	}
	best, fewest := a.cands[0], len(g.board)+1
	for _, s := range a.cands {
		p := a.probe
		copy(p.board, g.board)
		copy(p.top, g.top)
		p.pieces = g.pieces
		p.Apply(s)
		if removed := g.pieces - p.pieces; removed < fewest {
			best, fewest = s, removed
		}
	}
	return best
}

// invalidSwap returns an operation invalid for each reason in turn.
func invalidSwap(r *rand.Rand, g *Match3) match3.Swap {
	a := match3.Cell{X: 1 + r.IntN(g.rows), Y: 1 + r.IntN(g.cols)}
	switch r.IntN(3) {
	case 0:
		return match3.Swap{A: a, B: match3.Cell{X: a.X + r.IntN(2), Y: a.Y + 2}}
	case 1:
		return match3.Swap{A: match3.Cell{X: 1, Y: a.Y}, B: match3.Cell{X: 2, Y: a.Y}}
	}
	return match3.Swap{A: a, B: a}
}

// wouldRun reports whether swapping cells a and b makes a run, leaving
// the board as it was.
func wouldRun(g *Match3, a, b int) bool {
	g.board[a], g.board[b] = g.board[b], g.board[a]
	run := runThrough(g, a) || runThrough(g, b)
	g.board[a], g.board[b] = g.board[b], g.board[a]
	return run
}

// runThrough reports whether cell i lies in a run.
func runThrough(g *Match3, i int) bool {
	p := colourOf(g.board[i])
	if p == 0 {
		return false
	}
	r, c := i%g.rows, i/g.rows
	same := func(r, c int) bool { return colourOf(g.board[g.at(r, c)]) == p }
	n := 1
	for y := c - 1; y >= 0 && same(r, y); y-- {
		n++
	}
	for y := c + 1; y < g.cols && same(r, y); y++ {
		n++
	}
	if n >= 3 {
		return true
	}
	n = 1
	for x := r - 1; x >= 0 && same(x, c); x-- {
		n++
	}
	for x := r + 1; x < g.rows && same(x, c); x++ {
		n++
	}
	return n >= 3
}

// sameGameLoad describes a SameGame workload: a random box and clicks on
// random cubes of the box as it stands.
type sameGameLoad struct {
	n, colours int
	// clicks is the number of clicks; 0 plays until the box is empty.
	clicks int
}

func (w sameGameLoad) String() string {
	if w.clicks == 0 {
		return fmt.Sprintf("%dx%d-k%d-to-end", w.n, w.n, w.colours)
	}
	return fmt.Sprintf("%dx%d-k%d-clicks%d", w.n, w.n, w.colours, w.clicks)
}

func (w sameGameLoad) build(seed uint64) *samegame.Case {
	r := rand.New(rand.NewPCG(seed, 2))
	c := &samegame.Case{W: w.n, H: w.n, Board: make([]uint8, w.n*w.n)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + r.IntN(w.colours))
	}
	g := NewSameGame(c)
	for i := 0; (w.clicks == 0 || i < w.clicks) && len(g.cols) > 0; i++ {
		x := r.IntN(len(g.cols))
		m := samegame.Move{X: x, Y: r.IntN(int(g.height[g.cols[x]]))}
		g.Apply(m)
		c.Moves = append(c.Moves, m)
	}
	return c
}

// The named workloads; each is built once per test binary.
var (
	// At 10% the specials set each other off across the whole board, so
	// the player picks the swap that removes the fewest pieces to make the
	// board last.
	match3Max = match3Load{rows: 50, cols: 50, colours: 5, specials: 0.1, kinds: allSpecials,
		ops: 1000, invalid: 0.05, probe: true}
	// The same player on the same specials as the large board, so that
	// the cost of an operation compares; 250 operations, since without
	// refill a 50x50 board holds only a few hundred valid ones.
	match3MaxSquares = match3Load{rows: 50, cols: 50, colours: 5, specials: 0.01,
		kinds: []match3.Special{match3.Square3, match3.Square5}, ops: 250, depth: 16, invalid: 0.05}
	// Effects that reach a whole row, column or colour cost in proportion
	// to the side or the board, so the large board carries only the
	// square ones, which keeps the cost of an operation comparable.
	match3Large = match3Load{rows: 1000, cols: 1000, colours: 5, specials: 0.01,
		kinds: []match3.Special{match3.Square3, match3.Square5}, ops: 100000, depth: 16, invalid: 0.05}
	// Colour specials only, at 1%: each one that goes off clears a fifth
	// or a fiftieth of the board, so the fall and the filing by colour
	// dominate.
	match3Colour5 = match3Load{rows: 200, cols: 200, colours: 5, specials: 0.01,
		kinds: []match3.Special{match3.Colour}, ops: 2000, depth: 16, invalid: 0.05}
	match3Colour50 = match3Load{rows: 200, cols: 200, colours: 50, specials: 0.01,
		kinds: []match3.Special{match3.Colour}, ops: 2000, depth: 16, invalid: 0.05}
	// gymmatch3's game (refill from queues, the start settled, a cell a
	// point, the end when no move is left) without its limit of 100
	// moves, on a large board. A refilled column moves whole above the
	// lowest removed cell, so every round scans long spans, and moved
	// columns line up anew with their neighbours all along: a move there
	// sets off some 8 rounds and removes some 150 pieces. Queues of
	// 10,000 pieces keep the board full to the end.
	match3Refill = match3Load{rows: 200, cols: 200, colours: 7, ops: 10000, invalid: 0.05,
		queue: 10000, tag: "gymmatch3-moves0"}
	sameGameSmall = sameGameLoad{n: 20, colours: 4}
	sameGameLarge = sameGameLoad{n: 2000, colours: 5, clicks: 100000}

	match3MaxCase        = sync.OnceValue(func() *match3.Case { return match3Max.build(1) })
	match3MaxSquaresCase = sync.OnceValue(func() *match3.Case { return match3MaxSquares.build(5) })
	match3LargeCase      = sync.OnceValue(func() *match3.Case { return match3Large.build(2) })
	match3Colour5Case    = sync.OnceValue(func() *match3.Case { return match3Colour5.build(6) })
	match3Colour50Case   = sync.OnceValue(func() *match3.Case { return match3Colour50.build(7) })
	match3RefillCase     = sync.OnceValue(func() *match3.Case {
		w := match3Refill
		w.rules, _ = match3.Lookup("gymmatch3")
		w.rules.Name, w.rules.Moves = "custom", 0
		return w.build(8)
	})
	sameGameSmallCase = sync.OnceValue(func() *samegame.Case { return sameGameSmall.build(3) })
	sameGameLargeCase = sync.OnceValue(func() *samegame.Case { return sameGameLarge.build(4) })
)
