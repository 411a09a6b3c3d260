package planted

import (
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// This file holds the replaced steps of the SameGame variants that a
// real solution gets wrong by a number or a loop bound: the click read
// off by one, a group counted once too often, a column loop that skips.

// stopAtEmptyClick plays until a click on an empty cell and ignores
// the clicks after it, as a solution that takes an empty cell for the
// end of the game (a `break` where the statement goes on) would.
func stopAtEmptyClick(c *samegame.Case) samegame.Trace {
	g := reference.NewSameGameSummary(c)
	for _, m := range c.Moves {
		if g.Apply(m).Colour == 0 {
			break
		}
	}
	return g.Done()
}

// groupOfTwoOrMore removes a group only when it holds two cubes or more,
// as the classic SameGame does and the statement does not: a click on a
// lone cube removes nothing and scores 0.
func groupOfTwoOrMore(b reference.Box, p reference.Pos) []reference.Pos {
	if g := b.Group(p); len(g) >= 2 {
		return g
	}
	return nil
}

// pointsCountingTheClickTwice scores a group of c cubes as one of c+1,
// as a flood fill that counts the clicked cube before it starts and
// again when it visits it would; an empty cell still scores 0.
func pointsCountingTheClickTwice(c int) int64 {
	if c == 0 {
		return 0
	}
	return samegame.Points(c + 1)
}

// columnEmpty reports whether column x holds no cube.
func columnEmpty(b reference.Box, x int) bool {
	for _, v := range b[x] {
		if v != 0 {
			return false
		}
	}
	return true
}

// removeColumn shifts the columns right of x one to the left; the
// freed column on the right is empty.
func removeColumn(b reference.Box, x int) {
	copy(b[x:], b[x+1:])
	b[len(b)-1] = make([]uint8, b.Height())
}

// closeSkippingNext closes empty columns in one pass that moves on after
// a shift, as `for x := 0; x < n; x++ { if empty(x) shift(x) }` does:
// the column shifted into x is not looked at, so of two adjacent empty
// columns the second stays. Empty columns apart are all closed.
func closeSkippingNext(b reference.Box) {
	for x := range b {
		if columnEmpty(b, x) {
			removeColumn(b, x)
		}
	}
}

// closeFromSecond closes the empty columns but starts looking at column
// 1, as a loop written `for x := 1; ...` would: an emptied leftmost
// column stays where it is.
func closeFromSecond(b reference.Box) {
	for x := len(b) - 1; x >= 1; x-- {
		if columnEmpty(b, x) {
			removeColumn(b, x)
		}
	}
}
