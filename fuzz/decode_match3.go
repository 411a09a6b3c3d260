package fuzz

import (
	"cascade/match3"
	"cascade/reference"
)

// decodeMatch3 turns the fuzzer's bytes into a match-3 case that always
// passes Validate:
//
//	byte         rows n = 1 + b%12
//	byte         columns m = 1 + b%12
//	byte         colours: k = 1 + b%6 for b below 0xF0, else one more
//	             byte gives k = 7 + b%249
//	n*m bytes    the colours in reading order: 1 + b%k, or, when that
//	             would complete a run of three with the two cells to the
//	             left or the two above, the next colour round 1..k that
//	             does not; when every colour would (k <= 2), k grows by one
//	             and the cell takes the new colour
//	byte         s = b%16, or when that is 15 one more byte gives s; then
//	             up to s pairs of bytes: a cell (b%(n*m), reading order)
//	             and its special (b%7; 0 takes one away)
//	byte         q = b%41 operations, each
//	  byte       kind: below 0xC0 aimed, below 0xF0 adjacent, else far
//	  aimed:     one byte picks a swap that makes a run on the board as it
//	             stands (an odd kind puts its second cell first); on a
//	             board that offers none, adjacent
//	  adjacent:  bytes x and y pick a cell, kind%4 its neighbour to the
//	             right, below, left or above (the other way at an edge);
//	             the cells may be empty or make no run
//	  far:       bytes x1 y1 x2 y2, each modulo its side: mostly cells
//	             that are not neighbours, sometimes the same cell
//
// The board as it stands is the reference's, played operation by
// operation as the operations are decoded.
func decodeMatch3(data []byte) *match3.Case {
	s := stream{data: data}
	rows := 1 + s.intn(maxSide)
	cols := 1 + s.intn(maxSide)
	var k int
	if b := s.next(); b < 0xF0 {
		k = 1 + int(b)%6
	} else {
		k = 7 + s.intn(249)
	}
	c := &match3.Case{Rows: rows, Cols: cols, Board: make([]match3.Piece, rows*cols)}
	for i := range c.Board {
		v := 1 + s.intn(k)
		for try := 0; completesRun(c.Board, cols, i, v); try++ {
			if try == k {
				// At most two colours are barred, so only k <= 2 gets here.
				k++
				v = k
				break
			}
			v = v%k + 1
		}
		c.Board[i].Colour = v
	}
	c.Colours = k
	specials := s.intn(16)
	if specials >= 15 {
		specials = int(s.next())
	}
	for range specials {
		if !s.more() {
			break
		}
		i := s.intn(len(c.Board))
		c.Board[i].Special = match3.Special(s.intn(int(match3.Colour) + 1))
	}

	ops := s.intn(maxOps + 1)
	c.Ops = make([]match3.Swap, 0, ops)
	g := reference.NewMatch3(c)
	b := &liveBoard{rows: rows, cols: cols, p: make([]match3.Piece, rows*cols)}
	var swaps []match3.Swap
	for range ops {
		var op match3.Swap
		switch kind := s.next(); {
		case kind < aimed:
			b.read(g)
			// At most 2*12*11 swaps; one byte reaches all but the last few
			// of the largest lists.
			if swaps = b.runSwaps(swaps[:0]); len(swaps) > 0 {
				op = swaps[s.intn(len(swaps))]
				if kind%2 == 1 {
					op.A, op.B = op.B, op.A
				}
				break
			}
			op = b.adjacent(&s, kind)
		case kind < rawFar:
			op = b.adjacent(&s, kind)
		default:
			op = match3.Swap{A: b.cell(&s), B: b.cell(&s)}
		}
		g.Apply(op)
		c.Ops = append(c.Ops, op)
	}
	return c
}

// completesRun reports whether colour v at cell i of a board filled in
// reading order up to i would complete a run of three with the two cells
// to its left or the two above it.
func completesRun(p []match3.Piece, cols, i, v int) bool {
	x, y := i/cols, i%cols
	return y >= 2 && p[i-1].Colour == v && p[i-2].Colour == v ||
		x >= 2 && p[i-cols].Colour == v && p[i-2*cols].Colour == v
}

// liveBoard is a snapshot of a match-3 board, 0-based, row-major.
type liveBoard struct {
	rows, cols int
	p          []match3.Piece
}

// read copies the board of g as it stands.
func (b *liveBoard) read(g *reference.Match3) {
	for i := range b.p {
		b.p[i] = g.At(match3.Cell{X: i/b.cols + 1, Y: i%b.cols + 1})
	}
}

// cell decodes bytes x and y into a cell of the board.
func (b *liveBoard) cell(s *stream) match3.Cell {
	return match3.Cell{X: 1 + s.intn(b.rows), Y: 1 + s.intn(b.cols)}
}

// adjacent decodes a cell and pairs it with its neighbour in direction
// kind%4 (right, below, left, above), turning back at an edge; on a 1x1
// board, with itself.
func (b *liveBoard) adjacent(s *stream, kind byte) match3.Swap {
	a := b.cell(s)
	dx, dy := 0, 1
	if kind%2 == 1 {
		dx, dy = 1, 0
	}
	if kind%4 >= 2 {
		dx, dy = -dx, -dy
	}
	n := match3.Cell{X: a.X + dx, Y: a.Y + dy}
	if n.X < 1 || n.X > b.rows || n.Y < 1 || n.Y > b.cols {
		n = match3.Cell{X: a.X - dx, Y: a.Y - dy}
	}
	if n.X < 1 || n.X > b.rows || n.Y < 1 || n.Y > b.cols {
		n = a
	}
	return match3.Swap{A: a, B: n}
}

// runSwaps appends every swap of two neighbouring pieces that makes a run
// of three, each cell with its right and its lower neighbour in reading
// order. The board holds no run between operations, so a run after a
// swap goes through one of the swapped cells.
func (b *liveBoard) runSwaps(out []match3.Swap) []match3.Swap {
	for x := range b.rows {
		for y := range b.cols {
			for _, d := range [2][2]int{{0, 1}, {1, 0}} {
				x2, y2 := x+d[0], y+d[1]
				if x2 >= b.rows || y2 >= b.cols {
					continue
				}
				i, j := x*b.cols+y, x2*b.cols+y2
				if b.p[i].Empty() || b.p[j].Empty() || b.p[i].Colour == b.p[j].Colour {
					continue
				}
				b.p[i], b.p[j] = b.p[j], b.p[i]
				if b.inRun(x, y) || b.inRun(x2, y2) {
					out = append(out, match3.Swap{A: match3.Cell{X: x + 1, Y: y + 1}, B: match3.Cell{X: x2 + 1, Y: y2 + 1}})
				}
				b.p[i], b.p[j] = b.p[j], b.p[i]
			}
		}
	}
	return out
}

// inRun reports whether the piece at (x, y) lies in a row or column run
// of three or more.
func (b *liveBoard) inRun(x, y int) bool {
	v := b.p[x*b.cols+y].Colour
	at := func(x, y int) bool {
		return x >= 0 && x < b.rows && y >= 0 && y < b.cols && b.p[x*b.cols+y].Colour == v
	}
	for _, d := range [2][2]int{{0, 1}, {1, 0}} {
		n := 1
		for i := 1; at(x+i*d[0], y+i*d[1]); i++ {
			n++
		}
		for i := 1; at(x-i*d[0], y-i*d[1]); i++ {
			n++
		}
		if n >= 3 {
			return true
		}
	}
	return false
}

// encodeMatch3 returns bytes that decodeMatch3 turns back into c, with
// every operation far; false when c is invalid or outside the decoder's
// limits (sides up to 12, k up to 255, 255 specials, 40 operations). The
// seed corpus is written with it.
func encodeMatch3(c *match3.Case) ([]byte, bool) {
	if c.Validate() != nil || c.Rows > maxSide || c.Cols > maxSide || c.Colours > 255 || len(c.Ops) > maxOps {
		return nil, false
	}
	b := []byte{byte(c.Rows - 1), byte(c.Cols - 1)}
	if c.Colours <= 6 {
		b = append(b, byte(c.Colours-1))
	} else {
		b = append(b, 0xF0, byte(c.Colours-7))
	}
	var specials []byte
	for i, p := range c.Board {
		b = append(b, byte(p.Colour-1))
		if p.Special != match3.Plain {
			specials = append(specials, byte(i), byte(p.Special))
		}
	}
	switch n := len(specials) / 2; {
	case n < 15:
		b = append(b, byte(n))
	case n <= 255:
		b = append(b, 15, byte(n))
	default:
		return nil, false
	}
	b = append(b, specials...)
	b = append(b, byte(len(c.Ops)))
	for _, op := range c.Ops {
		b = append(b, raw, byte(op.A.X-1), byte(op.A.Y-1), byte(op.B.X-1), byte(op.B.Y-1))
	}
	return b, true
}
