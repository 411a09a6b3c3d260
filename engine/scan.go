// scan.go finds the line cells of a round by looking only through the
// stretches of cells that changed since the last scan (along rows), the
// places where a column closed a gap and the cells a refill filled
// (along columns), or through the whole board when runs may lie anywhere
// (the start board, a round after clear=lowest left runs), and measures
// the blocks they form for the combination score.

package engine

// A span is the cells from..to, inclusive, of column col, rows
// ascending: a stretch of cells that changed since the last scan. Its
// lowest cell, to, is where the column may have changed along its
// length: a swapped cell, or the lowest piece of a segment that fell,
// which now stands on a piece it did not stand on before.
type span struct{ from, to, col int32 }

// cellSpan returns the span of the one cell i.
func (g *Match3) cellSpan(i int) span { return span{int32(i), int32(i), int32(i / g.rows)} }

// rowSpan returns the part of s that has a piece beside it in a
// neighbouring column, from..to, empty when from > to. A column's pieces
// reach down to the bottom row, so that part is the rows at or below the
// higher of the neighbours' tops; above it no run along a row can pass.
func (g *Match3) rowSpan(s span) (from, to int) {
	c := int(s.col)
	beside := g.rows
	if c > 0 {
		beside = int(g.top[c-1])
	}
	if c+1 < g.cols {
		beside = min(beside, int(g.top[c+1]))
	}
	return max(int(s.from), c*g.rows+beside), int(s.to)
}

// scan marks every run on the board: by looking at what changed, or at
// the whole board when g.full asks for it, which it then clears.
func (g *Match3) scan() {
	if g.full {
		g.full = false
		g.scanAll()
		return
	}
	g.scanRuns()
}

// scanRuns marks every cell of every maximal run of three or more that
// passes, along a row, through a cell of a span of g.spans, or along a
// column through the lowest cell of one or any cell of a span of
// g.fresh, and appends the newly marked cells to g.marked. By the invariant stated in the package doc these
// are all the runs on the board. A run already found in one direction is
// not walked again from another of its cells.
func (g *Match3) scanRuns() {
	// Columns are contiguous, so a span's neighbours along its rows are
	// the same stretch of the columns beside it, rows cells away: one
	// pass compares three contiguous slices, and only a cell with a
	// neighbour of its colour is walked along its row. Beside the first
	// and the last column stands an empty one.
	rows := g.rows
	for _, s := range g.spans {
		from, to := g.rowSpan(s)
		if from > to {
			continue
		}
		mid := g.board[from : to+1]
		left, right := g.zeros[:len(mid)], g.zeros[:len(mid)]
		if s.col > 0 {
			left = g.board[from-rows : to+1-rows]
		}
		if int(s.col)+1 < g.cols {
			right = g.board[from+rows : to+1+rows]
		}
		left, right = left[:len(mid)], right[:len(mid)]
		// Whether a cell passes depends on colours at random, so the
		// first pass only lists the rows that do, without a branch, and
		// the second walks them.
		pass := g.pass[:len(mid)]
		n := 0
		for j, q := range mid {
			p := colourOf(q)
			pass[n] = int32(j)
			n += b2i(colourOf(left[j]) == p) | b2i(colourOf(right[j]) == p)
		}
		for _, j := range pass[:n] {
			g.scanRow(from+int(j), colourOf(mid[j]))
		}
	}
	for _, s := range g.spans {
		g.scanColumn(int(s.to), int(s.col)*rows)
	}
	// A refill's pieces are new to each other as well: a run may lie
	// anywhere among them.
	for _, s := range g.fresh {
		for i := s.from; i <= s.to; i++ {
			g.scanColumn(int(i), int(s.col)*rows)
		}
	}
}

// scanColumn marks the maximal run along its column through cell i, the
// column's row 0 being first, if it has three cells or more and was not
// marked yet.
func (g *Match3) scanColumn(i, first int) {
	p := colourOf(g.board[i])
	if p == 0 || g.markedAs(i, markCol) {
		return
	}
	lo, hi := i, i
	for lo > first && colourOf(g.board[lo-1]) == p {
		lo--
	}
	for hi < first+g.rows-1 && colourOf(g.board[hi+1]) == p {
		hi++
	}
	if hi-lo >= 2 {
		g.markRun(lo, hi, 1, markCol)
	}
}

// scanAll marks every run on the board, walking every column from its
// topmost piece and every row: the scan of a board whose runs need not
// pass through what changed (the start board, or one a round of
// clear=lowest left runs on).
func (g *Match3) scanAll() {
	rows, cols := g.rows, g.cols
	for c := range cols {
		base := c * rows
		for r := int(g.top[c]); r < rows; {
			p, e := colourOf(g.board[base+r]), r+1
			for e < rows && colourOf(g.board[base+e]) == p {
				e++
			}
			if e-r >= 3 {
				g.markRun(base+r, base+e-1, 1, markCol)
			}
			r = e
		}
	}
	for r := range rows {
		for c := 0; c < cols; {
			p, e := colourOf(g.board[c*rows+r]), c+1
			for e < cols && colourOf(g.board[e*rows+r]) == p {
				e++
			}
			if p != 0 && e-c >= 3 {
				g.markRun(c*rows+r, (e-1)*rows+r, rows, markRow)
			}
			c = e
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scanRow marks the maximal run along its row through cell i, of colour
// p, if it has three cells or more and was not marked yet.
func (g *Match3) scanRow(i int, p uint32) {
	rows, n := g.rows, len(g.board)
	lo, hi := i, i
	for lo >= rows && colourOf(g.board[lo-rows]) == p {
		lo -= rows
	}
	for hi+rows < n && colourOf(g.board[hi+rows]) == p {
		hi += rows
	}
	if hi-lo >= 2*rows && !g.markedAs(i, markRow) {
		g.markRun(lo, hi, rows, markRow)
	}
}

// markRun marks the cells lo, lo+step, ..., hi of a run with flag, and
// lists the run when the rule set reads runs.
func (g *Match3) markRun(lo, hi, step int, flag uint32) {
	for j := lo; j <= hi; j += step {
		g.markLine(j, flag)
	}
	if g.keepRuns {
		g.runs = append(g.runs, g.newRun(lo, hi))
	}
}

// markedAs reports whether cell i was marked this round with flag.
func (g *Match3) markedAs(i int, flag uint32) bool { return g.board[i]&flag != 0 }

func (g *Match3) markLine(i int, flag uint32) {
	if !g.markedNow(i) {
		g.marked = append(g.marked, int32(i))
	}
	g.board[i] |= flag
}

// blocks returns the combination score of the line cells g.marked[:lines]:
// 50(x-3)^2 for each 4-connected block of x same-coloured line cells. A
// cell is visited once per round, by setting its markVisit flag.
func (g *Match3) blocks(lines int) int64 {
	var score int64
	rows, n := g.rows, len(g.board)
	for _, start := range g.marked[:lines] {
		if g.board[start]&markVisit != 0 {
			continue
		}
		p := colourOf(g.board[start])
		g.board[start] |= markVisit
		g.stack = append(g.stack[:0], start)
		var size int64
		for len(g.stack) > 0 {
			i := int(g.stack[len(g.stack)-1])
			g.stack = g.stack[:len(g.stack)-1]
			size++
			if i >= rows {
				g.joinBlock(i-rows, p)
			}
			if i+rows < n {
				g.joinBlock(i+rows, p)
			}
			r := i % rows
			if r > 0 {
				g.joinBlock(i-1, p)
			}
			if r < rows-1 {
				g.joinBlock(i+1, p)
			}
		}
		score += 50 * (size - 3) * (size - 3)
		if g.keepRounds {
			g.blockSizes = append(g.blockSizes, int(size))
		}
	}
	return score
}

// joinBlock adds cell i to the block being measured if it is an unvisited
// line cell of colour p. Every marked cell is a line cell while the
// blocks are measured, since specials have not fired yet.
func (g *Match3) joinBlock(i int, p uint32) {
	if q := g.board[i]; colourOf(q) == p && q&markAny != 0 && q&markVisit == 0 {
		g.board[i] |= markVisit
		g.stack = append(g.stack, int32(i))
	}
}
