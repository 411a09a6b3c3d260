package conformance

import (
	"context"
	"errors"
	"fmt"
)

// DefaultShrinkBudget is the number of predicate calls a shrink may make
// when ShrinkOptions.Budget is zero.
const DefaultShrinkBudget = 4000

// ErrBudget is ShrinkStats.Err when shrinking stopped because the budget of
// predicate calls was spent.
var ErrBudget = errors.New("conformance: shrink budget spent")

// ShrinkOptions tune ShrinkMatch3 and ShrinkSameGame. The zero value is
// ready to use.
type ShrinkOptions struct {
	// Budget bounds the calls of the predicate. Zero means
	// DefaultShrinkBudget; a negative budget makes no call at all.
	Budget int
	// IgnoreLimits lets a match-3 case shrink below the statement's limits
	// (to a 1x1 board, one colour, no operations). By default a case that
	// lies inside the limits (match3.Case.InLimits) only shrinks to cases
	// that do too, since a divergence on an input no judge would give is
	// worth less. SameGame has no such limits; the option does not apply.
	IgnoreLimits bool
}

func (o ShrinkOptions) budget() int {
	if o.Budget == 0 {
		return DefaultShrinkBudget
	}
	return max(o.Budget, 0)
}

// ShrinkStats account for one shrink.
type ShrinkStats struct {
	// Tried counts the calls of the predicate (never more than the budget).
	Tried int
	// Accepted counts the candidates that still failed and so replaced the
	// case.
	Accepted int
	// Rounds counts the passes over every kind of candidate, the last one
	// included (the one that found nothing, unless shrinking stopped early).
	Rounds int
	// Err says why shrinking stopped before reaching a case none of whose
	// candidates fails: ErrBudget, the context's error, or the case given
	// was not valid. It is nil when the result is a fixed point.
	Err error
}

func (s ShrinkStats) String() string {
	msg := fmt.Sprintf("%d candidates tried, %d accepted, %d rounds", s.Tried, s.Accepted, s.Rounds)
	if s.Err != nil {
		msg += "; stopped: " + s.Err.Error()
	}
	return msg
}

// shrinker is the greedy search both games share: it holds the smallest
// failing case found so far (in cands.cur) and replaces it by every
// candidate that is valid and still fails. A game's candidates supply the
// passes; the shrinker guards validity, the budget and the context.
type shrinker[C any] struct {
	cands  *candidates[C]
	ctx    context.Context
	fails  func(C) bool
	valid  func(C) bool
	clone  func(C) C
	budget int
	stats  ShrinkStats
}

// newShrinker returns the shrinker that consumes cands, and makes it their
// consumer.
func newShrinker[C any](cands *candidates[C], ctx context.Context, fails, valid func(C) bool, clone func(C) C, budget int) *shrinker[C] {
	s := &shrinker[C]{cands: cands, ctx: ctx, fails: fails, valid: valid, clone: clone, budget: budget}
	cands.offer, cands.stop = s.try, s.stopped
	return s
}

// try reports whether cand still fails and has become the current case.
// Invalid candidates are dropped without a call and cost nothing.
func (s *shrinker[C]) try(cand C) bool {
	if s.stats.Err != nil || !s.valid(cand) {
		return false
	}
	if err := s.ctx.Err(); err != nil {
		s.stats.Err = err
		return false
	}
	if s.stats.Tried >= s.budget {
		s.stats.Err = ErrBudget
		return false
	}
	s.stats.Tried++
	// The predicate gets its own copy so that a predicate that writes to
	// the case cannot corrupt the search.
	if !s.fails(s.clone(cand)) {
		return false
	}
	s.stats.Accepted++
	s.cands.cur = cand
	return true
}

func (s *shrinker[C]) stopped() bool { return s.stats.Err != nil }

// run applies the passes in order, round after round, until a whole round
// accepts nothing or the search stops.
func (s *shrinker[C]) run(passes ...func()) {
	for !s.stopped() {
		s.stats.Rounds++
		before := s.stats.Accepted
		for _, pass := range passes {
			if pass(); s.stopped() {
				return
			}
		}
		if s.stats.Accepted == before {
			return
		}
	}
}
