package fuzz

import (
	"math/rand/v2"

	"cascade/match3"
	"cascade/reference"
)

// decodeMatch3 turns the fuzzer's bytes into a match-3 case that always
// passes Validate. A few header bytes shape the board, two seed a
// generator that fills it, and then every byte is one operation:
//
//	byte       rows n = 1 + b%12
//	byte       columns m = 1 + b%12
//	byte       colours: below 0xF0 k = 2 + b%5; below 0xFF k = 7 + b-0xF0;
//	           0xFF (explicit) one more byte gives k = 1 + b
//	2 bytes    the seed of the generator
//	explicit:  n*m bytes, the colours in reading order: 1 + b%k
//	           (otherwise the generator draws them, 1..k)
//	byte       s = b%4 specials, or for 0xFF one more byte gives s; then
//	           s pairs of bytes: a cell (b%(n*m), reading order) and its
//	           special, 1 + b%6
//	byte ...   one operation per byte until the input ends, at most 40:
//	  below 0xC0  aimed: swap number b%len of those that make a run on
//	              the board as it stands, its cells in either order; on a
//	              board that offers none, the operations end
//	  below 0xFF  invalid, of kind (b-0xC0)%6: the same cell twice, two
//	              diagonal neighbours, two cells two apart, neighbours
//	              one of them empty, two neighbours of the same colour,
//	              two neighbours whose swap makes no run; the generator
//	              picks among those the board offers, and where it offers
//	              none, the same cell twice
//	  0xFF        raw: bytes x1 y1 x2 y2, each modulo its side
//
// A colour that would complete a run of three with the two cells to its
// left or the two above gives way to the next colour round 1..k that
// does not; when every colour would (k <= 2), k grows by one and the
// cell takes the new colour. The board as it stands is the reference's,
// played operation by operation as the operations are decoded.
//
// Three in four random operation bytes are aimed, so most operations of a
// random input are valid and its games last; since a board drains with
// every valid operation, a game ends when no swap is left to aim at.
func decodeMatch3(data []byte) *match3.Case {
	s := stream{data: data}
	rows := 1 + s.intn(maxSide)
	cols := 1 + s.intn(maxSide)
	var k int
	seeded := true
	switch b := s.next(); {
	case b < 0xF0:
		k = 2 + int(b)%5
	case b < explicit:
		k = 7 + int(b-0xF0)
	default:
		seeded = false
		k = 1 + int(s.next())
	}
	r := s.rng()
	c := &match3.Case{Rows: rows, Cols: cols, Board: make([]match3.Piece, rows*cols)}
	for i := range c.Board {
		var v int
		if seeded {
			v = 1 + r.IntN(k)
		} else {
			v = 1 + s.intn(k)
		}
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
	sb := s.next()
	specials := int(sb) % 4
	if sb == explicit {
		specials = int(s.next())
	}
	for range specials {
		i := s.intn(len(c.Board))
		c.Board[i].Special = match3.Special(1 + s.intn(int(match3.Colour)))
	}

	g := reference.NewMatch3(c)
	b := &liveBoard{rows: rows, cols: cols, p: make([]match3.Piece, rows*cols)}
	var swaps []match3.Swap
	for s.more() && len(c.Ops) < maxOps {
		var op match3.Swap
		b.read(g)
		switch kind := s.next(); {
		case kind < aimed:
			if swaps = b.runSwaps(swaps[:0]); len(swaps) == 0 {
				return c
			}
			op = swaps[int(kind)%len(swaps)]
			if r.IntN(2) == 1 {
				op.A, op.B = op.B, op.A
			}
		case kind < raw:
			op = b.invalid(r, invalidKind(kind-aimed)%invalidKinds, swaps[:0])
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

// invalidKind is a way for an operation to be invalid (M3).
type invalidKind byte

const (
	sameCell invalidKind = iota
	diagonal
	twoApart
	emptyCell
	sameColour
	noRun
	invalidKinds
)

// Offsets from a cell to the other cell of an invalid operation.
var (
	sides     = []match3.Cell{{X: 0, Y: 1}, {X: 1, Y: 0}, {X: 0, Y: -1}, {X: -1, Y: 0}}
	corners   = []match3.Cell{{X: 1, Y: 1}, {X: 1, Y: -1}, {X: -1, Y: 1}, {X: -1, Y: -1}}
	twoAway   = []match3.Cell{{X: 0, Y: 2}, {X: 2, Y: 0}, {X: 0, Y: -2}, {X: -2, Y: 0}}
	noOffsets = []match3.Cell{{}}
)

// invalid returns an operation of the given kind that r picks among those
// the board offers, or a cell swapped with itself when it offers none;
// buf is scratch space.
func (b *liveBoard) invalid(r *rand.Rand, kind invalidKind, buf []match3.Swap) match3.Swap {
	offsets := sides
	ok := func(i, j int) bool { return true }
	switch kind {
	case sameCell:
		offsets = noOffsets
	case diagonal:
		offsets = corners
	case twoApart:
		offsets = twoAway
	case emptyCell:
		ok = func(i, j int) bool { return b.p[i].Empty() || b.p[j].Empty() }
	case sameColour:
		ok = func(i, j int) bool { return !b.p[i].Empty() && b.p[i].Colour == b.p[j].Colour }
	case noRun:
		ok = func(i, j int) bool {
			if b.p[i].Empty() || b.p[j].Empty() || b.p[i].Colour == b.p[j].Colour {
				return false
			}
			b.p[i], b.p[j] = b.p[j], b.p[i]
			run := b.inRun(i/b.cols, i%b.cols) || b.inRun(j/b.cols, j%b.cols)
			b.p[i], b.p[j] = b.p[j], b.p[i]
			return !run
		}
	}
	for i := range b.p {
		x, y := i/b.cols, i%b.cols
		for _, d := range offsets {
			x2, y2 := x+d.X, y+d.Y
			if x2 < 0 || x2 >= b.rows || y2 < 0 || y2 >= b.cols || !ok(i, x2*b.cols+y2) {
				continue
			}
			buf = append(buf, match3.Swap{A: match3.Cell{X: x + 1, Y: y + 1}, B: match3.Cell{X: x2 + 1, Y: y2 + 1}})
		}
	}
	if len(buf) == 0 {
		a := match3.Cell{X: 1 + r.IntN(b.rows), Y: 1 + r.IntN(b.cols)}
		return match3.Swap{A: a, B: a}
	}
	return buf[r.IntN(len(buf))]
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

// encodeMatch3 returns bytes that decodeMatch3 turns back into c: an
// explicit board and every operation raw. It returns false when c is
// invalid or outside the decoder's limits (sides up to 12, k up to 256,
// 40 operations). The seed corpus is written with it.
func encodeMatch3(c *match3.Case) ([]byte, bool) {
	if c.Validate() != nil || c.Rows > maxSide || c.Cols > maxSide || c.Colours > 256 || len(c.Ops) > maxOps {
		return nil, false
	}
	b := []byte{byte(c.Rows - 1), byte(c.Cols - 1), explicit, byte(c.Colours - 1), 0, 0}
	var specials []byte
	for i, p := range c.Board {
		b = append(b, byte(p.Colour-1))
		if p.Special != match3.Plain {
			specials = append(specials, byte(i), byte(p.Special-1))
		}
	}
	if n := len(specials) / 2; n < 4 {
		b = append(b, byte(n))
	} else {
		// At most 12*12 specials.
		b = append(b, explicit, byte(n))
	}
	b = append(b, specials...)
	for _, op := range c.Ops {
		b = append(b, raw, byte(op.A.X-1), byte(op.A.Y-1), byte(op.B.X-1), byte(op.B.Y-1))
	}
	return b, true
}
