package conformance

import (
	"hash/fnv"
	"math/rand/v2"
)

// A fresh candidate is a case drawn anew by the game's generator instead
// of cut from the case at hand. Cuts take one row, column, move or colour
// away at a time, so they cannot leave a case whose failure needs a
// global property (a cleared board, five valid operations that make a
// hand) when every case between the large one and the small one lacks
// it: a cleared 31x44 board is not cleared once a row goes. A small case
// drawn with the knobs that make that property likely gets there in one
// step, and it is accepted on the rule every candidate is: it must fail
// the same way.

// freshTries bounds the fresh candidates a pass offers in one round when
// the failure's kind is known (Aim), and freshBlind when it is not (a
// crash, say, whose cause a draw hits by luck alone).
const (
	freshTries = 32
	freshBlind = 8
	// freshLarge is freshTries for a case of freshLargeCells cells or
	// more: a fresh draw is small, so it costs a fraction of one cut of
	// such a case, and it may save rounds of cuts that each keep a
	// failure spread over the board.
	freshLarge      = 96
	freshLargeCells = 200
	// freshFew is the least a round draws while the pass still finds
	// cases, however small the case: the smallest cases of a global
	// property (a 2x3 board cleared) come one draw in several.
	freshFew = 8
)

// FreshTries is how many fresh candidates are worth drawing for a case
// of the given number of cells: one for every two cells, at least
// freshFew and at most freshTries (freshLarge for a large case,
// freshBlind without an aim), halved
// for every round in a
// row in which none was accepted. A small case has few smaller ones, and
// a failure no small draw shows (a crash from a size up) should not cost
// many calls every round.
func (s *Shrinking[C]) FreshTries(cells int) int {
	most := freshTries
	switch {
	case s.aim == "":
		most = freshBlind
	case cells >= freshLargeCells:
		most = freshLarge
	}
	return min(most, max(cells/2, freshFew)) >> min(s.freshMisses, 8)
}

// Aim is the kind of the first diverging step of the failure being
// shrunk, as ShrinkOptions.Aim gives it (Game.StepKind); "" when it is
// not known.
func (s *Shrinking[C]) Aim() string { return s.aim }

// Fresh offers up to tries cases from draw, which gets a random source
// and the number of the try (0, 1, ...) and returns a case drawn afresh,
// or false to skip the try. Only a case that smaller reports smaller than
// the current case is offered, so that a fresh candidate never costs a
// call of the predicate for a case no better than the one at hand.
//
// The random source is seeded from the current case's input text: the
// same case gives the same draws, so the shrink stays deterministic,
// and a case met again after other passes changed it draws anew.
func (s *Shrinking[C]) Fresh(tries int, draw func(r *rand.Rand, i int) (C, bool), smaller func(a, b C) bool) {
	if s.coarse || tries <= 0 {
		// Candidates promises cases cut from the one given; a stream
		// walked anew after every step would redraw them all.
		return
	}
	h := fnv.New64a()
	h.Write(s.key(s.cur))
	r := rand.New(rand.NewPCG(h.Sum64(), 0x5eedf7e5))
	hit := false
	for i := 0; i < tries && !s.Done(); i++ {
		if d, ok := draw(r, i); ok && smaller(d, s.Case()) && s.Try(d) {
			hit = true
		}
	}
	if hit {
		s.freshMisses = 0
	} else {
		s.freshMisses++
	}
}
