// Package goengine is a small SameGame ("Color Cubes") engine that knows
// nothing of cascade: its own box, its own clicks. Its tests check it
// against cascade's reference with cascade's Go API, as any engine in a
// module of its own would be.
package goengine

// A Box is a SameGame box as it stands: Cols[x] holds column x from the
// bottom up, and a column that empties is dropped, so the columns to
// its right shift left.
type Box struct {
	N    int
	Cols [][]byte
}

// NewBox makes the box of n rows of n colours (1-9), rows[0] the top row.
func NewBox(rows [][]byte) *Box {
	n := len(rows)
	b := &Box{N: n, Cols: make([][]byte, n)}
	for x := range n {
		for y := range n {
			b.Cols[x] = append(b.Cols[x], rows[n-1-y][x])
		}
	}
	return b
}

// Click removes the group of same-coloured cubes, 4-connected, holding
// the cube at column x of the box as it stands and row y from the bottom,
// and returns its points, c(c+1)/2 for c cubes; a click on an empty cell
// removes nothing and scores 0.
func (b *Box) Click(x, y int) int64 {
	if x < 0 || x >= len(b.Cols) || y < 0 || y >= len(b.Cols[x]) {
		return 0
	}
	colour := b.Cols[x][y]
	marked := map[[2]int]bool{{x, y}: true}
	stack := [][2]int{{x, y}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := [2]int{p[0] + d[0], p[1] + d[1]}
			if q[0] < 0 || q[0] >= len(b.Cols) || q[1] < 0 || q[1] >= len(b.Cols[q[0]]) {
				continue
			}
			if !marked[q] && b.Cols[q[0]][q[1]] == colour {
				marked[q] = true
				stack = append(stack, q)
			}
		}
	}
	var cols [][]byte
	for cx, col := range b.Cols {
		var kept []byte
		for cy, v := range col {
			if !marked[[2]int{cx, cy}] {
				kept = append(kept, v)
			}
		}
		if len(kept) > 0 {
			cols = append(cols, kept)
		}
	}
	b.Cols = cols
	c := int64(len(marked))
	return points(c, colour)
}

// Rows is the box as N rows of N cells, the top row first, 0 an empty
// cell.
func (b *Box) Rows() [][]byte {
	rows := make([][]byte, b.N)
	for r := range rows {
		rows[r] = make([]byte, b.N)
	}
	for x, col := range b.Cols {
		for y, v := range col {
			rows[b.N-1-y][x] = v
		}
	}
	return rows
}
