package gems

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

func TestMatch3CoverageCountsEachSituation(t *testing.T) {
	for _, tc := range []struct {
		builtin string
		rows    []fixture.CoverageRow
	}{
		{"match3-special-row", []fixture.CoverageRow{{Item: "special-row", Count: 1}, {Item: m3SpecialBySpecial, Count: 0}}},
		{"match3-special-column", []fixture.CoverageRow{{Item: "special-column", Count: 1}, {Item: "special-row", Count: 0}}},
		{"match3-special-cross", []fixture.CoverageRow{{Item: "special-cross", Count: 1}}},
		{"match3-special-square3", []fixture.CoverageRow{{Item: "special-3x3", Count: 1}}},
		{"match3-special-square5", []fixture.CoverageRow{{Item: "special-5x5", Count: 1}}},
		{"match3-special-colour", []fixture.CoverageRow{{Item: "special-colour", Count: 1}}},
		{"match3-special-sets-off-special", []fixture.CoverageRow{{Item: m3SpecialBySpecial, Count: 1}}},
		{"match3-chain-two-rounds", []fixture.CoverageRow{{Item: m3Chain2, Count: 1}, {Item: m3Chain3, Count: 0}, {Item: m3Chain4, Count: 0}}},
		{"match3-chain-three-rounds", []fixture.CoverageRow{{Item: m3Chain3, Count: 1}, {Item: m3Chain2, Count: 0}}},
		{"match3-hand-high-card", []fixture.CoverageRow{{Item: "hand-high-card", Count: 1}, {Item: "hand-one-pair", Count: 0}}},
		{"match3-hand-one-pair", []fixture.CoverageRow{{Item: "hand-one-pair", Count: 1}}},
		{"match3-hand-two-pairs", []fixture.CoverageRow{{Item: "hand-two-pairs", Count: 1}}},
		{"match3-hand-three-of-a-kind", []fixture.CoverageRow{{Item: "hand-three-of-a-kind", Count: 1}}},
		{"match3-hand-full-house", []fixture.CoverageRow{{Item: "hand-full-house", Count: 1}}},
		{"match3-hand-four-of-a-kind", []fixture.CoverageRow{{Item: "hand-four-of-a-kind", Count: 1}}},
		{"match3-hand-five-of-a-kind", []fixture.CoverageRow{{Item: "hand-five-of-a-kind", Count: 1}}},
		{"match3-main-colours-two-runs", []fixture.CoverageRow{{Item: m3TwoMain, Count: 2}}},
		{"match3-invalid-diagonal", []fixture.CoverageRow{{Item: "invalid-not-adjacent", Count: 1}, {Item: "invalid-no-run", Count: 0}}},
		{"match3-invalid-empty-cell", []fixture.CoverageRow{{Item: "invalid-empty-cell", Count: 1}}},
		{"match3-invalid-no-run", []fixture.CoverageRow{{Item: "invalid-no-run", Count: 1}, {Item: m3AllValid, Count: 0}}},
		{"match3-endgame-all-valid", []fixture.CoverageRow{{Item: m3AllValid, Count: 1}, {Item: m3Cleared, Count: 0}}},
		{"match3-endgame-cleared", []fixture.CoverageRow{{Item: m3Cleared, Count: 1}}},
		{"match3-endgame-both", []fixture.CoverageRow{{Item: m3AllValid, Count: 1}, {Item: m3Cleared, Count: 1}}},
		{"match3-combination-four-line", []fixture.CoverageRow{{Item: m3BlockLine, Count: 1}, {Item: m3BlockLTCross, Count: 0}}},
		{"match3-combination-five-line", []fixture.CoverageRow{{Item: m3BlockLine, Count: 1}}},
		{"match3-combination-l-shape", []fixture.CoverageRow{{Item: m3BlockLTCross, Count: 1}, {Item: m3BlockLine, Count: 0}}},
		{"match3-combination-t-shape", []fixture.CoverageRow{{Item: m3BlockLTCross, Count: 1}}},
		{"match3-combination-cross", []fixture.CoverageRow{{Item: m3BlockLTCross, Count: 1}, {Item: m3Block2x3, Count: 0}}},
		{"match3-combination-two-by-three", []fixture.CoverageRow{{Item: m3Block2x3, Count: 1}, {Item: m3BlockOther, Count: 0}}},
		{"match3-sample-1", []fixture.CoverageRow{{Item: m3Limit50x50, Count: 0}, {Item: m3LimitK, Count: 0}, {Item: m3LimitQ, Count: 0}, {Item: m3Chain4, Count: 0}}},
	} {
		t.Run(tc.builtin, func(t *testing.T) {
			fixture.CheckCoverage(t, Game, fixture.BuiltinInput(t, Game, tc.builtin), tc.rows...)
		})
	}
}

func TestMatch3CoverageCountsHandMadeSituations(t *testing.T) {
	// The board at the statement's limits: no run, since each row counts
	// up by one and the next row starts two further on; a thousand
	// operations on the same cell, each not adjacent.
	var limits strings.Builder
	fmt.Fprintln(&limits, "50 50 100 1000")
	for x := range 50 {
		for y := range 50 {
			fmt.Fprintf(&limits, "%d ", (2*x+y)%100+1)
		}
		fmt.Fprintln(&limits)
	}
	for range 50 {
		fmt.Fprintln(&limits, strings.Repeat("0 ", 50))
	}
	fmt.Fprint(&limits, strings.Repeat("1 1 1 1\n", 1000))

	for _, tc := range []struct {
		name, input string
		rows        []fixture.CoverageRow
	}{
		// Swapping (3, 2) and (3, 3) sets off four rounds.
		{"chain of four", `5 3 3 1
2 3 2
1 2 1
1 1 3
2 2 1
1 2 2
0 0 0
0 0 0
0 0 0
0 0 0
0 0 0
3 2 3 3
`, []fixture.CoverageRow{{Item: m3Chain4, Count: 1}, {Item: m3Chain3, Count: 0}}},
		// Swapping (1, 3) and (2, 3) makes a T of six 1s; the pieces
		// that fall then make a U of eight 2s, rows 2-4 of columns 1
		// and 4 joined along row 4.
		{"U-shaped block", fixture.UShapedBlock, []fixture.CoverageRow{{Item: m3BlockOther, Count: 1}, {Item: m3BlockLTCross, Count: 1}, {Item: m3Block2x3, Count: 0}, {Item: m3BlockLine, Count: 0}}},
		{"statement's limits", limits.String(),
			[]fixture.CoverageRow{{Item: m3Limit50x50, Count: 1}, {Item: m3LimitK, Count: 1}, {Item: m3LimitQ, Count: 1}, {Item: "invalid-not-adjacent", Count: 1000}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fixture.CheckCoverage(t, Game, fixture.ParseCase(t, Game, tc.input), tc.rows...)
		})
	}
}

func TestMatch3BlockShapes(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []match3.Cell
		want  string
	}{
		{"row of five", cellList(1, 1, 1, 2, 1, 3, 1, 4, 1, 5), m3BlockLine},
		{"column of six", cellList(1, 1, 2, 1, 3, 1, 4, 1, 5, 1, 6, 1), m3BlockLine},
		{"L", cellList(1, 1, 2, 1, 3, 1, 3, 2, 3, 3), m3BlockLTCross},
		{"T", cellList(1, 1, 1, 2, 1, 3, 2, 2, 3, 2), m3BlockLTCross},
		{"cross", cellList(1, 2, 2, 1, 2, 2, 2, 3, 3, 2), m3BlockLTCross},
		{"long T", cellList(1, 3, 2, 3, 3, 1, 3, 2, 3, 3, 3, 4, 3, 5), m3BlockLTCross},
		{"2x3", cellList(1, 1, 1, 2, 1, 3, 2, 1, 2, 2, 2, 3), m3Block2x3},
		{"2x3 with a tail", cellList(1, 1, 1, 2, 1, 3, 2, 1, 2, 2, 2, 3, 3, 3, 4, 3), m3Block2x3},
		{"U", cellList(1, 1, 2, 1, 3, 1, 3, 2, 3, 3, 2, 3, 1, 3), m3BlockOther},
		{"H", cellList(1, 1, 2, 1, 3, 1, 2, 2, 1, 3, 2, 3, 3, 3), m3BlockOther},
		{"staircase", cellList(1, 1, 1, 2, 1, 3, 2, 3, 3, 3, 3, 4, 3, 5), m3BlockOther},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := blockShape(tc.cells); got != tc.want {
				t.Errorf("blockShape(%v) = %s, want %s", tc.cells, got, tc.want)
			}
		})
	}
}

func TestMatch3FillWithoutGoingUpSplitsOnlyBlocksThatNeedIt(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []match3.Cell
		fills bool
	}{
		{"L", cellList(1, 1, 2, 1, 3, 1, 3, 2, 3, 3), true},
		{"upside-down L", cellList(1, 3, 2, 3, 3, 3, 3, 2, 3, 1), true},
		{"cross", cellList(1, 2, 2, 1, 2, 2, 2, 3, 3, 2), true},
		{"2x3", cellList(1, 1, 1, 2, 1, 3, 2, 1, 2, 2, 2, 3), true},
		{"U", cellList(1, 1, 2, 1, 3, 1, 3, 2, 3, 3, 2, 3, 1, 3), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// BlockCells puts the first cell in reading order first.
			cells := slices.Clone(tc.cells)
			slices.SortFunc(cells, func(a, b match3.Cell) int { return cmpCells(a, b) })
			if got := fillsWithoutGoingUp(cells); got != tc.fills {
				t.Errorf("fillsWithoutGoingUp(%v) = %t, want %t", cells, got, tc.fills)
			}
		})
	}
}

func TestMatch3RoundsReplayedFromDetailEndOnTheBoardAfter(t *testing.T) {
	// The coverage rebuilds the board of every round from the start
	// position; it must end each operation where the reference's Detail
	// says the operation left it.
	checked := 0
	for i := range 300 {
		c := Game.Generate(7, i, 12)
		tr := reference.PlayMatch3(c)
		g := reference.NewGrid(c)
		for op, r := range tr.Ops {
			if r.Validity != match3.Valid {
				continue
			}
			replayRounds(g, r.Swap, tr.Detail[op].Rounds, func(reference.Grid, match3.Round, reference.Marks, reference.Marks) {})
			if got, want := g.Board(), tr.Detail[op].Board; !slices.Equal(got, want) {
				t.Fatalf("generated case %d, operation %d: replayed board differs from Detail", i, op+1)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no valid operation replayed")
	}
}

func cellList(xy ...int) []match3.Cell {
	var cs []match3.Cell
	for i := 0; i+1 < len(xy); i += 2 {
		cs = append(cs, match3.Cell{X: xy[i], Y: xy[i+1]})
	}
	return cs
}

func cmpCells(a, b match3.Cell) int {
	if a.X != b.X {
		return a.X - b.X
	}
	return a.Y - b.Y
}

// Under leetcode723 (no swap: the settle is the game), a start board's
// runs lie apart when one is neither in the lowest row holding the
// bottom of a run nor crossing a run there: clear=lowest and clear=all
// settle it differently, and rules-start-runs-apart counts it.
func TestRulesCoverageCountsStartRunsApart(t *testing.T) {
	lc, _ := match3.Lookup("leetcode723")
	for _, tc := range []struct {
		name  string
		board string
		apart int
	}{
		{"one run", "1 1 1\n2 3 2\n3 2 3\n2 3 2", 0},
		{"row runs at two heights", "1 1 1\n2 3 2\n3 2 3\n2 2 2", 1},
		{"a column run crossing the lowest row run", "1 3 2\n1 3 2\n1 2 3\n1 1 1", 0},
		{"a column run beside the lowest row run", "3 2 1\n2 3 1\n3 2 1\n2 2 2", 1},
		// The row run crosses the column run whose bottom is lowest, and
		// the right column's run starts on the row run: it crosses no
		// run of the lowest row, so clear=lowest leaves most of it.
		{"a column run starting on a crossing row run", "2 3 2\n1 1 1\n1 2 1\n1 3 1\n1 2 3", 1},
	} {
		rows := strings.Count(tc.board, "\n") + 1
		in := fmt.Sprintf("rules leetcode723\n%d 3 3 0\n%s\n%s", rows, tc.board, strings.Repeat("0 0 0\n", rows))
		c, err := Under(lc).Parse(strings.NewReader(in))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := Under(lc).Covers(c)[rStartApart]; got != tc.apart {
			t.Errorf("%s: %s = %d, want %d", tc.name, rStartApart, got, tc.apart)
		}
	}
}

// A rule set whose points are 0 (leetcode723, bevymatch3) scores
// nothing: rules-points, which no case of it could reach, is not among
// its items; the others have it.
func TestRulesCoverageItemsLeaveOutPointsThatCannotScore(t *testing.T) {
	for _, r := range match3.Named()[1:] {
		has := slices.ContainsFunc(rulesCoverageItems(r), func(it conformance.CoverageItem) bool { return it.Name == rPoints })
		if want := r.Points.String() != "0"; has != want {
			t.Errorf("%s (points=%s): %s among the items = %v, want %v", r.Name, r.Points, rPoints, has, want)
		}
	}
}
