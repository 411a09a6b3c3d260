package gems

import (
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// match3Passes are the shrink passes of match-3, in order of payoff:
//
//   - a small case drawn afresh, aimed at the failure's kind of step
//     (match3Fresh): it reaches a small case whose failure needs the
//     whole case (a cleared board, a hand), which no cut does;
//   - fewer operations: the whole list, then halves, quarters ... single
//     operations (delta debugging);
//   - half or a quarter of the board, every operation aimed anew to stay
//     valid or invalid as it was (match3Halve), before the crops since it
//     keeps a count of valid operations that they lose;
//   - a smaller board: rows and columns cut off at each of the four edges,
//     as many as binary search finds can go (a sub-board of a run-free
//     board is run-free), then stretches of rows and columns inside the
//     board, down to single ones. Operations that touch a removed cell
//     are dropped and the others renumbered; when that no longer fails,
//     the dropped ones are put back as the first swap the reference finds
//     valid at that point;
//   - a row and a column together (match3CutCrosses), once the board is
//     small;
//   - fewer specials: all of them, then one at a time, then specials
//     replaced by ones of a smaller number;
//   - fewer colours: k lowered to the largest colour in use, then the
//     colours in use renumbered 1, 2, ... keeping their order;
//   - simpler colours: one colour in use merged into a smaller one, then
//     single pieces given the smallest colour that makes no run;
//   - simpler operations: A written before B in reading order, a swap
//     that cannot be valid (cells not adjacent) written as "1 1 1 1", a
//     swap moved one row up or one column left.
var match3Passes = []conformance.Pass[*match3.Case]{
	{Name: "fresh", Run: match3Fresh},
	{Name: "drop operations", Smaller: true, Run: match3DropOps},
	{Name: "halve", Run: match3Halve},
	{Name: "crop", Smaller: true, Run: match3Crop},
	{Name: "row and column", Smaller: true, Run: match3CutCrosses},
	{Name: "drop specials", Smaller: true, Run: match3DropSpecials},
	{Name: "lower specials", Run: match3LowerSpecials},
	{Name: "fewer colours", Smaller: true, Run: match3FewerColours},
	{Name: "merge colours", Run: match3MergeColours},
	{Name: "lower pieces", Run: match3LowerPieces},
	{Name: "simplify operations", Run: match3SimplifyOps},
}

type match3Shrinking = conformance.Shrinking[*match3.Case]

func match3DropOps(s *match3Shrinking) {
	s.DropChunks(
		func() int { return len(s.Case().Ops) },
		func(lo, hi int) bool {
			d := s.Case().Clone()
			d.Ops = slices.Delete(d.Ops, lo, hi)
			return s.Try(d)
		})
}

func match3Crop(s *match3Shrinking) {
	rows := func() int { return s.Case().Rows }
	cols := func() int { return s.Case().Cols }
	s.Bisect(rows, func(k int) bool { return match3Cut(s, s.Case().Rows-k, s.Case().Rows, 0, 0) })
	s.Bisect(cols, func(k int) bool { return match3Cut(s, 0, 0, s.Case().Cols-k, s.Case().Cols) })
	s.Bisect(rows, func(k int) bool { return match3Cut(s, 0, k, 0, 0) })
	s.Bisect(cols, func(k int) bool { return match3Cut(s, 0, 0, 0, k) })
	// Lines inside the board: removing one joins its neighbours, which
	// may make a run (such candidates are not valid and cost nothing),
	// but it brings the pieces on either side closer, which crops at the
	// edges never do.
	s.DropChunks(rows, func(lo, hi int) bool { return match3Cut(s, lo, hi, 0, 0) })
	s.DropChunks(cols, func(lo, hi int) bool { return match3Cut(s, 0, 0, lo, hi) })
}

// cut tries the current case without rows [x0, x1) and columns [y0, y1);
// when that drops operations and does not fail, it tries again with
// operations aimed anew in their places (see reaimMatch3), since a
// divergence that needs so many valid operations survives that.
func match3Cut(s *match3Shrinking, x0, x1, y0, y1 int) bool {
	d, kept := cutMatch3(s.Case(), x0, x1, y0, y1)
	return s.Try(d) || s.Try(reaimMatch3(d, kept))
}

// cutMatch3 returns c without the rows of 0-based indices [x0, x1) and the
// columns [y0, y1), and which of c's operations it kept. Operations that
// touch a removed cell are dropped; the rest are renumbered to the smaller
// board. The rule set stays, and each column kept keeps its queue, since
// the reaimed operations are played under them and a failure that needs
// a refilled piece survives a cut only with it. Nothing left is nil.
func cutMatch3(c *match3.Case, x0, x1, y0, y1 int) (*match3.Case, []bool) {
	d := &match3.Case{
		Rules:   c.Rules,
		Rows:    c.Rows - (x1 - x0),
		Cols:    c.Cols - (y1 - y0),
		Colours: c.Colours,
	}
	if d.Rows < 1 || d.Cols < 1 {
		return nil, nil
	}
	if c.Queues != nil {
		for y, q := range c.Queues {
			if y < y0 || y >= y1 {
				d.Queues = append(d.Queues, slices.Clone(q))
			}
		}
	}
	d.Board = make([]match3.Piece, 0, d.Rows*d.Cols)
	for x := range c.Rows {
		if x < x0 || x >= x1 {
			row := c.Board[x*c.Cols : (x+1)*c.Cols]
			d.Board = append(append(d.Board, row[:y0]...), row[y1:]...)
		}
	}
	// move renumbers a 1-based cell; ok is false when it was removed.
	move := func(cell match3.Cell) (match3.Cell, bool) {
		x, y := cell.X-1, cell.Y-1
		if x >= x0 && x < x1 || y >= y0 && y < y1 {
			return cell, false
		}
		if x >= x1 {
			x -= x1 - x0
		}
		if y >= y1 {
			y -= y1 - y0
		}
		return match3.Cell{X: x + 1, Y: y + 1}, true
	}
	kept := make([]bool, len(c.Ops))
	for i, op := range c.Ops {
		a, okA := move(op.A)
		b, okB := move(op.B)
		if kept[i] = okA && okB; kept[i] {
			d.Ops = append(d.Ops, match3.Swap{A: a, B: b})
		}
	}
	return d, kept
}

func match3DropSpecials(s *match3Shrinking) {
	plain := func(d *match3.Case, i int) bool {
		was := d.Board[i].Special
		d.Board[i].Special = match3.Plain
		return was != match3.Plain
	}
	d, some := s.Case().Clone(), false
	for i := range d.Board {
		some = plain(d, i) || some
	}
	if !some || s.Try(d) {
		return
	}
	for i := 0; i < len(s.Case().Board) && !s.Done(); i++ {
		if d := s.Case().Clone(); plain(d, i) {
			s.Try(d)
		}
	}
}

func match3LowerSpecials(s *match3Shrinking) {
	// A special that must stay may still give way to a smaller one
	// (row, column, cross, 3x3, 5x5, colour, in that order), whose
	// smaller area may let the board shrink further.
	for i := 0; i < len(s.Case().Board) && !s.Done(); i++ {
		for v := match3.Row; v < s.Case().Board[i].Special; v++ {
			d := s.Case().Clone()
			d.Board[i].Special = v
			if s.Try(d) {
				break
			}
		}
	}
}

// fewerColours lowers k to the largest colour in use, then renumbers the
// colours in use densely; keeping their order keeps every run and non-run
// as it was, so the board stays valid.
func match3FewerColours(s *match3Shrinking) {
	used := conformance.ColoursUsed(s.Case().Board, func(p match3.Piece) int { return p.Colour })
	if top := used[len(used)-1]; top < s.Case().Colours {
		d := s.Case().Clone()
		d.Colours = top
		s.Try(d)
	}
	used = conformance.ColoursUsed(s.Case().Board, func(p match3.Piece) int { return p.Colour })
	if used[len(used)-1] == len(used) {
		return
	}
	d := s.Case().Clone()
	d.Colours = len(used)
	for i, p := range d.Board {
		d.Board[i].Colour = slices.Index(used, p.Colour) + 1
	}
	s.Try(d)
}

// mergeColours gives every piece of one colour in use a smaller colour in
// use, where that makes no run.
func match3MergeColours(s *match3Shrinking) {
	used := conformance.ColoursUsed(s.Case().Board, func(p match3.Piece) int { return p.Colour })
	for ai := len(used) - 1; ai > 0 && !s.Done(); ai-- {
		for _, b := range used[:ai] {
			a := used[ai]
			d := s.Case().Clone()
			for i, p := range d.Board {
				if p.Colour == a {
					d.Board[i].Colour = b
				}
			}
			if s.Try(d) {
				break
			}
		}
	}
}

// lowerPieces gives single pieces, in reading order, the smallest colour
// that makes no run, when that is smaller than their own.
func match3LowerPieces(s *match3Shrinking) {
	for i := range s.Case().Board {
		if s.Done() {
			return
		}
		for v := 1; v < s.Case().Board[i].Colour; v++ {
			d := s.Case().Clone()
			d.Board[i].Colour = v
			if _, run := d.FindRun(); !run {
				s.Try(d)
				break
			}
		}
	}
}

func match3SimplifyOps(s *match3Shrinking) {
	for i := 0; i < len(s.Case().Ops) && !s.Done(); i++ {
		op := s.Case().Ops[i]
		var cands []match3.Swap
		if s.Case().Index(op.B) < s.Case().Index(op.A) {
			cands = append(cands, match3.Swap{A: op.B, B: op.A})
		}
		if !adjacent(op.A, op.B) {
			cands = append(cands, match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 1}})
		} else {
			up, left := match3.Cell{X: -1}, match3.Cell{Y: -1}
			cands = append(cands, shiftSwap(op, up), shiftSwap(op, left))
		}
		for _, cand := range cands {
			if cand == s.Case().Ops[i] {
				continue
			}
			d := s.Case().Clone()
			d.Ops[i] = cand
			if s.Try(d) {
				break
			}
		}
	}
}

func adjacent(a, b match3.Cell) bool {
	return abs(a.X-b.X)+abs(a.Y-b.Y) == 1
}

func shiftSwap(op match3.Swap, by match3.Cell) match3.Swap {
	return match3.Swap{
		A: match3.Cell{X: op.A.X + by.X, Y: op.A.Y + by.Y},
		B: match3.Cell{X: op.B.X + by.X, Y: op.B.Y + by.Y},
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// reaimMatch3 puts an operation back in every place of the original list
// where cutMatch3 dropped one (kept is false): the first swap, in reading
// order, that is valid on the reference's board as it stands at that
// point. It returns nil when nothing was dropped. The new operations are
// the reference's guess of what a swap there could do; the predicate
// decides whether the divergence survives them.
func reaimMatch3(d *match3.Case, kept []bool) *match3.Case {
	if d == nil || !slices.Contains(kept, false) {
		return nil
	}
	return replayChosen(d, kept, func(_ int, op match3.Swap, have bool, valid func() []reference.ValidSwap) (match3.Swap, bool) {
		if have {
			return op, true
		}
		if v := valid(); len(v) > 0 {
			return v[0].Swap, true
		}
		return match3.Swap{}, false
	})
}

// replayChosen is d with its operations chosen anew, one place of the
// original list at a time (kept, as cutMatch3 gives it), on the
// reference's board as the chosen ones leave it: choose gets the place
// i, the operation d kept there (have says whether it kept one) and the
// swaps valid at that point, and returns the operation to play, or
// false to leave the place empty.
func replayChosen(d *match3.Case, kept []bool, choose func(i int, op match3.Swap, have bool, valid func() []reference.ValidSwap) (match3.Swap, bool)) *match3.Case {
	out := d.Clone()
	out.Ops = out.Ops[:0]
	g := reference.NewMatch3(out)
	next := 0
	for i, k := range kept {
		var op match3.Swap
		if k {
			op, next = d.Ops[next], next+1
		}
		op, ok := choose(i, op, k, func() []reference.ValidSwap { return g.Grid().ValidSwaps() })
		if !ok {
			continue
		}
		g.Apply(op)
		out.Ops = append(out.Ops, op)
	}
	return out
}
