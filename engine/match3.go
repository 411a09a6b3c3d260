// match3.go holds the match-3 game state and the life of one operation:
// validity, the swap, the rounds of elimination and the scores. How a
// round finds runs, fires specials and lets pieces fall lives in scan.go,
// special.go and fall.go; the poker hand in hand.go.

package engine

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// Match3 is a match-3 game in progress. The zero value is not usable; make
// one with NewMatch3.
type Match3 struct {
	rows, cols int
	// board holds the pieces column-major, each column top row first: the
	// cell in row r and column c (0-based) is board[c*rows+r]; 0 is an
	// empty cell. A column is contiguous, so a fall moves pieces within a
	// few cache lines and a horizontal neighbour is rows cells away.
	board []piece
	// top[c] is the row of the topmost piece of column c, rows when the
	// column is empty. Pieces of a column are contiguous down to the
	// bottom row.
	top    []int32
	pieces int

	// Reused scratch of one operation; cells are indices into board,
	// held as int32 (a board has fewer than 1<<31 cells).
	spans   []span  // stretches of cells changed since the last scan
	marked  []int32 // cells marked this round: line cells first, then hits
	queue   []int32 // specials waiting to go off
	stack   []int32 // block search
	low     []int32 // per column, lowest row emptied this round; -1 if none
	touched []int32 // columns with low set
	zeros   []piece // one empty column, beside the first and last ones
	pass    []int32 // rows of a span that pass the first test of the scan

	// The round's pieces filed by colour, built by its first colour
	// special (see special.go); made when a game first needs them.
	filed bool
	chain []int32 // per cell, the next piece of its colour; -1 ends
	first []int32 // per colour, its first piece; -1 for none
	heads []int32 // colours whose first is set, to reset them
	// most is the largest colour of the start position.
	most uint32

	ops, valid int
	allValid   bool
	sum        int64 // every operation's scores and hands, no endgame
	mains      [5][2]int

	// afterScan, when set, sees every round's line cells as the
	// incremental scan found them; tests check them against a full scan.
	afterScan func(g *Match3, line []int32)
}

// NewMatch3 returns the game at the start position of c, which must be
// valid (c.Validate() == nil) and have fewer than 1<<31 cells; c's
// operations are not played. It allocates 4 bytes per cell (the board,
// which also holds a round's marks) and a few per row and per column;
// Apply's scratch grows with the largest round (see the package doc for
// its peak), and Apply allocates nothing once it has.
func NewMatch3(c *match3.Case) *Match3 {
	n := len(c.Board)
	g := &Match3{
		board: make([]piece, n),
		top:   make([]int32, c.Cols),
		low:   make([]int32, c.Cols),
		zeros: make([]piece, c.Rows),
		pass:  make([]int32, c.Rows),
	}
	g.load(c)
	return g
}

// load sets g to the start position of c, a case of the same size as the
// one g was made for, keeping g's buffers.
func (g *Match3) load(c *match3.Case) {
	g.rows, g.cols = c.Rows, c.Cols
	g.most = 0
	for i, p := range c.Board {
		g.board[g.at(i/c.Cols, i%c.Cols)] = pack(p.Colour, p.Special)
		g.most = max(g.most, uint32(p.Colour))
	}
	clear(g.top)
	g.unfile()
	for i := range g.low {
		g.low[i] = -1
	}
	g.pieces = len(c.Board)
	g.ops, g.valid, g.allValid, g.sum = 0, 0, true, 0
}

// Clone returns a copy of the game that plays on independently: the
// board, the columns' tops, the scores and the hand so far. The scratch
// of an operation is the clone's own, made afresh; between operations it
// holds nothing (no cell is marked, no colour filed, low is all -1).
func (g *Match3) Clone() *Match3 {
	h := &Match3{
		rows:      g.rows,
		cols:      g.cols,
		board:     slices.Clone(g.board),
		top:       slices.Clone(g.top),
		pieces:    g.pieces,
		low:       make([]int32, g.cols),
		zeros:     make([]piece, g.rows),
		pass:      make([]int32, g.rows),
		most:      g.most,
		ops:       g.ops,
		valid:     g.valid,
		allValid:  g.allValid,
		sum:       g.sum,
		mains:     g.mains,
		afterScan: g.afterScan,
	}
	for i := range h.low {
		h.low[i] = -1
	}
	return h
}

// PlayMatch3 plays every operation of c, which must be valid, and returns
// the trace without Detail.
func PlayMatch3(c *match3.Case) match3.Trace {
	g := NewMatch3(c)
	t := match3.Trace{Ops: make([]match3.Result, len(c.Ops))}
	for i, s := range c.Ops {
		t.Ops[i] = g.Apply(s)
	}
	t.AllValid, t.Cleared, t.Bonus = g.endgame()
	t.Total = g.sum + t.Bonus
	return t
}

// ScoreMatch3 plays every operation of c, which must be valid, and
// returns the total alone, PlayMatch3(c).Total without the trace's
// allocation: what a program that prints the score needs.
func ScoreMatch3(c *match3.Case) int64 {
	g := NewMatch3(c)
	for _, s := range c.Ops {
		g.Apply(s)
	}
	return g.Total()
}

// At returns the piece now at cell; Colour 0 for an empty cell or a cell
// off the board.
func (g *Match3) At(cell match3.Cell) match3.Piece {
	i, ok := g.index(cell)
	if !ok || g.board[i] == 0 {
		return match3.Piece{}
	}
	p := g.board[i]
	return match3.Piece{Colour: int(colourOf(p)), Special: specialOf(p)}
}

// Total returns the score so far, with the endgame bonuses as if the game
// ended now.
func (g *Match3) Total() int64 {
	_, _, bonus := g.endgame()
	return g.sum + bonus
}

func (g *Match3) endgame() (allValid, cleared bool, bonus int64) {
	allValid, cleared = g.allValid, g.pieces == 0
	if allValid {
		bonus += match3.AllValidBonus
	}
	if cleared {
		bonus += match3.ClearedBonus
	}
	return allValid, cleared, bonus
}

func (g *Match3) index(cell match3.Cell) (int, bool) {
	if cell.X < 1 || cell.X > g.rows || cell.Y < 1 || cell.Y > g.cols {
		return 0, false
	}
	return g.at(cell.X-1, cell.Y-1), true
}

// at returns the index in board of the cell in row r and column c,
// 0-based.
func (g *Match3) at(r, c int) int { return c*g.rows + r }

// Apply plays one operation and returns what it did. A cell off the board
// counts as empty.
func (g *Match3) Apply(s match3.Swap) match3.Result {
	g.ops++
	res := match3.Result{Swap: s, Validity: g.check(s)}
	if res.Validity != match3.Valid {
		g.allValid = false
		return res
	}
	a, _ := g.index(s.A)
	b, _ := g.index(s.B)
	g.board[a], g.board[b] = g.board[b], g.board[a]
	g.spans = append(g.spans[:0], g.cellSpan(a), g.cellSpan(b))
	for round := int64(1); ; round++ {
		g.startRound()
		g.scanRuns()
		if len(g.marked) == 0 {
			break
		}
		if round == 1 {
			res.Main = g.mainColours(a, b)
		}
		if g.afterScan != nil {
			g.afterScan(g, g.marked)
		}
		lines := len(g.marked)
		combination := g.blocks(lines)
		g.fireSpecials(lines)
		var colours int64
		for _, i := range g.marked {
			colours += int64(colourOf(g.board[i]))
		}
		res.Rounds++
		res.Elimination += round * colours
		res.Combination += combination
		g.fall()
	}
	if res.Rounds == 0 {
		g.board[a], g.board[b] = g.board[b], g.board[a]
		g.allValid = false
		res.Validity = match3.NoRun
		return res
	}
	x := int64(res.Rounds - 1)
	res.Chain = 80 * x * x
	g.sum += res.Score()
	g.mains[g.valid%5] = res.Main
	g.valid++
	if g.valid%5 == 0 {
		res.Hand = bestHand(&g.mains)
		g.sum += res.Hand.Score
	}
	return res
}

// check returns the validity of s that shows before the swap: adjacency,
// then empty cells. Whether a run forms is left to the first scan.
func (g *Match3) check(s match3.Swap) match3.Validity {
	dx, dy := s.A.X-s.B.X, s.A.Y-s.B.Y
	if dx*dx+dy*dy != 1 {
		return match3.NotAdjacent
	}
	a, okA := g.index(s.A)
	b, okB := g.index(s.B)
	if !okA || !okB || g.board[a] == 0 || g.board[b] == 0 {
		return match3.EmptyCell
	}
	if colourOf(g.board[a]) == colourOf(g.board[b]) {
		// The board holds no run, so exchanging equal colours makes none.
		return match3.NoRun
	}
	return match3.Valid
}

// mainColours returns the colours of the swapped cells a and b that lie in
// a run of the first round (every first-round run passes through one),
// ascending, the second 0 when only one does.
func (g *Match3) mainColours(a, b int) [2]int {
	var m [2]int
	n := 0
	for _, i := range [2]int{a, b} {
		if g.markedNow(i) {
			m[n] = int(colourOf(g.board[i]))
			n++
		}
	}
	if n == 2 && m[0] > m[1] {
		m[0], m[1] = m[1], m[0]
	}
	return m
}

// startRound empties the lists of one round. No cell carries a mark:
// the previous round's fall emptied every cell it marked.
func (g *Match3) startRound() {
	g.marked = g.marked[:0]
	g.unfile()
}

// markedNow reports whether cell i was marked in this round.
func (g *Match3) markedNow(i int) bool { return g.board[i]&markAny != 0 }
