package samegame

import "fmt"

// EndReason says in words why t, the trace of c, has the end-of-game term
// it has, judged from the box after the last click (t's last Detail, or
// c's start when it has no clicks): what earned the term, or why a rule
// set that has one gave none (rulings S9-S11). It returns "" when c's rule
// set has no term that could apply, and when t has no Detail to tell the
// box by.
func EndReason(c *Case, t Trace) string {
	board := c.Board
	if len(t.Moves) > 0 {
		if len(t.Detail) < len(t.Moves) {
			return ""
		}
		board = t.Detail[len(t.Moves)-1].Board
	}
	return endReason(c, board, removedAny(t), t.End)
}

// endReason is EndReason of a game of c that ends with board, laid out
// like Case.Board, and the term end; removed says a click removed a
// group.
func endReason(c *Case, board []uint8, removed bool, end int64) string {
	left := 0
	for _, v := range board {
		if v != 0 {
			left++
		}
	}
	r := c.Rules.Effective()
	if left == 0 {
		if r.Clear == 0 && end == 0 {
			return ""
		}
		return "the box is empty: the clear bonus"
	}
	cubes := fmt.Sprintf("%d %s left", left, map[bool]string{true: "cube", false: "cubes"}[left == 1])
	switch {
	case r.Left.Eval(int64(left)) == 0 && end == 0:
		return ""
	case r.End == EndList:
		return fmt.Sprintf("%s at the end of the list: left = %s at n = %d", cubes, r.Left, left)
	case r.End == EndMove && end == 0 && !removed:
		return fmt.Sprintf("%s, but no click removed a group: under end=move only a click that removes one and ends the game earns the term", cubes)
	case end == 0:
		return fmt.Sprintf("%s, but a group of %d or more remains: the game is not over", cubes, r.Min)
	}
	return fmt.Sprintf("%s and no group of %d: left = %s at n = %d", cubes, r.Min, r.Left, left)
}

// endLines are the end-of-game lines of a trace: the term end, and under
// it the reason; none when there is neither a term nor a reason to give.
func endLines(reason string, end int64) []string {
	if end == 0 && reason == "" {
		return nil
	}
	lines := []string{fmt.Sprintf("end of the game %+d", end)}
	if reason != "" {
		lines = append(lines, "  "+reason)
	}
	return lines
}

// removedAny reports whether a click of t removed a group.
func removedAny(t Trace) bool {
	for _, m := range t.Moves {
		if m.Removed > 0 {
			return true
		}
	}
	return false
}
