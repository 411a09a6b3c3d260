package match3

import "fmt"

// Validity says whether an operation was valid and, if not, why. When
// several reasons hold, the first in this order is reported.
type Validity uint8

const (
	Valid Validity = iota
	// NotAdjacent: the two cells are the same cell, diagonal, or farther
	// apart than one step.
	NotAdjacent
	// EmptyCell: one of the two cells holds no piece.
	EmptyCell
	// NoRun: the swap makes no run of three (it is undone); swapping two
	// pieces of the same colour is always this.
	NoRun
)

var validityNames = [...]string{"valid", "not adjacent", "empty cell", "no run"}

func (v Validity) String() string {
	if int(v) < len(validityNames) {
		return validityNames[v]
	}
	return fmt.Sprintf("validity(%d)", uint8(v))
}

// Bonuses of the endgame.
const (
	AllValidBonus = 1000
	ClearedBonus  = 10000
)

// Result is what one operation did. Results are comparable with ==, which
// is how implementations are compared.
type Result struct {
	Swap     Swap
	Validity Validity
	// Rounds of elimination (0 for an invalid operation).
	Rounds int
	// Elimination, Combination and Chain are this operation's scores.
	Elimination, Combination, Chain int64
	// Main holds the main colours in ascending order; Main[1] is 0 when
	// there is one. Both are 0 for an invalid operation.
	Main [2]int
	// Hand is the poker hand scored after this operation, when it is the
	// 5th, 10th, ... valid one; Hand.Kind is NoHand otherwise.
	Hand Hand
}

// Score is the operation's elimination + combination + chain score, the
// sum the statement reports per operation.
func (r Result) Score() int64 { return r.Elimination + r.Combination + r.Chain }

func (r Result) String() string {
	if r.Validity != Valid {
		return fmt.Sprintf("%v: invalid (%v)", r.Swap, r.Validity)
	}
	s := fmt.Sprintf("%v: %d rounds, elimination %d, combination %d, chain %d, main %d",
		r.Swap, r.Rounds, r.Elimination, r.Combination, r.Chain, r.Main[0])
	if r.Main[1] != 0 {
		s += fmt.Sprintf(",%d", r.Main[1])
	}
	if r.Hand.Kind != NoHand {
		s += ", hand " + r.Hand.String()
	}
	return s
}

// Trace is the account of a whole game.
type Trace struct {
	Ops []Result
	// AllValid and Cleared say which endgame bonuses were earned.
	AllValid, Cleared bool
	// Bonus is the endgame score: AllValidBonus and ClearedBonus as earned.
	Bonus int64
	// Total is every score component of every operation, hands and bonus.
	Total int64
	// Detail, when not nil, holds per operation its rounds and the board
	// after it. Only implementations that explain themselves (the
	// reference) fill it.
	Detail []Detail
}

// Detail is the optional, richer account of one operation.
type Detail struct {
	Rounds []Round
	// Board after the operation, laid out like Case.Board. A summary of
	// a long game (reference.PlayMatch3Summary) keeps it for the last
	// operation only, so as not to hold a board per operation: nil on
	// the others.
	Board []Piece
}

// Round is one round of elimination.
type Round struct {
	// Line cells lie in a run of three or more.
	Line []Cell
	// Hit cells were marked by a special's effect and are not line cells.
	Hit []Cell
	// Triggered are the specials that went off, in the order they did.
	Triggered []Cell
	// Blocks are the sizes of the 4-connected same-coloured blocks of line
	// cells.
	Blocks []int
	// Elimination and Combination are this round's scores.
	Elimination, Combination int64
}

// Diff compares two traces on everything but Detail and describes the
// first difference: the operation where they part (1-based; 0 for the
// endgame) and a message. It returns op -1 and "" when they agree.
func Diff(got, want Trace) (op int, msg string) {
	n := min(len(got.Ops), len(want.Ops))
	for i := range n {
		if got.Ops[i] != want.Ops[i] {
			return i + 1, fmt.Sprintf("operation %d: got %v, want %v", i+1, got.Ops[i], want.Ops[i])
		}
	}
	if len(got.Ops) != len(want.Ops) {
		return n + 1, fmt.Sprintf("got %d operations, want %d", len(got.Ops), len(want.Ops))
	}
	if got.AllValid != want.AllValid || got.Cleared != want.Cleared || got.Bonus != want.Bonus {
		return 0, fmt.Sprintf("endgame: got all-valid %t, cleared %t, bonus %d; want %t, %t, %d",
			got.AllValid, got.Cleared, got.Bonus, want.AllValid, want.Cleared, want.Bonus)
	}
	if got.Total != want.Total {
		return 0, fmt.Sprintf("total: got %d, want %d", got.Total, want.Total)
	}
	return -1, ""
}
