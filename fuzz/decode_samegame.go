package fuzz

import (
	"cascade/reference"
	"cascade/samegame"
)

// decodeSameGame turns the fuzzer's bytes into a SameGame case that
// always passes Validate. A few header bytes shape the box, two seed a
// generator that fills it, and then every byte is one click:
//
//	byte       N = 1 + b%12
//	byte       colours: below 0xF0 k = 2 + b%4; below 0xFF k = 1 + (b-0xF0)%9;
//	           0xFF (explicit) the cubes follow the seed
//	2 bytes    the seed of the generator
//	explicit:  N*N bytes, the cubes top row first: colour 1 + b%9
//	           (otherwise the generator draws them, 1..k)
//	byte ...   one click per byte until the input ends, at most 40:
//	  below 0xE0  aimed: cube number b%len of the box as it stands
//	              (columns left to right, each bottom up); on an empty
//	              box, the clicks end
//	  below 0xFF  an empty cell of the frame, which the generator picks;
//	              while there is none, any cell
//	  0xFF        raw: bytes X and Y, each modulo N
//
// The box as it stands is the reference's, played click by click as the
// clicks are decoded.
func decodeSameGame(data []byte) *samegame.Case {
	s := stream{data: data}
	n := 1 + s.intn(maxSide)
	var k int
	seeded := true
	switch b := s.next(); {
	case b < 0xF0:
		k = 2 + int(b)%4
	case b < explicit:
		k = 1 + int(b-0xF0)%samegame.Colours
	default:
		seeded = false
	}
	r := s.rng()
	c := &samegame.Case{N: n, Board: make([]uint8, n*n)}
	for i := range c.Board {
		if seeded {
			c.Board[i] = uint8(1 + r.IntN(k))
		} else {
			c.Board[i] = uint8(1 + s.intn(samegame.Colours))
		}
	}
	g := reference.NewSameGame(c)
	var cells []samegame.Move
	for s.more() && len(c.Moves) < maxOps {
		var m samegame.Move
		switch kind := s.next(); {
		case kind < aimedClick:
			// At most 12*12 cubes, so one byte reaches every one.
			if cells = standing(g, n, cells[:0]); len(cells) == 0 {
				return c
			}
			m = cells[int(kind)%len(cells)]
		case kind < raw:
			if cells = holes(g, n, cells[:0]); len(cells) > 0 {
				m = cells[r.IntN(len(cells))]
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

// standing appends to cubes a click on every cube of g's box, columns
// left to right, each bottom up.
func standing(g *reference.SameGame, n int, cubes []samegame.Move) []samegame.Move {
	for x := range n {
		if g.At(x, 0) == 0 {
			// Columns close to the left: the first empty one ends the box.
			break
		}
		for y := 0; y < n && g.At(x, y) != 0; y++ {
			cubes = append(cubes, samegame.Move{X: x, Y: y})
		}
	}
	return cubes
}

// holes appends to cells a click on every empty cell of g's N x N frame.
func holes(g *reference.SameGame, n int, cells []samegame.Move) []samegame.Move {
	for x := range n {
		for y := range n {
			if g.At(x, y) == 0 {
				cells = append(cells, samegame.Move{X: x, Y: y})
			}
		}
	}
	return cells
}

// encodeSameGame returns bytes that decodeSameGame turns back into c: an
// explicit box and every click raw. It returns false when c is invalid
// or outside the decoder's limits (N up to 12, 40 clicks). The seed
// corpus is written with it.
func encodeSameGame(c *samegame.Case) ([]byte, bool) {
	if c.Validate() != nil || c.N > maxSide || len(c.Moves) > maxOps {
		return nil, false
	}
	b := []byte{byte(c.N - 1), explicit, 0, 0}
	for _, v := range c.Board {
		b = append(b, v-1)
	}
	for _, m := range c.Moves {
		b = append(b, raw, byte(m.X), byte(m.Y))
	}
	return b, true
}
