package conformance

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// builtinInput is the input of the built-in case name of g.
func builtinInput[C, T any](t *testing.T, g *Game[C, T], name string) C {
	t.Helper()
	for _, c := range g.Builtin() {
		if c.Name == name {
			p, err := g.parse(c.Input)
			if err != nil {
				t.Fatalf("built-in case %s: %v", name, err)
			}
			return p
		}
	}
	t.Fatalf("no built-in case %s", name)
	panic("unreachable")
}

// parseCase parses input text as a case of g.
func parseCase[C, T any](t *testing.T, g *Game[C, T], in string) C {
	t.Helper()
	c, err := g.parse([]byte(in))
	if err != nil {
		t.Fatalf("%s input: %v", g.Name, err)
	}
	return c
}

// A coverageRow says that a case reaches an item count times (0: not at
// all).
type coverageRow struct {
	item  string
	count int
}

// checkCoverage checks the rows against the coverage of c.
func checkCoverage[C, T any](t *testing.T, g *Game[C, T], c C, rows ...coverageRow) {
	t.Helper()
	got := g.Covers(c)
	for _, r := range rows {
		if !slices.ContainsFunc(g.CoverageItems, func(it CoverageItem) bool { return it.Name == r.item }) {
			t.Errorf("%s is not a coverage item of %s", r.item, g.Name)
		}
		if got[r.item] != r.count {
			t.Errorf("Covers()[%q] = %d, want %d (coverage %v)", r.item, got[r.item], r.count, got)
		}
	}
}

func TestSameGameCoverageCountsEachSituation(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    *samegame.Case
		rows []coverageRow
	}{
		// The two left columns empty on the first click.
		{"columns collapse", builtinInput(t, SameGame, "samegame-columns-collapse"),
			[]coverageRow{{sgCloseSeveral, 1}, {sgCloseOne, 0}, {sgEmptyClick, 0}}},
		{"empty cell", builtinInput(t, SameGame, "samegame-empty-cell"),
			[]coverageRow{{sgEmptyClick, 1}, {sgSingleCube, 2}, {sgLargeGroup, 0}}},
		{"single cube", builtinInput(t, SameGame, "samegame-single-cube"),
			[]coverageRow{{sgSingleCube, 1}, {sgLargeGroup, 0}}},
		// 300 x 300 cubes in one click: 4050045000 points.
		{"one colour box", parseCase(t, SameGame, string(oneColourBox(300).Input)),
			[]coverageRow{{sgLargeGroup, 1}, {sgMovePast31, 1}, {sgTotalPast31, 1}, {sgCloseSeveral, 1}}},
		// 3 x 3 of one colour, then a click on what is left: one column
		// closes when the right column of 2s goes.
		{"one column", parseCase(t, SameGame, "3\n112\n112\n112\n2\n0 0, 0 0\n"),
			[]coverageRow{{sgCloseOne, 1}, {sgCloseSeveral, 1}, {sgLargeGroup, 0}, {sgTotalPast31, 0}}},
		// 65535 cubes, a 256 x 256 box of 1s but its top-left cube,
		// score 2147450880: just under 2^31-1.
		{"just under 2^31", func() *samegame.Case {
			c := &samegame.Case{W: 256, H: 256, Board: bytes.Repeat([]byte{1}, 256*256)}
			c.Board[0] = 2
			c.Moves = []samegame.Move{{X: 1, Y: 0}}
			return c
		}(), []coverageRow{{sgLargeGroup, 1}, {sgMovePast31, 0}, {sgTotalPast31, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkCoverage(t, SameGame, tc.c, tc.rows...) })
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
	checkCoverage(t, SameGame, c, coverageRow{sgMovePast31, 0}, coverageRow{sgTotalPast31, 1},
		coverageRow{sgLargeGroup, 2}, coverageRow{sgCloseSeveral, 2})
}

func TestMatch3CoverageCountsEachSituation(t *testing.T) {
	for _, tc := range []struct {
		builtin string
		rows    []coverageRow
	}{
		{"match3-special-row", []coverageRow{{"special-row", 1}, {m3SpecialBySpecial, 0}}},
		{"match3-special-column", []coverageRow{{"special-column", 1}, {"special-row", 0}}},
		{"match3-special-cross", []coverageRow{{"special-cross", 1}}},
		{"match3-special-square3", []coverageRow{{"special-3x3", 1}}},
		{"match3-special-square5", []coverageRow{{"special-5x5", 1}}},
		{"match3-special-colour", []coverageRow{{"special-colour", 1}}},
		{"match3-special-sets-off-special", []coverageRow{{m3SpecialBySpecial, 1}}},
		{"match3-chain-two-rounds", []coverageRow{{m3Chain2, 1}, {m3Chain3, 0}, {m3Chain4, 0}}},
		{"match3-chain-three-rounds", []coverageRow{{m3Chain3, 1}, {m3Chain2, 0}}},
		{"match3-hand-high-card", []coverageRow{{"hand-high-card", 1}, {"hand-one-pair", 0}}},
		{"match3-hand-one-pair", []coverageRow{{"hand-one-pair", 1}}},
		{"match3-hand-two-pairs", []coverageRow{{"hand-two-pairs", 1}}},
		{"match3-hand-three-of-a-kind", []coverageRow{{"hand-three-of-a-kind", 1}}},
		{"match3-hand-full-house", []coverageRow{{"hand-full-house", 1}}},
		{"match3-hand-four-of-a-kind", []coverageRow{{"hand-four-of-a-kind", 1}}},
		{"match3-hand-five-of-a-kind", []coverageRow{{"hand-five-of-a-kind", 1}}},
		{"match3-main-colours-two-runs", []coverageRow{{m3TwoMain, 2}}},
		{"match3-invalid-diagonal", []coverageRow{{"invalid-not-adjacent", 1}, {"invalid-no-run", 0}}},
		{"match3-invalid-empty-cell", []coverageRow{{"invalid-empty-cell", 1}}},
		{"match3-invalid-no-run", []coverageRow{{"invalid-no-run", 1}, {m3AllValid, 0}}},
		{"match3-endgame-all-valid", []coverageRow{{m3AllValid, 1}, {m3Cleared, 0}}},
		{"match3-endgame-cleared", []coverageRow{{m3Cleared, 1}}},
		{"match3-endgame-both", []coverageRow{{m3AllValid, 1}, {m3Cleared, 1}}},
		{"match3-combination-four-line", []coverageRow{{m3BlockLine, 1}, {m3BlockLTCross, 0}}},
		{"match3-combination-five-line", []coverageRow{{m3BlockLine, 1}}},
		{"match3-combination-l-shape", []coverageRow{{m3BlockLTCross, 1}, {m3BlockLine, 0}}},
		{"match3-combination-t-shape", []coverageRow{{m3BlockLTCross, 1}}},
		{"match3-combination-cross", []coverageRow{{m3BlockLTCross, 1}, {m3Block2x3, 0}}},
		{"match3-combination-two-by-three", []coverageRow{{m3Block2x3, 1}, {m3BlockOther, 0}}},
		{"match3-sample-1", []coverageRow{{m3Limit50x50, 0}, {m3LimitK, 0}, {m3LimitQ, 0}, {m3Chain4, 0}}},
	} {
		t.Run(tc.builtin, func(t *testing.T) { checkCoverage(t, Match3, builtinInput(t, Match3, tc.builtin), tc.rows...) })
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
		rows        []coverageRow
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
`, []coverageRow{{m3Chain4, 1}, {m3Chain3, 0}}},
		// Swapping (1, 3) and (2, 3) makes a T of six 1s; the pieces
		// that fall then make a U of eight 2s, rows 2-4 of columns 1
		// and 4 joined along row 4.
		{"U-shaped block", uShapedBlock, []coverageRow{{m3BlockOther, 1}, {m3BlockLTCross, 1}, {m3Block2x3, 0}, {m3BlockLine, 0}}},
		{"statement's limits", limits.String(),
			[]coverageRow{{m3Limit50x50, 1}, {m3LimitK, 1}, {m3LimitQ, 1}, {"invalid-not-adjacent", 1000}}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkCoverage(t, Match3, parseCase(t, Match3, tc.input), tc.rows...) })
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
		c := Match3.Generate(7, i, 12)
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

func TestIdleTablesNameEveryVariant(t *testing.T) {
	// A variant left out of a table is always played, which is safe but
	// slow; a name in a table that no variant has is a typo that leaves
	// its variant always played.
	alwaysPlayed := map[string]bool{
		"group 8-connected":                          true,
		"Y counted from the top":                     true,
		"only horizontal runs found":                 true,
		"hand ties go to the largest cards":          true, // equivalent
		"swap with an empty cell reported as no run": true, // equivalent
		// The variants of every ruling both ways and off by one: played on
		// every case until the needs tables learn when each is idle.
		"X and Y read the other way round":                         true,
		"coordinates read as 1-based":                              true,
		"play stops at the first empty-cell click":                 true,
		"single cube not removed, as in the classic game":          true,
		"clicked cube counted twice: (c+1)(c+2)/2":                 true,
		"c(c+1) multiplied in 32 bits before halving":              true,
		"of two adjacent emptied columns the second stays":         true,
		"leftmost column never closed":                             true,
		"coordinates read as 0-based":                              true,
		"x read as the column and y as the row":                    true,
		"rows counted from the bottom":                             true,
		"cells two apart in a line accepted as adjacent":           true,
		"swap with an empty cell accepted when it makes a run":     true,
		"swap that makes no run kept and counted valid":            true,
		"same cell taken as adjacent":                              true,
		"swap valid only when a run passes through its first cell": true,
		"swaps in the last row or column rejected":                 true,
		"specials stay put when pieces are swapped":                true,
		"a piece with a special cannot be swapped":                 true,
		"column special marks its row":                             true,
		"3x3 special acts as 5x5":                                  true,
		"line cells a special hits counted twice":                  true,
		"only vertical runs found":                                 true,
		"runs of four needed":                                      true,
		"runs of two enough":                                       true,
		"round multiplier counted from 0":                          true,
		"round multiplier counted from 2":                          true,
		"combination blocks join line cells of any colour":         true,
		"combination 50(x-2)^2: a run of three scores 50":          true,
		"pieces do not fall":                                       true,
		"pieces fall one cell per round":                           true,
		"emptied columns close up as in SameGame":                  true,
		"one round per operation: a fall never sets off another":   true,
		"chain score 80x^2: the first round counted":               true,
		"chain score 80(x-2)^2":                                    true,
		"main colours from the last round":                         true,
		"a hand after every 4th valid operation":                   true,
		"a hand after every 6th valid operation":                   true,
		"all-valid bonus never given":                              true,
		"cleared bonus never given":                                true,
		"cleared bonus with one piece left":                        true,
		"all-valid bonus needs at least one operation":             true,
		"score kept in 32 bits":                                    true,
	}
	check := func(t *testing.T, table map[string]bool, names []string) {
		for name := range table {
			if !slices.Contains(names, name) {
				t.Errorf("the idle table names %q, which is no variant", name)
			}
		}
		for _, name := range names {
			if _, ok := table[name]; !ok && !alwaysPlayed[name] {
				t.Errorf("variant %q is missing from the idle table", name)
			}
		}
	}
	t.Run("samegame", func(t *testing.T) {
		s := sameGameScan{counts: counter{}}
		check(t, s.needs(), variantNames(SameGame))
	})
	t.Run("match3", func(t *testing.T) {
		s := match3Scan{counts: counter{}}
		check(t, s.needs(match3.Trace{}), variantNames(Match3))
	})
}

// TestIdleVariantsScoreAsTheReference checks what the audit relies on:
// a variant the coverage calls idle on a case, and an equivalent one,
// scores the case exactly as the reference does.
func TestIdleVariantsScoreAsTheReference(t *testing.T) {
	cases := 400
	if testing.Short() {
		cases = 60
	}
	t.Run("samegame", func(t *testing.T) { checkIdle(t, SameGame, cases, 12) })
	t.Run("match3", func(t *testing.T) { checkIdle(t, Match3, cases, 12) })
}

func checkIdle[C, T any](t *testing.T, g *Game[C, T], cases, maxSize int) {
	idle := map[string]int{}
	for i := range cases {
		c := g.Generate(11, i, maxSize)
		tr := g.Reference(c)
		cov := g.Coverage(c, tr)
		for _, v := range g.Variants() {
			if !cov.idle(v.Name) && v.Equivalent == "" {
				continue
			}
			idle[v.Name]++
			var got T
			if err := guard(func() error { got = v.Play(c); return nil }); err != nil {
				t.Errorf("case %d: %q is idle, but it panics: %v", i, v.Name, err)
				continue
			}
			if g.Total(got) != g.Total(tr) {
				t.Errorf("case %d: %q is idle, but it scores %d, the reference %d\n%s", i, v.Name, g.Total(got), g.Total(tr), g.format(c))
			}
		}
	}
	t.Logf("idle plays by variant: %v", idle)
}

func variantNames[C, T any](g *Game[C, T]) []string {
	var names []string
	for _, v := range g.Variants() {
		names = append(names, v.Name)
	}
	return names
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

func TestSameGameRulesCoverageCountsEachSetting(t *testing.T) {
	for _, tc := range []struct {
		name, rules, in string
		rows            []coverageRow
	}{
		// The 2s in the middle go and column 0 shifts right; then the 3s,
		// then the 1s, which empties the box; the last click hits it.
		{"columns close right", "jawbreaker", "3 2\n123\n123\n4\n1 0, 2 0, 2 0, 0 0\n",
			[]coverageRow{{sgCloseRight, 3}, {sgCleared, 1}, {sgClickCleared, 1}, {sgBelowMin, 0}}},
		// No click, and the pair can go: the list stops with a move left.
		{"a move left", "lx", "2 1\n11\n0\n", []coverageRow{{sgMoveLeft, 1}, {sgLeftTerm, 0}}},
		// A dead end from the start: the penalty, no move left.
		{"a dead end", "lx", "3 1\n121\n1\n0 0\n", []coverageRow{{sgMoveLeft, 0}, {sgLeftTerm, 1}, {sgBelowMin, 1}}},
		// A dead start no click changes: end=move withholds the term.
		{"a dead start", "jawbreaker", "3 1\n121\n1\n0 0\n", []coverageRow{{sgDeadStart, 1}, {sgMoveLeft, 0}, {sgLeftTerm, 0}, {sgBelowMin, 1}}},
		// The same box after a click that removed a pair: the term.
		{"a dead end after a removal", "jawbreaker", "4 1\n1121\n1\n0 0\n", []coverageRow{{sgDeadStart, 0}, {sgLeftTerm, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, err := samegame.ParseRules(tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			g := SameGameUnder(r)
			checkCoverage(t, g, parseCase(t, g, tc.in), tc.rows...)
		})
	}
	// Each item only where its setting is: no column closes right under
	// benchmark, and clickomania has no clear bonus.
	for _, tc := range []struct{ rules, item string }{{"benchmark", sgCloseRight}, {"clickomania", sgClickCleared}, {"tatham", sgMoveLeft}, {"lx", sgDeadStart}} {
		r, _ := samegame.ParseRules(tc.rules)
		if slices.ContainsFunc(SameGameUnder(r).CoverageItems, func(it CoverageItem) bool { return it.Name == tc.item }) {
			t.Errorf("%s has the coverage item %s", tc.rules, tc.item)
		}
	}
}
