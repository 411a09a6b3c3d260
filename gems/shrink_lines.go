package gems

import (
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// Cuts of a match-3 board that keep what a failure needs besides the
// board: a row and a column at once, which keeps the board's shape
// (square stays square), and half of the board with every operation aimed
// anew so that each stays valid or invalid as it was, which keeps a count
// of valid operations (a hand) or an invalid one (an endgame bonus) that
// renumbering alone loses.

// crossCells bounds the boards whose every row-and-column pair is tried:
// their number is the board's cells, and a larger board gets small first
// through the crops and the fresh cases.
const crossCells = 144

// match3CutCrosses removes a row and a column together, every pair from
// the bottom right up, the operations on them dropped or aimed anew as
// match3Cut does: a failure that needs as many rows as columns, or pieces
// that a lone row's removal would join into a run, survives a pair when
// it survives neither line alone.
func match3CutCrosses(s *match3Shrinking) {
	if s.Coarse() || s.Case().Rows*s.Case().Cols > crossCells {
		return
	}
	for x := s.Case().Rows - 1; x >= 0 && !s.Done(); x-- {
		for y := s.Case().Cols - 1; y >= 0 && !s.Done(); y-- {
			if x < s.Case().Rows && y < s.Case().Cols {
				match3Cut(s, x, x+1, y, y+1)
			}
		}
	}
}

// match3Halve keeps half of the board (each half of the rows, each half of
// the columns, then each quarter) with every operation aimed anew to keep
// its validity (reaimMatch3Like).
func match3Halve(s *match3Shrinking) {
	if s.Coarse() {
		return
	}
	type cut struct{ x0, x1, y0, y1 int }
	c := s.Case()
	hr, hc := c.Rows/2, c.Cols/2
	var cuts []cut
	if hr > 0 {
		cuts = append(cuts, cut{c.Rows - hr, c.Rows, 0, 0}, cut{0, hr, 0, 0})
	}
	if hc > 0 {
		cuts = append(cuts, cut{0, 0, c.Cols - hc, c.Cols}, cut{0, 0, 0, hc})
	}
	if hr > 0 && hc > 0 {
		for _, rows := range [][2]int{{c.Rows - hr, c.Rows}, {0, hr}} {
			for _, cols := range [][2]int{{c.Cols - hc, c.Cols}, {0, hc}} {
				cuts = append(cuts, cut{rows[0], rows[1], cols[0], cols[1]})
			}
		}
	}
	was := reference.PlayMatch3Brief(c).Ops
	for _, k := range cuts {
		if s.Done() {
			return
		}
		if s.Try(reaimMatch3Like(c, was, k.x0, k.x1, k.y0, k.y1)) {
			// The halves of the new case are other cuts.
			return
		}
	}
}

// reaimMatch3Like returns c without rows [x0, x1) and columns [y0, y1),
// every operation aimed anew so that it is valid or invalid as it was in
// was, c's reference results: an operation that kept its cells and its
// validity stays; one that should be valid becomes the first swap the
// reference finds valid at that point (it is left out when there is
// none); one that should be invalid becomes a swap of the top-left cell
// with itself, never valid. Nothing left is nil.
func reaimMatch3Like(c *match3.Case, was []match3.Result, x0, x1, y0, y1 int) *match3.Case {
	d, kept := cutMatch3(c, x0, x1, y0, y1)
	if d == nil || len(was) != len(c.Ops) {
		return nil
	}
	return replayChosen(d, kept, func(i int, op match3.Swap, have bool, valid func() []reference.ValidSwap) (match3.Swap, bool) {
		swaps := valid()
		switch wantValid := was[i].Validity == match3.Valid; {
		case have && validAmong(op, swaps) == wantValid:
			return op, true
		case wantValid && len(swaps) > 0:
			return swaps[0].Swap, true
		case wantValid:
			return match3.Swap{}, false
		}
		return match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 1}}, true
	})
}

// validAmong reports whether op, either way round, is one of valid.
func validAmong(op match3.Swap, valid []reference.ValidSwap) bool {
	for _, v := range valid {
		if v.Swap == op || v.Swap == (match3.Swap{A: op.B, B: op.A}) {
			return true
		}
	}
	return false
}
