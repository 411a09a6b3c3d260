// special.go fires the specials of a round: a FIFO queue of marked
// specials, each marking the non-empty cells of its area, which may queue
// further specials.

package engine

import "cascade/match3"

// fireSpecials queues the specials among the line cells g.marked[:lines]
// and fires them, and those they mark in turn, until the queue is empty.
// Every marked cell is appended to g.marked once, so each special fires
// once per round. The order of firing does not change which cells end up
// marked, only the order of g.marked.
func (g *Match3) fireSpecials(lines int) {
	g.queue = g.queue[:0]
	for _, i := range g.marked[:lines] {
		if specialOf(g.board[i]) != match3.Plain {
			g.queue = append(g.queue, i)
		}
	}
	for head := 0; head < len(g.queue); head++ {
		i := g.queue[head]
		c := i / g.rows
		r := i - c*g.rows
		switch p := g.board[i]; specialOf(p) {
		case match3.Row:
			g.hitRow(r)
		case match3.Column:
			g.hitColumn(c)
		case match3.Cross:
			g.hitRow(r)
			g.hitColumn(c)
		case match3.Square3:
			g.hitSquare(r, c, 1)
		case match3.Square5:
			g.hitSquare(r, c, 2)
		case match3.Colour:
			g.hitColour(colourOf(p))
		}
	}
	g.queue = g.queue[:0]
}

// hit marks cell i as hit by an effect unless it is empty or already
// marked this round, and queues its special.
func (g *Match3) hit(i int) {
	p := g.board[i]
	if p == 0 || p&markAny != 0 {
		return
	}
	g.board[i] = p | markHit
	g.marked = append(g.marked, i)
	if specialOf(p) != match3.Plain {
		g.queue = append(g.queue, i)
	}
}

func (g *Match3) hitRow(r int) {
	for i := r; i < len(g.board); i += g.rows {
		g.hit(i)
	}
}

// hitColumn marks column c from its topmost piece down; above it the
// column is empty.
func (g *Match3) hitColumn(c int) {
	for i := g.at(int(g.top[c]), c); i < (c+1)*g.rows; i++ {
		g.hit(i)
	}
}

func (g *Match3) hitSquare(r, c, radius int) {
	for y := max(c-radius, 0); y <= min(c+radius, g.cols-1); y++ {
		for x := max(r-radius, 0); x <= min(r+radius, g.rows-1); x++ {
			g.hit(g.at(x, y))
		}
	}
}

// hitColour marks every piece of colour p. It walks every column from its
// topmost piece down, once per colour and round: the fall that follows
// moves pieces in nearly every column, so the walk costs no more than the
// effect itself.
func (g *Match3) hitColour(p uint32) {
	for _, q := range g.swept {
		if q == p {
			return
		}
	}
	g.swept = append(g.swept, p)
	for c, t := range g.top {
		for i := g.at(int(t), c); i < (c+1)*g.rows; i++ {
			if colourOf(g.board[i]) == p {
				g.hit(i)
			}
		}
	}
}
