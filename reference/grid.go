package reference

import (
	"math"
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// Grid is a match-3 board as it stands: cell (x, y), row x from the top
// and column y from the left, both 1-based, is Grid[x-1][y-1]. A piece of
// Colour 0 is an empty cell.
//
// The methods on Grid that take no cell are the literal board steps of
// the rules; Match3Rules uses them where its fields are nil.
//
// The rows of a grid that NewGrid or Clone made are pieces of one array,
// and a NewMarks set is one array of flags: a board of a million rows is
// one allocation, not one per row.
type Grid [][]match3.Piece

// NewGrid returns the start position of c as a Grid. Cells missing from a
// malformed board are empty.
func NewGrid(c *match3.Case) Grid {
	g := rows[match3.Piece](max(c.Rows, 0), max(c.Cols, 0))
	for x := range g {
		for y := range g[x] {
			if i := x*c.Cols + y; i < len(c.Board) {
				g[x][y] = c.Board[i]
			}
		}
	}
	return g
}

// rows returns n rows of m cells, pieces of one array.
func rows[T any](n, m int) [][]T {
	cells := make([]T, n*m)
	r := make([][]T, n)
	for x := range r {
		r[x] = cells[x*m : (x+1)*m : (x+1)*m]
	}
	return r
}

// rowsLike returns rows as long as those of g, pieces of one array.
func rowsLike[T, U any](g [][]U) [][]T {
	n := 0
	for _, row := range g {
		n += len(row)
	}
	cells := make([]T, n)
	r := make([][]T, len(g))
	for x, row := range g {
		r[x], cells = cells[:len(row):len(row)], cells[len(row):]
	}
	return r
}

// size is the number of cells of g.
func (g Grid) size() int {
	n := 0
	for x := range g {
		n += len(g[x])
	}
	return n
}

// Inside reports whether c lies on the board.
func (g Grid) Inside(c match3.Cell) bool {
	return c.X >= 1 && c.X <= len(g) && c.Y >= 1 && c.Y <= len(g[c.X-1])
}

// At returns the piece at c; an empty piece when c is outside the board.
func (g Grid) At(c match3.Cell) match3.Piece {
	if !g.Inside(c) {
		return match3.Piece{}
	}
	return g[c.X-1][c.Y-1]
}

// Set puts p at c; it does nothing when c is outside the board.
func (g Grid) Set(c match3.Cell, p match3.Piece) {
	if g.Inside(c) {
		g[c.X-1][c.Y-1] = p
	}
}

// Cells returns every cell of the board in reading order (row, then
// column).
func (g Grid) Cells() []match3.Cell {
	cells := make([]match3.Cell, 0, g.size())
	for x := range g {
		for y := range g[x] {
			cells = append(cells, match3.Cell{X: x + 1, Y: y + 1})
		}
	}
	return cells
}

// Clone returns a deep copy of g.
func (g Grid) Clone() Grid {
	h := Grid(rowsLike[match3.Piece](g))
	for x := range g {
		copy(h[x], g[x])
	}
	return h
}

// Empty reports whether no cell holds a piece.
func (g Grid) Empty() bool {
	for x := range g {
		for _, p := range g[x] {
			if !p.Empty() {
				return false
			}
		}
	}
	return true
}

// Board returns g laid out like match3.Case.Board: row-major, top row
// first.
func (g Grid) Board() []match3.Piece {
	n := g.size()
	if n == 0 {
		return nil
	}
	board := make([]match3.Piece, 0, n)
	for x := range g {
		board = append(board, g[x]...)
	}
	return board
}

// Marks is a set of cells of a Grid, laid out like it: one flag per
// cell, row after row, in one array. A board of a million rows of one
// cell makes a set of a million flags, not a million rows of one.
type Marks struct {
	rows, cols int
	in         []bool
}

// NewMarks returns an empty set shaped like g, whose rows are all as
// long as its first (a grid's are).
func NewMarks(g Grid) Marks {
	cols := 0
	if len(g) > 0 {
		cols = len(g[0])
	}
	return Marks{rows: len(g), cols: cols, in: make([]bool, len(g)*cols)}
}

// Has reports whether c is in the set; false when c is outside it.
func (m Marks) Has(c match3.Cell) bool {
	i, ok := m.index(c)
	return ok && m.in[i]
}

// Add puts c in the set; it does nothing when c is outside it.
func (m Marks) Add(c match3.Cell) {
	if i, ok := m.index(c); ok {
		m.in[i] = true
	}
}

// Remove takes c out of the set; it does nothing when c is outside it.
func (m Marks) Remove(c match3.Cell) {
	if i, ok := m.index(c); ok {
		m.in[i] = false
	}
}

// Empty reports whether the set holds no cell.
func (m Marks) Empty() bool { return !slices.Contains(m.in, true) }

// index is where c's flag is; ok false when c is outside the set.
func (m Marks) index(c match3.Cell) (i int, ok bool) {
	if c.X < 1 || c.X > m.rows || c.Y < 1 || c.Y > m.cols {
		return 0, false
	}
	return (c.X-1)*m.cols + c.Y - 1, true
}

// Cells returns the cells of the set in reading order; nil when it is
// empty.
func (m Marks) Cells() []match3.Cell {
	var cells []match3.Cell
	for i, in := range m.in {
		if in {
			cells = append(cells, match3.Cell{X: i/m.cols + 1, Y: i%m.cols + 1})
		}
	}
	return cells
}

// Adjacent is the literal adjacency (M3): a and b share a side. The same
// cell, a diagonal or a farther cell is not adjacent.
func Adjacent(a, b match3.Cell) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy == 1
}

// Exchange swaps the pieces at a and b, specials included (M4). A cell
// outside the board reads as empty and is not written.
func (g Grid) Exchange(a, b match3.Cell) {
	pa, pb := g.At(a), g.At(b)
	g.Set(a, pb)
	g.Set(b, pa)
}

// Swap is the literal operation on two adjacent cells (M3): EmptyCell
// when either holds no piece; otherwise the pieces are exchanged and, if
// runs finds no run, exchanged back, and the result is NoRun. g is changed
// only when the result is Valid.
func (g Grid) Swap(s match3.Swap, runs func(Grid) Marks) match3.Validity {
	if g.At(s.A).Empty() || g.At(s.B).Empty() {
		return match3.EmptyCell
	}
	g.Exchange(s.A, s.B)
	if runs(g).Empty() {
		g.Exchange(s.A, s.B)
		return match3.NoRun
	}
	return match3.Valid
}

// Runs is the literal line marking (M5.1): every cell of every maximal
// horizontal or vertical run of three or more pieces of one colour.
func (g Grid) Runs() Marks {
	line := NewMarks(g)
	// Each row, then each column, cut into its maximal runs of one
	// colour: a run ends where the next cell's colour differs, or the
	// board does.
	for x := range g {
		for y := 0; y < len(g[x]); {
			n := 1
			for y+n < len(g[x]) && g[x][y+n].Colour == g[x][y].Colour {
				n++
			}
			if n >= 3 && g[x][y].Colour != 0 {
				for i := range n {
					line.Add(match3.Cell{X: x + 1, Y: y + i + 1})
				}
			}
			y += n
		}
	}
	for y := range line.cols {
		for x := 0; x < len(g); {
			if y >= len(g[x]) {
				x++
				continue
			}
			n := 1
			for x+n < len(g) && y < len(g[x+n]) && g[x+n][y].Colour == g[x][y].Colour {
				n++
			}
			if n >= 3 && g[x][y].Colour != 0 {
				for i := range n {
					line.Add(match3.Cell{X: x + i + 1, Y: y + 1})
				}
			}
			x += n
		}
	}
	return line
}

// Area is the literal effect of the special at c (M5.2): the non-empty
// cells it marks, in reading order, c itself included. Row: its row;
// Column: its column; Cross: both; Square3 and Square5: the 3x3 and 5x5
// squares centred on c, clipped at the edge; Colour: every piece of its
// own colour. A plain piece or an empty cell marks nothing.
func (g Grid) Area(c match3.Cell) []match3.Cell {
	p := g.At(c)
	if p.Empty() {
		return nil
	}
	in := func(d match3.Cell) bool {
		switch p.Special {
		case match3.Row:
			return d.X == c.X
		case match3.Column:
			return d.Y == c.Y
		case match3.Cross:
			return d.X == c.X || d.Y == c.Y
		case match3.Square3:
			return abs(d.X-c.X) <= 1 && abs(d.Y-c.Y) <= 1
		case match3.Square5:
			return abs(d.X-c.X) <= 2 && abs(d.Y-c.Y) <= 2
		case match3.Colour:
			return g.At(d).Colour == p.Colour
		}
		return false
	}
	// The rows and columns the area can reach, 1-based: a row, a
	// column or a square needs no look at the rest of the board.
	top, bottom, left, right := 1, len(g), 1, math.MaxInt
	switch p.Special {
	case match3.Row:
		top, bottom = c.X, c.X
	case match3.Column:
		left, right = c.Y, c.Y
	case match3.Square3, match3.Square5:
		r := 1
		if p.Special == match3.Square5 {
			r = 2
		}
		top, bottom, left, right = c.X-r, c.X+r, c.Y-r, c.Y+r
	}
	var area []match3.Cell
	for x := max(top, 1); x <= min(bottom, len(g)); x++ {
		for y := max(left, 1); y <= min(right, len(g[x-1])); y++ {
			if d := (match3.Cell{X: x, Y: y}); !g.At(d).Empty() && in(d) {
				area = append(area, d)
			}
		}
	}
	return area
}

// Effects is the literal chain of specials within one round (M5.2). The
// specials among the line cells trigger first, in reading order; each
// marks the cells area gives it, and every special so marked for the
// first time joins the end of the queue (the new ones of one area in
// reading order). Each special triggers once. hit holds the non-empty
// cells marked by effects that are not line cells; triggered lists the
// specials in the order they went off.
func (g Grid) Effects(line Marks, area func(Grid, match3.Cell) []match3.Cell) (hit Marks, triggered []match3.Cell) {
	hit = NewMarks(g)
	var queue []match3.Cell
	for _, c := range line.Cells() {
		if g.At(c).Special != match3.Plain {
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		triggered = append(triggered, c)
		var fresh []match3.Cell
		for _, d := range area(g, c) {
			if g.At(d).Empty() || line.Has(d) || hit.Has(d) {
				continue
			}
			hit.Add(d)
			if g.At(d).Special != match3.Plain {
				fresh = append(fresh, d)
			}
		}
		slices.SortFunc(fresh, readingOrder)
		queue = append(queue, fresh...)
	}
	return hit, triggered
}

// Blocks is the literal combination step (M5.4): the sizes of the
// 4-connected blocks of same-coloured line cells, in reading order of
// each block's first cell. Hit cells are not part of any block and do not
// connect blocks.
func (g Grid) Blocks(line, hit Marks) []int {
	var sizes []int
	for _, block := range g.BlockCells(line, hit) {
		sizes = append(sizes, len(block))
	}
	return sizes
}

// BlockCells is Blocks with the cells of every block instead of its
// size: the blocks in reading order of their first cells, each holding
// its first cell and then the others in the order the fill reached them.
// The trace keeps only the sizes; the shape of a block (a line, an L, a
// 2x3) is read from its cells.
func (g Grid) BlockCells(line, hit Marks) [][]match3.Cell {
	return g.FillBlocks(line, func(d match3.Cell) []match3.Cell {
		return []match3.Cell{{X: d.X - 1, Y: d.Y}, {X: d.X + 1, Y: d.Y}, {X: d.X, Y: d.Y - 1}, {X: d.X, Y: d.Y + 1}}
	})
}

// FillBlocks is BlockCells with a block grown from a cell only to the
// cells next returns, in that order: the four neighbours for the rule,
// fewer for a fill that gets the rule wrong.
func (g Grid) FillBlocks(line Marks, next func(match3.Cell) []match3.Cell) [][]match3.Cell {
	var blocks [][]match3.Cell
	seen := NewMarks(g)
	for _, c := range line.Cells() {
		if seen.Has(c) {
			continue
		}
		colour := g.At(c).Colour
		seen.Add(c)
		block := []match3.Cell{c}
		for i := 0; i < len(block); i++ {
			d := block[i]
			for _, e := range next(d) {
				if line.Has(e) && !seen.Has(e) && g.At(e).Colour == colour {
					seen.Add(e)
					block = append(block, e)
				}
			}
		}
		blocks = append(blocks, block)
	}
	return blocks
}

// Fall is the literal gravity (M5.5): in every column the pieces fall to
// the bottom, keeping their order; a piece carries its special (M4).
func (g Grid) Fall() {
	if len(g) == 0 {
		return
	}
	// In every column, a reader and a writer go up from the bottom: each
	// piece the reader meets is written at the writer, which then moves
	// up; what is left above the writer is empty. No copy of a column.
	for y := range len(g[0]) {
		w := len(g) - 1
		for x := len(g) - 1; x >= 0; x-- {
			if y >= len(g[x]) || g[x][y].Empty() {
				continue
			}
			for y >= len(g[w]) {
				w--
			}
			g[w][y] = g[x][y]
			w--
		}
		for ; w >= 0; w-- {
			if y < len(g[w]) {
				g[w][y] = match3.Piece{}
			}
		}
	}
}

func readingOrder(a, b match3.Cell) int {
	if a.X != b.X {
		return a.X - b.X
	}
	return a.Y - b.Y
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
