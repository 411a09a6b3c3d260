package cubes

import (
	"math"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The SameGame coverage items.
const (
	sgCloseOne     = "close-one"
	sgCloseSeveral = "close-several"
	sgEmptyClick   = "empty-click"
	sgSingleCube   = "single-cube"
	sgLargeGroup   = "large-group"
	sgMovePast31   = "move-past-2^31"
	sgTotalPast31  = "total-past-2^31"
	sgBelowMin     = "below-min"
	sgCleared      = "cleared"
	sgLeftTerm     = "left-term"
	sgCloseRight   = "close-right"
	sgClickCleared = "click-on-cleared"
	sgMoveLeft     = "move-left"
	sgDeadStart    = "dead-start"
)

// LargeGroup is the size from which a SameGame group counts as large for
// coverage: a hundred cubes, more than any box of the usual small tests
// holds in one group, and enough that a group search must not recurse or
// queue carelessly.
const LargeGroup = 100

// sameGameCoverageItems are SameGame's coverage items (see SPEC.md, "Audit:
// coverage items").
var sameGameCoverageItems = []conformance.CoverageItem{
	{Name: sgCloseOne, Help: "a click after which exactly one column closes (S6); per click"},
	{Name: sgCloseSeveral, Help: "a click after which two or more columns close at once (S6); per click"},
	{Name: sgEmptyClick, Help: "a click on an empty cell, scoring 0 (S4); per click"},
	{Name: sgSingleCube, Help: "a click that removes a single cube, scoring 1 (S5); per click"},
	{Name: sgLargeGroup, Help: "a click that removes a group of 100 cubes or more (S5); per click"},
	{Name: sgMovePast31, Help: "a click worth more than 2^31-1 points, a group of 65536 cubes or more (S7); per click"},
	{Name: sgTotalPast31, Help: "a total of more than 2^31-1 points (S7); per case"},
}

// The coverage items that only rule sets other than codeabbey reach.
var (
	sgBelowMinItem = conformance.CoverageItem{Name: sgBelowMin, Help: "a click on a group smaller than the rule set's minimum, scoring 0; per click"}
	sgClearedItem  = conformance.CoverageItem{Name: sgCleared, Help: "a game whose last click empties the box, earning the clear bonus; per case"}
	sgLeftTermItem = conformance.CoverageItem{Name: sgLeftTerm, Help: "a game that ends with cubes left and a term for them other than 0; per case"}
	// The bugs of a setting that show only in these: a close written for
	// the other side, a bonus given by the click that empties the box
	// (lost to a click after it), a term for the cubes left taken at the
	// wrong end.
	sgCloseRightItem   = conformance.CoverageItem{Name: sgCloseRight, Help: "a click after which a column closes and the columns on its left shift right; per click"}
	sgClickClearedItem = conformance.CoverageItem{Name: sgClickCleared, Help: "a click on the emptied box, after which the clear bonus still holds (S10); per click"}
	sgMoveLeftItem     = conformance.CoverageItem{Name: sgMoveLeft, Help: "a list that stops with cubes left while a group of at least min remains, where end decides the term (S11); per case"}
	// Under end=move, an engine that judges the box alone gives the term
	// to a box that had no group from the start.
	sgDeadStartItem = conformance.CoverageItem{Name: sgDeadStart, Help: "a game on a box with no group of at least min, which no click removes from: under end=move no term (S10); per case"}
)

// sameGameRulesCoverageItems are the coverage items of SameGame under the
// rule set r: codeabbey's, without a single cube where the minimum is
// above 1, with a click below the minimum, the clear bonus and the term
// for the cubes left where r has them.
func sameGameRulesCoverageItems(r samegame.Rules) []conformance.CoverageItem {
	var items []conformance.CoverageItem
	for _, it := range sameGameCoverageItems {
		if it.Name == sgSingleCube && r.Min > 1 ||
			(it.Name == sgMovePast31 || it.Name == sgTotalPast31) && r.Points.String() == "0" {
			continue
		}
		items = append(items, it)
	}
	if r.Min > 1 {
		items = append(items, sgBelowMinItem)
	}
	if r.Clear != 0 {
		items = append(items, sgClearedItem)
	}
	if r.Left.String() != "0" {
		items = append(items, sgLeftTermItem, sgMoveLeftItem)
		if r.End == samegame.EndMove {
			items = append(items, sgDeadStartItem)
		}
	}
	if r.Clear != 0 {
		items = append(items, sgClickClearedItem)
	}
	if r.Close == samegame.CloseRight {
		items = append(items, sgCloseRightItem)
	}
	return items
}

// sameGameScan is what an audit reads from a SameGame case and the
// reference's trace of it: the coverage counts, and the facts that say
// which planted variants it leaves idle.
type sameGameScan struct {
	counts conformance.Counter
	n      int  // the longer side of the box
	closed bool // a column closed on a click that another click follows
	// several says two or more columns closed at once on such a click.
	several bool
	removed bool // a click removed cubes
	// queued says a group search that queues a cube once per neighbour
	// taken before it could queue more than N*N cubes.
	queued bool
}

// sameGameCoverage reads the coverage of c from the reference's trace t:
// the points and sizes of the groups, and the columns standing before and
// after every click, which t.Detail counts.
func sameGameCoverage(c *samegame.Case, t samegame.Trace) conformance.Coverage {
	return coverSameGame(c, t, nil)
}

// coverSameGame is sameGameCoverage with the items of the rule set's
// expressions, ex, counted too; nil counts none.
func coverSameGame(c *samegame.Case, t samegame.Trace, ex *exprCoverage) conformance.Coverage {
	s := sameGameScan{counts: conformance.Counter{}, n: max(c.W, c.H)}
	cov := s.counts
	// Without Detail (a trace not the reference's) no column is seen to
	// close and no variant is known idle.
	detailed := len(t.Detail) == len(t.Moves)
	before := standingColumns(c.W, c.Board)
	rules := c.Rules.Effective()
	removed := 0
	for i, r := range t.Moves {
		cov.AddIf(sgClickCleared, removed == c.W*c.H && rules.Clear != 0)
		removed += r.Removed
		after := before
		if detailed {
			after = t.Detail[i].Columns
		}
		closed := before - after
		cov.AddIf(sgCloseOne, closed == 1)
		cov.AddIf(sgCloseSeveral, closed >= 2)
		cov.AddIf(sgCloseRight, closed >= 1 && rules.Close == samegame.CloseRight)
		if i < len(t.Moves)-1 {
			s.closed = s.closed || closed >= 1
			s.several = s.several || closed >= 2
		}
		cov.AddIf(sgEmptyClick, r.Colour == 0)
		cov.AddIf(sgBelowMin, r.Colour != 0 && r.Removed == 0)
		cov.AddIf(sgSingleCube, r.Removed == 1)
		cov.AddIf(sgLargeGroup, r.Removed >= LargeGroup)
		cov.AddIf(sgMovePast31, r.Points > math.MaxInt32)
		ex.addPoints(cov, r.Removed)
		s.removed = s.removed || r.Removed > 0
		// Such a search queues at most 1 + 4 * size cubes.
		s.queued = s.queued || 1+4*int64(r.Removed) > int64(c.W)*int64(c.H)
		before = after
	}
	cov.AddIf(sgTotalPast31, t.Total > math.MaxInt32)
	cleared := removed == c.W*c.H
	cov.AddIf(sgCleared, cleared && t.End != 0)
	cov.AddIf(sgLeftTerm, !cleared && t.End != 0)
	switch left := c.W*c.H - removed; {
	case cleared:
	case detailed && rules.Left.String() != "0":
		last := c.Board
		if len(t.Detail) > 0 {
			last = t.Detail[len(t.Detail)-1].Board
		}
		box := reference.NewBox(&samegame.Case{W: c.W, H: c.H, Board: last})
		moveLeft := box.HasGroup(max(rules.Min, 1))
		cov.AddIf(sgMoveLeft, moveLeft)
		cov.AddIf(sgDeadStart, !moveLeft && removed == 0 && rules.End == samegame.EndMove)
		over := !moveLeft && (rules.End != samegame.EndMove || removed > 0)
		ex.addLeft(cov, left, rules.End == samegame.EndList || over)
	default:
		// Without the box, a term of 0 cannot be told from none.
		ex.addLeft(cov, left, t.End != 0)
	}
	if !detailed {
		return conformance.Coverage{Counts: cov.Clone()}
	}
	return conformance.Coverage{Counts: cov.Clone(), Idle: conformance.IdleUnless(s.needs())}
}

// needs says, for each planted variant, whether the case reaches what
// the variant needs to score it differently from the reference. A
// variant breaks one step and plays as the reference does until that
// step first does something else; that happens in a state the reference
// passes through too, and its trace shows it. A change to the box on the
// last click changes no score.
func (s *sameGameScan) needs() map[string]bool {
	cov := s.counts
	return map[string]bool{
		"group search queue of N*N cells overflows":       s.queued,
		"X counted on the original columns":               s.closed,
		"empty-cell click lands on the column's top cube": cov.Has(sgEmptyClick),
		"empty-cell click scores 1":                       cov.Has(sgEmptyClick),
		// c(c-1)/2 is wrong for every group, not only single cubes.
		"single cube scores 0, c(c-1) halved":  s.removed,
		"score kept in 32 bits":                cov.Has(sgMovePast31),
		"box held in a fixed 20x20 array":      s.n > 20,
		"cubes do not fall":                    s.removed,
		"empty columns not closed":             s.closed,
		"only the first emptied column closed": s.several,
	}
}

// standingColumns counts the columns of a w columns wide board (row-major, top
// row first) that hold a cube: after a fall, those whose bottom cell is
// not empty.
func standingColumns(w int, board []uint8) int {
	standing := 0
	for x := range w {
		if i := len(board) - w + x; i >= 0 && board[i] != 0 {
			standing++
		}
	}
	return standing
}
