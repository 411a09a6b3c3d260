package samegame

import "fmt"

// Result is what one click did. Results are comparable with ==, which is
// how implementations are compared.
type Result struct {
	Move Move
	// Colour of the clicked group; 0 when the click hit an empty cell.
	Colour uint8
	// Removed is the number of cubes in the group: 0 on an empty cell or
	// a group smaller than the rules' minimum, which stays.
	Removed int
	// Points is the rules' points for the group, 0 when nothing is
	// removed.
	Points int64
}

// Trace is the account of a whole game.
type Trace struct {
	Moves []Result
	// End is the end-of-game term: the clear bonus, or the term for the
	// cubes left when the rules apply it, else 0.
	End int64
	// Total is the sum of the moves' points plus End.
	Total int64
	// Detail, when not nil, holds per move the box after it. Only
	// implementations that explain themselves (the reference) fill it.
	Detail []Detail
}

// Detail is the optional, richer account of one move.
type Detail struct {
	// Board is the box after the move, laid out like Case.Board (row-major,
	// top row first), 0 for an empty cell. A summary of a long game
	// (reference.PlaySameGameSummary) keeps it for the last move only,
	// so as not to hold a box per move: nil on the others.
	Board []uint8
	// Columns is the number of columns that hold a cube after the move.
	Columns int
}

// Diff compares two traces on everything but Detail and describes the
// first difference: the move where they part (1-based; 0 for the end of
// the game or the total)
// and a message. It returns move -1 and "" when they agree.
func Diff(got, want Trace) (move int, msg string) {
	n := min(len(got.Moves), len(want.Moves))
	for i := range n {
		if got.Moves[i] != want.Moves[i] {
			return i + 1, fmt.Sprintf("move %d: got %v, want %v", i+1, got.Moves[i], want.Moves[i])
		}
	}
	if len(got.Moves) != len(want.Moves) {
		return n + 1, fmt.Sprintf("got %d moves, want %d", len(got.Moves), len(want.Moves))
	}
	if got.End != want.End {
		return 0, fmt.Sprintf("the end of the game: got %d, want %d", got.End, want.End)
	}
	if got.Total != want.Total {
		return 0, fmt.Sprintf("total: got %d, want %d", got.Total, want.Total)
	}
	return -1, ""
}

func (r Result) String() string {
	if r.Colour == 0 {
		return fmt.Sprintf("%v: empty cell, %d points", r.Move, r.Points)
	}
	if r.Removed == 0 {
		return fmt.Sprintf("%v: group of colour %d below the minimum, %d points", r.Move, r.Colour, r.Points)
	}
	return fmt.Sprintf("%v: %d cubes of colour %d, %d points", r.Move, r.Removed, r.Colour, r.Points)
}
