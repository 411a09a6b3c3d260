package match3

import (
	"bytes"
	"testing"
)

// benchCase is the size of the largest case the reader is timed on: a
// 1000 x 1000 board of 5 colours with 100,000 operations, about 5.5 MB of
// text. Colours step by 2 along a row and by 1 down a column, so no three
// in a line match and the board starts without a run.
func benchCase() *Case {
	const n, m, k, q = 1000, 1000, 5, 100000
	c := &Case{Rows: n, Cols: m, Colours: k, Board: make([]Piece, n*m), Ops: make([]Swap, q)}
	for i := range c.Board {
		x, y := i/m, i%m
		c.Board[i] = Piece{Colour: 1 + (x+2*y)%k, Special: Special(i % 97 % 7)}
	}
	for i := range c.Ops {
		x, y := 1+i*7%n, 1+i*13%(m-1)
		c.Ops[i] = Swap{Cell{x, y}, Cell{x, y + 1}}
	}
	return c
}

// BenchmarkParse measures the reader on benchCase; MB/s is input read.
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
