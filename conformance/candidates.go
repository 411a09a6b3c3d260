package conformance

import "slices"

// candidates makes the cases a shrink tries in place of cur, the smallest
// failing case found so far, in passes: each pass is a method of a game's
// candidates that hands its candidates one by one to offer. offer reports
// whether the consumer accepted the candidate, which has then become cur;
// a pass reads cur afresh for every candidate and may make different ones
// after an acceptance. stop reports that the consumer wants no more.
//
// Two consumers share the passes: the greedy shrinker (ShrinkMatch3,
// ShrinkSameGame), which accepts every candidate that still fails, and the
// candidate streams (Match3Candidates, SameGameCandidates), which accept
// none and so list the candidates of one case.
//
// A stream is coarse: its consumer (gopter's shrinker, say) walks it anew
// from the start after every candidate it takes, so its length weighs on
// every step, while the greedy shrinker reads on from where it is. So a
// coarse pass offers fewer sizes of crop and fewer merges of colours.
type candidates[C any] struct {
	cur    C
	offer  func(C) bool
	stop   func() bool
	coarse bool
}

// stream hands every candidate of cur that the passes make and valid
// admits to yield, until yield returns false. Nothing is accepted, so cur
// stays as it is.
func (s *candidates[C]) stream(yield func(C) bool, valid func(C) bool, passes ...func()) {
	done := false
	s.offer = func(d C) bool {
		if !done && valid(d) && !yield(d) {
			done = true
		}
		return false
	}
	s.stop = func() bool { return done }
	s.coarse = true
	for _, pass := range passes {
		if pass(); done {
			return
		}
	}
}

// dropChunks removes stretches of a list the way delta debugging does:
// first the whole list, then halves, quarters and so on down to single
// items. Chunks are tried from the end of the list, where operations past
// the divergence usually lie. n gives the current length and drop offers
// the current case minus items [lo, hi), reporting whether that was
// accepted.
func (s *candidates[C]) dropChunks(n func() int, drop func(lo, hi int) bool) {
	for size := n(); size >= 1 && !s.stop(); size /= 2 {
		// Whether or not a chunk goes, the items before it keep their
		// places, so the next chunk down is always [hi-2size, hi-size).
		for hi := n(); hi-size >= 0 && !s.stop(); hi -= size {
			drop(hi-size, hi)
		}
	}
}

// cropBy offers to cut k lines off an edge for k from size-1 down,
// halving, to 1; a cut that was accepted is offered again at the same k.
// Coarse, it offers half the lines and one. size gives the current extent
// and cut offers the current case without k lines, reporting whether that
// was accepted.
func (s *candidates[C]) cropBy(size func() int, cut func(k int) bool) {
	if s.coarse {
		n := size()
		for _, k := range slices.Compact([]int{n / 2, 1}) {
			if k >= 1 && k < n && !s.stop() {
				cut(k)
			}
		}
		return
	}
	for k := size() - 1; k >= 1 && !s.stop(); {
		if cut(k) {
			k = min(k, size()-1)
			continue
		}
		k /= 2
	}
}
