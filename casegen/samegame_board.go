package casegen

import (
	"bytes"
	"math/rand/v2"
	"slices"

	"github.com/cascade-harness/cascade/samegame"
)

// palette returns k distinct colours out of 1..max in random order, so that
// high colours turn up as often as low ones.
func palette(r *rand.Rand, k, max int) []int {
	p := r.Perm(max)[:k]
	for i := range p {
		p[i]++
	}
	return p
}

// sameGameBoard fills a box of cells cubes with colours drawn uniformly
// from pal.
func sameGameBoard(r *rand.Rand, cells int, pal []int) []uint8 {
	b := make([]uint8, cells)
	for i := range b {
		b[i] = uint8(pal[r.IntN(len(pal))])
	}
	return b
}

// bigGroupMinCubes is the smallest group whose score c(c+1)/2 passes 2^31.
const bigGroupMinCubes = 65536

// bigGroupBoard returns an n x n box (n >= 257) made of one colour with
// specks of the other colours of pal. Specks sit only where both the row
// and the column are even, so no two touch and the main colour stays one
// 4-connected group; there are few enough of them that the group keeps
// more than bigGroupMinCubes cubes.
func bigGroupBoard(r *rand.Rand, n int, pal []int) []uint8 {
	main := uint8(pal[0])
	b := make([]uint8, n*n)
	for i := range b {
		b[i] = main
	}
	if len(pal) == 1 {
		return b
	}
	spots := ((n + 1) / 2) * ((n + 1) / 2)
	specks := min(n*n-bigGroupMinCubes-1, spots/(2+r.IntN(8)))
	for range specks {
		row, col := 2*r.IntN((n+1)/2), 2*r.IntN((n+1)/2)
		b[row*n+col] = uint8(pal[1+r.IntN(len(pal)-1)])
	}
	return b
}

// plantComb paints a comb of one colour into the box: a run of teeth
// columns filled top to bottom, joined by the bottom or the top row. The
// teeth stand side by side or one column apart, so a click on the comb
// empties several columns at once, adjacent or not.
func plantComb(r *rand.Rand, b []uint8, n, h int, colour uint8) {
	if n < 2 {
		return
	}
	step := 1
	if n >= 3 {
		step += r.IntN(2)
	}
	teeth := 2 + r.IntN(min(4, (n-1)/step+1)-1)
	span := (teeth-1)*step + 1
	left := r.IntN(n - span + 1)
	join := h - 1 // bottom row
	if r.IntN(3) == 0 {
		join = 0
	}
	for c := left; c < left+span; c++ {
		b[join*n+c] = colour
		if (c-left)%step == 0 {
			for row := range h {
				b[row*n+c] = colour
			}
		}
	}
}

// A boxScratch is the memory a generator reads a box into (box) and
// finds its groups in, kept from one click of a case to the next: a
// click reads the whole box, and what it found is dropped at the next.
type boxScratch struct {
	cells        []uint8
	cols         standing
	at           []int
	seen         []bool
	stack, group []samegame.Move
	whole        []int
}

// scratchOf is the scratch of the case g plays: its fallback's, which
// the generator makes for the case, or a fresh one.
func scratchOf(g SameGamePlayer) *boxScratch {
	if f, ok := g.(*sameGameFallback); ok {
		return &f.scratch
	}
	return new(boxScratch)
}

// wideGroups returns one cube of each 4-connected group of one colour of
// b that fills two whole columns or more and holds least cubes or more,
// the cube first in b.cube's order, the groups in that order: what a
// measure of every group (eachGroup) finds, without measuring them all.
// A whole column holds one colour, and its group holds its bottom cube:
// only the groups of such columns are searched, and a box with fewer
// than two, most boxes, is read once. The slice is sc's, until its next
// use.
func (sc *boxScratch) wideGroups(b standing, least int) []samegame.Move {
	out := sc.group[:0]
	defer func() { sc.group = out }()
	// isWhole[x] is 1 when column x holds cubes of one colour.
	isWhole := slices.Grow(sc.whole[:0], len(b))[:len(b)]
	sc.whole = isWhole
	wholes := 0
	for x, col := range b {
		isWhole[x] = 0
		if len(col) > 0 && bytes.Count(col, col[:1]) == len(col) {
			isWhole[x] = 1
			wholes++
		}
	}
	if wholes < 2 {
		return out
	}
	at := b.offsetsInto(sc.at[:0])
	seen := slices.Grow(sc.seen[:0], at[len(b)])[:at[len(b)]]
	clear(seen)
	stack := sc.stack[:0]
	defer func() { sc.at, sc.seen, sc.stack = at, seen, stack }()
	for x0 := range b {
		if isWhole[x0] == 0 || seen[at[x0]] {
			continue
		}
		colour := b[x0][0]
		seen[at[x0]] = true
		stack = append(stack[:0], samegame.Move{X: x0})
		first, size, columns := samegame.Move{X: x0}, 0, 0
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			if p.Y == 0 {
				columns += isWhole[p.X]
			}
			if p.X < first.X || p.X == first.X && p.Y < first.Y {
				first = p
			}
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := p.X+d[0], p.Y+d[1]
				if nx >= 0 && nx < len(b) && ny >= 0 && ny < len(b[nx]) && !seen[at[nx]+ny] && b[nx][ny] == colour {
					seen[at[nx]+ny] = true
					stack = append(stack, samegame.Move{X: nx, Y: ny})
				}
			}
		}
		if columns >= 2 && size >= least {
			out = append(out, first)
		}
	}
	// Found in the order of their first whole column, the groups are
	// in the order of their first cubes: a whole column is a wall no
	// other group crosses, so a group found later lies to its right.
	return out
}

// eachGroup calls visit with the cubes of each 4-connected group of one
// colour of b, the groups in the order of their first cube in b.cube's
// order and that cube first. The slice is reused from call to call.
func (b standing) eachGroup(visit func(group []samegame.Move)) {
	new(boxScratch).eachGroup(b, visit)
}

// eachGroup is b.eachGroup in sc's memory.
func (sc *boxScratch) eachGroup(b standing, visit func(group []samegame.Move)) {
	at := b.offsetsInto(sc.at[:0])
	seen := slices.Grow(sc.seen[:0], at[len(b)])[:at[len(b)]]
	clear(seen)
	stack, group := sc.stack[:0], sc.group[:0]
	defer func() { sc.at, sc.seen, sc.stack, sc.group = at, seen, stack, group }()
	for x := range b {
		for y := range b[x] {
			if seen[at[x]+y] {
				continue
			}
			colour := b[x][y]
			seen[at[x]+y] = true
			stack = append(stack[:0], samegame.Move{X: x, Y: y})
			group = group[:0]
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				group = append(group, p)
				for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nx, ny := p.X+d[0], p.Y+d[1]
					if nx >= 0 && nx < len(b) && ny >= 0 && ny < len(b[nx]) && !seen[at[nx]+ny] && b[nx][ny] == colour {
						seen[at[nx]+ny] = true
						stack = append(stack, samegame.Move{X: nx, Y: ny})
					}
				}
			}
			visit(group)
		}
	}
}

// offsets returns, for each column x of b, the index of its bottom cube
// in b.cube's order, and last the number of cubes.
func (b standing) offsets() []int { return b.offsetsInto(nil) }

// offsetsInto is offsets in at's memory.
func (b standing) offsetsInto(at []int) []int {
	at = slices.Grow(at[:0], len(b)+1)[:len(b)+1]
	at[0] = 0
	for x, col := range b {
		at[x+1] = at[x] + len(col)
	}
	return at
}

// stackedBoard returns a w x h box (row-major, top row first) that every
// game ends with exactly left cubes in, whatever its clicks, when groups
// must hold least cubes or more (least >= 2). The first left cells,
// columns from the left and each from the bottom up, are a checkerboard
// of two colours of pal that no other cube has: the columns that hold
// them never empty, so they stay side by side in their order, and the
// checkerboard never brings two cubes of one colour together. Every
// other cell is part of a stack of vertical runs of least cubes or more,
// in the other colours: a group holds whole runs, falling joins runs but
// never splits one, so every such cube stays in a group of least or
// more, and clicks on them go on until only the checkerboard is left.
// left 0 is a box that every game clears (pal of one colour or more),
// left w*h a box with no group at all, a dead start (two colours or
// more); anything between needs three.
func stackedBoard(r *rand.Rand, w, h int, pal []int, least, left int) []uint8 {
	b := make([]uint8, w*h)
	odd, even, stack := 0, 0, pal
	if left > 0 {
		odd, even, stack = pal[0], pal[1], pal[2:]
	}
	for x := range w {
		// The checkerboard's cells of column x, bottom up: what is left
		// to place, so long as the rest of the column can hold a run.
		iso := min(h, left)
		if rest := h - iso; rest > 0 && rest < least {
			iso = max(h-least, 0)
		}
		if len(stack) == 0 {
			iso = h
		}
		left -= iso
		for y := range iso {
			colour := odd
			if (x+y)%2 == 0 {
				colour = even
			}
			b[(h-1-y)*w+x] = uint8(colour)
		}
		for y := iso; y < h; {
			run := least + r.IntN(least+1)
			if rest := h - y - run; rest < least {
				run = h - y
			}
			colour := uint8(stack[r.IntN(len(stack))])
			for range run {
				b[(h-1-y)*w+x] = colour
				y++
			}
		}
	}
	return b
}

// speckledBoard returns a w x h box of one colour of pal with specks of
// the others where both the row and the column are even, on about one
// such cell in two to nine: no two specks touch, so the main colour is
// one group of three quarters of the box or more.
func speckledBoard(r *rand.Rand, w, h int, pal []int) []uint8 {
	b := make([]uint8, w*h)
	for i := range b {
		b[i] = uint8(pal[0])
	}
	if len(pal) == 1 {
		return b
	}
	per := 2 + r.IntN(8)
	for row := 0; row < h; row += 2 {
		for col := 0; col < w; col += 2 {
			if r.IntN(per) == 0 {
				b[row*w+col] = uint8(pal[1+r.IntN(len(pal)-1)])
			}
		}
	}
	return b
}
