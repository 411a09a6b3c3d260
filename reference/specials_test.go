package reference

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// Specials: the area of each kind, clipping at the edges, specials
// setting off specials, and specials travelling with their pieces.

func TestMatch3SpecialAreas(t *testing.T) {
	line := cells(3, 1, 3, 2, 3, 3)
	at31 := match3.Cell{X: 3, Y: 1}
	for _, tc := range []struct {
		name    string
		special match3.Special
		hit     []match3.Cell
		elim    int64
	}{
		// Row 3: 3 + 10 = 13.
		{"row", match3.Row, cells(3, 4, 3, 5), 13},
		// Column 1: 3 + 22 = 25.
		{"column", match3.Column, cells(1, 1, 2, 1, 4, 1, 5, 1), 25},
		// Row 3 and column 1: 3 + 10 + 22 = 35.
		{"cross", match3.Cross, cells(1, 1, 2, 1, 3, 4, 3, 5, 4, 1, 5, 1), 35},
		// Rows 2-4, columns 0-2 clipped to 1-2: 7+4 + 4+6 = 21; 3 + 21 = 24.
		{"3x3 clipped at the left edge", match3.Square3, cells(2, 1, 2, 2, 4, 1, 4, 2), 24},
		// Rows 1-5, columns -1..3 clipped to 1-3; (4,3) holds the swapped 7:
		// 6+3+5 + 7+4+6 + 4+6+7 + 5+7+4 = 64; 3 + 64 = 67.
		{"5x5 clipped at the left edge", match3.Square5, cells(1, 1, 1, 2, 1, 3, 2, 1, 2, 2, 2, 3, 4, 1, 4, 2, 4, 3, 5, 1, 5, 2, 5, 3), 67},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{at31: tc.special}), runSwap)
			_, r := firstRound(t, c)
			checkRound(t, r, line, tc.hit, []match3.Cell{at31}, tc.elim)
		})
	}
}

func TestMatch3Square5ClippedAtRightEdge(t *testing.T) {
	// A row special at (3,1) hits (3,5), whose 5x5 square covers rows 1-5
	// and columns 3-7, clipped to 3-5 (no wrapping to columns 1-2).
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{
		{X: 3, Y: 1}: match3.Row, {X: 3, Y: 5}: match3.Square5,
	}), runSwap)
	_, r := firstRound(t, c)
	// Row 3: 4+6 = 10. Square: 5+7+4 + 6+3+5 + 7+5+7 + 4+6+3 = 62.
	// 3 + 10 + 62 = 75.
	hit := cells(1, 3, 1, 4, 1, 5, 2, 3, 2, 4, 2, 5, 3, 4, 3, 5, 4, 3, 4, 4, 4, 5, 5, 3, 5, 4, 5, 5)
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), hit, cells(3, 1, 3, 5), 75)
}

func TestMatch3SpecialsSetOffSpecialsInQueueOrder(t *testing.T) {
	// Line specials (3,1) row and (3,2) column go first. The row hits (3,5),
	// a 3x3; the column hits (1,2), a row. The queue runs (3,1), (3,2),
	// (3,5), (1,2): (3,5) was queued before (1,2).
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{
		{X: 3, Y: 1}: match3.Row, {X: 3, Y: 2}: match3.Column,
		{X: 3, Y: 5}: match3.Square3, {X: 1, Y: 2}: match3.Row,
	}), runSwap)
	_, r := firstRound(t, c)
	// Row 3: 4+6 = 10. Column 2: 3+4+6+7 = 20. Square at (3,5), rows 2-4,
	// columns 4-5: 3+5+5+7 = 20. Row 1 less (1,2): 6+5+7+4 = 22.
	// 3 + 10 + 20 + 20 + 22 = 75.
	hit := cells(1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 2, 2, 2, 4, 2, 5, 3, 4, 3, 5, 4, 2, 4, 4, 4, 5, 5, 2)
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), hit, cells(3, 1, 3, 2, 3, 5, 1, 2), 75)
}

func TestMatch3ColourSpecialMarksItsOwnColour(t *testing.T) {
	// A row special at (3,1) hits (3,4), colour 4 with the colour special:
	// it marks every 4 ((1,5), (2,2), (4,1), (5,3)), not the run's 1s.
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{
		{X: 3, Y: 1}: match3.Row, {X: 3, Y: 4}: match3.Colour,
	}), runSwap)
	_, r := firstRound(t, c)
	// 3 + row 3 (4+6) + four more 4s (16) = 29.
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), cells(1, 5, 2, 2, 3, 4, 3, 5, 4, 1, 5, 3), cells(3, 1, 3, 4), 29)
}

func TestMatch3ColourSpecialInRunMarksThatColourEverywhere(t *testing.T) {
	board := slices.Clone(runBoard)
	board[0] = "13574" // a fourth 1 at (1,1), out of any run
	c := match3Case(t, 7, board, specialsAt(map[match3.Cell]match3.Special{{X: 3, Y: 2}: match3.Colour}), runSwap)
	_, r := firstRound(t, c)
	// 1+1+1 + 1 = 4.
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), cells(1, 1), cells(3, 2), 4)
}

func TestMatch3SpecialMovesWithSwappedPiece(t *testing.T) {
	// The row special rides the 1 from (4,3) up into the run at (3,3).
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{{X: 4, Y: 3}: match3.Row}), runSwap)
	_, r := firstRound(t, c)
	// 3 + (3,4)=4 + (3,5)=6 = 13.
	checkRound(t, r, cells(3, 1, 3, 2, 3, 3), cells(3, 4, 3, 5), cells(3, 3), 13)
}

func TestMatch3SpecialFallsWithItsPiece(t *testing.T) {
	// (1,2) is a 3 with a row special; the run below it goes and it falls
	// to (2,2).
	c := match3Case(t, 7, runBoard, specialsAt(map[match3.Cell]match3.Special{{X: 1, Y: 2}: match3.Row}), runSwap)
	tr := PlayMatch3(c)
	g := Grid{}
	for x := range 5 {
		g = append(g, tr.Detail[0].Board[x*5:(x+1)*5])
	}
	if got, want := g.At(match3.Cell{X: 2, Y: 2}), (match3.Piece{Colour: 3, Special: match3.Row}); got != want {
		t.Errorf("piece at (2,2) = %v, want %v", got, want)
	}
	if got := g.At(match3.Cell{X: 1, Y: 2}); !got.Empty() {
		t.Errorf("piece at (1,2) = %v, want empty", got)
	}
}
