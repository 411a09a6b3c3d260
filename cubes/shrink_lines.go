package cubes

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// crossSide bounds the boxes whose every row-and-column pair is tried
// (side squared pairs); a larger box gets small first through the crops
// and the fresh cases.
const crossSide = 12

// sameGameCutCrosses removes a row and a column together from inside the
// box, every pair from the top right down: a square box stays square,
// and the cubes on either side of the lines come together, which
// crops at the edges never do.
func sameGameCutCrosses(s *conformance.Shrinking[*samegame.Case]) {
	if s.Coarse() || max(s.Case().W, s.Case().H) > crossSide {
		return
	}
	for r := 0; r < s.Case().H && !s.Done(); r++ {
		for col := s.Case().W - 1; col >= 0 && !s.Done(); col-- {
			if r < s.Case().H && col < s.Case().W {
				s.Try(cutSameGameCross(s.Case(), r, col))
			}
		}
	}
}

// cutSameGameCross returns c without row r (counted from the top) and
// column col. Moves are renumbered; one on a removed line stays where it
// was, clamped to the box, as cropSameGame keeps them. Nothing left is
// nil.
func cutSameGameCross(c *samegame.Case, r, col int) *samegame.Case {
	w, h := c.W-1, c.H-1
	if w < 1 || h < 1 || r < 0 || r > h || col < 0 || col > w {
		return nil
	}
	d := &samegame.Case{Rules: c.Rules, W: w, H: h, Board: make([]uint8, 0, w*h)}
	for rr := range c.H {
		if rr == r {
			continue
		}
		row := c.Board[rr*c.W : (rr+1)*c.W]
		d.Board = append(append(d.Board, row[:col]...), row[col+1:]...)
	}
	// Moves count rows from the bottom.
	y := c.H - 1 - r
	for _, m := range c.Moves {
		if m.X > col {
			m.X--
		}
		if m.Y > y {
			m.Y--
		}
		d.Moves = append(d.Moves, samegame.Move{X: clamp(m.X, 0, w-1), Y: clamp(m.Y, 0, h-1)})
	}
	return d
}
