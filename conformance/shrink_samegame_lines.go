package conformance

import "github.com/cascade-harness/cascade/samegame"

// crossSide bounds the boxes whose every row-and-column pair is tried
// (side squared pairs); a larger box gets small first through the crops
// and the fresh cases.
const crossSide = 12

// sameGameCutCrosses removes a row and a column together from inside the
// box, every pair from the top right down: the box stays square, as it
// must, and the cubes on either side of the lines come together, which
// crops at the edges never do.
func sameGameCutCrosses(s *Shrinking[*samegame.Case]) {
	if s.Coarse() || s.Case().N > crossSide {
		return
	}
	for r := 0; r < s.Case().N && !s.Done(); r++ {
		for col := s.Case().N - 1; col >= 0 && !s.Done(); col-- {
			if r < s.Case().N && col < s.Case().N {
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
	n := c.N - 1
	if n < 1 || r < 0 || r > n || col < 0 || col > n {
		return nil
	}
	d := &samegame.Case{N: n, Board: make([]uint8, 0, n*n)}
	for rr := range c.N {
		if rr == r {
			continue
		}
		row := c.Board[rr*c.N : (rr+1)*c.N]
		d.Board = append(append(d.Board, row[:col]...), row[col+1:]...)
	}
	// Moves count rows from the bottom.
	y := c.N - 1 - r
	for _, m := range c.Moves {
		if m.X > col {
			m.X--
		}
		if m.Y > y {
			m.Y--
		}
		d.Moves = append(d.Moves, samegame.Move{X: clamp(m.X, 0, n-1), Y: clamp(m.Y, 0, n-1)})
	}
	return d
}
