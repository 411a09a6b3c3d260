package reference

import (
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/samegame"
)

// sameGameCase builds a case from rows of digits, top row first.
func sameGameCase(t *testing.T, rows []string, moves ...samegame.Move) *samegame.Case {
	t.Helper()
	c := &samegame.Case{W: len(rows[0]), H: len(rows), Moves: moves}
	for _, r := range rows {
		for _, ch := range r {
			c.Board = append(c.Board, uint8(ch-'0'))
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("bad test case: %v", err)
	}
	return c
}

// checkMoves compares a trace's results with want.
func checkMoves(t *testing.T, tr samegame.Trace, want []samegame.Result) {
	t.Helper()
	if len(tr.Moves) != len(want) {
		t.Fatalf("%d moves, want %d", len(tr.Moves), len(want))
	}
	var total int64
	for i := range want {
		if tr.Moves[i] != want[i] {
			t.Errorf("move %d: got %v, want %v", i+1, tr.Moves[i], want[i])
		}
		total += want[i].Points
	}
	if tr.Total != total {
		t.Errorf("total = %d, want %d", tr.Total, total)
	}
}

func TestSameGameSingleCubeScoresOne(t *testing.T) {
	// 1 2
	// 2 1   (0 0) is the bottom-left 2; its diagonal twin does not connect.
	tr := PlaySameGame(sameGameCase(t, []string{"12", "21"}, samegame.Move{X: 0, Y: 0}))
	// One cube: 1(1+1)/2 = 1.
	checkMoves(t, tr, []samegame.Result{{Move: samegame.Move{X: 0, Y: 0}, Colour: 2, Removed: 1, Points: 1}})
}

func TestSameGameDiagonalDoesNotConnect(t *testing.T) {
	// 1 1 2
	// 2 1 2
	// 1 2 1   the 1s at (0 0), (2 0) touch the top-left group only by corners.
	c := sameGameCase(t, []string{"112", "212", "121"}, samegame.Move{X: 1, Y: 1})
	tr := PlaySameGame(c)
	// (1 1), (0 2), (1 2): 3 cubes, 3*4/2 = 6.
	checkMoves(t, tr, []samegame.Result{{Move: samegame.Move{X: 1, Y: 1}, Colour: 1, Removed: 3, Points: 6}})
}

func TestSameGameYCountsFromBottom(t *testing.T) {
	// 1 2
	// 3 4   (0 1) is the top-left cube, colour 1.
	tr := PlaySameGame(sameGameCase(t, []string{"12", "34"}, samegame.Move{X: 0, Y: 1}))
	checkMoves(t, tr, []samegame.Result{{Move: samegame.Move{X: 0, Y: 1}, Colour: 1, Removed: 1, Points: 1}})
}

func TestSameGameCubesFallKeepingOrder(t *testing.T) {
	// 3 4 5
	// 2 4 6
	// 1 7 8   removing the 1 lets 2 and 3 fall one row.
	g := NewSameGame(sameGameCase(t, []string{"345", "246", "178"}))
	g.Apply(samegame.Move{X: 0, Y: 0})
	for _, tc := range []struct {
		x, y int
		want uint8
	}{{0, 0, 2}, {0, 1, 3}, {0, 2, 0}, {1, 2, 4}, {2, 0, 8}} {
		if got := g.At(tc.x, tc.y); got != tc.want {
			t.Errorf("At(%d, %d) = %d, want %d", tc.x, tc.y, got, tc.want)
		}
	}
}

func TestSameGameEmptyColumnsCloseTogether(t *testing.T) {
	// 1 2 1 3
	// 1 2 1 3
	// 1 2 1 3
	// 1 1 1 3   the 1s (9 cubes) empty columns 0 and 2 in one click.
	moves := []samegame.Move{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 0}}
	c := sameGameCase(t, []string{"1213", "1213", "1213", "1113"}, moves...)
	tr := PlaySameGame(c)
	checkMoves(t, tr, []samegame.Result{
		// 9 cubes: 9*10/2 = 45. The 2s (now column 0) and 3s (column 1) close up.
		{Move: moves[0], Colour: 1, Removed: 9, Points: 45},
		// Column 1 is now the 3s: 4*5/2 = 10.
		{Move: moves[1], Colour: 3, Removed: 4, Points: 10},
		// The three 2s: 3*4/2 = 6.
		{Move: moves[2], Colour: 2, Removed: 3, Points: 6},
	})
	// After the first click, rows top to bottom: "0300", "2300", "2300", "2300".
	want := []uint8{0, 3, 0, 0, 2, 3, 0, 0, 2, 3, 0, 0, 2, 3, 0, 0}
	if got := tr.Detail[0].Board; string(got) != string(want) {
		t.Errorf("board after click 1 = %v, want %v", got, want)
	}
}

func TestSameGameEmptyCellClickScoresZero(t *testing.T) {
	// 1 2
	// 1 2   clearing the 1s leaves column 1 empty; (1 0) is then empty.
	moves := []samegame.Move{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 1}}
	tr := PlaySameGame(sameGameCase(t, []string{"12", "12"}, moves...))
	checkMoves(t, tr, []samegame.Result{
		{Move: moves[0], Colour: 1, Removed: 2, Points: 3},
		{Move: moves[1]},
		{Move: moves[2], Colour: 2, Removed: 2, Points: 3},
	})
	if got, want := tr.Detail[1].Board, tr.Detail[0].Board; string(got) != string(want) {
		t.Errorf("board after empty click = %v, want unchanged %v", got, want)
	}
}

func TestSameGameOneByOneBox(t *testing.T) {
	moves := []samegame.Move{{X: 0, Y: 0}, {X: 0, Y: 0}}
	tr := PlaySameGame(sameGameCase(t, []string{"7"}, moves...))
	checkMoves(t, tr, []samegame.Result{{Move: moves[0], Colour: 7, Removed: 1, Points: 1}, {Move: moves[1]}})
}

func TestSameGameNoMoves(t *testing.T) {
	tr := PlaySameGame(sameGameCase(t, []string{"12", "21"}))
	if len(tr.Moves) != 0 || tr.Total != 0 || len(tr.Detail) != 0 {
		t.Errorf("trace of no moves = %+v, want empty", tr)
	}
}

func TestSameGameLargeGroupScoreIsExactIn64Bits(t *testing.T) {
	const n = 256
	rows := make([]string, n)
	for i := range rows {
		rows[i] = strings.Repeat("5", n)
	}
	tr := PlaySameGame(sameGameCase(t, rows, samegame.Move{X: 0, Y: 0}))
	// 65536 cubes: 65536*65537/2 = 32768*65537 = 2147516416 > 2^31-1 = 2147483647.
	checkMoves(t, tr, []samegame.Result{{Move: samegame.Move{X: 0, Y: 0}, Colour: 5, Removed: 65536, Points: 2147516416}})
}

func TestSameGameOutsideFrameIsHarmless(t *testing.T) {
	g := NewSameGame(sameGameCase(t, []string{"12", "21"}))
	if got := g.At(-1, 0); got != 0 {
		t.Errorf("At(-1, 0) = %d, want 0", got)
	}
	if got := g.At(0, 2); got != 0 {
		t.Errorf("At(0, 2) = %d, want 0", got)
	}
	m := samegame.Move{X: 5, Y: -3}
	if got := g.Apply(m); got != (samegame.Result{Move: m}) {
		t.Errorf("Apply(%v) = %v, want nothing removed", m, got)
	}
}

func TestSameGameTraceIsASnapshot(t *testing.T) {
	g := NewSameGame(sameGameCase(t, []string{"12", "21"}))
	g.Apply(samegame.Move{X: 0, Y: 0})
	before := g.Trace()
	g.Apply(samegame.Move{X: 0, Y: 0})
	if len(before.Moves) != 1 || before.Total != 1 {
		t.Errorf("earlier trace changed by a later move: %+v", before)
	}
	if after := g.Trace(); len(after.Moves) != 2 {
		t.Errorf("trace has %d moves, want 2", len(after.Moves))
	}
}
