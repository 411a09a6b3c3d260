package casegen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// Match3Options say what Match3 generates. The zero value gives small
// boards (2..8 x 2..8, 2..6 colours, no specials) and 1..16 operations
// drawn from DefaultOpMix.
type Match3Options struct {
	// Rows and Cols are the board's sides; zero: 2..8, or 6..10 with
	// Poker or TieBreak, or 2..4 with ClearBoard. With one colour only boards of at
	// most 2 x 2 hold no run, so sides are cut to 2.
	Rows, Cols Range
	// Colours is k; zero: 2..6, or with Poker d..d+2 where d is the number
	// of distinct colours of the hand (at least 2), or 4..5 with TieBreak,
	// or 2..3 with ClearBoard.
	Colours Range
	// MostColours, when positive, is the most colours a case may have
	// (a confinement's): under a rule set that always fills, a board
	// whose game cascades without end is then left to run a queue dry
	// (M11) instead of given a colour more (see Match3Under).
	MostColours int
	// Ops is the number of operations; zero: 1..16, or 10..20 with Poker
	// or TieBreak.
	// ClearBoard ignores it.
	Ops Range
	// Aimed, when positive, aims only the first Aimed operations at the
	// board as it stands; the rest are swaps of a random cell with a
	// neighbour, valid or not as the board has it. Aiming an operation
	// reads the whole board, so a case of a thousand operations on a large
	// board costs no more to draw than one of Aimed.
	Aimed int
	// InStatement keeps every case inside the statement's limits:
	// 2 <= n, m <= 50, n + m > 4, 2 <= k <= 100, 1 <= q <= 1000.
	InStatement bool

	// Specials is the fraction of pieces with a special; zero: none, or
	// 0.25 with ClearBoard.
	Specials float64
	// SpecialKinds are the specials to place; nil: all six. Colour alone
	// gives boards of colour-6 specials.
	SpecialKinds []match3.Special
	// Placement says where specials go.
	Placement Placement

	// Mix weighs valid swaps against each invalid kind; zero:
	// DefaultOpMix.
	Mix OpMix
	// Poker, when not NoHand, aims the main colours of every five valid
	// operations at that hand.
	Poker match3.HandKind
	// TwoMain is the fraction of valid operations that prefer a swap with
	// two main colours (both swapped pieces land in runs).
	TwoMain float64
	// DoubleRun is the fraction of valid operations that prefer a swap
	// making two or more runs at once.
	DoubleRun float64
	// TieBreak plants a hand whose cards only the tie-break decides
	// (SPEC "Hand tie-break") on the board: five two-main swaps, the
	// case's first operations, by which several choices of cards reach
	// the best score, the smallest not the first tried in the order of a
	// count over the operations (see TieBreakDecides). It needs a board
	// of at least 5 rows, 6 columns and 4 colours (the default sides and
	// 4..5 colours give one); on a smaller one it plants nothing.
	TieBreak bool
	// AimSpecials is the fraction of valid operations that prefer a swap
	// whose runs hold a special, so specials go off (and, placed in
	// Clusters, set off one another).
	AimSpecials float64
	// StartRuns is, under a rule set whose start board settles
	// (Match3Under: start=settle or start=score), the number of runs of
	// three planted on the start board, each a row's or a column's in a
	// place drawn at random; zero: one, on half of the boards. Several
	// runs at different heights make a settle whose rounds the clear
	// setting decides.
	StartRuns int
	// ClearBoard searches for valid swaps that clear the whole board (the
	// 10000 bonus), on small boards with few colours; half of the cases
	// also get one invalid operation, which costs the 1000 bonus but not
	// the clearing. When the search fails the case keeps the swaps that
	// left the fewest pieces.
	ClearBoard bool

	// NewPlayer starts the game the operations are aimed at; nil: the
	// reference. Should it panic, the reference takes its place from
	// there (see fallback.go). ClearBoard's search plays on the
	// reference, whose games clone.
	NewPlayer func(*match3.Case) Match3Player
}

func (o Match3Options) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "match3 rows=%v cols=%v colours=%v", o.rows(), o.cols(), o.colours())
	if !o.ClearBoard {
		fmt.Fprintf(&b, " ops=%v mix=%v", o.ops(), o.Mix)
		if o.Aimed > 0 {
			fmt.Fprintf(&b, " aimed=%d", o.Aimed)
		}
	}
	if o.InStatement {
		b.WriteString(" in-statement")
	}
	if s := o.specials(); s > 0 {
		fmt.Fprintf(&b, " specials=%.2g", s)
		if o.SpecialKinds != nil {
			fmt.Fprintf(&b, "%v", o.SpecialKinds)
		}
		if o.Placement != Anywhere {
			fmt.Fprintf(&b, "@%v", o.Placement)
		}
	}
	if o.Poker != match3.NoHand {
		fmt.Fprintf(&b, " poker=%q", o.Poker.String())
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"two-main", o.TwoMain}, {"double-run", o.DoubleRun}, {"aim-specials", o.AimSpecials}} {
		if f.v != 0 {
			fmt.Fprintf(&b, " %s=%.2g", f.name, f.v)
		}
	}
	if o.TieBreak {
		b.WriteString(" tie-break")
	}
	if o.StartRuns > 0 {
		fmt.Fprintf(&b, " start-runs=%d", o.StartRuns)
	}
	if o.ClearBoard {
		b.WriteString(" clear-board")
	}
	return b.String()
}

func (o Match3Options) side(g Range) Range {
	def := Between(2, 8)
	switch {
	case o.ClearBoard:
		def = Between(2, 4)
	case o.Poker != match3.NoHand || o.TieBreak:
		def = Between(6, 10)
	}
	if o.InStatement {
		return g.or(def).clamp(2, match3.MaxSide)
	}
	return g.or(def).clamp(1, 1<<12)
}

func (o Match3Options) rows() Range { return o.side(o.Rows) }
func (o Match3Options) cols() Range { return o.side(o.Cols) }

func (o Match3Options) colours() Range {
	def := Between(2, 6)
	switch {
	case o.ClearBoard:
		def = Between(2, 3)
	case o.Poker != match3.NoHand:
		// Enough colours for the hand's distinct cards, and few enough
		// that one colour can be the main colour again and again.
		parts := len(handParts[o.Poker])
		def = Between(max(parts, 2), max(parts, 2)+2)
	case o.TieBreak:
		// A tie the first choice of a count does not settle takes four
		// colours at least (TieBreakDecides).
		def = Between(4, 5)
	}
	if o.InStatement {
		return o.Colours.or(def).clamp(2, match3.MaxColours)
	}
	return o.Colours.or(def).clamp(1, 1<<20)
}

func (o Match3Options) ops() Range {
	def := Between(1, 16)
	if o.Poker != match3.NoHand || o.TieBreak {
		def = Between(10, 20)
	}
	if o.InStatement {
		return o.Ops.or(def).clamp(1, match3.MaxOps)
	}
	return o.Ops.or(def).clamp(0, 1<<20)
}

func (o Match3Options) specials() float64 {
	if o.Specials == 0 && o.ClearBoard {
		return 0.25
	}
	return o.Specials
}

// Match3 returns a random case drawn as o says. It always passes Validate,
// and with InStatement also InLimits.
func Match3(r *rand.Rand, o Match3Options) *match3.Case {
	c := Match3Board(r, o)
	if o.ClearBoard {
		c.Ops = o.clearing(r, c)
		return c
	}
	c.Ops, _ = o.play(r, c, o.NewPlayer, false)
	return c
}

// A Match3Played is a generated case's play by the player its operations
// were aimed at (Match3Options.NewPlayer): the player as the case's last
// operation left it, and the result of each operation.
type Match3Played struct {
	Player  Match3Player
	Results []match3.Result
}

// Match3Play is Match3, with the case's play by the player of NewPlayer,
// which aimed its operations, the ones past Aimed played too: what that
// player answers the case without playing it again. The Match3Played is
// the zero one when NewPlayer is nil, when its player panicked and the
// reference stood in for it, or when the case clears its board
// (ClearBoard), whose operations no player aimed.
func Match3Play(r *rand.Rand, o Match3Options) (*match3.Case, Match3Played) {
	c := Match3Board(r, o)
	if o.ClearBoard {
		c.Ops = o.clearing(r, c)
		return c, Match3Played{}
	}
	var p Match3Played
	c.Ops, p = o.play(r, c, o.NewPlayer, true)
	return c, p
}

// Match3Board returns the start position of a case drawn as o says, with
// no operations: the sides, the colours, a board without a run
// (RunFreeColours) and the specials.
func Match3Board(r *rand.Rand, o Match3Options) *match3.Case {
	c := &match3.Case{Rows: o.rows().draw(r), Cols: o.cols().draw(r), Colours: o.colours().draw(r)}
	if c.Colours == 1 {
		c.Rows, c.Cols = min(c.Rows, 2), min(c.Cols, 2)
	}
	if o.InStatement && c.Rows+c.Cols <= 4 {
		if r.IntN(2) == 0 {
			c.Rows = 3
		} else {
			c.Cols = 3
		}
	}
	if colours := RunFreeColours(r, c.Rows, c.Cols, c.Colours, nil); len(colours) > 0 {
		c.Board = make([]match3.Piece, len(colours))
		for i, v := range colours {
			c.Board[i] = match3.Piece{Colour: v}
		}
	}
	placeSpecials(r, c, o.specials(), o.SpecialKinds, o.Placement)
	return c
}

// play chooses the operations one by one, each aimed at the board as it
// stands after the ones before, up to Aimed; the rest are neighbour swaps.
// The board is newPlayer's (nil: the reference's), behind a fallback to
// the reference should it panic (startMatch3).
//
// With keep it plays the operations past Aimed too, and returns the play
// (Match3Play).
func (o Match3Options) play(r *rand.Rand, c *match3.Case, newPlayer func(*match3.Case) Match3Player, keep bool) ([]match3.Swap, Match3Played) {
	q := o.ops().draw(r)
	aimed := q
	if o.Aimed > 0 {
		aimed = min(q, o.Aimed)
	}
	ops := make([]match3.Swap, 0, q)
	var results []match3.Result
	if keep {
		results = make([]match3.Result, 0, q)
	}
	g := startMatch3(newPlayer, c)
	grid := newGrid(c.Rows, c.Cols)
	aim := newPokerAim(o.Poker)
	defer aim.release()
	if o.TieBreak {
		if planted, ok := tieBreakOps(r, c, newPlayer); ok {
			g = startMatch3(newPlayer, c)
			for _, s := range planted {
				res := g.Apply(s)
				if aim.parts != nil {
					aim.count(res.Main)
				}
				if keep {
					results = append(results, res)
				}
			}
			ops = append(ops, planted...)
		}
	}
	// The valid swaps of every operation aimed, in a list kept from case
	// to case.
	kept := validLists.Get().(*[]reference.ValidSwap)
	valid := (*kept)[:0]
	defer func() {
		*kept = valid[:0]
		validLists.Put(kept)
	}()
	for len(ops) < aimed {
		k := o.Mix.draw(r)
		s, ok := blindSwap(r, grid, k)
		if !ok {
			readGrid(g, grid)
			valid = validSwaps(g, grid, valid[:0])
			s = o.next(r, k, grid, valid, aim)
		}
		res := g.Apply(s)
		if res.Validity == match3.Valid && aim.parts != nil {
			aim.count(res.Main)
		}
		if keep {
			results = append(results, res)
		}
		ops = append(ops, s)
	}
	for len(ops) < q {
		s := neighbourSwap(r, c.Rows, c.Cols)
		if keep {
			results = append(results, g.Apply(s))
		}
		ops = append(ops, s)
	}
	if f, ok := g.(*match3Fallback); keep && ok && !f.ref {
		return ops, Match3Played{Player: f.g, Results: results}
	}
	return ops, Match3Played{}
}

// fallback is the order in which kinds stand in for an unavailable one,
// after a valid swap; a same-cell swap always exists.
var fallback = [...]OpKind{OpNoRun, OpSameColour, OpEmpty, OpFar, OpDiagonal, OpSameCell}

// validLists holds the lists of valid swaps of the cases generated
// before (play).
var validLists = sync.Pool{New: func() any { return new([]reference.ValidSwap) }}

// validSwaps returns the valid swaps of grid, the board of p as it
// stands, appended to dst: p's own list when it keeps one (a SwapLister
// behind its fallback), else grid's rescan.
func validSwaps(p Match3Player, grid reference.Grid, dst []reference.ValidSwap) []reference.ValidSwap {
	if f, ok := p.(*match3Fallback); ok && !f.ref {
		if l, ok := f.g.(SwapLister); ok {
			var valid []reference.ValidSwap
			if f.try(func() { valid = l.ValidSwaps(dst) }) {
				return valid
			}
			// The reference stands in: its board is the one to aim at.
			f.fallBack()
			readGrid(p, grid)
		}
	}
	return grid.ValidSwaps()
}

// next chooses the next operation on grid g, whose valid swaps are
// valid, of kind k, drawn from the mix, when g offers one.
func (o Match3Options) next(r *rand.Rand, k OpKind, g reference.Grid, valid []reference.ValidSwap, aim *pokerAim) match3.Swap {
	if k != OpValid {
		if s, ok := invalidSwap(r, g, k, valid); ok {
			return s
		}
	}
	if len(valid) > 0 {
		v := o.chooseValid(r, valid, g, aim)
		return orient(r, v.Swap.A, v.Swap.B)
	}
	for _, k := range fallback {
		if s, ok := invalidSwap(r, g, k, valid); ok {
			return s
		}
	}
	return match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 1}}
}

// blindSwap is the operation of kind k that needs no look at the board,
// only at its size: a same-cell, diagonal or far swap, as invalidSwap
// draws it; false for the other kinds, and when the board is too small
// for k, as invalidSwap then draws nothing. An operation aimed so is
// chosen without reading the board or listing its valid swaps.
func blindSwap(r *rand.Rand, g reference.Grid, k OpKind) (match3.Swap, bool) {
	switch k {
	case OpSameCell, OpDiagonal, OpFar:
		return invalidSwap(r, g, k, nil)
	}
	return match3.Swap{}, false
}

// chooseValid picks one of the valid swaps, narrowed by the knobs in
// turn; a knob that would leave nothing is skipped.
func (o Match3Options) chooseValid(r *rand.Rand, cands []reference.ValidSwap, g reference.Grid, aim *pokerAim) reference.ValidSwap {
	cands = aim.prefer(cands, g)
	turn := 0 // the aim's list to narrow into: not the one cands is
	narrow := func(p float64, keep func(reference.ValidSwap) bool) {
		if !chance(r, p) {
			return
		}
		kept := aim.narrowed[turn][:0]
		for _, c := range cands {
			if keep(c) {
				kept = append(kept, c)
			}
		}
		aim.narrowed[turn] = kept
		if len(kept) > 0 {
			cands, turn = kept, 1-turn
		}
	}
	narrow(o.TwoMain, func(c reference.ValidSwap) bool { return c.Main[1] != 0 })
	narrow(o.DoubleRun, func(c reference.ValidSwap) bool { return c.Runs >= 2 })
	narrow(o.AimSpecials, func(c reference.ValidSwap) bool { return c.Special })
	return cands[r.IntN(len(cands))]
}

// clearing returns swaps that clear the board when the search finds them,
// half the time with one invalid operation put in.
func (o Match3Options) clearing(r *rand.Rand, c *match3.Case) []match3.Swap {
	ops, cleared := clearingOps(r, c)
	if len(ops) > 0 && r.IntN(2) == 0 {
		return ops
	}
	if cleared && r.IntN(3) == 0 {
		// On the cleared board every adjacent swap hits empty cells.
		if bad, ok := InvalidSwap(r, newGrid(c.Rows, c.Cols), OpEmpty); ok {
			return append(ops, bad)
		}
	}
	// Far half the time, else diagonal, else the same cell, as the board
	// allows; the same cell always does.
	start := reference.NewGrid(c)
	var bad match3.Swap
	for _, k := range []OpKind{OpFar, OpDiagonal, OpSameCell} {
		s, ok := InvalidSwap(r, start, k)
		if ok {
			bad = s
			if r.IntN(2) == 0 {
				break
			}
		}
	}
	at := r.IntN(len(ops) + 1)
	return append(ops[:at], append([]match3.Swap{bad}, ops[at:]...)...)
}
