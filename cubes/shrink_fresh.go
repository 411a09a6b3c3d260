package cubes

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// sameGameFresh offers small SameGame boxes drawn afresh (see
// Shrinking.Fresh), with the knobs that make the failure's kind of step
// likely: clicks on empty cells for such a click, combs of columns
// emptied at once every other try for the others (the total, or a click
// on a cube, where closing columns goes wrong). The boxes start at a side
// of 1 and one click and grow with the tries, never past the box at
// hand, so that the first accepted is small in moves too.
func sameGameFresh(s *conformance.Shrinking[*samegame.Case]) { freshSameGame(s, false) }

// sameGameFreshLegal is sameGameFresh with legal clicks only, at least
// one: no aim at a click on an empty cell, which no legal case holds.
func sameGameFreshLegal(s *conformance.Shrinking[*samegame.Case]) { freshSameGame(s, true) }

// freshSameGame is sameGameFresh, with legal clicks only when legal.
func freshSameGame(s *conformance.Shrinking[*samegame.Case], legal bool) {
	c := s.Case()
	s.Fresh(s.FreshTries(c.W*c.H), func(r *rand.Rand, i int) (*samegame.Case, bool) {
		o := casegen.SameGameOptions{
			Rules:   s.Case().Rules,
			N:       casegen.Between(1, min(1+i/4, s.Case().W)),
			Colours: casegen.Between(1, 3),
			Clicks:  casegen.Between(0, 1+i/8),
			Legal:   legal,
		}
		if !s.Case().Square() {
			o.H = casegen.Between(1, min(1+i/4, s.Case().H))
		}
		switch {
		case legal:
			o.Clicks.Min = 1
			if i%2 == 1 {
				o.Columns = 0.5
			}
		case s.Aim() == sameGameEmptyClick:
			o.Clicks.Min, o.Empty = 1, 0.5
		case s.Aim() == sameGameCubeClick:
			o.Clicks.Min = 1
			fallthrough
		case i%2 == 1:
			o.Columns = 0.5
		}
		o.NewPlayer = engineSameGame
		return casegen.SameGame(r, o), true
	}, sameGameSmaller)
}

// sameGameSmaller reports whether a has a box of fewer cells than b, or
// as many and fewer moves.
func sameGameSmaller(a, b *samegame.Case) bool {
	ca, cb := a.W*a.H, b.W*b.H
	return ca < cb || ca == cb && len(a.Moves) < len(b.Moves)
}
