// fall.go removes a round's marked cells and lets the pieces above them
// fall, column by column, in only the columns that lost pieces; the cells
// that moved become the next round's candidates.

package engine

// fall empties every cell of g.marked, closes the gaps in the columns that
// lost pieces and sets g.cands to the cells whose piece moved.
func (g *Match3) fall() {
	cols := g.cols
	for _, i := range g.marked {
		g.board[i] = 0
		r, c := int32(i/cols), i%cols
		if g.low[c] < 0 {
			g.touched = append(g.touched, c)
		}
		g.low[c] = max(g.low[c], r)
	}
	g.pieces -= len(g.marked)
	g.cands = g.cands[:0]
	for _, c := range g.touched {
		bottom, top := int(g.low[c]), int(g.top[c])
		g.low[c] = -1
		// Every piece above the lowest emptied cell moves down.
		w := bottom
		for r := bottom - 1; r >= top; r-- {
			if p := g.board[r*cols+c]; p != 0 {
				g.board[w*cols+c] = p
				g.cands = append(g.cands, w*cols+c)
				w--
			}
		}
		for r := w; r >= top; r-- {
			g.board[r*cols+c] = 0
		}
		g.top[c] = int32(w + 1)
	}
	g.touched = g.touched[:0]
}
