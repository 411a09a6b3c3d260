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
	// Over: the operation was not played, the game being over: no swap
	// was left to make a run under nomove=end, or the rule set's moves
	// were used up. It changes nothing and costs nothing.
	Over
)

var validityNames = [...]string{"valid", "not adjacent", "empty cell", "no run", "game over"}

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
	// Elimination, Combination and Chain are this operation's scores
	// under the statement's scoring (points=thupc), else 0.
	Elimination, Combination, Chain int64
	// Points is this operation's score under an expression
	// (points=EXPR): the sum of its terms over its rounds; 0 under
	// points=thupc.
	Points int64
	// Main holds the main colours in ascending order; Main[1] is 0 when
	// there is one. Both are 0 for an invalid operation, and under
	// points=EXPR, which scores no hands.
	Main [2]int
	// Hand is the poker hand scored after this operation, when it is the
	// 5th, 10th, ... valid one; Hand.Kind is NoHand otherwise.
	Hand Hand
}

// Score is the operation's elimination + combination + chain score, the
// sum the statement reports per operation, plus its Points under an
// expression.
func (r Result) Score() int64 { return r.Elimination + r.Combination + r.Chain + r.Points }

func (r Result) String() string {
	switch {
	case r.Validity == Over:
		return fmt.Sprintf("%v: not played (game over)", r.Swap)
	case r.Validity != Valid:
		return fmt.Sprintf("%v: invalid (%v)", r.Swap, r.Validity)
	case r.Points != 0 && r.Elimination == 0 && r.Combination == 0 && r.Chain == 0:
		return fmt.Sprintf("%v: %d rounds, points %d", r.Swap, r.Rounds, r.Points)
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
	// Start is the settle of a start board that holds runs, under
	// start=settle and start=score: its Swap is zero, its Validity
	// Valid, Rounds the rounds played before the first operation, and
	// its scores are those start=score gives (all 0 under start=settle).
	// The zero Result when the start board holds no run or the rule set
	// rejects one. Main and Hand stay 0: a settle is no operation.
	Start Result
	Ops   []Result
	// AllValid and Cleared say which endgame bonuses were earned:
	// AllValid when no invalid swap cost it (under invalid=free and
	// invalid=move none does), Cleared when the board is empty at the
	// end.
	AllValid, Cleared bool
	// Bonus is the endgame score: the rule set's AllValid and Cleared as
	// earned (AllValidBonus and ClearedBonus under thupc).
	Bonus int64
	// Total is every score component of every operation, hands and bonus.
	Total int64
	// Board is the board after the last operation, laid out like
	// Case.Board, 0 for an empty cell: the answer under answer=board,
	// which every implementation fills there; nil otherwise.
	Board []Piece
	// Detail, when not nil, holds per operation its rounds and the board
	// after it. Only implementations that explain themselves (the
	// reference) fill it.
	Detail []Detail
	// StartRounds are the rounds of Start and StartBoard the board after
	// them, filled where Detail is (StartBoard where it holds boards).
	StartRounds []Round
	StartBoard  []Piece
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
	// Elimination and Combination are this round's scores under
	// points=thupc; Points its terms' sum under points=EXPR.
	Elimination, Combination, Points int64
	// Refilled are the cells that refill=queue filled after this round's
	// fall, column by column from the left, each column from the lowest
	// cell up; none under refill=none.
	Refilled []Cell
}

// Diff compares two traces on everything but Detail and describes the
// first difference: the operation where they part (1-based; 0 for the
// endgame) and a message. It returns op -1 and "" when they agree.
//
// Start differs at operation 0, as the endgame does. Boards are compared
// when both traces carry one (answer=board), after everything else, and
// a difference names the first cell in reading order.
func Diff(got, want Trace) (op int, msg string) {
	if got.Start != want.Start {
		return 0, fmt.Sprintf("settling the start board: got %v, want %v", got.Start, want.Start)
	}
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
	if got.Board != nil && want.Board != nil {
		if msg := DiffBoard(got.Board, want.Board, 0); msg != "" {
			return 0, msg
		}
	}
	return -1, ""
}

// DiffBoard compares two final boards of cols columns on their colours
// (an answer=board answer holds no specials) and describes the first
// cell, in reading order, where they differ; "" when they agree. With
// cols 0 (unknown, as Diff has it) the cell is named by its place in
// reading order.
func DiffBoard(got, want []Piece, cols int) string {
	if len(got) != len(want) {
		return fmt.Sprintf("final board: got %d cells, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Colour == want[i].Colour {
			continue
		}
		where := fmt.Sprintf("cell %d in reading order", i+1)
		if cols > 0 {
			where = "cell " + Cell{i/cols + 1, i%cols + 1}.String()
		}
		return fmt.Sprintf("final board: %s: got %d, want %d", where, got[i].Colour, want[i].Colour)
	}
	return ""
}
