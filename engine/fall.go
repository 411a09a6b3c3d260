// fall.go removes a round's marked cells and lets the pieces above them
// fall, column by column, in only the columns that lost pieces, which
// refill=queue then refills; the stretches of cells that moved or were
// filled become the next round's candidates.

package engine

// fall empties every cell of g.marked, closes the gaps in the columns that
// lost pieces and sets the next scan's candidates, g.spans: the stretches
// of cells whose pieces moved, where a run along a row may now pass.
//
// Between two emptied cells of a column the pieces form a segment that
// falls as one, by the number of emptied cells below it: each segment is
// moved with one copy and becomes one span. Its lowest cell lands on an
// unmoved piece, on another segment or on the bottom row, so with the
// cell below it forms a pair of vertical neighbours that were not
// neighbours before. A column's moved pieces keep their order, so a new
// vertical run must pass through such a junction: otherwise it stood
// before the round and was removed.
func (g *Match3) fall() {
	rows := g.rows
	for _, i := range g.marked {
		g.board[i] = 0
		c := int(i) / rows
		r := int32(int(i) - c*rows)
		if g.low[c] < 0 {
			g.touched = append(g.touched, int32(c))
		}
		g.low[c] = max(g.low[c], r)
	}
	g.pieces -= len(g.marked)
	g.spans, g.fresh = g.spans[:0], g.fresh[:0]
	refill := g.supply != nil
	for _, c := range g.touched {
		// The column is contiguous: col[r] is its cell in row r.
		base := int(c) * rows
		col := g.board[base : base+rows]
		bottom, top := int(g.low[c]), int(g.top[c])
		g.low[c] = -1
		// Every piece above the lowest emptied cell moves down; w is the
		// lowest row not yet filled.
		w := bottom
		for r := bottom - 1; r >= top; {
			if col[r] == 0 {
				r--
				continue
			}
			s := r // the segment is rows s..r
			for s > top && col[s-1] != 0 {
				s--
			}
			n := r - s + 1
			copy(col[w-n+1:w+1], col[s:r+1])
			g.spans = append(g.spans, span{int32(base + w - n + 1), int32(base + w), c})
			w -= n
			r = s - 1
		}
		clear(col[top : w+1])
		if refill {
			w = g.refill(int(c), w)
		}
		g.top[c] = int32(w + 1)
	}
	g.touched = g.touched[:0]
}
