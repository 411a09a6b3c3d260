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
	cols := g.cols
	for _, i := range g.cands {
		p := colourOf(g.board[i])
		if p == 0 {
			continue
		}
		// The mark is read only when a neighbour shares the colour, so
		// most candidates touch only the board.
		c := i % cols
		left, right := c > 0 && colourOf(g.board[i-1]) == p, c < cols-1 && colourOf(g.board[i+1]) == p
		if (left || right) && !g.markedAs(i, markRow) {
			lo, hi := i, i
			for lo > i-c && colourOf(g.board[lo-1]) == p {
				lo--
			}
			for hi < i-c+cols-1 && colourOf(g.board[hi+1]) == p {
				hi++
			}
			if hi-lo >= 2 {
				for j := lo; j <= hi; j++ {
					g.markLine(j, markRow)
				}
			}
		}
	}
	for _, i := range g.vcands {
		p := colourOf(g.board[i])
		if p == 0 || g.markedAs(i, markCol) {
			continue
		}
		lo, hi := i, i
		for lo >= cols && colourOf(g.board[lo-cols]) == p {
			lo -= cols
		}
		for hi+cols < len(g.board) && colourOf(g.board[hi+cols]) == p {
			hi += cols
		}
		if hi-lo >= 2*cols {
			for j := lo; j <= hi; j += cols {
				g.markLine(j, markCol)
			}
		}
	}
}

// markedAs reports whether cell i was marked this round with flag.
func (g *Match3) markedAs(i int, flag uint32) bool {
	return g.markedNow(i) && g.mark[i]&flag != 0
}

func (g *Match3) markLine(i int, flag uint32) {
	if g.markedNow(i) {
		g.mark[i] |= flag
		return
	}
	g.mark[i] = g.stamp | flag
	g.marked = append(g.marked, i)
}

// blocks returns the combination score of the line cells g.marked[:lines]:
// 50(x-3)^2 for each 4-connected block of x same-coloured line cells. A
// cell is visited once per round, by stamping visit with the round.
func (g *Match3) blocks(lines int) int64 {
	var score int64
	cols := g.cols
	for _, start := range g.marked[:lines] {
		if g.visit[start] == g.stamp {
			continue
		}
		p := colourOf(g.board[start])
		g.visit[start] = g.stamp
		g.stack = append(g.stack[:0], start)
		var size int64
		for len(g.stack) > 0 {
			i := g.stack[len(g.stack)-1]
			g.stack = g.stack[:len(g.stack)-1]
			size++
			c := i % cols
			if c > 0 {
				g.joinBlock(i-1, p)
			}
			if c < cols-1 {
				g.joinBlock(i+1, p)
			}
			if i >= cols {
				g.joinBlock(i-cols, p)
			}
			if i+cols < len(g.board) {
				g.joinBlock(i+cols, p)
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
	if colourOf(g.board[i]) == p && g.markedNow(i) && g.visit[i] != g.stamp {
		g.visit[i] = g.stamp
		g.stack = append(g.stack, i)
	}
}
