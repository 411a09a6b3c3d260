// Package jawbreaker plays Jawbreaker: a click on a group of two or more
// cubes of one colour removes it for n*(n-1) points; the cubes above
// fall, and empty columns close towards the right. A game is over when
// a click leaves no group of two: an empty box earns 400, a box with n
// cubes left max(20-n,0)^2. A box no click removed from earns nothing,
// as in Jawbreaker, which adds the bonus only inside a click.
package jawbreaker

// Game is a box as it stands: cols[x][y] is the cube in column x from
// the left and row y from the bottom, 0 for an empty cell.
type Game struct {
	cols    [][]uint8
	points  int64
	removed bool // a click removed a group
}

// New starts a game on a box of w columns and h rows, cells row by row
// from the top.
func New(w, h int, cells []uint8) *Game {
	g := &Game{cols: make([][]uint8, w)}
	for x := range w {
		g.cols[x] = make([]uint8, h)
		for y := range h {
			g.cols[x][y] = cells[(h-1-y)*w+x]
		}
	}
	return g
}

// Click removes the group at column x from the left and row y from the
// bottom and returns its points: 0 for an empty cell or a lone cube.
func (g *Game) Click(x, y int) int64 {
	group := g.group(x, y)
	if len(group) < 2 {
		return 0
	}
	colour := g.cols[x][y]
	for _, p := range group {
		g.cols[p[0]][p[1]] = 0
	}
	for x, col := range g.cols {
		kept := col[:0:0]
		for _, v := range col {
			if v != 0 {
				kept = append(kept, v)
			}
		}
		g.cols[x] = append(kept, make([]uint8, len(col)-len(kept))...)
	}
	var full, empty [][]uint8
	for _, col := range g.cols {
		if col[0] == 0 {
			empty = append(empty, col)
		} else {
			full = append(full, col)
		}
	}
	g.cols = append(empty, full...)
	p := points(len(group), colour)
	g.points += p
	g.removed = true
	return p
}

// group is the 4-connected group of one colour at (x, y), none for an
// empty cell or one outside the box.
func (g *Game) group(x, y int) [][2]int {
	if x < 0 || x >= len(g.cols) || y < 0 || y >= len(g.cols[x]) || g.cols[x][y] == 0 {
		return nil
	}
	colour := g.cols[x][y]
	seen := map[[2]int]bool{{x, y}: true}
	group := [][2]int{{x, y}}
	for i := 0; i < len(group); i++ {
		p := group[i]
		for _, q := range [][2]int{{p[0] + 1, p[1]}, {p[0] - 1, p[1]}, {p[0], p[1] + 1}, {p[0], p[1] - 1}} {
			if q[0] >= 0 && q[0] < len(g.cols) && q[1] >= 0 && q[1] < len(g.cols[q[0]]) &&
				!seen[q] && g.cols[q[0]][q[1]] == colour {
				seen[q] = true
				group = append(group, q)
			}
		}
	}
	return group
}

// Bonus is the end-of-game bonus of the box as it stands: 400 when it
// is empty, max(20-n,0)^2 with n cubes left when no group of two is
// left, and 0 while the game goes on or before a click removed a group.
func (g *Game) Bonus() int64 {
	if !g.removed {
		return 0
	}
	left := 0
	for x, col := range g.cols {
		for y, v := range col {
			if v == 0 {
				continue
			}
			left++
			if len(g.group(x, y)) >= 2 {
				return 0
			}
		}
	}
	if left == 0 {
		return 400
	}
	d := int64(max(20-left, 0))
	return d * d
}

// Score is the game's score: the clicks' points and the bonus.
func (g *Game) Score() int64 { return g.points + g.Bonus() }
