package planted

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/sample"
)

// sameGameInputs are the SameGame cases of the tests, in the input
// format, by name.
var sameGameInputs = map[string]string{
	"diagonal-cubes":            "2\n12\n21\n1\n0 0\n",
	"one-colour-two-by-two":     "2\n11\n11\n1\n0 0\n",
	"two-by-two-group-in-four":  "4\n1122\n1122\n3344\n3344\n4\n0 0, 3 3, 0 0, 1 1\n",
	"statement-example":         sample.SameGame()[0].Input,
	"corners":                   "2\n12\n34\n1\n0 0\n",
	"click-after-collapse":      "2\n12\n12\n2\n0 0, 0 0\n",
	"empty-cell-above-cube":     "2\n12\n13\n2\n1 1, 1 1\n",
	"single-cube":               "1\n1\n1\n0 0\n",
	"click-on-fallen-cube":      "2\n12\n21\n2\n0 0, 0 0\n",
	"two-columns-empty-at-once": "3\n113\n113\n111\n2\n0 0, 0 0\n",
	// (1, 0) is a lone 3; (0, 1) is in a group of two 1s.
	"click-off-the-diagonal": "2\n11\n23\n1\n1 0\n",
	// The second click hits the cell the first emptied; the third a cube.
	"empty-click-then-cube": "2\n12\n13\n3\n1 1, 1 1, 0 0\n",
	// 256 x 256 cubes of one colour: 65536 cubes score 2147516416, past
	// 2^31.
	"one-colour-256": box(256, func(int, int) int { return 1 }, "0 0"),
	// Blocks of 3 x 4 cubes in three colours; the clicks reach the last
	// column and the top row, and close columns.
	"twenty-box":     box(20, blocks, "0 0", "19 19", "19 0", "0 19", "10 10", "0 0", "5 7", "0 0", "12 3"),
	"twenty-one-box": box(21, blocks, "0 0"),
}

// blocks colours a box in blocks of 3 rows by 4 columns, no two blocks
// that share a side of one colour.
func blocks(r, c int) int { return 1 + (r/3+c/4)%3 }

// box returns the input of an n x n box whose cube in row r from the top
// and column c from the left has colour(r, c), and the moves given as
// "X Y".
func box(n int, colour func(r, c int) int, moves ...string) string {
	var b strings.Builder
	fmt.Fprintln(&b, n)
	for r := range n {
		for c := range n {
			fmt.Fprint(&b, colour(r, c))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%d\n%s\n", len(moves), strings.Join(moves, ", "))
	return b.String()
}

func TestSameGameVariantsPartFromTheReference(t *testing.T) {
	checkRows(t, sameGame, []row{
		{"group 8-connected", "diagonal-cubes", differs},
		{"group search queue of N*N cells overflows", "one-colour-two-by-two", panics},
		{"group search queue of N*N cells overflows", "two-by-two-group-in-four", agrees},
		{"group search queue of N*N cells overflows", "statement-example", agrees},
		{"Y counted from the top", "corners", differs},
		{"X counted on the original columns", "click-after-collapse", differs},
		{"empty-cell click lands on the column's top cube", "empty-cell-above-cube", differs},
		{"X and Y read the other way round", "click-off-the-diagonal", differs},
		{"coordinates read as 1-based", "corners", differs},
		{"empty-cell click scores 1", "empty-cell-above-cube", differs},
		{"play stops at the first empty-cell click", "empty-click-then-cube", differs},
		{"play stops at the first empty-cell click", "statement-example", agrees},
		{"single cube not removed, as in the classic game", "single-cube", differs},
		{"clicked cube counted twice: (c+1)(c+2)/2", "single-cube", differs},
		{"c(c+1) multiplied in 32 bits before halving", "one-colour-256", differs},
		{"c(c+1) multiplied in 32 bits before halving", "twenty-box", agrees},
		{"single cube scores 0, c(c-1) halved", "single-cube", differs},
		{"score kept in 32 bits", "one-colour-256", differs},
		{"box held in a fixed 20x20 array", "twenty-one-box", panics},
		{"box held in a fixed 20x20 array", "twenty-box", agrees},
		{"box held in a fixed 20x20 array", "statement-example", agrees},
		{"cubes do not fall", "click-on-fallen-cube", differs},
		{"empty columns not closed", "click-after-collapse", differs},
		{"only the first emptied column closed", "two-columns-empty-at-once", differs},
		{"of two adjacent emptied columns the second stays", "two-columns-empty-at-once", differs},
		{"of two adjacent emptied columns the second stays", "click-after-collapse", agrees},
		{"leftmost column never closed", "click-after-collapse", differs},
	})
}
