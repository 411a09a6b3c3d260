package fuzz

import (
	"cascade/reference"
	"cascade/samegame"
)

// decodeSameGame turns the fuzzer's bytes into a SameGame case that
// always passes Validate:
//
//	byte       N = 1 + b%12
//	byte       colours k = 1 + b%9
//	N*N bytes  the cubes, top row first: colour 1 + b%k
//	byte       K = b%41 clicks, each
//	  byte     kind: below 0xC0 an aimed click, else a raw one
//	  aimed:   one byte picks a cube of the box as it stands (columns
//	           left to right, each bottom up); on an empty box, raw
//	  raw:     bytes X and Y, each modulo N; the cell may be empty
//
// The box as it stands is the reference's, played click by click as the
// clicks are decoded.
func decodeSameGame(data []byte) *samegame.Case {
	s := stream{data: data}
	n := 1 + s.intn(maxSide)
	k := 1 + s.intn(samegame.Colours)
	c := &samegame.Case{N: n, Board: make([]uint8, n*n)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + s.intn(k))
	}
	clicks := s.intn(maxOps + 1)
	c.Moves = make([]samegame.Move, 0, clicks)
	g := reference.NewSameGame(c)
	var cubes []samegame.Move
	for range clicks {
		var m samegame.Move
		aim := s.next() < aimed
		if aim {
			// At most 12*12 cubes, so one byte reaches every one.
			cubes = standing(g, n, cubes[:0])
			if len(cubes) > 0 {
				m = cubes[s.intn(len(cubes))]
			} else {
				aim = false
			}
		}
		if !aim {
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

// encodeSameGame returns bytes that decodeSameGame turns back into c, with
// every click raw; false when c is invalid or outside the decoder's
// limits. The seed corpus is written with it.
func encodeSameGame(c *samegame.Case) ([]byte, bool) {
	if c.Validate() != nil || c.N > maxSide || len(c.Moves) > maxOps {
		return nil, false
	}
	k := uint8(1)
	for _, v := range c.Board {
		k = max(k, v)
	}
	b := []byte{byte(c.N - 1), k - 1}
	for _, v := range c.Board {
		b = append(b, v-1)
	}
	b = append(b, byte(len(c.Moves)))
	for _, m := range c.Moves {
		b = append(b, raw, byte(m.X), byte(m.Y))
	}
	return b, true
}
