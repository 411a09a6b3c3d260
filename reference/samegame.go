package reference

import "github.com/cascade-harness/cascade/samegame"

// SameGameRules is SameGame as a table of its steps, on top of the rule
// set a case carries (samegame.Rules). The zero value is the literal
// rules; a nil field means the literal step under the case's rule set,
// which is the method of Box or the function named in the field's
// comment. Replacing one
// field gives a variant of the game, which is how tests plant a bug and
// check that it is caught.
type SameGameRules struct {
	// Locate turns a click into the cell it hits. nil: Box.Locate, X from
	// the left and Y from the bottom of the box as it stands.
	Locate func(b Box, m samegame.Move) Pos
	// Group returns the cubes a click on p removes, nil when it removes
	// none. nil: Box.Group, the 4-connected group of p's colour, which
	// the game searches in slices of its own from click to click.
	Group func(b Box, p Pos) []Pos
	// Points scores the removal of a group of c cubes; it is called on
	// every click, with c = 0 when nothing is removed. nil: the rule set's
	// Score, Points(c) in 64 bits (c(c+1)/2 under codeabbey), 0 below
	// the minimum.
	Points func(c int) int64
	// Fall lets the cubes fall after a removal. nil: Box.Fall.
	Fall func(b Box)
	// Close removes empty columns after the fall. nil: Box.Close, or
	// Box.CloseRight when the rule set closes columns to the right.
	Close func(b Box)
}

// filled returns r with every nil field but Group set to the literal
// step under rules, which are effective; the game searches the literal
// group itself (SameGame.group).
func (r SameGameRules) filled(rules samegame.Rules) SameGameRules {
	if r.Locate == nil {
		r.Locate = Box.Locate
	}
	if r.Points == nil {
		r.Points = rules.Score
	}
	if r.Fall == nil {
		r.Fall = Box.Fall
	}
	if r.Close == nil {
		r.Close = Box.Close
		if rules.Close == samegame.CloseRight {
			r.Close = Box.CloseRight
		}
	}
	return r
}

// SameGame is a SameGame in progress under some rules.
type SameGame struct {
	set   samegame.Rules // effective
	rules SameGameRules
	keep  keeping
	box   Box
	trace samegame.Trace
	// removed says a click has removed a group, which end=move needs
	// before it gives the term.
	removed bool
	// seen and found are the literal group search's marks, a cell for
	// each of the box, and its group, kept from click to click: a fresh
	// slice of the box per click is garbage of the box's size, on every
	// click of a long game.
	seen  []bool
	found []Pos
}

// keeping is how much Detail a game keeps of its moves.
type keeping int

const (
	// keepBoards keeps, per move, the box after it.
	keepBoards keeping = iota
	// keepSummary keeps, per move, the number of columns standing after
	// it (SameGame) or its rounds (match-3); the board is copied once,
	// after the last move, when the trace is taken. Its memory grows
	// with the moves, not with the board times the moves.
	keepSummary
	// keepNone keeps no Detail.
	keepNone
	// keepTotal keeps no result per move either, only the total.
	keepTotal
)

// NewSameGame starts c's game under the literal rules.
func NewSameGame(c *samegame.Case) *SameGame { return SameGameRules{}.New(c) }

// PlaySameGame plays every move of c under the literal rules and returns
// the trace, Detail included.
func PlaySameGame(c *samegame.Case) samegame.Trace { return SameGameRules{}.Play(c) }

// PlaySameGameBrief is PlaySameGame without Detail: the moves and the
// total, which is all a check compares, without a copy of the box after
// every move.
func PlaySameGameBrief(c *samegame.Case) samegame.Trace {
	return SameGameRules{}.play(c, keepNone)
}

// PlaySameGameSummary is PlaySameGame with Detail that holds, per move,
// the number of columns standing after it, and the box only after the
// last move: what a check reads of the reference's play beside the
// moves, in memory that grows with the moves and the box, not with the
// box once per move. Code that explains every move (a trace, a replay)
// plays the case again a move at a time (NewSameGame, Apply, Box).
func PlaySameGameSummary(c *samegame.Case) samegame.Trace {
	return SameGameRules{}.play(c, keepSummary)
}

// NewSameGameBrief is NewSameGame for a game whose Trace has no Detail,
// as PlaySameGameBrief plays it: a long game played a move at a time
// keeps the moves' results, not a box per move.
func NewSameGameBrief(c *samegame.Case) *SameGame { return SameGameRules{}.start(c, keepNone) }

// NewSameGameSummary is NewSameGame for a game whose Trace is a summary,
// as PlaySameGameSummary plays it.
func NewSameGameSummary(c *samegame.Case) *SameGame { return SameGameRules{}.NewSummary(c) }

// NewSameGameStepwise is NewSameGame for a caller that takes each move's
// result from Apply as it is played and keeps what it needs of it: the
// game keeps no result per move, only its box and the total, so that a
// game of millions of clicks, explained or compared a move at a time,
// holds no list of them (40 bytes a click, and as much again in the
// copy a Trace is). Its Trace has the total and the end-of-game term,
// and no Moves.
func NewSameGameStepwise(c *samegame.Case) *SameGame { return SameGameRules{}.start(c, keepTotal) }

// New starts c's game under r. The moves of c are not played.
func (r SameGameRules) New(c *samegame.Case) *SameGame { return r.start(c, keepBoards) }

// NewSummary is New for a game whose Trace is a summary, as PlaySummary
// plays it.
func (r SameGameRules) NewSummary(c *samegame.Case) *SameGame { return r.start(c, keepSummary) }

// start starts c's game under r, keeping keep of its moves. The trace's
// lists are made at once for as many moves as c has: grown by append,
// they held up to twice and a quarter what they keep while they grew,
// some 450 MB a list on a case of 5,000,000 clicks.
func (r SameGameRules) start(c *samegame.Case, keep keeping) *SameGame {
	set := c.Rules.Effective()
	g := &SameGame{
		set:   set,
		rules: r.filled(set),
		keep:  keep,
		box:   NewBox(c),
		trace: samegame.Trace{Moves: []samegame.Result{}, Detail: []samegame.Detail{}},
	}
	if keep != keepTotal {
		g.trace.Moves = make([]samegame.Result, 0, len(c.Moves))
	}
	if keep == keepBoards || keep == keepSummary {
		g.trace.Detail = make([]samegame.Detail, 0, len(c.Moves))
	}
	return g
}

// Play plays every move of c under r and returns the trace, Detail
// included: a copy of the box after every move.
func (r SameGameRules) Play(c *samegame.Case) samegame.Trace { return r.play(c, keepBoards) }

// PlaySummary is Play with the Detail of PlaySameGameSummary: per move
// the columns standing after it, and the box after the last move only.
func (r SameGameRules) PlaySummary(c *samegame.Case) samegame.Trace {
	return r.play(c, keepSummary)
}

// play plays every move of c under r, keeping keep of them, and returns
// the game's own trace (Done).
func (r SameGameRules) play(c *samegame.Case, keep keeping) samegame.Trace {
	g := r.start(c, keep)
	for _, m := range c.Moves {
		g.Apply(m)
	}
	return g.Done()
}

// Apply plays one click: the group under it is removed and scored, the
// cubes fall, and empty columns close. A click on an empty cell, outside
// the frame, or on a group smaller than the rule set's minimum removes
// nothing and scores Points(0).
func (g *SameGame) Apply(m samegame.Move) samegame.Result {
	p := g.rules.Locate(g.box, m)
	colour := g.box.At(p)
	group := g.group(p)
	if len(group) < g.set.Min {
		group = nil
	}
	for _, q := range group {
		if g.box.Inside(q) {
			g.box[q.X][q.Y] = 0
		}
	}
	g.removed = g.removed || len(group) > 0
	g.rules.Fall(g.box)
	g.rules.Close(g.box)
	res := samegame.Result{Move: m, Colour: colour, Removed: len(group), Points: g.rules.Points(len(group))}
	if g.keep != keepTotal {
		g.trace.Moves = append(g.trace.Moves, res)
	}
	g.trace.Total += res.Points
	switch g.keep {
	case keepBoards:
		g.trace.Detail = append(g.trace.Detail, samegame.Detail{Board: g.box.Board(), Columns: g.box.Columns()})
	case keepSummary:
		g.trace.Detail = append(g.trace.Detail, samegame.Detail{Columns: g.box.Columns()})
	}
	return res
}

// group is the group a click on p removes, before the minimum: the
// rules' Group, or the literal one, in the game's own slices, which the
// next click reuses.
func (g *SameGame) group(p Pos) []Pos {
	if g.rules.Group != nil {
		return g.rules.Group(g.box, p)
	}
	if g.box.At(p) == 0 {
		return nil
	}
	if g.seen == nil {
		g.seen = make([]bool, len(g.box)*g.box.Height())
	}
	g.found = g.box.search(p, g.seen, g.found)
	g.box.unmark(g.seen, g.found)
	return g.found
}

// Clone returns a copy of the game that plays on independently: its own
// box and trace so far, and its own group search. The rules are shared,
// so a variant whose steps keep state between calls (one game at a time)
// does not clone.
func (g *SameGame) Clone() *SameGame {
	return &SameGame{set: g.set, rules: g.rules, keep: g.keep, box: g.box.Clone(), trace: g.copyTrace(), removed: g.removed}
}

// At returns the colour now at column x from the left and row y from the
// bottom; 0 for an empty cell or a cell outside the frame.
func (g *SameGame) At(x, y int) uint8 { return g.box.At(Pos{x, y}) }

// Box returns a copy of the box as it stands.
func (g *SameGame) Box() Box { return g.box.Clone() }

// Trace returns the trace so far, Detail included, with the end-of-game
// term as if the list of clicks ended here. It is a copy: playing on does
// not change it.
func (g *SameGame) Trace() samegame.Trace { return g.ended(g.copyTrace()) }

// Done returns the trace as Trace does, but the game's own lists, not a
// copy of them, for a game played to its end: it is not to be played
// on. A copy of a trace of millions of moves is as big again, 360 MB for
// a summary of 5,000,000 clicks.
func (g *SameGame) Done() samegame.Trace { return g.ended(g.trace) }

// ended is t, the game's trace so far, with the box after the last move
// where t summarises and the end-of-game term.
func (g *SameGame) ended(t samegame.Trace) samegame.Trace {
	if n := len(t.Detail); n > 0 && t.Detail[n-1].Board == nil {
		t.Detail[n-1].Board = g.box.Board()
	}
	t.End = g.End()
	t.Total += t.End
	return t
}

// End is the end-of-game term for the box as it stands: the clear bonus
// when it is empty, the Left term for the cubes left when the rule set's
// End applies, else 0; under end=move, 0 until a click has removed a
// group.
func (g *SameGame) End() int64 {
	left := g.box.Cubes()
	switch {
	case g.set.End == samegame.EndMove && !g.removed:
		return 0
	case left == 0:
		return g.set.Clear
	case g.set.End == samegame.EndList, !g.box.HasGroup(max(g.set.Min, 1)):
		return g.set.Left.Eval(int64(left))
	}
	return 0
}

func (g *SameGame) copyTrace() samegame.Trace {
	t := g.trace
	t.Moves = append([]samegame.Result{}, t.Moves...)
	t.Detail = append([]samegame.Detail{}, t.Detail...)
	return t
}
