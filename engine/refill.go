// refill.go fills, under refill=queue, the cells a fall emptied at the
// top of a column from the column's queue.

package engine

import "github.com/cascade-harness/cascade/match3"

// loadQueues copies c's queues into g.supply, one after another, under
// refill=queue; g.supply is made afresh, since a clone may share the old
// one.
func (g *Match3) loadQueues(c *match3.Case) {
	g.supply, g.qnext, g.qend = nil, nil, nil
	if g.set.Refill != match3.RefillQueue {
		return
	}
	n := 0
	for _, q := range c.Queues {
		n += len(q)
	}
	g.supply = make([]piece, 0, n)
	g.qnext, g.qend = make([]int32, c.Cols), make([]int32, c.Cols)
	for y, q := range c.Queues {
		g.qnext[y] = int32(len(g.supply))
		for _, p := range q {
			g.supply = append(g.supply, pack(p.Colour, p.Special))
			g.most = max(g.most, uint32(p.Colour))
		}
		g.qend[y] = int32(len(g.supply))
	}
}

// refill fills column c, whose empty cells are rows 0..w after a fall,
// from the lowest up with the next pieces of its queue, and returns the
// lowest row left empty (-1 when the column is full). The filled cells
// are new, to the rows and to each other: they become a span, both of
// g.spans and of g.fresh.
//
// Only a column that lost pieces in the round is refilled: a column
// whose queue filled it stays full until it loses pieces, and one left
// with empty cells has a dry queue for good.
func (g *Match3) refill(c, w int) int {
	q := int(g.qnext[c])
	n := min(int(g.qend[c])-q, w+1)
	if n <= 0 {
		return w
	}
	base := c * g.rows
	col := g.board[base : base+w+1]
	for k, p := range g.supply[q : q+n] {
		col[w-k] = p
	}
	g.qnext[c] += int32(n)
	g.pieces += n
	s := span{int32(base + w - n + 1), int32(base + w), int32(c)}
	g.spans = append(g.spans, s)
	g.fresh = append(g.fresh, s)
	return w - n
}

// QueuesLeft appends to dst, for each column from the left, how many
// pieces are left in its queue (none under refill=none), and returns it.
func (g *Match3) QueuesLeft(dst []int) []int {
	for y := range g.qnext {
		dst = append(dst, int(g.qend[y]-g.qnext[y]))
	}
	return dst
}
