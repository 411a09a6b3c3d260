package planted

import (
	"fmt"
	"strings"
)

// match3Inputs are the match-3 cases of the tests that are not among
// conformance's built-in cases, in the input format, by name; the tests
// read the others, by the names of the scripts that pin them, from
// gems/testdata/builtin (see game.input).
var match3Inputs = map[string]string{
	"u-shaped-block": `4 4 2 1
2 1 1 2
1 1 2 1
2 2 1 2
2 2 1 2
0 0 0 0
0 0 0 0
0 0 0 0
0 0 0 0
1 3 2 3
`,
	// Operation 1 removes the top three pieces of column 1; operation 2
	// moves the 2 at (3, 2) into the emptied (3, 1), which would make a
	// run of three 2s in column 1: invalid, an empty cell.
	"empty-cell-swap-makes-run": pieces5x3 + "1 1 1 2\n3 1 3 2\n",
	// Operation 1 named the other way round: its run passes through the
	// operation's second cell only.
	"run-through-second-cell": pieces5x3 + "1 2 1 1\n3 1 3 2\n",
	// Swapping (1, 3) and (2, 3) makes a row of four 1s and a run of
	// three 2s beside a 3, which is left alone on the board.
	"one-piece-left": "2 4 3 1\n1 1 2 1\n2 2 1 3\n0 0 0 0\n0 0 0 0\n1 3 2 3\n",
	// No operation at all, which the statement's limits (q >= 1) leave
	// out and cascade plays: the all-valid bonus.
	"no-operations": "2 3 2 0\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n",
	// A 50x50 board of colours 2^20 and 2^20 - 1 whose one operation
	// scores past 2^31 (cmd/cascade's match3-scores-64-bit).
	"past-2^31": wideColours(),
}

// pieces5x3 is a 5x3 board, no specials, whose column 1 reads 3 1 1 2 2
// from the top, with the count of operations: two.
const pieces5x3 = `5 3 4 2
3 1 4
1 4 3
1 2 4
2 3 1
2 4 3
0 0 0
0 0 0
0 0 0
0 0 0
0 0 0
`

// wideColours is the 50x50 case of cmd/cascade's match3-scores-64-bit:
// colours A = 2^20 and B = 2^20 - 1 in stripes two columns wide that
// alternate from row to row, colour specials at (1, 1) and (2, 1), and
// the swap of (1, 3) and (2, 3), which makes a run of each colour: every
// piece goes in one round, 1250 x (A + B) = 2621438750 points.
func wideColours() string {
	const a, b = 1 << 20, 1<<20 - 1
	var s strings.Builder
	fmt.Fprintf(&s, "50 50 %d 1\n", a)
	for r := range 50 {
		for c := range 50 {
			colour := a
			if (r+c/2)%2 == 1 {
				colour = b
			}
			fmt.Fprintf(&s, "%d ", colour)
		}
		s.WriteByte('\n')
	}
	for r := range 50 {
		for c := range 50 {
			special := 0
			if c == 0 && r < 2 {
				special = 6
			}
			fmt.Fprintf(&s, "%d ", special)
		}
		s.WriteByte('\n')
	}
	s.WriteString("1 3 2 3\n")
	return s.String()
}
