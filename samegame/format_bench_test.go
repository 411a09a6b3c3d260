package samegame

import (
	"bytes"
	"testing"
)

// benchCase is a 2000 x 2000 box with 100,000 clicks, about 5 MB of text,
// near the size of the match-3 case of match3.BenchmarkParse.
func benchCase() *Case {
	const n, k = 2000, 100000
	c := &Case{W: n, H: n, Board: make([]uint8, n*n), Moves: make([]Move, k)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + i*7%31%Colours)
	}
	for i := range c.Moves {
		c.Moves[i] = Move{X: i * 7 % n, Y: i * 13 % n}
	}
	return c
}

// BenchmarkParse measures the reader; MB/s is input read.
func BenchmarkParse(b *testing.B) {
	text := []byte(benchCase().String())
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(text)); err != nil {
			b.Fatal(err)
		}
	}
}
