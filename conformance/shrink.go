package conformance

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
)

// DefaultShrinkBudget is the number of predicate calls a shrink may make
// when ShrinkOptions.Budget is zero.
const DefaultShrinkBudget = 4000

// ErrBudget is ShrinkStats.Err when shrinking stopped because the budget of
// predicate calls was spent.
var ErrBudget = errors.New("conformance: shrink budget spent")

// ShrinkOptions tune Shrink. The zero value is ready to use.
type ShrinkOptions struct {
	// Budget bounds the calls of the predicate. Zero means
	// DefaultShrinkBudget; a negative budget makes no call at all.
	Budget int
	// IgnoreLimits lets a case that lies inside the statement's limits
	// (Game.InLimits) shrink to cases outside them (a 1x1 match-3 board,
	// one colour, no operations). By default it only shrinks to cases
	// inside them too, since a divergence on an input no judge would give
	// is worth less. It does not apply to a game without limits.
	IgnoreLimits bool
	// Aim is the kind of the first diverging step of the failure
	// (Game.StepKind: "the endgame", "a valid operation with a hand"),
	// which the passes that draw fresh cases aim at (see
	// Shrinking.Fresh); empty: the kind is not known, and they draw
	// cases of every kind. Run sets it from the case found.
	Aim string
}

func (o ShrinkOptions) budget() int {
	if o.Budget == 0 {
		return DefaultShrinkBudget
	}
	return max(o.Budget, 0)
}

// ShrinkStats account for one shrink.
type ShrinkStats struct {
	// Tried counts the calls of the predicate (never more than the
	// budget). A candidate met before is not asked about again and not
	// counted.
	Tried int
	// Cached counts the candidates met before, refused without a call:
	// the case given, one tried and refused, or one accepted earlier.
	Cached int
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
		msg += "; stopped: " + StopReason(s.Err)
	}
	return msg
}

// A Pass is one way a shrink makes a case smaller or simpler: Run hands
// candidates to Shrinking.Try one by one.
type Pass[C any] struct {
	// Name names the pass in tests and benchmarks.
	Name string
	// Smaller says that every candidate of the pass is strictly smaller
	// than the case it comes from (fewer moves, a smaller board, fewer
	// colours), so that a shrinker that restarts after every step, as
	// gopter's does, ends. Only such passes make Candidates.
	Smaller bool
	// Run offers the pass's candidates of s.Case().
	Run func(s *Shrinking[C])
}

// Shrinking is the state of one shrink as a Pass sees it: the smallest
// failing case found so far, and a way to offer candidates in its place.
type Shrinking[C any] struct {
	cur    C
	offer  func(C) bool
	stop   func() bool
	coarse bool
	aim    string
	// freshMisses counts the calls of Fresh in a row that found nothing.
	freshMisses int
	// key is the input text of a case, from which Fresh seeds its draws.
	key func(C) []byte
}

// Case is the smallest failing case found so far. A pass reads it afresh
// after every candidate, since an accepted one replaces it.
func (s *Shrinking[C]) Case() C { return s.cur }

// Try offers a candidate in place of Case and reports whether it was
// accepted: it is valid (Game.Validate, and the limits, see
// ShrinkOptions), it fails the same way, and it has become Case. A
// candidate that is not valid (nil included) costs nothing.
func (s *Shrinking[C]) Try(c C) bool { return s.offer(c) }

// Confined runs pass with every candidate it offers passed through
// confine first, which returns the candidate to offer in its place, or
// false to drop it unoffered: a confined game's passes (legal moves
// only, say) keep to their confinement so.
func (s *Shrinking[C]) Confined(confine func(C) (C, bool), pass func(*Shrinking[C])) {
	offer := s.offer
	defer func() { s.offer = offer }()
	s.offer = func(c C) bool {
		c, ok := confine(c)
		return ok && offer(c)
	}
	pass(s)
}

// Done reports that the shrink wants no more candidates: the budget is
// spent, the context is done, or a stream has what it needs.
func (s *Shrinking[C]) Done() bool { return s.stop() }

// Coarse reports that the candidates feed a stream (Candidates) whose
// consumer walks it anew after every candidate it takes, so its length
// weighs on every step: a pass offers fewer sizes of cut and fewer
// merges then.
func (s *Shrinking[C]) Coarse() bool { return s.coarse }

// DropChunks removes stretches of a list the way delta debugging does:
// first the whole list, then halves, quarters and so on down to single
// items. Chunks are tried from the end of the list, where moves past the
// divergence usually lie. n gives the current length and drop offers the
// current case minus items [lo, hi), reporting whether that was accepted.
// Ending with single items, it leaves no one item whose removal alone
// still fails.
func (s *Shrinking[C]) DropChunks(n func() int, drop func(lo, hi int) bool) {
	for size := n(); size >= 1 && !s.Done(); size /= 2 {
		// Whether or not a chunk goes, the items before it keep their
		// places, so the next chunk down is always [hi-2size, hi-size).
		for hi := n(); hi-size >= 0 && !s.Done(); hi -= size {
			drop(hi-size, hi)
		}
	}
}

// Bisect finds by binary search how far an extent can be cut: size gives
// the current extent (a side of a board, say) and cut offers the current
// case cut by k, reporting whether that was accepted. When a failure
// holds from some extent up, as a fixed-size array's crash does, Bisect
// ends exactly there, at about log2(size) calls, and the cut by one
// below it has been tried. Coarse, it offers half the extent and one.
func (s *Shrinking[C]) Bisect(size func() int, cut func(k int) bool) {
	if s.coarse {
		n := size()
		for _, k := range slices.Compact([]int{n / 2, 1}) {
			if k >= 1 && k < n && !s.Done() {
				cut(k)
			}
		}
		return
	}
	// Extent hi fails (it is the current case's); extent lo is known
	// not to, or is 0, which no case has.
	lo, hi := 0, size()
	for hi-lo > 1 && !s.Done() {
		mid := lo + (hi-lo)/2
		if cut(hi - mid) {
			hi = size()
		} else {
			lo = mid
		}
	}
}

// Shrink returns a small case that still fails: it starts from c, which
// must fail, and greedily replaces it by the candidates of the game's
// passes (Game.Passes) for which fails still reports true, round after
// round until a whole round finds none, the budget is spent or ctx is
// done.
//
// Every candidate passes Validate (and the limits, see ShrinkOptions)
// before fails sees it, and fails gets its own copy. A candidate met
// before is refused without a call: it failed and was left behind, or
// did not fail, so a pass that offers the current case unchanged makes
// no step. The search is deterministic: the same case, predicate and
// options give the same result, and fails is never called on c itself.
// A case that is not valid comes back unchanged, with the reason in
// ShrinkStats.Err.
//
// The result of a shrink that was not stopped is a fixed point of every
// pass, so when the passes end with single steps (as DropChunks and
// Bisect do) it is 1-minimal: no single move, row, column or colour can
// go, and no side can lose one line, without losing the failure.
//
// fails decides what "still fails" means. Run and Test accept a
// candidate only when it fails the same way as the case found: the same
// verdict, and for a wrong answer a first diverging step of the same
// kind (Game.StepKind), for a crash the same signature, for bad output
// the same fault, so that a case does not shrink into another bug.
func (g *Game[C, T]) Shrink(ctx context.Context, c C, fails func(C) bool, opt ShrinkOptions) (C, ShrinkStats) {
	if err := g.Validate(c); err != nil {
		return c, ShrinkStats{Err: fmt.Errorf("conformance: case to shrink is not valid: %w", err)}
	}
	limits := false
	if g.InLimits != nil && !opt.IgnoreLimits {
		limits, _ = g.InLimits(c)
	}
	sh := &shrinker[C, T]{
		g: g, ctx: ctx, fails: fails, limits: limits,
		budget: opt.budget(), seen: make(map[string]struct{}),
	}
	sh.seen[string(g.format(c))] = struct{}{}
	sh.s = Shrinking[C]{cur: g.Clone(c), offer: sh.try, stop: sh.stopped, aim: opt.Aim, key: g.format}
	for !sh.stopped() {
		sh.stats.Rounds++
		before := sh.stats.Accepted
		for _, p := range g.Passes {
			if p.Run(&sh.s); sh.stopped() {
				break
			}
		}
		if sh.stats.Accepted == before {
			break
		}
	}
	return sh.s.cur, sh.stats
}

// shrinker is the greedy search of Shrink: it replaces the current case
// by every candidate that is valid and still fails.
type shrinker[C, T any] struct {
	g      *Game[C, T]
	s      Shrinking[C]
	ctx    context.Context
	fails  func(C) bool
	limits bool // candidates must lie inside the statement's limits
	budget int
	// seen holds the input text of the case given and of every
	// candidate tried: none is tried twice.
	seen  map[string]struct{}
	stats ShrinkStats
}

// valid reports whether cand may replace the current case.
func (sh *shrinker[C, T]) valid(cand C) (ok bool) {
	defer func() {
		// A nil candidate (a cut that leaves nothing) may not survive
		// Validate; it is not valid.
		if recover() != nil {
			ok = false
		}
	}()
	if sh.g.Validate(cand) != nil {
		return false
	}
	if sh.limits {
		in, _ := sh.g.InLimits(cand)
		return in
	}
	return true
}

// try reports whether cand still fails and has become the current case.
func (sh *shrinker[C, T]) try(cand C) bool {
	if sh.stats.Err != nil || !sh.valid(cand) {
		return false
	}
	key := string(sh.g.format(cand))
	if _, ok := sh.seen[key]; ok {
		// A candidate met before is never accepted again: one that
		// failed then was accepted then, so it is the current case or
		// one the shrink has already left. Taking it again is no step
		// at all, and a pass that offers the current case unchanged
		// (a trim with nothing to trim) would count a step every round
		// and keep the shrink going round, its budget unspent.
		sh.stats.Cached++
		return false
	}
	if err := sh.ctx.Err(); err != nil {
		sh.stats.Err = err
		return false
	}
	if sh.stats.Tried >= sh.budget {
		sh.stats.Err = ErrBudget
		return false
	}
	sh.stats.Tried++
	// The predicate gets its own copy so that a predicate that writes
	// to the case cannot corrupt the search.
	fails := sh.fails(sh.g.Clone(cand))
	sh.seen[key] = struct{}{}
	if !fails {
		return false
	}
	sh.stats.Accepted++
	sh.s.cur = cand
	return true
}

func (sh *shrinker[C, T]) stopped() bool { return sh.stats.Err != nil }

// Candidates returns the candidates of Shrink that are strictly smaller
// than c (those of the passes marked Smaller), most promising first,
// coarse (see Shrinking.Coarse). Every one is valid, though it may lie
// outside the statement's limits. A shrinker that takes the first
// candidate that still fails and starts again from it, as gopter's does,
// ends at a case none of whose candidates fails; Shrink gets further,
// with every size of cut and candidates that are simpler but no smaller.
func (g *Game[C, T]) Candidates(c C) iter.Seq[C] {
	return func(yield func(C) bool) {
		if g.Validate(c) != nil {
			return
		}
		done := false
		sh := &shrinker[C, T]{g: g}
		s := &Shrinking[C]{cur: c, coarse: true, stop: func() bool { return done }, key: g.format}
		s.offer = func(d C) bool {
			if !done && sh.valid(d) && !yield(d) {
				done = true
			}
			return false
		}
		for _, p := range g.Passes {
			if !p.Smaller {
				continue
			}
			if p.Run(s); done {
				return
			}
		}
	}
}

// ColoursUsed returns the distinct colours of a board, ascending, for
// a game's shrink pass that renumbers them.
func ColoursUsed[P any](board []P, colour func(P) int) []int {
	var used []int
	for _, p := range board {
		if v := colour(p); !slices.Contains(used, v) {
			used = append(used, v)
		}
	}
	slices.Sort(used)
	return used
}

// ErrNoCase is what a game's Validate says of a nil case: a cut that
// left nothing.
var ErrNoCase = errors.New("no case")
