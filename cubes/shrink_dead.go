package cubes

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGameDeadEnd offers, under a rule set with a term for the cubes
// left, the smallest boxes that end with as many cubes left as the case
// and no group of two: those cubes in a rectangle of two colours in a
// checkerboard, with no click, and in a row of two alternating colours
// after a pair that one click removes. A term
// wrong only from some number of cubes on (max(20-n,0) left out shows
// from 21) needs that many cubes left, which no crop keeps once the
// clicks that cleared the rest of the box are gone: the other passes
// stop at a box of three times that. A program whose steps are not known
// is localised by cutting its list, so that its failure's aim is the
// last click, not the total: every aim gets the two candidates.
func sameGameDeadEnd(s *conformance.Shrinking[*samegame.Case]) {
	c := s.Case()
	if c.Rules.Effective().Left.String() == "0" {
		return
	}
	left := c.W * c.H
	for _, m := range reference.PlaySameGame(c).Moves {
		left -= m.Removed
	}
	if left <= 0 {
		return
	}
	h := 1
	for d := 2; d*d <= left; d++ {
		if left%d == 0 {
			h = d
		}
	}
	square := &samegame.Case{Rules: c.Rules, W: left / h, H: h, Board: make([]uint8, left)}
	for i := range square.Board {
		square.Board[i] = uint8(1 + (i%square.W+i/square.W)%2)
	}
	row := &samegame.Case{Rules: c.Rules, W: left + 2, H: 1, Board: make([]uint8, left+2), Moves: []samegame.Move{{X: 0, Y: 0}}}
	row.Board[0], row.Board[1] = 1, 1
	for i := range left {
		row.Board[2+i] = uint8(2 + i%2)
	}
	for _, d := range []*samegame.Case{square, row} {
		if sameGameSmaller(d, s.Case()) && s.Try(d) {
			return
		}
	}
}
