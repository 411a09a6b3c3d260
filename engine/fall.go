// fall.go removes a round's marked cells and lets the pieces above them
// fall, column by column, in only the columns that lost pieces; the cells
// that moved become the next round's candidates.

package engine

// fall empties every cell of g.marked, closes the gaps in the columns that
// lost pieces and sets the next scan's candidates: g.cands, the cells
// whose piece moved, where a run along a row may now pass; g.vcands, the
// upper cell of every pair of vertical neighbours that were not
// neighbours before, where a run along a column may now pass. A column's
// moved pieces keep their order, so a new vertical run must span such a
// junction: otherwise it stood before the round and was removed.
func (g *Match3) fall() {
	rows := g.rows
	for _, i := range g.marked {
		g.board[i] = 0
		c := i / rows
		r := int32(i - c*rows)
		if g.low[c] < 0 {
			g.touched = append(g.touched, c)
		}
		g.low[c] = max(g.low[c], r)
	}
	g.pieces -= len(g.marked)
	g.cands, g.vcands = g.cands[:0], g.vcands[:0]
	for _, c := range g.touched {
		// The column is contiguous: col[r] is its cell in row r.
		col := g.board[c*rows : (c+1)*rows]
		base := c * rows
		bottom, top := int(g.low[c]), int(g.top[c])
		g.low[c] = -1
		// A piece that lands above the topmost pieces of both neighbouring
		// columns has no piece beside it, so no run along its row passes
		// through it. A top only moves down in a fall, so the tops as they
		// stand now, before or after their own column fell, are safe.
		beside := g.rows
		if c > 0 {
			beside = int(g.top[c-1])
		}
		if c+1 < g.cols {
			beside = min(beside, int(g.top[c+1]))
		}
		// Every piece above the lowest emptied cell moves down. below is
		// the row the piece now under the write position came from.
		w, below := bottom, bottom+1
		for r := bottom - 1; r >= top; r-- {
			if p := col[r]; p != 0 {
				col[w] = p
				if w >= beside {
					g.cands = append(g.cands, base+w)
				}
				if below != r+1 {
					g.vcands = append(g.vcands, base+w)
				}
				w, below = w-1, r
			}
		}
		clear(col[top : w+1])
		g.top[c] = int32(w + 1)
	}
	g.touched = g.touched[:0]
}
