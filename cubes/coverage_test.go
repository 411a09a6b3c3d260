package cubes

import (
	"bytes"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func TestSameGameCoverageCountsEachSituation(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    *samegame.Case
		rows []fixture.CoverageRow
	}{
		// The two left columns empty on the first click.
		{"columns collapse", fixture.BuiltinInput(t, Game, "samegame-columns-collapse"),
			[]fixture.CoverageRow{{Item: sgCloseSeveral, Count: 1}, {Item: sgCloseOne, Count: 0}, {Item: sgEmptyClick, Count: 0}}},
		{"empty cell", fixture.BuiltinInput(t, Game, "samegame-empty-cell"),
			[]fixture.CoverageRow{{Item: sgEmptyClick, Count: 1}, {Item: sgSingleCube, Count: 2}, {Item: sgLargeGroup, Count: 0}}},
		{"single cube", fixture.BuiltinInput(t, Game, "samegame-single-cube"),
			[]fixture.CoverageRow{{Item: sgSingleCube, Count: 1}, {Item: sgLargeGroup, Count: 0}}},
		// 300 x 300 cubes in one click: 4050045000 points.
		{"one colour box", fixture.ParseCase(t, Game, string(oneColourBox(300).Input)),
			[]fixture.CoverageRow{{Item: sgLargeGroup, Count: 1}, {Item: sgMovePast31, Count: 1}, {Item: sgTotalPast31, Count: 1}, {Item: sgCloseSeveral, Count: 1}}},
		// 3 x 3 of one colour, then a click on what is left: one column
		// closes when the right column of 2s goes.
		{"one column", fixture.ParseCase(t, Game, "3\n112\n112\n112\n2\n0 0, 0 0\n"),
			[]fixture.CoverageRow{{Item: sgCloseOne, Count: 1}, {Item: sgCloseSeveral, Count: 1}, {Item: sgLargeGroup, Count: 0}, {Item: sgTotalPast31, Count: 0}}},
		// 65535 cubes, a 256 x 256 box of 1s but its top-left cube,
		// score 2147450880: just under 2^31-1.
		{"just under 2^31", func() *samegame.Case {
			c := &samegame.Case{W: 256, H: 256, Board: bytes.Repeat([]byte{1}, 256*256)}
			c.Board[0] = 2
			c.Moves = []samegame.Move{{X: 1, Y: 0}}
			return c
		}(), []fixture.CoverageRow{{Item: sgLargeGroup, Count: 1}, {Item: sgMovePast31, Count: 0}, {Item: sgTotalPast31, Count: 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) { fixture.CheckCoverage(t, Game, tc.c, tc.rows...) })
	}
}

func TestSameGameCoverageTotalPast31FromSmallerClicks(t *testing.T) {
	// A 346 x 346 box in two bands of 173 columns, one colour each: two
	// clicks of 59858 cubes, 1791488511 points each, under 2^31-1 alone
	// and past it together.
	n := 346
	c := &samegame.Case{W: n, H: n, Board: make([]byte, n*n)}
	for i := range c.Board {
		c.Board[i] = byte(1 + (i%n)/173)
	}
	c.Moves = []samegame.Move{{X: 0, Y: 0}, {X: 0, Y: 0}}
	if tr, want := reference.PlaySameGame(c), 2*samegame.Points(173*n); tr.Total != want {
		t.Fatalf("total %d, want %d", tr.Total, want)
	}
	fixture.CheckCoverage(t, Game, c, fixture.CoverageRow{Item: sgMovePast31, Count: 0}, fixture.CoverageRow{Item: sgTotalPast31, Count: 1},
		fixture.CoverageRow{Item: sgLargeGroup, Count: 2}, fixture.CoverageRow{Item: sgCloseSeveral, Count: 2})
}

func TestSameGameRulesCoverageCountsEachSetting(t *testing.T) {
	for _, tc := range []struct {
		name, rules, in string
		rows            []fixture.CoverageRow
	}{
		// The 2s in the middle go and column 0 shifts right; then the 3s,
		// then the 1s, which empties the box; the last click hits it.
		{"columns close right", "jawbreaker", "3 2\n123\n123\n4\n1 0, 2 0, 2 0, 0 0\n",
			[]fixture.CoverageRow{{Item: sgCloseRight, Count: 3}, {Item: sgCleared, Count: 1}, {Item: sgClickCleared, Count: 1}, {Item: sgBelowMin, Count: 0}}},
		// No click, and the pair can go: the list stops with a move left.
		{"a move left", "lx", "2 1\n11\n0\n", []fixture.CoverageRow{{Item: sgMoveLeft, Count: 1}, {Item: sgLeftTerm, Count: 0}}},
		// A dead end from the start: the penalty, no move left.
		{"a dead end", "lx", "3 1\n121\n1\n0 0\n", []fixture.CoverageRow{{Item: sgMoveLeft, Count: 0}, {Item: sgLeftTerm, Count: 1}, {Item: sgBelowMin, Count: 1}}},
		// A dead start no click changes: end=move withholds the term.
		{"a dead start", "jawbreaker", "3 1\n121\n1\n0 0\n", []fixture.CoverageRow{{Item: sgDeadStart, Count: 1}, {Item: sgMoveLeft, Count: 0}, {Item: sgLeftTerm, Count: 0}, {Item: sgBelowMin, Count: 1}}},
		// The same box after a click that removed a pair: the term.
		{"a dead end after a removal", "jawbreaker", "4 1\n1121\n1\n0 0\n", []fixture.CoverageRow{{Item: sgDeadStart, Count: 0}, {Item: sgLeftTerm, Count: 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := samegame.ParseRules(tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			g := Under(r)
			fixture.CheckCoverage(t, g, fixture.ParseCase(t, g, tc.in), tc.rows...)
		})
	}
	// Each item only where its setting is: no column closes right under
	// benchmark, and clickomania has no clear bonus.
	for _, tc := range []struct{ rules, item string }{{"benchmark", sgCloseRight}, {"clickomania", sgClickCleared}, {"tatham", sgMoveLeft}, {"lx", sgDeadStart}} {
		r, _ := samegame.ParseRules(tc.rules)
		if slices.ContainsFunc(Under(r).CoverageItems, func(it conformance.CoverageItem) bool { return it.Name == tc.item }) {
			t.Errorf("%s has the coverage item %s", tc.rules, tc.item)
		}
	}
}
