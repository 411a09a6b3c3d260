package reference

import "github.com/cascade-harness/cascade/samegame"

// Pos is a cell of a SameGame box: X the column from the left, Y the row
// from the bottom, both 0-based.
type Pos struct {
	X, Y int
}

// Box is a SameGame box as it stands: Box[x][y] is the cube in column x
// from the left and row y from the bottom, 0 for an empty cell. Every
// column has the same length.
//
// The columns of a box that NewBox or Clone made are pieces of one array,
// so that a box thousands of columns wide is one allocation, not one per
// column, and the steps move columns by moving their slices, not their
// cubes: a box ten million columns wide costs its cells and a slice
// header per column.
//
// The methods on Box are the literal steps of the rules; SameGameRules
// uses them where its fields are nil.
type Box [][]uint8

// NewBox returns the start position of c as a Box. Cells missing from a
// malformed board are empty.
func NewBox(c *samegame.Case) Box {
	w, h := max(c.W, 0), max(c.H, 0)
	b := newBox(w, h)
	for x := range b {
		for y := range b[x] {
			if i := (h-1-y)*w + x; i < len(c.Board) {
				b[x][y] = c.Board[i]
			}
		}
	}
	return b
}

// newBox is an empty box of w columns of h cells, the columns pieces of
// one array.
func newBox(w, h int) Box {
	cells := make([]uint8, w*h)
	b := make(Box, w)
	for x := range b {
		b[x] = cells[x*h : (x+1)*h : (x+1)*h]
	}
	return b
}

// Inside reports whether p lies inside the frame of the box.
func (b Box) Inside(p Pos) bool {
	return p.X >= 0 && p.X < len(b) && p.Y >= 0 && p.Y < len(b[p.X])
}

// At returns the cube at p; 0 when p is empty or outside the frame.
func (b Box) At(p Pos) uint8 {
	if !b.Inside(p) {
		return 0
	}
	return b[p.X][p.Y]
}

// Clone returns a deep copy of b.
func (b Box) Clone() Box {
	c := newBox(len(b), b.Height())
	for x := range b {
		copy(c[x], b[x])
	}
	return c
}

// Board returns b laid out like samegame.Case.Board: row-major, top row
// first.
func (b Box) Board() []uint8 {
	w, h := len(b), b.Height()
	board := make([]uint8, w*h)
	for x := range b {
		for y := range b[x] {
			board[(h-1-y)*w+x] = b[x][y]
		}
	}
	return board
}

// Height is the number of rows of the box.
func (b Box) Height() int {
	if len(b) == 0 {
		return 0
	}
	return len(b[0])
}

// Cubes counts the cubes in the box.
func (b Box) Cubes() int {
	n := 0
	for _, col := range b {
		for _, v := range col {
			if v != 0 {
				n++
			}
		}
	}
	return n
}

// Columns counts the columns that hold a cube.
func (b Box) Columns() int {
	n := 0
	for _, col := range b {
		for _, v := range col {
			if v != 0 {
				n++
				break
			}
		}
	}
	return n
}

// HasGroup reports whether some group holds at least min cubes: the
// literal test of whether a game under a minimum of min has a move left,
// every cube tried. A cube of a group already searched is not searched
// again: its group is that one. Searching a group per cube, each search
// with slices of its own, made the end of a game on a 64x64 box of one
// colour, under a minimum no group reaches, search 4,096 times and
// allocate over a gigabyte.
func (b Box) HasGroup(min int) bool {
	// The marks of every group searched stay: a cube marked is done.
	h := b.Height()
	seen := make([]bool, len(b)*h)
	var group []Pos
	for x := range b {
		for y := range b[x] {
			if b[x][y] == 0 || seen[x*h+y] {
				continue
			}
			if group = b.search(Pos{x, y}, seen, group); len(group) >= min {
				return true
			}
		}
	}
	return false
}

// Locate is the literal reading of a click (S3): X is the column from the
// left of the box as it stands now, Y the row from the bottom.
func (b Box) Locate(m samegame.Move) Pos {
	return Pos{X: m.X, Y: m.Y}
}

// Group is the literal group (S5): the 4-connected set of cubes of the
// colour at p that contains p, in the order a flood fill finds them; nil
// when p is empty or outside the frame.
func (b Box) Group(p Pos) []Pos {
	if b.At(p) == 0 {
		return nil
	}
	return b.search(p, make([]bool, len(b)*b.Height()), nil)
}

// search is Group of p, a cube, in the order Group finds it, appended to
// group[:0]. The cells seen are marked in seen, a byte a cell, column
// after column (cell x*H+y): a search allocates no slice per column. The
// marks stay; a game that searches on every click clears them after
// (unmark), so that a click costs a search of its group, not a slice of
// the box.
func (b Box) search(p Pos, seen []bool, group []Pos) []Pos {
	colour := b.At(p)
	h := b.Height()
	seen[p.X*h+p.Y] = true
	group = append(group[:0], p)
	for i := 0; i < len(group); i++ {
		q := group[i]
		for _, r := range []Pos{{q.X - 1, q.Y}, {q.X + 1, q.Y}, {q.X, q.Y - 1}, {q.X, q.Y + 1}} {
			if b.At(r) == colour && !seen[r.X*h+r.Y] {
				seen[r.X*h+r.Y] = true
				group = append(group, r)
			}
		}
	}
	return group
}

// unmark clears the marks search left in seen for group.
func (b Box) unmark(seen []bool, group []Pos) {
	h := b.Height()
	for _, q := range group {
		seen[q.X*h+q.Y] = false
	}
}

// Fall is the literal gravity (S6): in every column the cubes fall
// straight down, keeping their order.
func (b Box) Fall() {
	for x := range b {
		col := b[x]
		y := 0
		for _, v := range col {
			if v != 0 {
				col[y] = v
				y++
			}
		}
		for ; y < len(col); y++ {
			col[y] = 0
		}
	}
}

// Close is the literal collapse (S6): every empty column is removed and
// the columns to its right shift left, however many columns are empty;
// the freed columns on the right are empty. The columns change places:
// each standing one moves left past the empty ones before it, which end
// up on the right.
func (b Box) Close() {
	kept := 0
	for x := range b {
		if !empty(b[x]) {
			b[kept], b[x] = b[x], b[kept]
			kept++
		}
	}
}

// CloseRight is the collapse of rule sets whose columns close to the
// right: every empty column is removed and the columns to its left shift
// right; the freed columns on the left are empty.
func (b Box) CloseRight() {
	kept := len(b) - 1
	for x := len(b) - 1; x >= 0; x-- {
		if !empty(b[x]) {
			b[kept], b[x] = b[x], b[kept]
			kept--
		}
	}
}

// empty reports whether a column holds no cube.
func empty(col []uint8) bool {
	for _, v := range col {
		if v != 0 {
			return false
		}
	}
	return true
}
