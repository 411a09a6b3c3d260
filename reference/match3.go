package reference

import (
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// Match3Rules is match-3 with poker as a table of its steps, on top of
// the rule set a case carries (match3.Rules). The zero value is the
// literal rules; a nil field means the literal step under the case's rule
// set, which is the method of Grid or the function named in the field's
// comment.
// Replacing one field gives a variant of the game, which is how tests
// plant a bug and check that it is caught. A step that builds on another
// is handed the one in use, so that a variant of either composes.
type Match3Rules struct {
	// Adjacent decides whether two cells may be swapped at all; when not,
	// the operation is NotAdjacent. nil: Adjacent, sharing a side.
	Adjacent func(a, b match3.Cell) bool
	// Swap performs an operation on two cells that passed Adjacent,
	// using runs to look for a run, and returns its validity. nil:
	// Grid.Swap, which leaves the board unchanged unless Valid.
	Swap func(g Grid, s match3.Swap, runs func(Grid) Marks) match3.Validity
	// Runs marks the line cells of a round; a round happens while it marks
	// any. nil: Grid.Runs, maximal runs of three or more; under
	// clear=lowest Grid.LowestRuns.
	Runs func(g Grid) Marks
	// Area returns the cells the special at c marks when it triggers.
	// nil: Grid.Area.
	Area func(g Grid, c match3.Cell) []match3.Cell
	// Effects marks, from the round's line cells, the cells hit by
	// specials using area, and lists the specials in the order they went
	// off. nil: Grid.Effects, every marked special triggers once; under
	// specials=points NoEffects.
	Effects func(g Grid, line Marks, area func(Grid, match3.Cell) []match3.Cell) (hit Marks, triggered []match3.Cell)
	// Elimination scores round number round whose marked cells' colours
	// sum to sum. nil: Elimination, round x sum.
	Elimination func(round int, sum int64) int64
	// Blocks returns the sizes of the blocks that score a combination.
	// nil: Grid.Blocks, 4-connected same-coloured blocks of line cells.
	Blocks func(g Grid, line, hit Marks) []int
	// Combination scores one block of x cells. nil: Combination,
	// 50(x-3)^2.
	Combination func(x int) int64
	// Fall lets the pieces fall once the marked cells are removed. nil:
	// Grid.Fall, specials falling with their pieces.
	Fall func(g Grid)
	// Refill fills the emptied cells after a fall from queues, one per
	// column, which it consumes, and returns the cells it filled. nil:
	// Grid.Refill under refill=queue; never called under refill=none.
	Refill func(g Grid, queues [][]match3.Piece) []match3.Cell
	// Chain scores a valid operation of x rounds. nil: Chain, 80(x-1)^2.
	Chain func(x int) int64
	// Main picks a valid operation's main colours from lines, where
	// lines[i] holds the distinct colours of the line cells of round i+1,
	// ascending. nil: MainColours, those of the first round.
	Main func(lines [][]int) []int
	// Hand returns the pattern scored after the latest of ops (all
	// operations so far), or at the end of the game when end is set.
	// nil: PatternHand, after every fifth valid operation and not at the
	// end.
	Hand func(ops []Played, end bool) match3.Hand
	// Endgame returns the endgame score. nil: the rule set's AllValid
	// when all valid and Cleared for an empty board (Endgame, 1000 and
	// 10000, under thupc).
	Endgame func(allValid, cleared bool) int64
}

// filled returns r with every nil field set to the literal step under
// set, which is effective.
func (r Match3Rules) filled(set match3.Rules) Match3Rules {
	if r.Runs == nil && set.Clear == match3.ClearLowest {
		r.Runs = Grid.LowestRuns
	}
	if r.Effects == nil && set.Specials == match3.SpecialsPoints {
		r.Effects = NoEffects
	}
	if r.Refill == nil {
		r.Refill = Grid.Refill
	}
	if r.Endgame == nil {
		r.Endgame = func(allValid, cleared bool) int64 {
			var bonus int64
			if allValid {
				bonus += set.AllValid
			}
			if cleared {
				bonus += set.Cleared
			}
			return bonus
		}
	}
	if r.Adjacent == nil {
		r.Adjacent = Adjacent
	}
	if r.Swap == nil {
		r.Swap = Grid.Swap
	}
	if r.Runs == nil {
		r.Runs = Grid.Runs
	}
	if r.Area == nil {
		r.Area = Grid.Area
	}
	if r.Effects == nil {
		r.Effects = Grid.Effects
	}
	if r.Elimination == nil {
		r.Elimination = Elimination
	}
	if r.Blocks == nil {
		r.Blocks = Grid.Blocks
	}
	if r.Combination == nil {
		r.Combination = Combination
	}
	if r.Fall == nil {
		r.Fall = Grid.Fall
	}
	if r.Chain == nil {
		r.Chain = Chain
	}
	if r.Main == nil {
		r.Main = MainColours
	}
	if r.Hand == nil {
		r.Hand = PatternHand
	}
	if r.Endgame == nil {
		r.Endgame = Endgame
	}
	return r
}

// Match3 is a game of match-3 with poker in progress under some rules.
type Match3 struct {
	set    match3.Rules // effective
	rules  Match3Rules
	keep   keeping
	grid   Grid
	queues [][]match3.Piece // what is left of each column's queue
	ops    []match3.Result
	detail []match3.Detail
	played []Played
	rounds []match3.Round // of the latest operation
	// start is the settle of the start board, startRounds its rounds
	// and startBoard the board after them.
	start       match3.Result
	startRounds []match3.Round
	startBoard  []match3.Piece
	// moves counts the operations that used a move; over is set once
	// nomove=end found no move left.
	moves int
	over  bool
}

// NewMatch3 starts c's game under the literal rules.
func NewMatch3(c *match3.Case) *Match3 { return Match3Rules{}.New(c) }

// PlayMatch3 plays every operation of c under the literal rules and
// returns the trace, Detail included.
func PlayMatch3(c *match3.Case) match3.Trace { return Match3Rules{}.Play(c) }

// PlayMatch3Brief is PlayMatch3 without Detail: the operations, the
// endgame and the total, which is all a check compares, without the
// rounds and a copy of the board after every operation.
func PlayMatch3Brief(c *match3.Case) match3.Trace { return Match3Rules{}.play(c, keepNone) }

// PlayMatch3Summary is PlayMatch3 with Detail that holds, per operation,
// its rounds, and the board only after the last operation: what a check
// and an audit read of the reference's play beside the operations, in
// memory that grows with the operations and the board, not with the
// board once per operation. Every piece is eliminated at most once, so
// the rounds of a whole game hold at most as many cells as the board.
// Code that shows every board (a trace, a replay, the step protocol)
// plays the case again an operation at a time (NewMatch3, Apply, At,
// Rounds).
func PlayMatch3Summary(c *match3.Case) match3.Trace { return Match3Rules{}.play(c, keepSummary) }

// NewMatch3Brief is NewMatch3 for a game whose Trace has no Detail, as
// PlayMatch3Brief plays it: a long game played an operation at a time
// keeps the operations' results, not a board per operation.
func NewMatch3Brief(c *match3.Case) *Match3 {
	g := NewMatch3(c)
	g.keep = keepNone
	return g
}

// New starts c's game under r: under start=settle and start=score the
// rounds of a start board that holds runs are played, and under
// nomove=end a board with no move left ends the game. The operations of
// c are not played.
func (r Match3Rules) New(c *match3.Case) *Match3 {
	set := c.Rules.Effective()
	g := &Match3{set: set, rules: r.filled(set), grid: NewGrid(c)}
	for _, q := range c.Queues {
		g.queues = append(g.queues, slices.Clone(q))
	}
	if set.Start != match3.StartReject {
		rounds, _ := g.eliminate()
		if len(rounds) > 0 {
			g.start = g.score(match3.Result{}, rounds)
			if set.Start == match3.StartSettle {
				g.start = match3.Result{Rounds: len(rounds)}
				for i := range rounds {
					rounds[i].Elimination, rounds[i].Combination, rounds[i].Points = 0, 0, 0
				}
			}
			g.startRounds, g.startBoard = rounds, g.grid.Board()
		}
	}
	g.checkMoves()
	return g
}

// checkMoves ends the game under nomove=end when no swap would make a
// run.
func (g *Match3) checkMoves() {
	if g.set.NoMove == match3.NoMoveEnd && len(g.grid.ValidSwaps()) == 0 {
		g.over = true
	}
}

// score fills res's scores from the rounds of a move: under points=thupc
// the elimination and combination of its rounds and the chain; under
// points=EXPR the sum of the rounds' Points.
func (g *Match3) score(res match3.Result, rounds []match3.Round) match3.Result {
	res.Rounds = len(rounds)
	for _, r := range rounds {
		res.Elimination += r.Elimination
		res.Combination += r.Combination
		res.Points += r.Points
	}
	if g.set.Scoring == match3.ScoringThupc {
		res.Chain = g.rules.Chain(len(rounds))
	}
	return res
}

// Play plays every operation of c under r and returns the trace, Detail
// included: the rounds and a copy of the board after every operation.
func (r Match3Rules) Play(c *match3.Case) match3.Trace { return r.play(c, keepBoards) }

// play plays every operation of c under r, keeping keep of them.
func (r Match3Rules) play(c *match3.Case, keep keeping) match3.Trace {
	g := r.New(c)
	g.keep = keep
	for _, s := range c.Ops {
		g.Apply(s)
	}
	return g.Trace()
}

// Apply plays one operation: the swap, every round of elimination it sets
// off, and the pattern score when one is due.
//
// Once the game is over (nomove=end found no move left, or the rule
// set's moves are used up) an operation is not played: it is Over, and
// changes and costs nothing.
func (g *Match3) Apply(s match3.Swap) match3.Result {
	res := match3.Result{Swap: s, Validity: match3.NotAdjacent}
	switch {
	case g.over, g.set.Moves > 0 && g.moves >= g.set.Moves:
		res.Validity = match3.Over
	case g.rules.Adjacent(s.A, s.B):
		res.Validity = g.rules.Swap(g.grid, s, g.rules.Runs)
	}
	if res.Validity != match3.Over && (res.Validity == match3.Valid || g.set.Invalid != match3.InvalidFree) {
		g.moves++
	}
	var rounds []match3.Round
	if res.Validity == match3.Valid {
		var lines [][]int
		rounds, lines = g.eliminate()
		res = g.score(res, rounds)
		if g.set.Scoring == match3.ScoringThupc {
			main := slices.Clone(g.rules.Main(lines))
			slices.Sort(main)
			copy(res.Main[:], main)
			g.played = append(g.played, Played{Valid: true, Main: main})
		}
		g.checkMoves()
	} else if g.set.Scoring == match3.ScoringThupc {
		g.played = append(g.played, Played{})
	}
	if g.set.Scoring == match3.ScoringThupc {
		res.Hand = g.rules.Hand(g.played, false)
	}
	g.ops = append(g.ops, res)
	g.rounds = rounds
	switch g.keep {
	case keepBoards:
		g.detail = append(g.detail, match3.Detail{Rounds: rounds, Board: g.grid.Board()})
	case keepSummary:
		g.detail = append(g.detail, match3.Detail{Rounds: rounds})
	}
	return res
}

// Rounds returns the rounds of elimination of the operation played
// last, whatever the game keeps of the others: none for an invalid
// operation or before the first.
func (g *Match3) Rounds() []match3.Round { return g.rounds }

// eliminate plays rounds of elimination until no run is left and returns
// them, with the distinct colours of each round's line cells. Under
// points=thupc a round scores elimination and combination, under
// points=EXPR the terms of its Per, numbered on from the move's earlier
// rounds; under refill=queue the emptied cells are refilled after each
// fall.
func (g *Match3) eliminate() (rounds []match3.Round, lines [][]int) {
	index := int64(0) // terms of the move so far
	for {
		line := g.rules.Runs(g.grid)
		if line.Empty() {
			return rounds, lines
		}
		// The runs the round removes, for per=run: those whose every
		// cell the marking marked.
		var runs []Run
		for _, run := range g.grid.RunList() {
			if g.set.Scoring == match3.ScoringExpr && g.set.Per == match3.PerRun && !slices.ContainsFunc(run.Cells, func(c match3.Cell) bool { return !line.Has(c) }) {
				runs = append(runs, run)
			}
		}
		hit, triggered := g.rules.Effects(g.grid, line, g.rules.Area)
		r := match3.Round{Line: line.Cells(), Hit: hit.Cells(), Triggered: triggered}

		var colours []int
		for _, c := range r.Line {
			if colour := g.grid.At(c).Colour; colour != 0 && !slices.Contains(colours, colour) {
				colours = append(colours, colour)
			}
		}
		slices.Sort(colours)
		lines = append(lines, colours)

		var sum int64
		var removed []match3.Cell
		for _, c := range append(slices.Clone(r.Line), r.Hit...) {
			if p := g.grid.At(c); !p.Empty() {
				sum += int64(p.Colour)
				removed = append(removed, c)
			}
		}
		r.Blocks = g.rules.Blocks(g.grid, line, hit)
		round := int64(len(rounds) + 1)
		if g.set.Scoring == match3.ScoringThupc {
			r.Elimination = g.rules.Elimination(int(round), sum)
			for _, x := range r.Blocks {
				r.Combination += g.rules.Combination(x)
			}
		} else {
			for _, t := range g.grid.terms(g.set.Per, removed, runs) {
				index++
				r.Points += g.set.Term(t[0], round, index, t[1], t[2])
			}
		}
		if len(removed) == 0 {
			rounds = append(rounds, r)
			// Only a variant's Runs can mark nothing but empty cells; stop
			// rather than loop for ever.
			return rounds, lines
		}

		for _, c := range append(slices.Clone(r.Line), r.Hit...) {
			g.grid.Set(c, match3.Piece{})
		}
		g.rules.Fall(g.grid)
		if g.set.Refill == match3.RefillQueue {
			r.Refilled = g.rules.Refill(g.grid, g.queues)
		}
		rounds = append(rounds, r)
	}
}

// Clone returns a copy of the game that plays on independently: its own
// board, results and played operations so far. The rules are shared, so
// a variant whose steps keep state between calls (one game at a time)
// does not clone.
func (g *Match3) Clone() *Match3 {
	h := &Match3{
		set:         g.set,
		rules:       g.rules,
		keep:        g.keep,
		grid:        g.grid.Clone(),
		ops:         slices.Clone(g.ops),
		detail:      slices.Clone(g.detail),
		played:      slices.Clone(g.played),
		rounds:      g.rounds,
		start:       g.start,
		startRounds: g.startRounds,
		startBoard:  g.startBoard,
		moves:       g.moves,
		over:        g.over,
	}
	for _, q := range g.queues {
		h.queues = append(h.queues, slices.Clone(q))
	}
	return h
}

// At returns the piece now at cell; an empty piece (Colour 0) for an
// empty cell or a cell outside the board.
func (g *Match3) At(cell match3.Cell) match3.Piece { return g.grid.At(cell) }

// Grid returns a copy of the board as it stands.
func (g *Match3) Grid() Grid { return g.grid.Clone() }

// Queues returns what is left of each column's queue, a copy; nil under
// refill=none.
func (g *Match3) Queues() [][]match3.Piece {
	var qs [][]match3.Piece
	for _, q := range g.queues {
		qs = append(qs, slices.Clone(q))
	}
	return qs
}

// Start returns the settle of the start board (zero when none) and its
// rounds, whatever the game keeps of its operations.
func (g *Match3) Start() (match3.Result, []match3.Round) { return g.start, g.startRounds }

// Over reports whether the game is over: nomove=end found no move left,
// or the rule set's moves are used up.
func (g *Match3) Over() bool {
	return g.over || g.set.Moves > 0 && g.moves >= g.set.Moves
}

// Trace returns the trace so far, Detail included, with the endgame
// scored as if the game ended now. A hand the rules score at the end
// (none under the literal rules) counts into Total. The settle of the
// start board, under start=score, counts into Total too; under
// answer=board, Board is the board as it stands.
func (g *Match3) Trace() match3.Trace {
	t := match3.Trace{
		Start:    g.start,
		Ops:      slices.Clone(g.ops),
		AllValid: true,
		Cleared:  g.grid.Empty(),
		Detail:   slices.Clone(g.detail),
	}
	if g.set.Answer == match3.AnswerBoard {
		t.Board = g.grid.Board()
	}
	if g.keep != keepNone {
		t.StartRounds = g.startRounds
	}
	if g.keep == keepBoards {
		t.StartBoard = g.startBoard
	}
	if n := len(t.Detail); n > 0 && t.Detail[n-1].Board == nil {
		t.Detail[n-1].Board = g.grid.Board()
	}
	if t.Ops == nil {
		t.Ops, t.Detail = []match3.Result{}, []match3.Detail{}
	}
	t.Total = t.Start.Score()
	for _, r := range t.Ops {
		if g.set.Invalid == match3.InvalidBonus && r.Validity != match3.Valid && r.Validity != match3.Over {
			t.AllValid = false
		}
		t.Total += r.Score() + r.Hand.Score
	}
	t.Bonus = g.rules.Endgame(t.AllValid, t.Cleared)
	t.Total += t.Bonus
	if g.set.Scoring == match3.ScoringThupc {
		t.Total += g.rules.Hand(g.played, true).Score
	}
	return t
}
