package cubes

import (
	"fmt"
	"math/bits"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// exprCoverage counts the items of a SameGame rule set's expressions
// (samegame.ExprCover): the arms of every min and max and the signs that
// decide them, of points per removed group and of the left term per
// game that ends with it applied. A planted "max left out" scores alike
// every game that keeps to one arm; these items say whether a run ever
// left it.
type exprCoverage struct {
	points, left samegame.ExprCover
	// pointNames and leftNames are the items' names in the report,
	// "points:" or "left:" and the branch, made once so that reading a
	// case makes none.
	pointNames, leftNames []string
}

// newExprCoverage is the expression coverage of r, which is effective:
// points over the groups r removes, of at least its minimum, and the
// left term over the cubes left, at least one.
func newExprCoverage(r samegame.Rules) *exprCoverage {
	x := &exprCoverage{points: samegame.CoverExpr(r.Points, int64(max(r.Min, 1)))}
	// With a minimum of 1 every cube is a group: a game is over only
	// when the box is empty, and a term judged then never applies.
	if r.End != samegame.EndOver || r.Min > 1 {
		x.left = samegame.CoverExpr(r.Left, 1)
	}
	for _, it := range x.points.Items() {
		x.pointNames = append(x.pointNames, "points:"+it.Name)
	}
	for _, it := range x.left.Items() {
		x.leftNames = append(x.leftNames, "left:"+it.Name)
	}
	return x
}

// items are the coverage items of the expressions, points first.
func (x *exprCoverage) items(r samegame.Rules) []conformance.CoverageItem {
	var items []conformance.CoverageItem
	for i, it := range x.points.Items() {
		items = append(items, conformance.CoverageItem{Name: x.pointNames[i], Help: fmt.Sprintf(
			"a click whose group of n cubes scores points=%s with %s, first at n=%d; per click", r.Points, it.Name, it.Lo)})
	}
	for i, it := range x.left.Items() {
		items = append(items, conformance.CoverageItem{Name: x.leftNames[i], Help: fmt.Sprintf(
			"a game that ends with n cubes left and the term left=%s applied with %s, first at n=%d; per case", r.Left, it.Name, it.Lo)})
	}
	return items
}

// addPoints counts the items of a click that removed a group of n cubes;
// a nil x counts none.
func (x *exprCoverage) addPoints(cov conformance.Counter, n int) {
	if x == nil || n <= 0 {
		return
	}
	addBits(cov, x.pointNames, x.points.Reached(int64(n)))
}

// addLeft counts the items of a game that ends with n cubes left, when
// the term for them applied.
func (x *exprCoverage) addLeft(cov conformance.Counter, n int, applied bool) {
	if x == nil || n <= 0 || !applied {
		return
	}
	addBits(cov, x.leftNames, x.left.Reached(int64(n)))
}

// addBits counts once each item of names whose bit is set.
func addBits(cov conformance.Counter, names []string, set uint64) {
	for set != 0 {
		i := bits.TrailingZeros64(set)
		cov[names[i]]++
		set &^= 1 << i
	}
}
