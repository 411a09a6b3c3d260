package reference

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
)

// match3Case builds a case from rows of colour digits and rows of special
// digits, top row first.
func match3Case(t *testing.T, k int, colours, specials []string, ops ...match3.Swap) *match3.Case {
	t.Helper()
	c := &match3.Case{Rows: len(colours), Cols: len(colours[0]), Colours: k, Ops: ops}
	for x, row := range colours {
		for y, ch := range row {
			p := match3.Piece{Colour: int(ch - '0')}
			if specials != nil {
				p.Special = match3.Special(specials[x][y] - '0')
			}
			c.Board = append(c.Board, p)
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("bad test case: %v", err)
	}
	return c
}

func swap(x1, y1, x2, y2 int) match3.Swap {
	return match3.Swap{A: match3.Cell{X: x1, Y: y1}, B: match3.Cell{X: x2, Y: y2}}
}

func cells(xy ...int) []match3.Cell {
	var cs []match3.Cell
	for i := 0; i+1 < len(xy); i += 2 {
		cs = append(cs, match3.Cell{X: xy[i], Y: xy[i+1]})
	}
	return cs
}

// runBoard is a 5x5 board with no two equal neighbours except the 1s
// planted at (3,1), (3,2) and (4,3); the swap runSwap brings the 1 at
// (4,3) up to (3,3) and makes the run (3,1)-(3,3). Sums used below:
// row 3 right of the run: (3,4)=4 + (3,5)=6 = 10; column 1 outside the
// run: 6+7+4+5 = 22.
var runBoard = []string{
	"63574",
	"74635",
	"11746",
	"46157",
	"57463",
}

var runSwap = swap(3, 3, 4, 3)

// specialsAt returns 5x5 special rows with the given specials placed.
func specialsAt(places map[match3.Cell]match3.Special) []string {
	rows := make([][]byte, 5)
	for x := range rows {
		rows[x] = []byte("00000")
	}
	for c, s := range places {
		rows[c.X-1][c.Y-1] = '0' + byte(s)
	}
	var out []string
	for _, r := range rows {
		out = append(out, string(r))
	}
	return out
}

// firstRound plays one operation and returns its result and first round.
func firstRound(t *testing.T, c *match3.Case) (match3.Result, match3.Round) {
	t.Helper()
	tr := PlayMatch3(c)
	if len(tr.Ops) == 0 || tr.Ops[0].Validity != match3.Valid || len(tr.Detail[0].Rounds) == 0 {
		t.Fatalf("operation 1 did not eliminate: %+v", tr.Ops)
	}
	return tr.Ops[0], tr.Detail[0].Rounds[0]
}

func checkRound(t *testing.T, got match3.Round, line, hit, triggered []match3.Cell, elimination int64) {
	t.Helper()
	if !slices.Equal(got.Line, line) {
		t.Errorf("line cells = %v, want %v", got.Line, line)
	}
	if !slices.Equal(got.Hit, hit) {
		t.Errorf("hit cells = %v, want %v", got.Hit, hit)
	}
	if !slices.Equal(got.Triggered, triggered) {
		t.Errorf("triggered = %v, want %v", got.Triggered, triggered)
	}
	if got.Elimination != elimination {
		t.Errorf("elimination = %d, want %d", got.Elimination, elimination)
	}
}

func TestMatch3RunOfThree(t *testing.T) {
	res, r := firstRound(t, match3Case(t, 7, runBoard, nil, runSwap))
	// Three 1s: 1 x (1+1+1) = 3; one block of 3: 50(3-3)^2 = 0.
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), nil, nil, 3)
	if !slices.Equal(r.Blocks, []int{3}) || r.Combination != 0 {
		t.Errorf("blocks %v combination %d, want [3] 0", r.Blocks, r.Combination)
	}
	want := match3.Result{Swap: runSwap, Validity: match3.Valid, Rounds: 1, Elimination: 3, Main: [2]int{1, 0}}
	if res != want {
		t.Errorf("result = %v, want %v", res, want)
	}
}

func TestMatch3CombinationShapes(t *testing.T) {
	for _, tc := range []struct {
		name   string
		board  []string
		op     match3.Swap
		blocks []int
		combo  int64
		main   [2]int
	}{
		// Row 3 becomes 1 1 1 1 6: 50(4-3)^2 = 50.
		{"4 in a line", []string{"63574", "74635", "11716", "46157", "57463"}, runSwap, []int{4}, 50, [2]int{1, 0}},
		// Row 3 becomes 1 1 1 1 1: 50(5-3)^2 = 200.
		{"5 in a line", []string{"63574", "74635", "11711", "46157", "57463"}, runSwap, []int{5}, 200, [2]int{1, 0}},
		// The 1 from (2,3) completes row 3 (1-3) and column 3 (3-5): 200.
		{"L", []string{"63574", "74135", "11746", "46157", "57163"}, swap(2, 3, 3, 3), []int{5}, 200, [2]int{1, 0}},
		// The 1 from (2,2) completes row 3 (1-3) and column 2 (3-5): 200.
		{"T", []string{"63574", "71635", "15146", "41357", "51463"}, swap(2, 2, 3, 2), []int{5}, 200, [2]int{1, 0}},
		// The 1 goes up into row 3 and the 2 down into row 4 (4 6 2 2 2):
		// two blocks of 3, 0 + 0; both colours are main colours.
		{"two colours", []string{"63574", "74635", "11246", "46122", "57463"}, runSwap, []int{3, 3}, 0, [2]int{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, r := firstRound(t, match3Case(t, 7, tc.board, nil, tc.op))
			if !slices.Equal(r.Blocks, tc.blocks) || r.Combination != tc.combo {
				t.Errorf("blocks %v combination %d, want %v %d", r.Blocks, r.Combination, tc.blocks, tc.combo)
			}
			if res.Main != tc.main {
				t.Errorf("main colours %v, want %v", res.Main, tc.main)
			}
		})
	}
}

func TestMatch3BlocksOfMarkedCells(t *testing.T) {
	// Blocks looks at the colours of the line cells only: paint the given
	// cells 9 on a board of 1s and 2s and mark them.
	board := []string{"12121", "21212", "12121", "21212"}
	for _, tc := range []struct {
		name  string
		cells []match3.Cell
		want  []int
		combo int64
	}{
		// Plus centred on (2,3): 50(5-3)^2 = 200.
		{"cross", cells(1, 3, 2, 2, 2, 3, 2, 4, 3, 3), []int{5}, 200},
		// 2 rows x 3 columns: 50(6-3)^2 = 450.
		{"2x3", cells(1, 1, 1, 2, 1, 3, 2, 1, 2, 2, 2, 3), []int{6}, 450},
		// A run of 3 and, apart from it, an L of 4, in reading order of
		// their first cells: 0 + 50.
		{"apart", cells(1, 1, 1, 2, 1, 3, 3, 3, 3, 4, 3, 5, 4, 3), []int{3, 4}, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGrid(match3Case(t, 9, board, nil))
			line := NewMarks(g)
			for _, c := range tc.cells {
				g.Set(c, match3.Piece{Colour: 9})
				line.Add(c)
			}
			got := g.Blocks(line, NewMarks(g))
			var combo int64
			for _, x := range got {
				combo += Combination(x)
			}
			if !slices.Equal(got, tc.want) || combo != tc.combo {
				t.Errorf("Blocks = %v scoring %d, want %v scoring %d", got, combo, tc.want, tc.combo)
			}
		})
	}
}

func TestMatch3TwoByThreeBlockAfterFallScores450(t *testing.T) {
	// Sample 3: round 1 clears rows 3-4 and (1,3), (2,3); the 1s of rows
	// 1-2 fall onto row 5, making two 2x3 blocks of 1s.
	tr := PlayMatch3(parseMatch3(t, sample.Match3()[2].Input))
	rounds := tr.Detail[0].Rounds
	if len(rounds) != 2 {
		t.Fatalf("%d rounds, want 2", len(rounds))
	}
	// Round 1: a T of seven 2s, 50*16 = 800, and a row of five 1s, 200;
	// elimination 1 x (7*2 + 5*1) = 19.
	if r := rounds[0]; !slices.Equal(r.Blocks, []int{7, 5}) || r.Combination != 1000 || r.Elimination != 19 {
		t.Errorf("round 1: blocks %v combination %d elimination %d, want [7 5] 1000 19", r.Blocks, r.Combination, r.Elimination)
	}
	// Round 2: two 2x3 blocks, 450 + 450; elimination 2 x 12 = 24.
	if r := rounds[1]; !slices.Equal(r.Blocks, []int{6, 6}) || r.Combination != 900 || r.Elimination != 24 {
		t.Errorf("round 2: blocks %v combination %d elimination %d, want [6 6] 900 24", r.Blocks, r.Combination, r.Elimination)
	}
	// Chain of 2 rounds: 80(2-1)^2 = 80.
	if res := tr.Ops[0]; res.Chain != 80 || res.Main != [2]int{1, 2} {
		t.Errorf("chain %d main %v, want 80 [1 2]", res.Chain, res.Main)
	}
}

func TestMatch3HitCellsDoNotJoinBlocks(t *testing.T) {
	// (2,1) is a 1 on top of the run's (3,1), but only the column special
	// at (3,1) marks it: the block stays 3 (0 points), not 4 (50).
	board := slices.Clone(runBoard)
	board[1] = "14635"
	c := match3Case(t, 7, board, specialsAt(map[match3.Cell]match3.Special{{X: 3, Y: 1}: match3.Column}), runSwap)
	_, r := firstRound(t, c)
	// 3 + column 1: 6+1+4+5 = 19.
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), cells(1, 1, 2, 1, 4, 1, 5, 1), cells(3, 1), 19)
	if !slices.Equal(r.Blocks, []int{3}) || r.Combination != 0 {
		t.Errorf("blocks %v combination %d, want [3] 0", r.Blocks, r.Combination)
	}
}

func TestMatch3MainColoursFromFirstRoundOnly(t *testing.T) {
	// After the run of 1s goes, row 3 reads 7 8 8 8 6: a second round of 8s.
	board := []string{"63574", "78835", "11786", "46157", "57463"}
	tr := PlayMatch3(match3Case(t, 8, board, nil, runSwap))
	res := tr.Ops[0]
	if res.Rounds < 2 {
		t.Fatalf("%d rounds, want at least 2", res.Rounds)
	}
	if got := tr.Detail[0].Rounds[1].Line; !slices.Equal(got, cells(3, 2, 3, 3, 3, 4)) {
		t.Errorf("round 2 line cells = %v, want the 8s of row 3", got)
	}
	// Round 2: 2 x (8+8+8) = 48.
	if e := tr.Detail[0].Rounds[1].Elimination; e != 48 {
		t.Errorf("round 2 elimination = %d, want 48", e)
	}
	if res.Main != [2]int{1, 0} {
		t.Errorf("main colours = %v, want [1 0]", res.Main)
	}
}

func TestMatch3InvalidOperations(t *testing.T) {
	// After runSwap, cells (1,1)-(1,3) are empty.
	for _, tc := range []struct {
		name string
		op   match3.Swap
		want match3.Validity
	}{
		{"same cell", swap(2, 1, 2, 1), match3.NotAdjacent},
		{"diagonal", swap(2, 1, 3, 2), match3.NotAdjacent},
		{"two apart", swap(2, 1, 2, 3), match3.NotAdjacent},
		{"diagonal to an empty cell", swap(1, 1, 2, 2), match3.NotAdjacent},
		{"both empty", swap(1, 1, 1, 2), match3.EmptyCell},
		{"one empty", swap(1, 3, 1, 4), match3.EmptyCell},
		{"empty under a piece", swap(1, 1, 2, 1), match3.EmptyCell},
		{"no run", swap(4, 1, 4, 2), match3.NoRun},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := PlayMatch3(match3Case(t, 7, runBoard, nil, runSwap, tc.op))
			got := tr.Ops[1]
			if want := (match3.Result{Swap: tc.op, Validity: tc.want}); got != want {
				t.Errorf("result = %v, want %v", got, want)
			}
			if !slices.Equal(tr.Detail[1].Board, tr.Detail[0].Board) {
				t.Errorf("invalid operation changed the board")
			}
			if len(tr.Detail[1].Rounds) != 0 {
				t.Errorf("invalid operation has rounds %v", tr.Detail[1].Rounds)
			}
		})
	}
}

func TestMatch3SwapOfSameColoursIsNoRun(t *testing.T) {
	op := swap(3, 1, 3, 2) // the two 1s
	tr := PlayMatch3(match3Case(t, 7, runBoard, nil, op))
	if got := tr.Ops[0].Validity; got != match3.NoRun {
		t.Errorf("validity = %v, want %v", got, match3.NoRun)
	}
}

func TestMatch3InvalidOperationsDoNotCountForTheHand(t *testing.T) {
	// Sample 2: operations 1, 3 and 4 are invalid; the fifth valid one is
	// operation 8, and the hand comes after it.
	tr := PlayMatch3(parseMatch3(t, sample.Match3()[1].Input))
	wantValidity := []match3.Validity{match3.NotAdjacent, match3.Valid, match3.EmptyCell, match3.NoRun,
		match3.Valid, match3.Valid, match3.Valid, match3.Valid}
	for i, r := range tr.Ops {
		if r.Validity != wantValidity[i] {
			t.Errorf("operation %d: %v, want %v", i+1, r.Validity, wantValidity[i])
		}
		if i < 7 && r.Hand.Kind != match3.NoHand {
			t.Errorf("operation %d: hand %v, want none", i+1, r.Hand)
		}
	}
	if h := tr.Ops[7].Hand; h.Kind != match3.TwoPairs || h.Score != 210 {
		t.Errorf("hand after operation 8 = %v, want two pairs scoring 210", h)
	}
	if tr.AllValid || tr.Bonus != 0 {
		t.Errorf("all-valid %t bonus %d, want false 0", tr.AllValid, tr.Bonus)
	}
}

func TestMatch3EndgameBonuses(t *testing.T) {
	// 1 1 2 1 with a row special on (1,1): swapping (1,3) and (1,4) makes
	// 1 1 1 2, and the special takes the 2 too: 1+1+1+2 = 5, board empty.
	row := []string{"1121"}
	special := []string{"1000"}
	clear := swap(1, 3, 1, 4)
	for _, tc := range []struct {
		name              string
		colours, specials []string
		ops               []match3.Swap
		allValid, cleared bool
		bonus, total      int64
	}{
		{"both", row, special, []match3.Swap{clear}, true, true, 11000, 11005},
		{"cleared after an invalid operation", row, special, []match3.Swap{swap(1, 1, 1, 1), clear}, false, true, 10000, 10005},
		{"cleared, then an invalid operation", row, special, []match3.Swap{clear, swap(1, 1, 1, 2)}, false, true, 10000, 10005},
		// Without the special the 2 stays: 1+1+1 = 3.
		{"all valid only", row, nil, []match3.Swap{clear}, true, false, 1000, 1003},
		{"neither", row, nil, []match3.Swap{swap(1, 1, 1, 2), clear}, false, false, 0, 3},
		{"no operations", row, nil, nil, true, false, 1000, 1000},
		{"1x1 board, no operations", []string{"1"}, nil, nil, true, false, 1000, 1000},
		{"1x1 board, same cell", []string{"1"}, nil, []match3.Swap{swap(1, 1, 1, 1)}, false, false, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := PlayMatch3(match3Case(t, 2, tc.colours, tc.specials, tc.ops...))
			if tr.AllValid != tc.allValid || tr.Cleared != tc.cleared || tr.Bonus != tc.bonus || tr.Total != tc.total {
				t.Errorf("all-valid %t cleared %t bonus %d total %d, want %t %t %d %d",
					tr.AllValid, tr.Cleared, tr.Bonus, tr.Total, tc.allValid, tc.cleared, tc.bonus, tc.total)
			}
		})
	}
}

func TestMatch3SingleColourBoard(t *testing.T) {
	// k = 1: no three in a line fit, and every swap is of equal colours.
	ops := []match3.Swap{swap(1, 1, 1, 2), swap(1, 1, 2, 1), swap(2, 2, 2, 2)}
	tr := PlayMatch3(match3Case(t, 1, []string{"11", "11"}, nil, ops...))
	want := []match3.Validity{match3.NoRun, match3.NoRun, match3.NotAdjacent}
	for i, r := range tr.Ops {
		if r.Validity != want[i] {
			t.Errorf("operation %d: %v, want %v", i+1, r.Validity, want[i])
		}
	}
	if tr.Total != 0 {
		t.Errorf("total = %d, want 0", tr.Total)
	}
}

func TestMatch3AtOutsideBoardIsEmpty(t *testing.T) {
	g := NewMatch3(match3Case(t, 7, runBoard, nil))
	for _, c := range cells(0, 1, 6, 1, 1, 0, 1, 6) {
		if p := g.At(c); !p.Empty() {
			t.Errorf("At(%v) = %v, want empty", c, p)
		}
	}
	if p := g.At(match3.Cell{X: 3, Y: 5}); p != (match3.Piece{Colour: 6}) {
		t.Errorf("At((3, 5)) = %v, want colour 6", p)
	}
	op := swap(5, 5, 5, 6)
	if r := g.Apply(op); r.Validity != match3.EmptyCell {
		t.Errorf("Apply(%v) = %v, want empty cell", op, r)
	}
}

func TestMatch3ChainOfThreeRoundsClearsColumn(t *testing.T) {
	// One column, top to bottom 3 3 2 2 1 1 2 1 2 3. Swapping rows 7 and 8
	// makes 1 1 1; when they go, 2 2 above meet 2 2 below; when those go,
	// 3 3 meet the last 3.
	column := []string{"3", "3", "2", "2", "1", "1", "2", "1", "2", "3"}
	tr := PlayMatch3(match3Case(t, 3, column, nil, swap(7, 1, 8, 1)))
	res := tr.Ops[0]
	// Elimination: 1 x 3*1 + 2 x 4*2 + 3 x 3*3 = 3 + 16 + 27 = 46.
	// Combination: 0 + 50(4-3)^2 + 0 = 50. Chain: 80(3-1)^2 = 320.
	want := match3.Result{Swap: swap(7, 1, 8, 1), Validity: match3.Valid, Rounds: 3,
		Elimination: 46, Combination: 50, Chain: 320, Main: [2]int{1, 0}}
	if res != want {
		t.Errorf("result = %v, want %v", res, want)
	}
	// Empty board and every operation valid: 416 + 1000 + 10000 = 11416.
	if !tr.Cleared || !tr.AllValid || tr.Total != 11416 {
		t.Errorf("cleared %t all-valid %t total %d, want true true 11416", tr.Cleared, tr.AllValid, tr.Total)
	}
}
