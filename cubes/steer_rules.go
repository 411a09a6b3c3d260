package cubes

import (
	"math"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/samegame"
)

// Steering under a rule set: the items of its expressions (exprCoverage)
// ask for a group of n cubes, or a game that ends with n cubes left, at
// an n the usual mix seldom reaches: jawbreaker's max(20-n,0) takes its
// arm 0 only when a game ends with more than 20 cubes and no group of
// two, which one usual case in 300 does, where a box of 7 x 7 in 7 to 9
// colours played to its end does in one case in two. So one case in
// rulesSteerEvery is steered, after the rule set's usual box is drawn
// (SameGameOptions.Under), to the items in turn: its box sized from the
// item's least n (or the middle of a bounded span of n), and its colours
// and clicks chosen to make such a group, or to play to a dead end with
// that many cubes left. The other knobs (empty and random clicks, combs)
// stay as drawn, and a case drawn as a big group stays one.

// rulesSteerEvery is the period of a rule set's schedule: a quarter of
// its cases, as match-3's, since a dead end with many cubes left is as
// rare as the rarest of match-3's hands.
const rulesSteerEvery = 4

// steerMaxCells bounds the box an aim asks for: an item reached only at
// an n past it (a group of a million cubes) gets no aim.
const steerMaxCells = 1 << 16

// The usual mix reaches, in one case in ten or more, a group of up to
// usualGroup cubes and a dead end of up to usualLeft cubes left; an item
// reached at such an n has no aim, so that a rule set whose items are
// all common (the benchmark's (n-2)^2 at 2 and above) draws its cases as
// before. TestEveryRuleSetAimReachesItsItem holds both.
const (
	usualGroup = 6
	usualLeft  = 1
)

// rulesSteering is the schedule of a rule set whose expressions ex
// covers: an aim per item the usual mix seldom reaches, points first;
// no aims when there is none.
func rulesSteering(ex *exprCoverage) casegen.Schedule[casegen.SameGameOptions] {
	var aims []casegen.Aim[casegen.SameGameOptions]
	for i, it := range ex.points.Items() {
		if it.Lo > usualGroup {
			aims = append(aims, casegen.Aim[casegen.SameGameOptions]{Item: ex.pointNames[i], Raise: groupAim(target(it))})
		}
	}
	for i, it := range ex.left.Items() {
		if it.Lo > usualLeft {
			aims = append(aims, casegen.Aim[casegen.SameGameOptions]{Item: ex.leftNames[i], Raise: deadEndAim(target(it), unbounded(it))})
		}
	}
	return casegen.Schedule[casegen.SameGameOptions]{Every: rulesSteerEvery, Aims: aims}
}

// target is the n an aim at it asks for: its least, or the middle of its
// span when the span is bounded (n below 20: 10).
func target(it samegame.ExprItem) int {
	if unbounded(it) {
		return int(min(it.Lo, math.MaxInt32))
	}
	return int((it.Lo + it.Hi) / 2)
}

// unbounded reports whether it is reached at the largest n probed: any
// n past its least is as good.
func unbounded(it samegame.ExprItem) bool { return it.Hi >= 1<<20 }

// groupAim asks for groups of about t cubes: a box of 3t to 6t cells
// in few colours, more for small groups, with a few clicks.
func groupAim(t int) func(*casegen.SameGameOptions, int) bool {
	colours := 2
	switch {
	case t <= 3:
		colours = 5
	case t <= 10:
		colours = 3
	}
	return boxAim(3*t, 6*t, casegen.Between(colours-1, colours), func(cells int) casegen.Range { return casegen.Between(4, 20) })
}

// deadEndAim asks for a game that ends with about t cubes left and no
// group, or with t or more when above is set: a box of 2t to 3t cells
// (3t to 5t) in 7 to 9 colours, which leave some half of it, or in 2 to
// 5 for a handful of cubes, with clicks enough to play it to its end.
func deadEndAim(t int, above bool) func(*casegen.SameGameOptions, int) bool {
	colours := casegen.Between(7, 9)
	switch {
	case t <= 2:
		colours = casegen.Between(2, 3)
	case t <= 4:
		colours = casegen.Between(3, 5)
	}
	lo, hi := 2*t, 3*t
	if above {
		lo, hi = 3*t, 5*t
	}
	return boxAim(lo, hi, colours, func(cells int) casegen.Range { return casegen.Between(cells, 2*cells) })
}

// boxAim sets a box of lo to hi cells, nearly square, colours, and the
// clicks a box of that many cells wants; it gives way to a big group and
// to a maxSize too small for the box.
func boxAim(lo, hi int, colours casegen.Range, clicks func(cells int) casegen.Range) func(*casegen.SameGameOptions, int) bool {
	side := casegen.Between(max(isqrt(lo), 1), max(isqrt(hi), isqrt(lo), 1))
	if lo > 0 && isqrt(lo)*isqrt(lo) < lo {
		side.Min++
		side.Max = max(side.Max, side.Min)
	}
	return func(o *casegen.SameGameOptions, maxSize int) bool {
		if o.BigGroup || hi > steerMaxCells || maxSize > 0 && side.Min > maxSize {
			return false
		}
		s := side
		if maxSize > 0 {
			s.Max = min(s.Max, maxSize)
		}
		o.N, o.H, o.Colours, o.Clicks = s, s, colours, clicks(s.Max*s.Max)
		return true
	}
}

// isqrt is the integer square root of n >= 0, rounded down.
func isqrt(n int) int {
	r := int(math.Sqrt(float64(n)))
	for r*r > n {
		r--
	}
	for (r+1)*(r+1) <= n {
		r++
	}
	return r
}
