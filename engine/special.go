// special.go fires the specials of a round: a FIFO queue of marked
// specials, each marking the non-empty cells of its area, which may queue
// further specials. A colour special reads the round's pieces filed by
// colour, which the round's first colour special builds in one pass.

package engine

import "github.com/cascade-harness/cascade/match3"

// fireSpecials queues the specials among the line cells g.marked[:lines]
// and fires them, and those they mark in turn, until the queue is empty.
// Every marked cell is appended to g.marked once, so each special fires
// once per round. The order of firing does not change which cells end up
// marked, only the order of g.marked: the board does not change while
// specials fire, so each effect depends only on its special's place and
// colour. It returns the specials that went off, in the order they did,
// in g's scratch, until the next round.
func (g *Match3) fireSpecials(lines int) []int32 {
	g.queue = g.queue[:0]
	for _, i := range g.marked[:lines] {
		if specialOf(g.board[i]) != match3.Plain {
			g.queue = append(g.queue, i)
		}
	}
	for head := 0; head < len(g.queue); head++ {
		i := int(g.queue[head])
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
	fired := g.queue
	g.queue = g.queue[:0]
	return fired
}

// hit marks cell i as hit by an effect unless it is empty or already
// marked this round, and queues its special.
func (g *Match3) hit(i int) {
	p := g.board[i]
	if p == 0 || p&markAny != 0 {
		return
	}
	g.board[i] = p | markHit
	g.marked = append(g.marked, int32(i))
	if specialOf(p) != match3.Plain {
		g.queue = append(g.queue, int32(i))
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

// hitColour marks every piece of colour p by walking p's chain of the
// round's filing, built here by the round's first colour special. The
// walk empties the chain, so another special of colour p in the same
// round costs nothing: a round with colour specials costs one pass over
// its pieces, whatever their number and colours, plus one step per piece
// of a colour that goes off.
func (g *Match3) hitColour(p uint32) {
	if !g.filed {
		g.file()
	}
	for i := g.first[p]; i >= 0; i = g.chain[i] {
		g.hit(int(i))
	}
	g.first[p] = -1
}

// file chains the pieces of the board by colour: g.first[p] is the first
// piece of colour p and g.chain[i] the piece after i. The board does not
// change while specials fire, so the chains hold for the rest of the
// round; unfile resets them before the next.
func (g *Match3) file() {
	g.filed = true
	if len(g.chain) < len(g.board) {
		g.chain = make([]int32, len(g.board))
	}
	if len(g.first) <= int(g.most) {
		g.first = make([]int32, g.most+1)
		for p := range g.first {
			g.first[p] = -1
		}
	}
	first, chain := g.first, g.chain
	for c, t := range g.top {
		base := c * g.rows
		for i := base + int(t); i < base+g.rows; i++ {
			p := colourOf(g.board[i])
			f := first[p]
			if f < 0 {
				g.heads = append(g.heads, int32(p))
			}
			chain[i] = f
			first[p] = int32(i)
		}
	}
}

// unfile clears the chains of the last round that built them.
func (g *Match3) unfile() {
	if !g.filed {
		return
	}
	for _, p := range g.heads {
		g.first[p] = -1
	}
	g.heads = g.heads[:0]
	g.filed = false
}
