package casegen

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// Match3Under returns a random case of the rule set rules drawn as o
// says, as Match3 draws one of thupc, with what the rule set's settings
// add:
//
//   - under start=settle or start=score, half of the start boards hold a
//     run of three (a row's or a column's), which the settle removes
//     before the first swap (o.StartRuns: that many runs on every
//     board);
//   - under swaps=none, no swap: the game is the settle;
//   - under a move limit, one case in three has about as many swaps as
//     the limit, a few past it;
//   - under refill=queue, one queue per column, sized to what the
//     reference's game draws from it (QueuesUsed) and a few pieces more,
//     so that an engine that always fills the emptied cells never runs
//     dry; one case in eight has a queue cut short instead, which runs
//     dry during the game. A queue piece is special one time in ten.
//
// The swaps are aimed at the board as the reference plays it under the
// rule set (o.NewPlayer is not used: a player of the statement's rules
// would aim at another board). ClearBoard is not used. The case always
// passes Validate.
func Match3Under(r *rand.Rand, rules match3.Rules, o Match3Options) *match3.Case {
	if rules.IsThupc() {
		return Match3(r, o)
	}
	eff := rules.Effective()
	c := Match3Board(r, o)
	c.Rules = rules
	if eff.Start != match3.StartReject {
		n := o.StartRuns
		if n == 0 && r.IntN(2) == 0 {
			n = 1
		}
		for range n {
			plantRun(r, c)
		}
	}
	if eff.Moves > 0 && eff.Swaps == match3.SwapsAny && r.IntN(3) == 0 {
		// A game that reaches its move limit, and a few swaps past it.
		lo := max(1, eff.Moves-2)
		o.Ops = Between(min(lo, match3.MaxOps), min(eff.Moves+5, match3.MaxOps))
	}
	if eff.Refill == match3.RefillQueue {
		// Long queues first, played out, then cut to what the game
		// drew from them.
		long := min(2*c.Rows*(o.ops().Max+2), 1000)
		c.Queues = make([][]match3.Piece, c.Cols)
		for y := range c.Queues {
			c.Queues[y] = queuePieces(r, long, c.Colours)
		}
	}
	if eff.Swaps == match3.SwapsAny {
		o.ClearBoard = false
		c.Ops = o.play(r, c, referenceMatch3)
	}
	if c.Queues != nil {
		used := QueuesUsed(c)
		dry := r.IntN(8) == 0
		for y, q := range c.Queues {
			n := used[y] + r.IntN(c.Rows+1)
			if dry && used[y] > 0 {
				n = r.IntN(used[y])
			}
			c.Queues[y] = q[:min(n, len(q))]
		}
	}
	return c
}

// QueuesUsed is how many pieces the reference's game of c draws from
// each column's queue; nil under refill=none.
func QueuesUsed(c *match3.Case) []int {
	if c.Queues == nil {
		return nil
	}
	g := reference.NewMatch3Brief(c)
	for _, s := range c.Ops {
		g.Apply(s)
	}
	left := g.Queues()
	used := make([]int, len(c.Queues))
	for y := range used {
		used[y] = len(c.Queues[y]) - len(left[y])
	}
	return used
}

// queuePieces draws n queue pieces of colours 1..k, one in ten special.
func queuePieces(r *rand.Rand, n, k int) []match3.Piece {
	q := make([]match3.Piece, n)
	for i := range q {
		q[i].Colour = 1 + r.IntN(k)
		if r.IntN(10) == 0 {
			q[i].Special = match3.Special(1 + r.IntN(6))
		}
	}
	return q
}

// plantRun colours three neighbours in a row or a column of c's board
// alike, when the board has room for one.
func plantRun(r *rand.Rand, c *match3.Case) {
	horizontal := c.Cols >= 3 && (c.Rows < 3 || r.IntN(2) == 0)
	if !horizontal && c.Rows < 3 {
		return
	}
	x, y := r.IntN(c.Rows), r.IntN(c.Cols)
	dx, dy := 1, 0
	if horizontal {
		y, dx, dy = r.IntN(c.Cols-2), 0, 1
	} else {
		x = r.IntN(c.Rows - 2)
	}
	colour := c.Board[x*c.Cols+y].Colour
	for i := range 3 {
		c.Board[(x+i*dx)*c.Cols+y+i*dy].Colour = colour
	}
}

// DecodeMatch3Under is DecodeMatch3 under the rule set rules: the case
// DecodeMatch3 makes of data, given, as Match3Under gives a case, the
// rule set, a start run, its queues or no swap, drawn from a source
// seeded by data.
func DecodeMatch3Under(rules match3.Rules, data []byte) *match3.Case {
	c := DecodeMatch3(data)
	if rules.IsThupc() {
		return c
	}
	var seed uint64
	for _, b := range data {
		seed = seed*0x100000001b3 ^ uint64(b)
	}
	r := rand.New(rand.NewPCG(seed, 0x3a7e5))
	eff := rules.Effective()
	c.Rules = rules
	if eff.Start != match3.StartReject && r.IntN(2) == 0 {
		plantRun(r, c)
	}
	if eff.Swaps == match3.SwapsNone {
		c.Ops = nil
	}
	if eff.Refill == match3.RefillQueue {
		c.Queues = make([][]match3.Piece, c.Cols)
		for y := range c.Queues {
			c.Queues[y] = queuePieces(r, min(2*c.Rows*(len(c.Ops)+2), 1000), c.Colours)
		}
		used := QueuesUsed(c)
		for y, q := range c.Queues {
			c.Queues[y] = q[:min(used[y]+r.IntN(c.Rows+1), len(q))]
		}
	}
	return c
}

// LegalMatch3 keeps of c's swaps those the reference's game plays as
// valid, in order: an invalid swap changes no board, so the others play
// as they did. It is how a case is confined to legal swaps (--legal),
// for an engine that takes only swaps that make a run.
func LegalMatch3(c *match3.Case) {
	if len(c.Ops) == 0 {
		return
	}
	g := reference.NewMatch3Brief(c)
	ops := c.Ops[:0:0]
	for _, s := range c.Ops {
		if g.Apply(s).Validity == match3.Valid {
			ops = append(ops, s)
		}
	}
	c.Ops = ops
}
