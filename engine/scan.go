// scan.go finds the line cells of a round by looking only through the
// cells that changed since the last scan (along rows) and the places
// where a column closed a gap (along columns), and measures the blocks
// they form for the combination score.

package engine

// scanRuns marks every cell of every maximal run of three or more that
// passes, along a row, through a cell of g.cands, or along a column
// through a cell of g.vcands, and appends the newly marked cells to
// g.marked. By the invariant stated in the package doc these are all the
// runs on the board. A run already found in one direction is not walked
// again from another of its cells.
func (g *Match3) scanRuns() {
	// Columns are contiguous, so a cell's neighbours along its row are
	// rows cells away, and the first and last columns are where there is
	// no such cell: no division per candidate.
	rows, n := g.rows, len(g.board)
	for _, i := range g.cands {
		p := colourOf(g.board[i])
		if p == 0 {
			continue
		}
		// The mark is read only once a run is found, so most candidates
		// touch only the board.
		lo, hi := i, i
		for lo >= rows && colourOf(g.board[lo-rows]) == p {
			lo -= rows
		}
		for hi+rows < n && colourOf(g.board[hi+rows]) == p {
			hi += rows
		}
		if hi-lo >= 2*rows && !g.markedAs(i, markRow) {
			for j := lo; j <= hi; j += rows {
				g.markLine(j, markRow)
			}
		}
	}
	for _, i := range g.vcands {
		p := colourOf(g.board[i])
		if p == 0 || g.markedAs(i, markCol) {
			continue
		}
		first := i - i%rows // row 0 of the column
		lo, hi := i, i
		for lo > first && colourOf(g.board[lo-1]) == p {
			lo--
		}
		for hi < first+rows-1 && colourOf(g.board[hi+1]) == p {
			hi++
		}
		if hi-lo >= 2 {
			for j := lo; j <= hi; j++ {
				g.markLine(j, markCol)
			}
		}
	}
}

// markedAs reports whether cell i was marked this round with flag.
func (g *Match3) markedAs(i int, flag uint32) bool { return g.board[i]&flag != 0 }

func (g *Match3) markLine(i int, flag uint32) {
	if !g.markedNow(i) {
		g.marked = append(g.marked, i)
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
			i := g.stack[len(g.stack)-1]
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
	}
	return score
}

// joinBlock adds cell i to the block being measured if it is an unvisited
// line cell of colour p. Every marked cell is a line cell while the
// blocks are measured, since specials have not fired yet.
func (g *Match3) joinBlock(i int, p uint32) {
	if q := g.board[i]; colourOf(q) == p && q&markAny != 0 && q&markVisit == 0 {
		g.board[i] |= markVisit
		g.stack = append(g.stack, i)
	}
}
