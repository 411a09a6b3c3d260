package casegen

import (
	"math/rand/v2"

	"cascade/match3"
)

// board is a snapshot of a match-3 board as it stands, 0-based, row-major.
type board struct {
	rows, cols int
	p          []match3.Piece
}

// snapshot reads the board of g.
func snapshot(g Match3Player, rows, cols int) *board {
	b := &board{rows, cols, make([]match3.Piece, rows*cols)}
	for i := range b.p {
		b.p[i] = g.At(match3.Cell{X: i/cols + 1, Y: i%cols + 1})
	}
	return b
}

func (b *board) inside(x, y int) bool { return x >= 0 && x < b.rows && y >= 0 && y < b.cols }

func (b *board) colour(x, y int) int { return b.p[x*b.cols+y].Colour }

// pieces returns the number of non-empty cells.
func (b *board) pieces() int {
	n := 0
	for _, p := range b.p {
		if !p.Empty() {
			n++
		}
	}
	return n
}

// cell converts 0-based coordinates to a match3.Cell.
func cell(x, y int) match3.Cell { return match3.Cell{X: x + 1, Y: y + 1} }

// candidate is a swap of two adjacent pieces that makes a run, as read on
// a snapshot.
type candidate struct {
	swap match3.Swap
	// main are the colours of the swapped pieces that lie in a run,
	// ascending; main[1] is 0 when there is one.
	main [2]int
	// runs is the number of runs the swap makes (one piece can make a
	// horizontal and a vertical one).
	runs int
	// special tells that a run holds a piece with a special.
	special bool
}

// adjacent lists every pair of orthogonal neighbours as x1, y1, x2, y2:
// each cell with its right and its lower neighbour.
func (b *board) adjacent() [][4]int {
	var out [][4]int
	for x := range b.rows {
		for y := range b.cols {
			if y+1 < b.cols {
				out = append(out, [4]int{x, y, x, y + 1})
			}
			if x+1 < b.rows {
				out = append(out, [4]int{x, y, x + 1, y})
			}
		}
	}
	return out
}

// validSwaps returns every swap of two adjacent pieces that makes a run.
// Between operations the board holds no run, so every run after a swap
// goes through one of the two swapped cells.
func (b *board) validSwaps() []candidate {
	var out []candidate
	for _, a := range b.adjacent() {
		x1, y1, x2, y2 := a[0], a[1], a[2], a[3]
		i, j := x1*b.cols+y1, x2*b.cols+y2
		if b.p[i].Empty() || b.p[j].Empty() || b.p[i].Colour == b.p[j].Colour {
			continue
		}
		b.p[i], b.p[j] = b.p[j], b.p[i]
		c := candidate{swap: match3.Swap{A: cell(x1, y1), B: cell(x2, y2)}}
		var mains []int
		for _, at := range [2][2]int{{x1, y1}, {x2, y2}} {
			in := false
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				run, special := b.run(at[0], at[1], d[0], d[1])
				if run >= 3 {
					in = true
					c.runs++
					c.special = c.special || special
				}
			}
			if in {
				mains = append(mains, b.colour(at[0], at[1]))
			}
		}
		b.p[i], b.p[j] = b.p[j], b.p[i]
		if len(mains) == 0 {
			continue
		}
		c.main[0] = mains[0]
		if len(mains) == 2 {
			c.main = [2]int{min(mains[0], mains[1]), max(mains[0], mains[1])}
		}
		out = append(out, c)
	}
	return out
}

// run returns the length of the line of the colour at (x, y) through it
// in direction (dx, dy), and whether a piece of that line has a special.
func (b *board) run(x, y, dx, dy int) (int, bool) {
	colour := b.colour(x, y)
	n, special := 1, b.p[x*b.cols+y].Special != match3.Plain
	for _, s := range [2]int{1, -1} {
		for cx, cy := x+s*dx, y+s*dy; b.inside(cx, cy) && b.colour(cx, cy) == colour; cx, cy = cx+s*dx, cy+s*dy {
			n++
			special = special || b.p[cx*b.cols+cy].Special != match3.Plain
		}
	}
	return n, special
}

// invalidSwap returns a swap of kind k (not OpValid), or false when the
// board offers none.
func (b *board) invalidSwap(r *rand.Rand, k OpKind) (match3.Swap, bool) {
	switch k {
	case OpSameCell:
		c := cell(r.IntN(b.rows), r.IntN(b.cols))
		return match3.Swap{A: c, B: c}, true
	case OpDiagonal:
		if b.rows < 2 || b.cols < 2 {
			return match3.Swap{}, false
		}
		x, y := r.IntN(b.rows-1), r.IntN(b.cols-1)
		if r.IntN(2) == 0 {
			return orient(r, cell(x, y), cell(x+1, y+1)), true
		}
		return orient(r, cell(x, y+1), cell(x+1, y)), true
	case OpFar:
		return b.farSwap(r)
	}
	var pairs []match3.Swap
	for _, a := range b.adjacent() {
		x1, y1, x2, y2 := a[0], a[1], a[2], a[3]
		p, q := b.p[x1*b.cols+y1], b.p[x2*b.cols+y2]
		var ok bool
		switch k {
		case OpEmpty:
			ok = p.Empty() || q.Empty()
		case OpSameColour:
			ok = !p.Empty() && p.Colour == q.Colour
		case OpNoRun:
			ok = !p.Empty() && !q.Empty() && p.Colour != q.Colour && !b.makesRun(x1, y1, x2, y2)
		}
		if ok {
			pairs = append(pairs, orient(r, cell(x1, y1), cell(x2, y2)))
		}
	}
	if len(pairs) == 0 {
		return match3.Swap{}, false
	}
	return pairs[r.IntN(len(pairs))], true
}

// farSwap returns two cells that are neither equal nor neighbours,
// diagonal ones included: half the time two apart in a line.
func (b *board) farSwap(r *rand.Rand) (match3.Swap, bool) {
	if b.rows < 3 && b.cols < 3 {
		return match3.Swap{}, false
	}
	if r.IntN(2) == 0 {
		if b.cols >= 3 && (b.rows < 3 || r.IntN(2) == 0) {
			x, y := r.IntN(b.rows), r.IntN(b.cols-2)
			return orient(r, cell(x, y), cell(x, y+2)), true
		}
		x, y := r.IntN(b.rows-2), r.IntN(b.cols)
		return orient(r, cell(x, y), cell(x+2, y)), true
	}
	for {
		x1, y1, x2, y2 := r.IntN(b.rows), r.IntN(b.cols), r.IntN(b.rows), r.IntN(b.cols)
		if max(abs(x1-x2), abs(y1-y2)) >= 2 {
			return match3.Swap{A: cell(x1, y1), B: cell(x2, y2)}, true
		}
	}
}

// makesRun reports whether swapping the two cells makes a run.
func (b *board) makesRun(x1, y1, x2, y2 int) bool {
	i, j := x1*b.cols+y1, x2*b.cols+y2
	b.p[i], b.p[j] = b.p[j], b.p[i]
	defer func() { b.p[i], b.p[j] = b.p[j], b.p[i] }()
	for _, at := range [2][2]int{{x1, y1}, {x2, y2}} {
		if b.colour(at[0], at[1]) == 0 {
			continue
		}
		for _, d := range [2][2]int{{0, 1}, {1, 0}} {
			if n, _ := b.run(at[0], at[1], d[0], d[1]); n >= 3 {
				return true
			}
		}
	}
	return false
}

// orient returns the swap of a and b in a random order.
func orient(r *rand.Rand, a, b match3.Cell) match3.Swap {
	if r.IntN(2) == 0 {
		a, b = b, a
	}
	return match3.Swap{A: a, B: b}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
