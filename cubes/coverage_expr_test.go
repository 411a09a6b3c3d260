package cubes

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

// deadRowAfterPair returns a one-row box of pair (a removable group of two) followed
// by n cubes of alternating colours, which hold no group of two, and a
// click on the pair.
func deadRowAfterPair(pair string, n int) string {
	var b strings.Builder
	b.WriteString(pair)
	for i := range n {
		b.WriteByte("23"[i%2])
	}
	return fmt.Sprintf("%d 1\n%s\n1\n0 0\n", b.Len(), b.String())
}

func TestSameGameRulesCoverageCountsTheArmsOfExpressions(t *testing.T) {
	jawbreaker, _ := samegame.Lookup("jawbreaker")
	lx, _ := samegame.Lookup("lx")
	const (
		armOwn  = "left:max(20-n,0)->20-n"
		armZero = "left:max(20-n,0)->0"
		maxZero = "left:max(20-n,0)=0"
		at20    = "left:20-n=0"
	)
	for _, tc := range []struct {
		name  string
		rules samegame.Rules
		in    string
		rows  []fixture.CoverageRow
	}{
		// The pair goes and 21 cubes stay with no group of two: the game
		// is over and max(20-n,0) takes its arm 0, where (20-n)^2 is 1.
		{"21 cubes left", jawbreaker, deadRowAfterPair("11", 21),
			[]fixture.CoverageRow{{Item: armZero, Count: 1}, {Item: maxZero, Count: 1}, {Item: armOwn, Count: 0}, {Item: at20, Count: 0}}},
		{"20 cubes left", jawbreaker, deadRowAfterPair("11", 20),
			[]fixture.CoverageRow{{Item: armZero, Count: 0}, {Item: maxZero, Count: 1}, {Item: armOwn, Count: 0}, {Item: at20, Count: 1}}},
		{"19 cubes left", jawbreaker, deadRowAfterPair("11", 19),
			[]fixture.CoverageRow{{Item: armZero, Count: 0}, {Item: maxZero, Count: 0}, {Item: armOwn, Count: 1}, {Item: at20, Count: 0}}},
		// A group of two remains: the game is not over, and the term,
		// which would be 0 all the same, does not apply.
		{"a move left", jawbreaker, deadRowAfterPair("1122", 21),
			[]fixture.CoverageRow{{Item: armZero, Count: 0}, {Item: maxZero, Count: 0}, {Item: armOwn, Count: 0}}},
		// Per click: the pair scores (2-2)^2 = 0, the three 4 points.
		{"points per click", lx, "5 1\n11222\n2\n0 0, 0 0\n",
			[]fixture.CoverageRow{{Item: "points:(n-2)^2=0", Count: 1}, {Item: "points:(n-2)^2>0", Count: 1}, {Item: "left:n-2<0", Count: 0}}},
		{"one cube left", lx, "3 1\n112\n1\n0 0\n",
			[]fixture.CoverageRow{{Item: "left:n-2<0", Count: 1}, {Item: "left:-(n-2)^2<0", Count: 1}, {Item: "left:-(n-2)^2=0", Count: 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := Under(tc.rules)
			fixture.CheckCoverage(t, g, fixture.ParseCase(t, g, tc.in), tc.rows...)
		})
	}
}

// The engine's trace has no box after the last click: a term of 0 (no
// game over, or max(20-n,0) at 21 cubes) cannot be told from none, and
// is not counted; a term other than 0 is.
func TestSameGameExpressionCoverageFromABriefTrace(t *testing.T) {
	jawbreaker, _ := samegame.Lookup("jawbreaker")
	g := Under(jawbreaker)
	for _, tc := range []struct {
		in, item string
		want     int
	}{
		{deadRowAfterPair("11", 21), "left:max(20-n,0)->0", 0},
		{deadRowAfterPair("11", 19), "left:max(20-n,0)->20-n", 1},
	} {
		c := fixture.ParseCase(t, g, tc.in)
		tr := g.Reference(c)
		tr.Detail = nil
		if got := g.Coverage(c, tr).Counts[tc.item]; got != tc.want {
			t.Errorf("%s: %s counted %d, want %d", strings.Split(tc.in, "\n")[1], tc.item, got, tc.want)
		}
	}
}

// Only a rule set's expressions that branch have items: codeabbey,
// clickomania and jawbreaker's points have none.
func TestSameGameExpressionItemsOnlyWhereTheyBranch(t *testing.T) {
	for _, name := range []string{"codeabbey", "clickomania", "jawbreaker"} {
		r, _ := samegame.Lookup(name)
		if slices.ContainsFunc(Under(r).CoverageItems, func(it conformance.CoverageItem) bool { return strings.HasPrefix(it.Name, "points:") }) {
			t.Errorf("%s: a points item", name)
		}
	}
	r, _ := samegame.Lookup("clickomania")
	if slices.ContainsFunc(Under(r).CoverageItems, func(it conformance.CoverageItem) bool { return strings.HasPrefix(it.Name, "left:") }) {
		t.Errorf("clickomania: a left item for left=n")
	}
}

// BenchmarkSameGameCoverageExpressions measures what reading the items
// of jawbreaker's expressions adds to reading a case's coverage: the
// same generated cases, with and without them.
func BenchmarkSameGameCoverageExpressions(b *testing.B) {
	r, _ := samegame.Lookup("jawbreaker")
	g := Under(r)
	ex := newExprCoverage(r)
	type played struct {
		c *samegame.Case
		t samegame.Trace
	}
	var cases []played
	for i := range 256 {
		c := g.Generate(1, i, 0)
		cases = append(cases, played{c, g.Reference(c)})
	}
	for _, bc := range []struct {
		name string
		ex   *exprCoverage
	}{{"without", nil}, {"with", ex}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				p := cases[i%len(cases)]
				coverSameGame(p.c, p.t, bc.ex)
				i++
			}
		})
	}
}
