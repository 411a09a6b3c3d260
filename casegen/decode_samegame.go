package casegen

import (
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// DecodeSameGame turns the fuzzer's bytes into a SameGame case that
// always passes Validate. A few header bytes choose casegen's knobs and
// two seed the generator that draws the box (SameGameBox), and
// then every byte is one click:
//
//	byte       N = 1 + b%12
//	byte       below 0xF0: k = 2 + b%4 colours, and combs (casegen's
//	           Columns) when b/4%4 is 0; below 0xFF: k = 1 + (b-0xF0)%9;
//	           0xFF (explicit): the cubes follow the seed
//	2 bytes    the seed of the generator
//	explicit:  N*N bytes, the cubes top row first: colour 1 + b%9
//	byte ...   one click per byte until the input ends, at most 40:
//	  below 0xE0  aimed: cube number b%len of the box as it stands
//	              (SameGameTargets: columns left to right, each
//	              bottom up); on an empty box, the clicks end
//	  below 0xFF  an empty cell of the frame, which the generator picks;
//	              while there is none, any cell
//	  0xFF        raw: bytes X and Y, each modulo N
//
// The box as it stands is the reference's, played click by click as the
// clicks are decoded.
func DecodeSameGame(data []byte) *samegame.Case {
	s := stream{data: data}
	o := SameGameOptions{N: Exactly(1 + s.intn(DecodeMaxSide))}
	seeded := true
	switch b := s.next(); {
	case b < 0xF0:
		o.Colours = Exactly(2 + int(b)%4)
		if b/4%4 == 0 {
			o.Columns = 1
		}
	case b < explicit:
		o.Colours = Exactly(1 + int(b-0xF0)%samegame.Colours)
	default:
		seeded = false
	}
	r := s.rng()
	var c *samegame.Case
	if seeded {
		c = SameGameBox(r, o)
	} else {
		n := o.N.Min
		c = &samegame.Case{W: n, H: n, Board: make([]uint8, n*n)}
		for i := range c.Board {
			c.Board[i] = uint8(1 + s.intn(samegame.Colours))
		}
	}
	n := c.W
	g := reference.NewSameGame(c)
	for s.more() && len(c.Moves) < DecodeMaxOps {
		var m samegame.Move
		switch kind := s.next(); {
		case kind < aimedClick:
			// At most 12*12 cubes, so one byte reaches every one.
			cubes, _ := SameGameTargets(g, n, n)
			if len(cubes) == 0 {
				return c
			}
			m = cubes[int(kind)%len(cubes)]
		case kind < raw:
			if _, empty := SameGameTargets(g, n, n); len(empty) > 0 {
				m = empty[r.IntN(len(empty))]
			} else {
				m = samegame.Move{X: r.IntN(n), Y: r.IntN(n)}
			}
		default:
			m = samegame.Move{X: s.intn(n), Y: s.intn(n)}
		}
		g.Apply(m)
		c.Moves = append(c.Moves, m)
	}
	return c
}

// EncodeSameGame returns bytes that DecodeSameGame turns back into c: an
// explicit box and every click raw. It returns false when c is invalid
// or outside the decoder's limits (N up to 12, 40 clicks). The seed
// corpus is written with it.
func EncodeSameGame(c *samegame.Case) ([]byte, bool) {
	if c.Validate() != nil || !c.Square() || !c.Rules.IsDefault() || c.W > DecodeMaxSide || len(c.Moves) > DecodeMaxOps {
		return nil, false
	}
	b := []byte{byte(c.W - 1), explicit, 0, 0}
	for _, v := range c.Board {
		b = append(b, v-1)
	}
	for _, m := range c.Moves {
		b = append(b, raw, byte(m.X), byte(m.Y))
	}
	return b, true
}
