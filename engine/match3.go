// match3.go holds the match-3 game state under the case's rule set: its
// start (the settle of the start board), clones, and what it shows (the
// board, the total, the endgame). The life of one operation lives in
// operation.go; how a round finds runs, fires specials and lets pieces
// fall in scan.go, special.go and fall.go; the refill in refill.go, the
// runs of clear=lowest and per=run in runs.go, expression points in
// points.go, the search for a move left in moves.go, the poker hand in
// hand.go.

package engine

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// Match3 is a match-3 game in progress. The zero value is not usable; make
// one with NewMatch3.
type Match3 struct {
	rows, cols int
	// set is the case's rule set, effective (thupc for the zero Rules),
	// read once per game.
	set match3.Rules
	// keepRuns: the scan lists the runs it finds in runs (clear=lowest
	// reads them to choose, per=run to score).
	keepRuns bool
	// board holds the pieces column-major, each column top row first: the
	// cell in row r and column c (0-based) is board[c*rows+r]; 0 is an
	// empty cell. A column is contiguous, so a fall moves pieces within a
	// few cache lines and a horizontal neighbour is rows cells away.
	board []piece
	// swaps keeps what the last listing of valid swaps found
	// (EachValidSwap); a Clone starts without it.
	swaps swapCache
	// top[c] is the row of the topmost piece of column c, rows when the
	// column is empty. Pieces of a column are contiguous down to the
	// bottom row.
	top    []int32
	pieces int

	// Under refill=queue, the queues of every column one after another:
	// column c's pieces still to come are supply[qnext[c]:qend[c]], the
	// next first. supply is never written once loaded, so a clone shares
	// it.
	supply      []piece
	qnext, qend []int32

	// Reused scratch of one operation; cells are indices into board,
	// held as int32 (a board has fewer than 1<<31 cells).
	spans   []span  // stretches of cells changed since the last scan
	fresh   []span  // of those, the stretches a refill filled
	marked  []int32 // cells marked this round: line cells first, then hits
	queue   []int32 // specials waiting to go off
	stack   []int32 // block search
	low     []int32 // per column, lowest row emptied this round; -1 if none
	touched []int32 // columns with low set
	zeros   []piece // one empty column, beside the first and last ones
	pass    []int32 // rows of a span that pass the first test of the scan
	runs    []run   // the round's runs, when keepRuns
	// full: the next scan looks at the whole board, not at spans: the
	// start board, or a round of clear=lowest left runs standing.
	full bool
	// Per colour, the cells and specials of a round (per=colour), and the
	// colours that have some.
	tally   []tally
	colours []uint32

	// The round's pieces filed by colour, built by its first colour
	// special (see special.go); made when a game first needs them.
	filed bool
	chain []int32 // per cell, the next piece of its colour; -1 ends
	first []int32 // per colour, its first piece; -1 for none
	heads []int32 // colours whose first is set, to reset them
	// most is the largest colour of the start position and the queues.
	most uint32

	// start is the settle of the start board (zero when none).
	start      match3.Result
	ops, valid int
	// moves counts the operations that used one of the rule set's moves;
	// over is set once nomove=end found no move left.
	moves    int
	over     bool
	allValid bool
	sum      int64 // the settle's and every operation's scores and hands, no endgame
	mains    [5][2]int
	// hint is the cell where the last search for a move found one, where
	// the next search starts.
	hint int

	// afterScan, when set, sees every round's line cells as the
	// incremental scan found them; tests check them against a full scan.
	afterScan func(g *Match3, line []int32)

	// keepRounds: each operation's rounds are kept in rounds (see
	// KeepRounds), with blocks the sizes of a round's blocks.
	keepRounds bool
	rounds     []match3.Round
	blockSizes []int
	// startRounds are the rounds of the start's settle, kept when g was
	// made keeping rounds (NewMatch3KeepingRounds).
	startRounds []match3.Round
}

// KeepRounds has g keep the rounds of each operation it plays, which
// Rounds returns: the Detail a coverage reads (match3.Detail.Rounds),
// without the scores of each round; the cells a refill filled too.
func (g *Match3) KeepRounds() { g.keepRounds = true }

// NewMatch3KeepingRounds is NewMatch3 for a game that keeps the rounds
// of each operation (KeepRounds) and of the start's settle, which
// StartRounds returns: the rounds a match3.Trace's StartRounds holds.
func NewMatch3KeepingRounds(c *match3.Case) *Match3 {
	g := newMatch3(c)
	g.keepRounds = true
	g.load(c)
	g.startRounds = g.Rounds()
	return g
}

// StartRounds returns the rounds of the start's settle of a game made by
// NewMatch3KeepingRounds: nil when it settled nothing, or was made
// otherwise.
func (g *Match3) StartRounds() []match3.Round { return g.startRounds }

// keepRefilled adds to the round just kept the cells the refill after it
// filled (g.fresh), column by column from the left, each from the lowest
// up, as reference.Grid.Refill lists them.
func (g *Match3) keepRefilled() {
	var cells []match3.Cell
	for _, s := range g.fresh {
		for i := s.to; i >= s.from; i-- {
			cells = append(cells, g.cellOf(int(i)))
		}
	}
	slices.SortStableFunc(cells, func(a, b match3.Cell) int { return a.Y - b.Y })
	g.rounds[len(g.rounds)-1].Refilled = cells
}

// Rounds returns the rounds of the last operation played, when g keeps
// them (KeepRounds): per round its line cells, hit cells, the specials
// that went off, in the order they did, and the sizes of its blocks.
// The slice is the caller's; nil for an operation that set off none.
func (g *Match3) Rounds() []match3.Round {
	r := g.rounds
	g.rounds = nil
	return r
}

// keepRound keeps the round just played, whose line cells are
// g.marked[:lines], its hits the rest, its specials that went off
// triggered.
func (g *Match3) keepRound(lines int, triggered []int32) {
	cells := func(is []int32) []match3.Cell {
		if len(is) == 0 {
			return nil
		}
		out := make([]match3.Cell, len(is))
		for k, i := range is {
			out[k] = g.cellOf(int(i))
		}
		return out
	}
	g.rounds = append(g.rounds, match3.Round{
		Line:      cells(g.marked[:lines]),
		Hit:       cells(g.marked[lines:]),
		Triggered: cells(triggered),
		Blocks:    append([]int(nil), g.blockSizes...),
	})
}

// NewMatch3 returns the game at the start position of c, which must be
// valid (c.Validate() == nil) and have fewer than 1<<31 cells, under c's
// rule set: under start=settle and start=score the start board's runs
// are played out, and under nomove=end a board with no move left ends
// the game; c's operations are not played. It allocates 4 bytes per cell
// (the board, which also holds a round's marks), 4 per piece of the
// queues, and a few per row and per column; Apply's scratch grows with
// the largest round (see the package doc for its peak), and Apply
// allocates nothing once it has.
func NewMatch3(c *match3.Case) *Match3 {
	g := newMatch3(c)
	g.load(c)
	return g
}

// newMatch3 returns a game with the buffers of c's size, not loaded.
func newMatch3(c *match3.Case) *Match3 {
	n := len(c.Board)
	return &Match3{
		board: make([]piece, n),
		top:   make([]int32, c.Cols),
		low:   make([]int32, c.Cols),
		zeros: make([]piece, c.Rows),
		pass:  make([]int32, c.Rows),
	}
}

// load sets g to the start position of c, a case of the same size as the
// one g was made for, keeping g's buffers but the queues', and settles
// it as the rule set says.
func (g *Match3) load(c *match3.Case) {
	g.rows, g.cols = c.Rows, c.Cols
	g.set = c.Rules.Effective()
	g.keepRuns = g.set.Clear == match3.ClearLowest || g.set.Scoring == match3.ScoringExpr && g.set.Per == match3.PerRun
	g.most = 0
	for i, p := range c.Board {
		g.board[g.at(i/c.Cols, i%c.Cols)] = pack(p.Colour, p.Special)
		g.most = max(g.most, uint32(p.Colour))
	}
	g.loadQueues(c)
	if g.set.Scoring == match3.ScoringExpr && g.set.Per == match3.PerColour && len(g.tally) <= int(g.most) {
		g.tally = make([]tally, g.most+1)
	}
	clear(g.top)
	g.unfile()
	for i := range g.low {
		g.low[i] = -1
	}
	g.pieces = len(c.Board)
	g.start = match3.Result{}
	g.ops, g.valid, g.moves, g.over, g.allValid, g.sum, g.hint = 0, 0, 0, false, true, 0, 0
	if g.set.Start != match3.StartReject {
		g.settle()
	}
	g.checkMoves()
}

// settle plays out the runs of the start board, as rounds of a move
// without a swap, looking at the whole board; start=score keeps their
// scores.
func (g *Match3) settle() {
	g.full = true
	var res match3.Result
	g.eliminate(&res, -1, -1)
	if res.Rounds == 0 {
		return
	}
	if g.set.Scoring == match3.ScoringThupc {
		res.Chain = chain(res.Rounds)
	}
	if g.set.Start == match3.StartSettle {
		res = match3.Result{Rounds: res.Rounds}
	}
	g.start = res
	g.sum += res.Score()
}

// Clone returns a copy of the game that plays on independently: the
// board, the columns' tops, what is left of the queues, the scores and
// the hand so far, and whether it keeps each operation's rounds. The
// scratch of an operation is the clone's own, made afresh; between
// operations it holds nothing (no cell is marked, no colour filed, low
// is all -1).
func (g *Match3) Clone() *Match3 {
	h := &Match3{
		rows:        g.rows,
		cols:        g.cols,
		set:         g.set,
		keepRuns:    g.keepRuns,
		board:       slices.Clone(g.board),
		top:         slices.Clone(g.top),
		pieces:      g.pieces,
		supply:      g.supply,
		qnext:       slices.Clone(g.qnext),
		qend:        slices.Clone(g.qend),
		low:         make([]int32, g.cols),
		zeros:       make([]piece, g.rows),
		pass:        make([]int32, g.rows),
		most:        g.most,
		start:       g.start,
		ops:         g.ops,
		valid:       g.valid,
		moves:       g.moves,
		over:        g.over,
		allValid:    g.allValid,
		sum:         g.sum,
		mains:       g.mains,
		hint:        g.hint,
		afterScan:   g.afterScan,
		keepRounds:  g.keepRounds,
		startRounds: g.startRounds,
	}
	if g.tally != nil {
		h.tally = make([]tally, len(g.tally))
	}
	for i := range h.low {
		h.low[i] = -1
	}
	return h
}

// PlayMatch3 plays every operation of c, which must be valid, under c's
// rule set and returns the trace without Detail; under answer=board with
// the final board.
func PlayMatch3(c *match3.Case) match3.Trace {
	g := NewMatch3(c)
	ops := make([]match3.Result, len(c.Ops))
	for i, s := range c.Ops {
		ops[i] = g.Apply(s)
	}
	return g.Trace(ops)
}

// Trace is the trace of a case played on g, whose operations' results
// are ops, as g stands after them: the start's settle, the endgame
// bonuses, the total and, under answer=board, the final board
// (PlayMatch3).
func (g *Match3) Trace(ops []match3.Result) match3.Trace {
	t := match3.Trace{Start: g.start, Ops: ops}
	t.AllValid, t.Cleared, t.Bonus = g.endgame()
	t.Total = g.sum + t.Bonus
	if g.set.Answer == match3.AnswerBoard {
		t.Board = g.Board()
	}
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
	return unpack(g.board[i])
}

// Board returns the board as it stands, laid out like match3.Case.Board
// (row-major, top row first), 0 for an empty cell: the answer under
// answer=board.
func (g *Match3) Board() []match3.Piece {
	b := make([]match3.Piece, len(g.board))
	for i, p := range g.board {
		c := i / g.rows
		b[(i-c*g.rows)*g.cols+c] = unpack(p)
	}
	return b
}

// Start returns the settle of the start board: its rounds and, under
// start=score, its scores; the zero Result when there was none.
func (g *Match3) Start() match3.Result { return g.start }

// Over reports whether the game is over: nomove=end found no move left,
// or the rule set's moves are used up. An operation then is not played.
func (g *Match3) Over() bool {
	return g.over || g.set.Moves > 0 && g.moves >= g.set.Moves
}

// Total returns the score so far, with the endgame bonuses as if the game
// ended now.
func (g *Match3) Total() int64 {
	_, _, bonus := g.endgame()
	return g.sum + bonus
}

// endgame returns the bonuses the rule set gives: AllValid unless an
// invalid swap cost it (under invalid=bonus only), Cleared for an empty
// board.
func (g *Match3) endgame() (allValid, cleared bool, bonus int64) {
	allValid, cleared = g.allValid, g.pieces == 0
	if allValid {
		bonus += g.set.AllValid
	}
	if cleared {
		bonus += g.set.Cleared
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
