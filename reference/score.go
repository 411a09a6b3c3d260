package reference

import "github.com/cascade-harness/cascade/match3"

// Elimination is the literal elimination score of one round (M5.3): the
// round number (1, 2, ...) times the sum of the colours of the cells
// marked in it.
func Elimination(round int, sum int64) int64 { return int64(round) * sum }

// Combination is the literal score of one block of x line cells (M5.4):
// 50(x-3)^2.
func Combination(x int) int64 {
	d := int64(x) - 3
	return 50 * d * d
}

// Chain is the literal chain score of a valid operation with x rounds
// (M6): 80(x-1)^2.
func Chain(x int) int64 {
	d := int64(x) - 1
	return 80 * d * d
}

// MainColours is the literal main colours of a valid operation (M7): the
// colours of the line cells of its first round. lines[i] holds the
// distinct colours of the line cells of round i+1, ascending.
func MainColours(lines [][]int) []int {
	if len(lines) == 0 {
		return nil
	}
	return lines[0]
}

// Endgame is the literal endgame score (M9): 1000 when every operation
// was valid, 10000 when the board is empty at the end; independent.
func Endgame(allValid, cleared bool) int64 {
	var bonus int64
	if allValid {
		bonus += match3.AllValidBonus
	}
	if cleared {
		bonus += match3.ClearedBonus
	}
	return bonus
}
