package cubes

import (
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGamePasses are the shrink passes of SameGame, in order of payoff:
//
//   - a small box drawn afresh, aimed at the failure's kind of step
//     (sameGameFresh);
//   - for a wrong total under a term for the cubes left, a dead end with
//     as many cubes left and nothing else (sameGameDeadEnd);
//   - fewer moves: the whole list, then halves, quarters ... single moves;
//   - a smaller box: it loses as many rows (at the top or at the bottom)
//     as columns (at the right or at the left), the number found by
//     binary search, so that a square box stays square. Moves are
//     renumbered, and those that fall outside are moved to the nearest
//     cell inside. A box that is not square, or is played under rules
//     other than codeabbey, may then lose rows alone and columns alone;
//   - a row and a column together from inside the box, once it is small
//     (sameGameCutCrosses);
//   - fewer colours: the colours in use renumbered 1, 2, ... keeping
//     their order; one colour in use merged into a smaller one in use and
//     the rest renumbered;
//   - simpler cubes: single cubes, in reading order, given colour 1, or
//     else the smallest colour none of their neighbours has;
//   - simpler moves: a click moved one column left or one row down.
//
// Coordinates of moves refer to the box as it stands after earlier
// collapses, so renumbering after a cut is a guess the predicate checks.
var sameGamePasses = []conformance.Pass[*samegame.Case]{
	{Name: "fresh", Run: sameGameFresh},
	{Name: "dead end", Run: sameGameDeadEnd},
	{Name: "drop moves", Smaller: true, Run: sameGameDropMoves},
	{Name: "crop", Smaller: true, Run: sameGameCrop},
	{Name: "crop rows or columns", Smaller: true, Run: sameGameCropLines},
	{Name: "row and column", Smaller: true, Run: sameGameCutCrosses},
	{Name: "fewer colours", Smaller: true, Run: sameGameFewerColours},
	{Name: "lower cubes", Run: sameGameLowerCubes},
	{Name: "shift moves", Run: sameGameShiftMoves},
}

func sameGameDropMoves(s *conformance.Shrinking[*samegame.Case]) {
	s.DropChunks(
		func() int { return len(s.Case().Moves) },
		func(lo, hi int) bool {
			d := s.Case().Clone()
			d.Moves = slices.Delete(d.Moves, lo, hi)
			return s.Try(d)
		})
}

func sameGameCrop(s *conformance.Shrinking[*samegame.Case]) {
	side := func() int { return min(s.Case().W, s.Case().H) }
	for _, corner := range [][2]bool{{true, false}, {true, true}, {false, false}, {false, true}} {
		top, left := corner[0], corner[1]
		s.Bisect(side, func(k int) bool { return s.Try(cropSameGame(s.Case(), k, k, top, left)) })
	}
}

// sameGameCropLines crops rows alone, then columns alone, from a box that
// need not stay square: one that is not, or one under rules of a family
// whose boxes are rectangles. A codeabbey square box stays square, as its
// statement's boxes are.
func sameGameCropLines(s *conformance.Shrinking[*samegame.Case]) {
	if c := s.Case(); c.Square() && c.Rules.IsDefault() {
		return
	}
	for _, end := range [2]bool{true, false} {
		s.Bisect(func() int { return s.Case().H }, func(k int) bool { return s.Try(cropSameGame(s.Case(), k, 0, end, false)) })
		s.Bisect(func() int { return s.Case().W }, func(k int) bool { return s.Try(cropSameGame(s.Case(), 0, k, false, end)) })
	}
}

// cropSameGame returns c with kr rows (at the top or the bottom) and kc
// columns (at the left or the right) removed. Moves are renumbered, and
// those that fall outside are moved to the nearest cell inside: a click
// names a place in the box as it stands after earlier collapses, not a
// cube, so keeping it is as good a guess as any, and dropping moves is
// another pass's work. Nothing left, or nothing removed, is nil.
func cropSameGame(c *samegame.Case, kr, kc int, top, left bool) *samegame.Case {
	w, h := c.W-kc, c.H-kr
	if w < 1 || h < 1 || kr == 0 && kc == 0 {
		return nil
	}
	r0, c0 := 0, 0
	if top {
		r0 = kr
	}
	if left {
		c0 = kc
	}
	d := &samegame.Case{Rules: c.Rules, W: w, H: h, Board: make([]uint8, 0, w*h)}
	for r := r0; r < r0+h; r++ {
		d.Board = append(d.Board, c.Board[r*c.W+c0:r*c.W+c0+w]...)
	}
	// Rows count from the bottom in moves: cutting the bottom lowers Y,
	// cutting the left lowers X.
	dy := kr - r0
	for _, m := range c.Moves {
		d.Moves = append(d.Moves, samegame.Move{X: clamp(m.X-c0, 0, w-1), Y: clamp(m.Y-dy, 0, h-1)})
	}
	return d
}

func sameGameFewerColours(s *conformance.Shrinking[*samegame.Case]) {
	s.Try(renumberSameGame(s.Case(), 0, 0))
	used := conformance.ColoursUsed(s.Case().Board, func(v uint8) int { return int(v) })
	for ai := len(used) - 1; ai > 0 && !s.Done(); ai-- {
		for _, b := range used[:ai] {
			if s.Try(renumberSameGame(s.Case(), uint8(used[ai]), uint8(b))) {
				// The colours above the merged one moved down.
				used = conformance.ColoursUsed(s.Case().Board, func(v uint8) int { return int(v) })
				ai = min(ai, len(used))
				break
			}
		}
		if s.Coarse() {
			break // only the largest colour
		}
	}
}

// renumberSameGame merges colour a into b (when a is not 0) and renumbers
// the colours in use densely, keeping their order. It returns nil when
// that changes nothing.
func renumberSameGame(c *samegame.Case, a, b uint8) *samegame.Case {
	d := c.Clone()
	for i, v := range d.Board {
		if v == a {
			d.Board[i] = b
		}
	}
	used := conformance.ColoursUsed(d.Board, func(v uint8) int { return int(v) })
	for i, v := range d.Board {
		d.Board[i] = uint8(slices.Index(used, int(v)) + 1)
	}
	if slices.Equal(d.Board, c.Board) {
		return nil
	}
	return d
}

// lowerCubes tries, for each cube in reading order, colour 1 and then the
// smallest colour that none of its neighbours has, which isolates it.
func sameGameLowerCubes(s *conformance.Shrinking[*samegame.Case]) {
	for i := 0; i < len(s.Case().Board) && !s.Done(); i++ {
		was := s.Case().Board[i]
		if was == 1 {
			continue
		}
		d := s.Case().Clone()
		d.Board[i] = 1
		if s.Try(d) {
			continue
		}
		if v := isolatedColour(s.Case(), i); v > 1 && v < was {
			d := s.Case().Clone()
			d.Board[i] = v
			s.Try(d)
		}
	}
}

// isolatedColour returns the smallest colour that none of the cube at i's
// four neighbours has.
func isolatedColour(c *samegame.Case, i int) uint8 {
	r, col := i/c.W, i%c.W
	var near [samegame.Colours + 1]bool
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], col+d[1]
		if rr >= 0 && rr < c.H && cc >= 0 && cc < c.W {
			near[c.Board[rr*c.W+cc]] = true
		}
	}
	for v := uint8(1); v <= samegame.Colours; v++ {
		if !near[v] {
			return v
		}
	}
	return 0
}

func sameGameShiftMoves(s *conformance.Shrinking[*samegame.Case]) {
	for i := 0; i < len(s.Case().Moves) && !s.Done(); i++ {
		for _, by := range [2]samegame.Move{{X: -1}, {Y: -1}} {
			d := s.Case().Clone()
			d.Moves[i].X += by.X
			d.Moves[i].Y += by.Y
			if s.Try(d) {
				break
			}
		}
	}
}

func clamp(v, lo, hi int) int { return max(lo, min(v, hi)) }
