package reference

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// The rule tables: the zero value is the literal game, every exported
// literal step put in by hand gives the same game, and replacing one field
// plants one bug that changes the answer.

func TestSameGameRulesZeroValueIsLiteral(t *testing.T) {
	spelled := SameGameRules{Locate: Box.Locate, Group: Box.Group, Points: samegame.Points, Fall: Box.Fall, Close: Box.Close}
	ex := sample.SameGame()[0]
	c := parseSameGame(t, ex.Input)
	zero := SameGameRules{}.Play(c)
	if zero.Total != ex.Want {
		t.Errorf("zero rules: total %d, want %d", zero.Total, ex.Want)
	}
	if got := spelled.Play(c); !reflect.DeepEqual(got, zero) {
		t.Errorf("spelled-out rules: trace differs from the zero value's: total %d, want %d", got.Total, zero.Total)
	}
}

func TestMatch3RulesZeroValueIsLiteral(t *testing.T) {
	spelled := Match3Rules{
		Adjacent: Adjacent, Swap: Grid.Swap, Runs: Grid.Runs, Area: Grid.Area,
		Effects: Grid.Effects, Elimination: Elimination, Blocks: Grid.Blocks,
		Combination: Combination, Fall: Grid.Fall, Chain: Chain, Main: MainColours,
		Hand: PatternHand, Endgame: Endgame,
	}
	for _, ex := range sample.Match3() {
		c := parseMatch3(t, ex.Input)
		zero := Match3Rules{}.Play(c)
		if zero.Total != ex.Want {
			t.Errorf("%s: zero rules: total %d, want %d", ex.Name, zero.Total, ex.Want)
		}
		if got := spelled.Play(c); !reflect.DeepEqual(got, zero) {
			t.Errorf("%s: spelled-out rules: trace differs from the zero value's: total %d, want %d", ex.Name, got.Total, zero.Total)
		}
	}
}

func TestSameGameVariantWithoutClosingColumns(t *testing.T) {
	moves := []samegame.Move{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 0, Y: 0}}
	c := sameGameCase(t, []string{"1213", "1213", "1213", "1113"}, moves...)
	noClose := SameGameRules{Close: func(Box) {}}
	// Literal: 45 + 10 + 6 = 61. Without closing, column 1 still holds
	// the 2s: 45 + 6 (the 2s) + 0 (column 0 is empty) = 51.
	if got, want := noClose.Play(c).Total, int64(51); got != want {
		t.Errorf("total without closing = %d, want %d", got, want)
	}
	if got, want := PlaySameGame(c).Total, int64(61); got != want {
		t.Errorf("literal total = %d, want %d", got, want)
	}
}

func TestSameGameVariantWithHalfSquarePoints(t *testing.T) {
	halfSquare := SameGameRules{Points: func(c int) int64 { return int64(c * c / 2) }}
	// The example's groups are 1 1 6 1 2 1 1 2 1 1 4 4 cubes: c*c/2 gives
	// 0 0 18 0 2 0 0 2 0 0 8 8 = 38 instead of 54.
	if got := halfSquare.Play(parseSameGame(t, sample.SameGame()[0].Input)).Total; got != 38 {
		t.Errorf("total with c*c/2 = %d, want 38", got)
	}
}

func TestSameGameVariantWith32BitPoints(t *testing.T) {
	wrap := SameGameRules{Points: func(c int) int64 { return int64(int32(samegame.Points(c))) }}
	rows := make([]string, 256)
	for i := range rows {
		rows[i] = strings.Repeat("3", 256)
	}
	c := sameGameCase(t, rows, samegame.Move{X: 0, Y: 0})
	// 2147516416 - 2^32 = -2147450880.
	if got := wrap.Play(c).Total; got != -2147450880 {
		t.Errorf("total in 32 bits = %d, want -2147450880", got)
	}
}

func TestMatch3VariantWithSquare5ActingAsSquare3(t *testing.T) {
	small := Match3Rules{Area: func(g Grid, c match3.Cell) []match3.Cell {
		if g.At(c).Special == match3.Square5 {
			h := g.Clone()
			h.Set(c, match3.Piece{Colour: g.At(c).Colour, Special: match3.Square3})
			return h.Area(c)
		}
		return g.Area(c)
	}}
	// The 5x5 at (3,1) marks 12 cells besides the run (67 in all); a 3x3
	// marks 4 (24 in all).
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{{X: 3, Y: 1}: match3.Square5}), runSwap)
	r := small.Play(c).Detail[0].Rounds[0]
	if r.Elimination != 24 || len(r.Hit) != 4 {
		t.Errorf("5x5 as 3x3: elimination %d with %d hit cells, want 24 with 4", r.Elimination, len(r.Hit))
	}
	// Sample 1 sets off the 5x5 at (3,5) in its second operation.
	s := parseMatch3(t, sample.Match3()[0].Input)
	if got, want := small.Play(s).Total, PlayMatch3(s).Total; got == want {
		t.Errorf("sample 1 total %d unchanged by a 5x5 acting as 3x3", got)
	}
}

func TestMatch3VariantKeepingSwapsWithoutRun(t *testing.T) {
	keep := Match3Rules{Swap: func(g Grid, s match3.Swap, runs func(Grid) Marks) match3.Validity {
		v := g.Swap(s, runs)
		if v == match3.NoRun {
			g.Exchange(s.A, s.B)
		}
		return v
	}}
	op := swap(4, 1, 4, 2) // 4 and 6 in row 4: no run
	c := match3Case(t, 7, runBoard, nil, op)
	got := keep.Play(c)
	if got.Ops[0].Validity != match3.NoRun {
		t.Fatalf("validity = %v, want no run", got.Ops[0].Validity)
	}
	if slices.Equal(got.Detail[0].Board, c.Board) {
		t.Errorf("variant left the board as it was")
	}
	if want := PlayMatch3(c); !slices.Equal(want.Detail[0].Board, c.Board) {
		t.Errorf("literal rules changed the board on a swap without run")
	}
}

func TestMatch3VariantWithHitCellsInBlocks(t *testing.T) {
	withHit := Match3Rules{Blocks: func(g Grid, line, hit Marks) []int {
		both := NewMarks(g)
		for _, c := range append(line.Cells(), hit.Cells()...) {
			both.Add(c)
		}
		return g.Blocks(both, NewMarks(g))
	}}
	board := slices.Clone(runBoard)
	board[1] = "14635"
	c := match3Case(t, 7, board, specialsAt(map[match3.Cell]match3.Special{{X: 3, Y: 1}: match3.Column}), runSwap)
	// The hit 1 at (2,1) joins the run, a block of 4: 50(4-3)^2 = 50; the
	// hit 6, 4 and 5 of column 1 are blocks of 1: 50(1-3)^2 = 200 each.
	// Blocks [1 4 1 1], 200 + 50 + 200 + 200 = 650 instead of 0.
	r := withHit.Play(c).Detail[0].Rounds[0]
	if !slices.Equal(r.Blocks, []int{1, 4, 1, 1}) || r.Combination != 650 {
		t.Errorf("blocks %v combination %d with hit cells, want [1 4 1 1] 650", r.Blocks, r.Combination)
	}
}

func TestMatch3VariantWhereOnlyLineSpecialsTrigger(t *testing.T) {
	lineOnly := Match3Rules{Effects: func(g Grid, line Marks, area func(Grid, match3.Cell) []match3.Cell) (Marks, []match3.Cell) {
		hit := NewMarks(g)
		var triggered []match3.Cell
		for _, c := range line.Cells() {
			if g.At(c).Special == match3.Plain {
				continue
			}
			triggered = append(triggered, c)
			for _, d := range area(g, c) {
				if !line.Has(d) {
					hit.Add(d)
				}
			}
		}
		return hit, triggered
	}}
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{
		{X: 3, Y: 1}: match3.Row, {X: 3, Y: 2}: match3.Column,
		{X: 3, Y: 5}: match3.Square3, {X: 1, Y: 2}: match3.Row,
	}), runSwap)
	// Only the row at (3,1) and the column at (3,2): 3 + 10 + 20 = 33
	// instead of 75.
	r := lineOnly.Play(c).Detail[0].Rounds[0]
	if r.Elimination != 33 || !slices.Equal(r.Triggered, cells(3, 1, 3, 2)) {
		t.Errorf("elimination %d triggered %v, want 33 [(3, 1) (3, 2)]", r.Elimination, r.Triggered)
	}
}

func TestMatch3VariantWithLinearChain(t *testing.T) {
	linear := Match3Rules{Chain: func(x int) int64 { return 80 * int64(x-1) }}
	column := []string{"3", "3", "2", "2", "1", "1", "2", "1", "2", "3"}
	c := match3Case(t, 3, column, nil, swap(7, 1, 8, 1))
	// Three rounds: 80(3-1) = 160 instead of 80(3-1)^2 = 320.
	if got := linear.Play(c).Ops[0].Chain; got != 160 {
		t.Errorf("linear chain = %d, want 160", got)
	}
}
