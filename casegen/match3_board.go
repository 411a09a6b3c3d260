package casegen

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/match3"
)

// RunFreeColours returns the colours of a rows x cols board, row-major,
// drawn from 1..k so that no three equal colours line up: the one way a
// start position is built, here and by the fuzz decoder. Cells are filled
// in reading order; cell i takes want[i] when want is not nil and that
// colour completes no run with the two cells to its left or the two above
// it, and otherwise a colour r draws among those that complete none.
// With k >= 3 one always does. With k = 2 both can be barred: a board
// then backtracks (forgetting want), and should it run out of steps falls
// back on a shifted checkerboard. With k = 1 only boards of at most 2 x 2
// exist; callers keep to those.
func RunFreeColours(r *rand.Rand, rows, cols, k int, want []int) []int {
	b := make([]int, rows*cols)
	if k == 1 {
		for i := range b {
			b[i] = 1
		}
		return b
	}
	if k >= 3 || want != nil {
		stuck := false
		for i := range b {
			if h, v := forbidden(b, i, cols); want != nil && want[i] != h && want[i] != v {
				b[i] = want[i]
				continue
			}
			if b[i] = pickColour(r, b, i, cols, k, nil); b[i] == 0 {
				stuck = true
				break
			}
		}
		if !stuck {
			return b
		}
		clear(b)
	}
	for range 4 {
		if fillTwo(r, b, cols) {
			return b
		}
	}
	return checkerTwo(rows, cols, r.IntN(2))
}

// checkerTwo returns a two-colour board without runs: every row alternates
// the colours, and the phase of row x is x/2 + x%2 + phase, so a column
// reads 1 2 2 1 1 2 2 ... (or its swap).
func checkerTwo(rows, cols, phase int) []int {
	b := make([]int, rows*cols)
	for i := range b {
		x, y := i/cols, i%cols
		b[i] = 1 + (x/2+x%2+y+phase)%2
	}
	return b
}

// forbidden returns the colours cell i may not take given the cells
// before it in reading order.
func forbidden(b []int, i, cols int) (h, v int) {
	y := i % cols
	if y >= 2 && b[i-1] == b[i-2] {
		h = b[i-1]
	}
	if i >= 2*cols && b[i-cols] == b[i-2*cols] {
		v = b[i-cols]
	}
	return h, v
}

// pickColour draws a colour for cell i that makes no run, skipping the
// colours in tried; it returns 0 when none is left.
func pickColour(r *rand.Rand, b []int, i, cols, k int, tried []bool) int {
	h, v := forbidden(b, i, cols)
	if tried == nil {
		return pickBut(r, k, h, v)
	}
	free := k
	ok := func(c int) bool { return c != h && c != v && (tried == nil || !tried[c]) }
	for c := 1; c <= k; c++ {
		if !ok(c) {
			free--
		}
	}
	if free == 0 {
		return 0
	}
	n := r.IntN(free)
	for c := 1; c <= k; c++ {
		if ok(c) {
			if n == 0 {
				return c
			}
			n--
		}
	}
	return 0
}

// pickBut draws one of the colours 1..k but h and v (0: none) evenly, as
// pickColour does with nothing tried, the n-th of those left for a draw
// of n, without a look at every colour: a board of a hundred colours
// asked for each of its cells.
func pickBut(r *rand.Rand, k, h, v int) int {
	if h > v {
		h, v = v, h
	}
	out := [2]int{h, v} // ascending
	free := k
	for j, c := range out {
		if c < 1 || c > k || j == 1 && c == out[0] {
			out[j] = 0
			continue
		}
		free--
	}
	if free == 0 {
		return 0
	}
	c := 1 + r.IntN(free)
	for _, f := range out {
		if f != 0 && c >= f {
			c++
		}
	}
	return c
}

// fillTwo fills b with colours 1 and 2 by depth-first search with a step
// budget; it reports whether it succeeded.
func fillTwo(r *rand.Rand, b []int, cols int) bool {
	tried := make([][]bool, len(b))
	for i := range tried {
		tried[i] = make([]bool, 3)
	}
	steps := 0
	for i := 0; i < len(b); {
		if steps++; steps > 50*len(b) {
			return false
		}
		c := pickColour(r, b, i, cols, 2, tried[i])
		if c == 0 {
			tried[i][1], tried[i][2] = false, false
			b[i] = 0
			if i--; i < 0 {
				return false
			}
			continue
		}
		tried[i][c] = true
		b[i] = c
		i++
	}
	return true
}

// Placement says where specials go on the initial board.
type Placement uint8

const (
	// Anywhere spreads specials uniformly.
	Anywhere Placement = iota
	// Border puts specials on corners and edges first, where the areas of
	// rows, columns and squares are clipped.
	Border
	// Clusters puts most specials next to other specials, so that one
	// special's area sets off another.
	Clusters
)

var placementNames = [...]string{"anywhere", "border", "clusters"}

func (p Placement) String() string {
	if int(p) < len(placementNames) {
		return placementNames[p]
	}
	return "placement(?)"
}

// allSpecials are the six special kinds.
var allSpecials = []match3.Special{match3.Row, match3.Column, match3.Cross, match3.Square3, match3.Square5, match3.Colour}

// placeSpecials gives about density x cells pieces a special of a kind
// drawn from kinds, placed as p says.
func placeSpecials(r *rand.Rand, c *match3.Case, density float64, kinds []match3.Special, p Placement) {
	if density <= 0 {
		return
	}
	if len(kinds) == 0 {
		kinds = allSpecials
	}
	cells := len(c.Board)
	want := 0
	for range cells {
		if r.Float64() < density {
			want++
		}
	}
	if want == 0 && density > 0 && r.Float64() < density*float64(cells) {
		want = 1
	}
	kind := func() match3.Special { return kinds[r.IntN(len(kinds))] }
	var placed []int
	put := func(i int) {
		if c.Board[i].Special == match3.Plain {
			placed = append(placed, i)
		}
		c.Board[i].Special = kind()
	}
	for n := 0; n < want; n++ {
		switch {
		case p == Border && r.IntN(5) > 0:
			put(borderCell(r, c.Rows, c.Cols))
		case p == Clusters && len(placed) > 0 && r.IntN(5) > 0:
			// Orthogonal neighbours lie in the area of every kind but the
			// colour special; diagonal ones in the squares'.
			at := placed[r.IntN(len(placed))]
			d := neighbourhood[r.IntN(len(neighbourhood))]
			x, y := at/c.Cols+d[0], at%c.Cols+d[1]
			if x < 0 || x >= c.Rows || y < 0 || y >= c.Cols {
				n--
				continue
			}
			put(x*c.Cols + y)
		default:
			put(r.IntN(cells))
		}
	}
}

// neighbourhood are the steps to a cell next to another, orthogonal ones
// twice as often as diagonal ones.
var neighbourhood = [...][2]int{
	{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 0}, {-1, 0},
	{1, 1}, {1, -1}, {-1, 1}, {-1, -1},
}

// borderCell draws a cell on the edge of the board, a corner one time in
// three.
func borderCell(r *rand.Rand, rows, cols int) int {
	x, y := r.IntN(rows), r.IntN(cols)
	switch r.IntN(6) {
	case 0, 1:
		x, y = (rows-1)*r.IntN(2), (cols-1)*r.IntN(2)
	case 2:
		x = 0
	case 3:
		x = rows - 1
	case 4:
		y = 0
	default:
		y = cols - 1
	}
	return x*cols + y
}
