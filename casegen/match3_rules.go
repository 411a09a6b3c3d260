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
//   - under refill=queue, one queue per column, long enough for the
//     whole game as the reference plays it (FillQueues) and then cut to
//     what the game draws from it and up to a column's height more, so
//     that an engine that always fills the emptied cells never runs dry
//     (every engine a rule set with a queue stands for does: it draws
//     its pieces from a random generator). A queue piece is special one
//     time in ten.
//
// The swaps are aimed at the board as the game of o.NewPlayer (the
// engine, for speed; nil: the reference) plays it under the rule set,
// and the queues are sized on it (FillQueues). ClearBoard is not used.
// The case always passes Validate.
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
	// Long queues first, played out, then cut to what the game drew
	// from them.
	long := min(2*c.Rows*(o.ops().Max+2), 1000)
	if eff.Refill == match3.RefillQueue {
		c.Queues = make([][]match3.Piece, c.Cols)
		for y := range c.Queues {
			c.Queues[y] = queuePieces(r, long, c.Colours)
		}
	}
	if eff.Swaps == match3.SwapsAny {
		o.ClearBoard = false
		c.Ops, _ = o.play(r, c, o.NewPlayer, false)
	}
	if c.Queues != nil {
		most := match3.MaxColours
		if o.MostColours > 0 {
			most = min(most, o.MostColours)
		}
		cutQueues(r, c, fillQueues(r, c, long, most, o.NewPlayer))
	}
	return c
}

// fillQueues fills c's queues (FillQueues, sizing them with the player
// newPlayer makes) and returns how many pieces the game draws from
// each. A game that always fills may cascade without end on a board of
// few colours: two colours on a board of a hundred cells mostly do, as
// the pieces a round brings make more runs than it removed. When c's
// game draws more pieces than FillQueues allows, c is given one colour
// more, which its board and swaps stay valid under, and queues of long
// pieces drawn afresh, up to most colours: past them, the game is left
// to run a queue dry (M11).
func fillQueues(r *rand.Rand, c *match3.Case, long, most int, newPlayer func(*match3.Case) Match3Player) []int {
	for {
		used, ok := FillQueues(r, c, newPlayer)
		if ok || c.Colours >= most {
			return used
		}
		c.Colours++
		for y := range c.Queues {
			c.Queues[y] = queuePieces(r, long, c.Colours)
		}
	}
}

// cutQueues cuts each queue of c to the used pieces the game draws from
// it and up to a column's height more, at random.
func cutQueues(r *rand.Rand, c *match3.Case, used []int) {
	for y, q := range c.Queues {
		c.Queues[y] = q[:min(used[y]+r.IntN(c.Rows+1), len(q))]
	}
}

// FillQueues lengthens the queues of c, a case under refill=queue, with
// plain pieces of colours 1..k drawn from r, until the reference's game
// of c runs none of them dry (M11: a queue that runs dry leaves cells
// empty, which an engine that always fills cannot play). It returns how
// many pieces the game draws from each queue, and false when the game
// draws more than QueuePace fills of the board for each swap and the
// start, up to the swap where a queue runs dry or to its end: it
// cascades without end, or all but (c then has the queues of the last
// try).
//
// When a queue runs dry at the j-th of q swaps, every queue grows to
// what it gave up to then times (q+1)/(j+1), the game's pace so far,
// between 2 and 4, and a column's height, and the game is played again.
// With newPlayer (the engine, for speed) the queues are sized first on
// its game, where only the columns that ran dry are known to have given
// all their pieces; the reference's game, played last, has the last
// word, and the queues grow on for it should it run one dry still. A
// player that counts its queues (QueueCounter) has that word itself:
// its last game is the reference's, counted as the reference counts.
func FillQueues(r *rand.Rand, c *match3.Case, newPlayer func(*match3.Case) Match3Player) (used []int, ok bool) {
	if newPlayer != nil {
		var exact []int // the last game's count, nil when not counted
		played := 0
		play := func(c *match3.Case) ([]int, int, bool) {
			g := startMatch3(newPlayer, c)
			used, n, dry := drawnBy(g, c)
			exact, played = drawnExactly(g, c), n
			return used, n, dry
		}
		if used, ok := fill(r, c, play); !ok {
			return used, false
		}
		if exact != nil {
			// The reference's game, played again, would not run dry:
			// fill would return at once.
			return exact, drawnTotal(exact) <= QueuePace*c.Rows*c.Cols*(played+1)
		}
	}
	return fill(r, c, drawn)
}

// drawnExactly is how many pieces g's game drew from each queue of c,
// when g counts them (QueueCounter); nil when it does not.
func drawnExactly(g Match3Player, c *match3.Case) []int {
	q, ok := g.(QueueCounter)
	if !ok {
		return nil
	}
	left := q.QueuesLeft(nil)
	if len(left) != len(c.Queues) {
		return nil
	}
	for y := range left {
		left[y] = len(c.Queues[y]) - left[y]
	}
	return left
}

// drawnTotal is the sum of used.
func drawnTotal(used []int) int {
	total := 0
	for _, n := range used {
		total += n
	}
	return total
}

// fill is FillQueues with the game play plays: it returns how many
// pieces the game draws from each queue (or at least), how many swaps
// it played, and whether a queue ran dry.
func fill(r *rand.Rand, c *match3.Case, play func(*match3.Case) ([]int, int, bool)) (used []int, ok bool) {
	for {
		used, played, dry := play(c)
		if drawnTotal(used) > QueuePace*c.Rows*c.Cols*(played+1) {
			return used, false
		}
		if !dry {
			return used, true
		}
		pace := min(max(float64(len(c.Ops)+1)/float64(played+1), 2), 4)
		grew := false
		for y, q := range c.Queues {
			n := int(float64(used[y])*pace) + c.Rows
			for ; len(q) < n; grew = true {
				q = append(q, match3.Piece{Colour: 1 + r.IntN(c.Colours)})
			}
			c.Queues[y] = q
		}
		if !grew {
			// A cell left empty that no queue was short of: the
			// start board had it (c is not valid).
			return used, false
		}
	}
}

// QueuePace is the most fills of the board that generation and
// shrinking let a game draw for each swap and for the start, on
// average. Random pieces of 3 colours or more make a game draw less
// than one fill per swap; of 2 colours, on a board past a few dozen
// cells, they mostly make it cascade without end.
const QueuePace = 4

// RunsDry reports whether the reference's game of c, a case under
// refill=queue, runs a queue dry: a refill leaves a cell empty, as its
// queue has no piece left for it.
func RunsDry(c *match3.Case) bool {
	_, _, dry := drawn(c)
	return dry
}

// drawn plays c as the reference does until a queue runs dry, and
// returns how many pieces the game draws from each queue, how many
// swaps it played, and whether one ran dry (in the last swap played, or
// in the settle when none was).
func drawn(c *match3.Case) (used []int, played int, dry bool) {
	g := reference.NewMatch3Brief(c)
	played, dry = playUntilDry(g, c)
	left := g.Queues()
	used = make([]int, len(c.Queues))
	for y := range used {
		used[y] = len(c.Queues[y]) - len(left[y])
	}
	return used, played, dry
}

// drawnBy is drawn with the game of player g, counted as a player that
// does not tell what it draws is: a queue whose column has an empty cell
// gave all its pieces, and the others are counted as giving none.
func drawnBy(g Match3Player, c *match3.Case) (used []int, played int, dry bool) {
	played, dry = playUntilDry(g, c)
	used = make([]int, len(c.Queues))
	for y := 1; y <= c.Cols; y++ {
		if g.At(match3.Cell{X: 1, Y: y}).Empty() {
			used[y-1] = len(c.Queues[y-1])
		}
	}
	return used, played, dry
}

// playUntilDry plays the swaps of c on g, which has started c's game,
// until a queue runs dry, and returns how many it played and whether
// one ran dry. A start board is full, a refill fills a column's emptied
// cells while its queue lasts, and the cells it cannot fill are the
// column's top ones, where every fall leaves them: a queue has run dry
// when the top row holds an empty cell.
func playUntilDry(g Match3Player, c *match3.Case) (played int, dry bool) {
	full := func() bool {
		for y := 1; y <= c.Cols; y++ {
			if g.At(match3.Cell{X: 1, Y: y}).Empty() {
				return false
			}
		}
		return true
	}
	dry = !full()
	for _, s := range c.Ops {
		if dry {
			break
		}
		g.Apply(s)
		played++
		dry = !full()
	}
	return played, dry
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
		long := min(2*c.Rows*(len(c.Ops)+2), 1000)
		c.Queues = make([][]match3.Piece, c.Cols)
		for y := range c.Queues {
			c.Queues[y] = queuePieces(r, long, c.Colours)
		}
		cutQueues(r, c, fillQueues(r, c, long, match3.MaxColours, nil))
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
