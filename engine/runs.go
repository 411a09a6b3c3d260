// runs.go keeps the runs a round's scan finds, for the rule sets that
// read runs rather than cells: clear=lowest chooses among them, and
// points=EXPR per=run scores each.

package engine

// A run is a maximal line of three or more pieces of one colour, its
// first (leftmost or topmost) cell lo and its last hi. Along a column
// hi-lo is below rows, along a row at least 2*rows, so the two are told
// apart without a flag.
type run struct {
	lo, hi int32
	// key orders the runs as reference.Grid.RunList does: the row runs
	// by row, then column; after them the column runs by column, then
	// row, which is the board's own order.
	key int64
	// chosen: clear=lowest removes the run.
	chosen bool
}

func (g *Match3) newRun(lo, hi int) run {
	x := run{lo: int32(lo), hi: int32(hi)}
	if c := lo / g.rows; hi-lo >= g.rows {
		x.key = int64(lo-c*g.rows)*int64(g.cols) + int64(c)
	} else {
		x.key = int64(len(g.board)) + int64(lo)
	}
	return x
}

// step is the distance between the cells of x along the board.
func (g *Match3) step(x run) int {
	if int(x.hi-x.lo) >= g.rows {
		return g.rows
	}
	return 1
}

// bottom is the row of x's lowest cell.
func (g *Match3) bottom(x run) int { return int(x.hi) % g.rows }

// keepLowest narrows the round's marks to the runs clear=lowest removes:
// those whose lowest cell lies in the lowest row any run reaches, and
// every run that shares a cell with one of them. The scan has marked
// every run; the marks are taken off, the cells of the lowest runs
// flagged (markVisit, unused until the blocks are measured) while the
// others are tested, and the chosen runs marked again. A run left
// standing is one that no change of the next round need pass through,
// so the next scan looks at the whole board.
func (g *Match3) keepLowest() {
	lowest := 0
	for _, x := range g.runs {
		lowest = max(lowest, g.bottom(x))
	}
	for _, i := range g.marked {
		g.board[i] &^= markAny
	}
	g.marked = g.marked[:0]
	g.flagLowest(lowest, markVisit)
	for k := range g.runs {
		x := &g.runs[k]
		x.chosen = g.bottom(*x) == lowest
		for i, step := int(x.lo), g.step(*x); !x.chosen && i <= int(x.hi); i += step {
			x.chosen = g.board[i]&markVisit != 0
		}
	}
	g.flagLowest(lowest, 0)
	for _, x := range g.runs {
		if !x.chosen {
			g.full = true
			continue
		}
		flag := uint32(markCol)
		if g.step(x) != 1 {
			flag = markRow
		}
		for i, step := int(x.lo), g.step(x); i <= int(x.hi); i += step {
			g.markLine(i, flag)
		}
	}
}

// flagLowest sets markVisit on the cells of the runs whose lowest cell is
// in row lowest when on is markVisit, and clears it when on is 0.
func (g *Match3) flagLowest(lowest int, on uint32) {
	for _, x := range g.runs {
		if g.bottom(x) != lowest {
			continue
		}
		for i, step := int(x.lo), g.step(x); i <= int(x.hi); i += step {
			g.board[i] = g.board[i]&^markVisit | on
		}
	}
}

// whole reports whether every cell of x is a line cell of the round: the
// runs per=run scores, which under clear=lowest may include one that was
// not chosen but whose every cell a chosen run crosses.
func (g *Match3) whole(x run) bool {
	for i, step := int(x.lo), g.step(x); i <= int(x.hi); i += step {
		if g.board[i]&(markRow|markCol) == 0 {
			return false
		}
	}
	return true
}
