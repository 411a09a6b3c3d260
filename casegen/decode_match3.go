package casegen

import (
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// DecodeMatch3 turns the fuzzer's bytes into a match-3 case that always
// passes Validate. A few header bytes choose casegen's knobs and two seed
// the generator that draws the board (Match3Board), and then
// every byte is one operation:
//
//	byte       rows n = 1 + b%12
//	byte       columns m = 1 + b%12
//	byte       colours: below 0xF0 k = 2 + b%5; below 0xFF k = 7 + b-0xF0;
//	           0xFF (explicit) one more byte gives k = 1 + b (2 when a
//	           single colour cannot fill the board without a run)
//	2 bytes    the seed of the generator
//	explicit:  n*m bytes, the colours in reading order: 1 + b%k
//	byte       seeded: the specials, as casegen's knobs: a fraction
//	           0, 0.05, 0.15 or 0.3 of the pieces (b%4), placed anywhere,
//	           on the border or in clusters (b/4%3), of every kind or of
//	           kind 1..6 only (b/12%7);
//	           explicit: s = b%4 specials, or for 0xFF one more byte gives
//	           s; then s pairs of bytes: a cell (b%(n*m), reading order)
//	           and its special, 1 + b%6
//	byte ...   one operation per byte until the input ends, at most 40:
//	  below 0xC0  aimed: swap number b%len of those that make a run on
//	              the board as it stands (reference.Grid.ValidSwaps), its
//	              cells in either order; on a board that offers none, the
//	              operations end
//	  below 0xFF  invalid, of casegen's kind 1 + (b-0xC0)%6: the same
//	              cell twice, two diagonal neighbours, two cells apart,
//	              neighbours one of them empty, two neighbours of the same
//	              colour, two neighbours whose swap makes no run; the
//	              generator picks among those the board offers
//	              (InvalidSwap), and where it offers none, the
//	              same cell twice
//	  0xFF        raw: bytes x1 y1 x2 y2, each modulo its side
//
// An explicit board is built by casegen's one construction of a board
// without a run (RunFreeColours): every cell keeps the colour its
// byte asks for unless that would complete a run of three with the two
// cells to its left or the two above, when the generator draws another.
// The board as it stands is the reference's, played operation by
// operation as the operations are decoded.
//
// Three in four random operation bytes are aimed, so most operations of a
// random input are valid and its games last; since a board drains with
// every valid operation, a game ends when no swap is left to aim at.
func DecodeMatch3(data []byte) *match3.Case {
	s := stream{data: data}
	rows := 1 + s.intn(DecodeMaxSide)
	cols := 1 + s.intn(DecodeMaxSide)
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
	var c *match3.Case
	if seeded {
		o := Match3Options{Rows: Exactly(rows), Cols: Exactly(cols), Colours: Exactly(k)}
		b := int(s.next())
		o.Specials = []float64{0, 0.05, 0.15, 0.3}[b%4]
		o.Placement = Placement(b / 4 % 3)
		if kind := b / 12 % 7; kind > 0 {
			o.SpecialKinds = []match3.Special{match3.Special(kind)}
		}
		c = Match3Board(r, o)
	} else {
		if k == 1 && max(rows, cols) > 2 {
			k = 2
		}
		want := make([]int, rows*cols)
		for i := range want {
			want[i] = 1 + s.intn(k)
		}
		c = &match3.Case{Rows: rows, Cols: cols, Colours: k}
		for _, v := range RunFreeColours(r, rows, cols, k, want) {
			c.Board = append(c.Board, match3.Piece{Colour: v})
		}
		sb := s.next()
		specials := int(sb) % 4
		if sb == explicit {
			specials = int(s.next())
		}
		for range specials {
			i := s.intn(len(c.Board))
			c.Board[i].Special = match3.Special(1 + s.intn(int(match3.Colour)))
		}
	}

	g := reference.NewMatch3(c)
	for s.more() && len(c.Ops) < DecodeMaxOps {
		var op match3.Swap
		grid := g.Grid()
		switch kind := s.next(); {
		case kind < aimed:
			swaps := grid.ValidSwaps()
			if len(swaps) == 0 {
				return c
			}
			op = swaps[int(kind)%len(swaps)].Swap
			if r.IntN(2) == 1 {
				op.A, op.B = op.B, op.A
			}
		case kind < raw:
			var ok bool
			if op, ok = InvalidSwap(r, grid, OpKind(1+int(kind-aimed)%invalidKinds)); !ok {
				op, _ = InvalidSwap(r, grid, OpSameCell)
			}
		default:
			op = match3.Swap{A: cellOf(&s, rows, cols), B: cellOf(&s, rows, cols)}
		}
		g.Apply(op)
		c.Ops = append(c.Ops, op)
	}
	return c
}

// invalidKinds is the number of casegen's invalid kinds, OpSameCell to
// OpNoRun.
const invalidKinds = int(OpNoRun)

// cellOf decodes bytes x and y into a cell of a rows x cols board.
func cellOf(s *stream, rows, cols int) match3.Cell {
	return match3.Cell{X: 1 + s.intn(rows), Y: 1 + s.intn(cols)}
}

// EncodeMatch3 returns bytes that DecodeMatch3 turns back into c: an
// explicit board and every operation raw. It returns false when c is
// invalid or outside the decoder's limits (sides up to 12, k up to 256,
// 40 operations). The seed corpus is written with it.
func EncodeMatch3(c *match3.Case) ([]byte, bool) {
	if c.Validate() != nil || c.Rows > DecodeMaxSide || c.Cols > DecodeMaxSide || c.Colours > 256 || len(c.Ops) > DecodeMaxOps {
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
