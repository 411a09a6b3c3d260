package gems

import (
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// The match-3 coverage items.
const (
	m3SpecialBySpecial = "special-by-special"
	m3Chain2           = "chain-2"
	m3Chain3           = "chain-3"
	m3Chain4           = "chain-4+"
	m3TwoMain          = "two-main-colours"
	m3AllValid         = "bonus-all-valid"
	m3Cleared          = "bonus-cleared"
	m3Limit50x50       = "limit-50x50"
	m3LimitK           = "limit-k100"
	m3LimitQ           = "limit-q1000"
	m3BlockLine        = "block-line"
	m3BlockLTCross     = "block-l-t-cross"
	m3Block2x3         = "block-2x3"
	m3BlockOther       = "block-other"
)

// m3Special names the item of each special going off.
var m3Special = [...]string{
	match3.Row:     "special-row",
	match3.Column:  "special-column",
	match3.Cross:   "special-cross",
	match3.Square3: "special-3x3",
	match3.Square5: "special-5x5",
	match3.Colour:  "special-colour",
}

// m3Hand names the item of each hand kind scored.
var m3Hand = [...]string{
	match3.HighCard:     "hand-high-card",
	match3.OnePair:      "hand-one-pair",
	match3.TwoPairs:     "hand-two-pairs",
	match3.ThreeOfAKind: "hand-three-of-a-kind",
	match3.FullHouse:    "hand-full-house",
	match3.FourOfAKind:  "hand-four-of-a-kind",
	match3.FiveOfAKind:  "hand-five-of-a-kind",
}

// m3Invalid names the item of each kind of invalid operation.
var m3Invalid = [...]string{
	match3.NotAdjacent: "invalid-not-adjacent",
	match3.EmptyCell:   "invalid-empty-cell",
	match3.NoRun:       "invalid-no-run",
}

// match3CoverageItems are match-3's coverage items (see SPEC.md, "Audit:
// coverage items").
var match3CoverageItems = []conformance.CoverageItem{
	{Name: "special-row", Help: "a row special went off, set off by a line or by another special (M5.2); per special"},
	{Name: "special-column", Help: "a column special went off (M5.2); per special"},
	{Name: "special-cross", Help: "a cross special went off (M5.2); per special"},
	{Name: "special-3x3", Help: "a 3x3 special went off (M5.2); per special"},
	{Name: "special-5x5", Help: "a 5x5 special went off (M5.2); per special"},
	{Name: "special-colour", Help: "a colour special went off (M5.2); per special"},
	{Name: m3SpecialBySpecial, Help: "a special went off because another special's area marked it, not a line (M5.2); per special"},
	{Name: m3Chain2, Help: "a valid operation of exactly 2 rounds (M6); per operation"},
	{Name: m3Chain3, Help: "a valid operation of exactly 3 rounds (M6); per operation"},
	{Name: m3Chain4, Help: "a valid operation of 4 rounds or more (M6); per operation"},
	{Name: "hand-high-card", Help: "a hand scored as a high card (M8); per hand"},
	{Name: "hand-one-pair", Help: "a hand scored as one pair (M8); per hand"},
	{Name: "hand-two-pairs", Help: "a hand scored as two pairs (M8); per hand"},
	{Name: "hand-three-of-a-kind", Help: "a hand scored as three of a kind (M8); per hand"},
	{Name: "hand-full-house", Help: "a hand scored as a full house (M8); per hand"},
	{Name: "hand-four-of-a-kind", Help: "a hand scored as four of a kind (M8); per hand"},
	{Name: "hand-five-of-a-kind", Help: "a hand scored as five of a kind (M8); per hand"},
	{Name: m3TwoMain, Help: "a valid operation with two main colours: its first round's lines hold two colours (M7); per operation"},
	{Name: "invalid-not-adjacent", Help: "an operation invalid as not adjacent: the same cell, a diagonal or farther (M3); per operation"},
	{Name: "invalid-empty-cell", Help: "an operation invalid as it swaps an empty cell (M3); per operation"},
	{Name: "invalid-no-run", Help: "an operation invalid as it makes no run (M3); per operation"},
	{Name: m3AllValid, Help: "a case that earns the all-valid bonus, 1000 (M9); per case"},
	{Name: m3Cleared, Help: "a case that earns the cleared-board bonus, 10000 (M9); per case"},
	{Name: m3Limit50x50, Help: "a board of the statement's largest size, n = m = 50; per case"},
	{Name: m3LimitK, Help: "the statement's most colours, k = 100; per case"},
	{Name: m3LimitQ, Help: "the statement's most operations, q = 1000; per case"},
	{Name: m3BlockLine, Help: "a combination block of 4 cells or more in one row or column (M5.4); per block"},
	{Name: m3BlockLTCross, Help: "a combination block whose cells lie in one row and one column crossing it: an L, a T or a cross (M5.4); per block"},
	{Name: m3Block2x3, Help: "a combination block that holds a 2x2 square of cells: two runs side by side, 2x3 the smallest (M5.4); per block"},
	{Name: m3BlockOther, Help: "a combination block of any other shape, a U, an H, a staircase: what a fill that never goes up splits (M5.4); per block"},
}

// match3Scan is what an audit reads from a match-3 case and the
// reference's trace of it: the coverage counts, and the facts that say
// which planted variants the case leaves idle.
type match3Scan struct {
	counts conformance.Counter
	// Facts that no coverage item holds as such.
	diagonalRun    bool // a swap of two diagonal neighbours that would make a run
	upwardBlock    bool // a block a fill that never goes up leaves unfilled
	invalid        bool // an invalid operation
	valid, hands   int  // valid operations, hands scored
	longRun        bool // a block of 4 cells or more: maybe a run of 4
	rounds2        bool // an operation of 2 rounds or more
	hits           bool // a round marked cells by specials' effects
	squareAtEdge   bool // a 3x3 or 5x5 special went off with its square clipped
	specialOnBoard bool // the start position holds a special
}

// match3Coverage reads the coverage of c from the reference's trace t.
// Most items are in the results and rounds of t; the kinds of the
// specials that went off and the shapes of the blocks are not, so the
// board before every round is rebuilt from the start position and the
// rounds of t, as the case is walked: the swap, then per round the
// marked cells removed and the pieces fallen, the reference's own steps.
// One board is kept, not one per operation.
func match3Coverage(c *match3.Case, t match3.Trace) conformance.Coverage {
	s := match3Scan{counts: conformance.Counter{}}
	cov := s.counts
	// Without Detail (a trace not the reference's) the specials and
	// blocks go uncounted and no variant is known idle.
	detailed := len(t.Detail) == len(t.Ops)
	for _, p := range c.Board {
		s.specialOnBoard = s.specialOnBoard || p.Special != match3.Plain
	}
	var board reference.Grid // before operation i, when detailed
	// The board is read before a diagonal swap and in the rounds of an
	// operation whose specials went off or whose blocks hold 5 cells or
	// more; after the last such operation it is not kept up.
	last := -1
	if detailed {
		board = reference.NewGrid(c)
		for i, r := range t.Ops {
			if diagonal(r.Swap) || r.Validity == match3.Valid && rebuilds(t.Detail[i].Rounds) {
				last = i
			}
		}
	}
	for i, r := range t.Ops {
		if diagonal(r.Swap) && !s.diagonalRun && detailed {
			s.diagonalRun = board.Clone().Swap(r.Swap, reference.Grid.Runs) == match3.Valid
		}
		if r.Validity == match3.Over {
			// Not played: the game was over (a rule set's nomove=end or
			// move limit); rules-* items count it.
			continue
		}
		if r.Validity != match3.Valid {
			s.invalid = true
			cov.Add(m3Invalid[r.Validity], 1)
			continue
		}
		s.valid++
		cov.AddIf(m3Chain2, r.Rounds == 2)
		cov.AddIf(m3Chain3, r.Rounds == 3)
		cov.AddIf(m3Chain4, r.Rounds >= 4)
		s.rounds2 = s.rounds2 || r.Rounds >= 2
		cov.AddIf(m3TwoMain, r.Main[1] != 0)
		if r.Hand.Kind != match3.NoHand {
			s.hands++
			cov.Add(m3Hand[r.Hand.Kind], 1)
		}
		if detailed {
			s.rounds(c, board, r.Swap, t.Detail[i].Rounds, i <= last)
		}
	}
	cov.AddIf(m3AllValid, t.AllValid)
	cov.AddIf(m3Cleared, t.Cleared)
	cov.AddIf(m3Limit50x50, c.Rows == match3.MaxSide && c.Cols == match3.MaxSide)
	cov.AddIf(m3LimitK, c.Colours == match3.MaxColours)
	cov.AddIf(m3LimitQ, len(c.Ops) == match3.MaxOps)
	if !detailed {
		return conformance.Coverage{Counts: cov.Clone()}
	}
	return conformance.Coverage{Counts: cov.Clone(), Idle: conformance.IdleUnless(s.needs(t))}
}

// rounds counts what the rounds of a valid operation, swap, did on
// board, the board before it: the specials that went off and the shapes
// of the blocks. It plays the operation on board, which holds the board
// after it then.
func (s *match3Scan) rounds(c *match3.Case, board reference.Grid, swap match3.Swap, rounds []match3.Round, replay bool) {
	rebuild := rebuilds(rounds)
	for _, r := range rounds {
		s.hits = s.hits || len(r.Hit) > 0
		for _, x := range r.Blocks {
			s.longRun = s.longRun || x >= 4
			// A block of 4 is a line: a block that is not holds two
			// runs of 3, one across the other, 5 cells at least.
			s.counts.AddIf(m3BlockLine, x == 4)
		}
	}
	if !replay {
		return
	}
	replayRounds(board, swap, rounds, func(g reference.Grid, r match3.Round, line, hit reference.Marks) {
		if !rebuild {
			return
		}
		for _, cell := range r.Triggered {
			sp := g.At(cell).Special
			s.counts.Add(m3Special[sp], 1)
			s.counts.AddIf(m3SpecialBySpecial, !line.Has(cell))
			if radius := areaRadius(sp); radius > 0 {
				s.squareAtEdge = s.squareAtEdge || cell.X-radius < 1 || cell.Y-radius < 1 ||
					cell.X+radius > c.Rows || cell.Y+radius > c.Cols
			}
		}
		if !slices.ContainsFunc(r.Blocks, func(x int) bool { return x >= 5 }) {
			return
		}
		for _, block := range g.BlockCells(line, hit) {
			if len(block) >= 5 {
				s.counts.Add(blockShape(block), 1)
				s.upwardBlock = s.upwardBlock || !fillsWithoutGoingUp(block)
			}
		}
	})
}

// rebuilds reports whether rounds, a valid operation's, are counted on
// the board they played on: a special went off, or a block holds 5
// cells or more, whose shape is counted.
func rebuilds(rounds []match3.Round) bool {
	for _, r := range rounds {
		if len(r.Triggered) > 0 || slices.ContainsFunc(r.Blocks, func(x int) bool { return x >= 5 }) {
			return true
		}
	}
	return false
}

// diagonal reports whether s swaps two diagonal neighbours.
func diagonal(s match3.Swap) bool {
	dx, dy := s.A.X-s.B.X, s.A.Y-s.B.Y
	return dx*dx == 1 && dy*dy == 1
}

// replayRounds plays a valid operation, swap, on g, the board before it,
// from its rounds, as the reference plays it: the swap, and after each
// round its line and hit cells removed and the pieces fallen. It calls
// visit with the board before each round, the round, and its line and
// hit cells; g holds the board after the operation then.
func replayRounds(g reference.Grid, swap match3.Swap, rounds []match3.Round, visit func(g reference.Grid, r match3.Round, line, hit reference.Marks)) {
	g.Exchange(swap.A, swap.B)
	// One pair of sets serves every round, emptied of its cells after.
	line, hit := reference.NewMarks(g), reference.NewMarks(g)
	for _, r := range rounds {
		for _, cell := range r.Line {
			line.Add(cell)
		}
		for _, cell := range r.Hit {
			hit.Add(cell)
		}
		visit(g, r, line, hit)
		for _, cell := range r.Line {
			line.Remove(cell)
			g.Set(cell, match3.Piece{})
		}
		for _, cell := range r.Hit {
			hit.Remove(cell)
			g.Set(cell, match3.Piece{})
		}
		g.Fall()
	}
}

// blockShape names the coverage item of a block of 5 cells or more: a
// 2x3 when it holds a 2x2 square; a line when its cells lie in one row or
// one column; an L, T or cross when at most one row and at most one
// column hold more than one of its cells (a connected block is then the
// union of a row and a column through one cell, since a cell alone in its
// row and in its column would have no neighbour); any other shape else.
func blockShape(block []match3.Cell) string {
	in := make(map[match3.Cell]bool, len(block))
	rows, cols := map[int]int{}, map[int]int{}
	for _, c := range block {
		in[c] = true
		rows[c.X]++
		cols[c.Y]++
	}
	for _, c := range block {
		if in[match3.Cell{X: c.X, Y: c.Y + 1}] && in[match3.Cell{X: c.X + 1, Y: c.Y}] && in[match3.Cell{X: c.X + 1, Y: c.Y + 1}] {
			return m3Block2x3
		}
	}
	if len(rows) == 1 || len(cols) == 1 {
		return m3BlockLine
	}
	multi := func(count map[int]int) int {
		n := 0
		for _, k := range count {
			if k > 1 {
				n++
			}
		}
		return n
	}
	if multi(rows) <= 1 && multi(cols) <= 1 {
		return m3BlockLTCross
	}
	return m3BlockOther
}

// needs says, for each planted variant, whether the case reaches what
// the variant needs to score it differently from the reference. A
// variant breaks one step and plays as the reference does until that
// step first does something else; that happens in a state the reference
// passes through too, and its trace shows it.
func (s *match3Scan) needs(t match3.Trace) map[string]bool {
	cov := s.counts
	hand := func(k match3.HandKind) bool { return cov.Has(m3Hand[k]) }
	special := func(sp match3.Special) bool { return cov.Has(m3Special[sp]) }
	return map[string]bool{
		// A diagonal swap that makes no run is invalid either way.
		"diagonal swap accepted":               s.diagonalRun,
		"swap that makes no run is not undone": cov.Has(m3Invalid[match3.NoRun]),
		// A run of 4 or more lies in a block of 4 or more.
		"only three cells of a longer run marked": s.longRun,
		// The first round's runs all pass through the swapped cells.
		"later rounds look for runs only through the swapped cells": s.rounds2,
		"row special marks its column":                              special(match3.Row),
		"cross marks only its row":                                  special(match3.Cross),
		"5x5 special acts as 3x3":                                   special(match3.Square5),
		"colour special marks nothing":                              special(match3.Colour),
		"squares wrap around the edges instead of clipping":         s.squareAtEdge,
		"specials hit by specials do not trigger":                   cov.Has(m3SpecialBySpecial),
		"specials stay put when pieces fall":                        s.specialOnBoard && s.valid > 0,
		"elimination without the round multiplier":                  s.rounds2,
		"combination blocks include effect-hit cells":               s.hits,
		// Only a block that is not a line holds two runs.
		"combination per run instead of per block":                 cov.Has(m3BlockLTCross) || cov.Has(m3Block2x3) || cov.Has(m3BlockOther),
		"combination blocks joined right, down and left, never up": s.upwardBlock,
		// 80(x-1) and 80(x-1)^2 agree up to 2 rounds.
		"chain score linear: 80(x-1)": cov.Has(m3Chain3) || cov.Has(m3Chain4),
		// Main colours count only in hands.
		"main colours include later rounds":                    s.rounds2 && s.hands > 0,
		"hand takes the first main colour instead of the best": cov.Has(m3TwoMain) && s.hands > 0,
		"invalid operations count towards the hand":            s.invalid,
		"leftover operations score a hand":                     s.valid%5 != 0,
		"high card scores the smallest colour":                 hand(match3.HighCard),
		"one pair scores 100 + c":                              hand(match3.OnePair),
		"two pairs weigh the smaller pair double":              hand(match3.TwoPairs),
		"three of a kind scores 300 + 2c":                      hand(match3.ThreeOfAKind),
		"full house scored as three of a kind":                 hand(match3.FullHouse),
		"four of a kind scores 750 + 4c":                       hand(match3.FourOfAKind),
		"five of a kind scores 1000 + 5c":                      hand(match3.FiveOfAKind),
		"all-valid bonus despite invalid operations":           s.invalid,
		"cleared bonus only when all operations were valid":    t.Cleared && !t.AllValid,
	}
}

// fillsWithoutGoingUp reports whether a fill of block from its first
// cell in reading order (block[0], as Grid.BlockCells gives it) that
// goes right, down and left but never up reaches every cell.
func fillsWithoutGoingUp(block []match3.Cell) bool {
	in := make(map[match3.Cell]bool, len(block))
	for _, c := range block {
		in[c] = true
	}
	seen := map[match3.Cell]bool{block[0]: true}
	queue := []match3.Cell{block[0]}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		for _, e := range []match3.Cell{{X: d.X, Y: d.Y + 1}, {X: d.X + 1, Y: d.Y}, {X: d.X, Y: d.Y - 1}} {
			if in[e] && !seen[e] {
				seen[e] = true
				queue = append(queue, e)
			}
		}
	}
	return len(seen) == len(block)
}

// areaRadius is how far the area of a 3x3 (1) or 5x5 (2) special reaches
// from its cell; 0 for the other specials.
func areaRadius(sp match3.Special) int {
	switch sp {
	case match3.Square3:
		return 1
	case match3.Square5:
		return 2
	}
	return 0
}
