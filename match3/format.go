package match3

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cascade/input"
)

// Parse reads a case in the statement's format. Errors are *input.Error
// and name the line and the value that is wrong. The tool accepts any
// n, m, k >= 1 and q >= 0; Case.InLimits says whether the statement's
// limits hold.
func Parse(r io.Reader) (*Case, error) {
	s := input.NewScanner(r)
	var hdr [4]int
	for i, what := range [4]string{"number of rows n", "number of columns m", "number of colours k", "number of operations q"} {
		v, err := s.Int(what)
		if err != nil {
			return nil, err
		}
		min := 1
		if i == 3 {
			min = 0
		}
		if v < min {
			return nil, input.Errorf(s.Line(), "%s = %d, want at least %d", what, v, min)
		}
		if i == 2 && v > MaxK {
			return nil, input.Errorf(s.Line(), "%s = %d, more than the %d colours cascade supports", what, v, MaxK)
		}
		hdr[i] = v
	}
	n, m, k, q := hdr[0], hdr[1], hdr[2], hdr[3]
	cells := n * m
	if n > (1<<62)/m {
		return nil, input.Errorf(s.Line(), "board of %d x %d cells is too large", n, m)
	}
	// Capacities are bounded: a header claiming a huge board with little
	// data behind it fails on the missing data, not on allocation.
	c := &Case{Rows: n, Cols: m, Colours: k, Board: make([]Piece, 0, input.Cap(cells))}
	for i := range cells {
		x, y := i/m, i%m
		v, err := s.Int(fmt.Sprintf("colour of cell (%d, %d)", x+1, y+1))
		if err != nil {
			return nil, err
		}
		if v < 1 || v > k {
			return nil, input.Errorf(s.Line(), "colour %d of cell (%d, %d) outside 1..%d", v, x+1, y+1, k)
		}
		if y >= 2 && c.Board[i-1].Colour == v && c.Board[i-2].Colour == v {
			return nil, input.Errorf(s.Line(), "initial board holds a run of three: cells (%d, %d) to (%d, %d) are all colour %d", x+1, y-1, x+1, y+1, v)
		}
		if x >= 2 && c.Board[i-m].Colour == v && c.Board[i-2*m].Colour == v {
			return nil, input.Errorf(s.Line(), "initial board holds a run of three: cells (%d, %d) to (%d, %d) are all colour %d", x-1, y+1, x+1, y+1, v)
		}
		c.Board = append(c.Board, Piece{Colour: v})
	}
	for i := range cells {
		v, err := s.Int(fmt.Sprintf("special of cell (%d, %d)", i/m+1, i%m+1))
		if err != nil {
			return nil, err
		}
		if v < 0 || v > int(Colour) {
			return nil, input.Errorf(s.Line(), "special %d of cell (%d, %d) outside 0..6", v, i/m+1, i%m+1)
		}
		c.Board[i].Special = Special(v)
	}
	c.Ops = make([]Swap, 0, input.Cap(q))
	for i := range q {
		var v [4]int
		for j, what := range [4]string{"x1", "y1", "x2", "y2"} {
			var err error
			if v[j], err = s.Int(fmt.Sprintf("%s of operation %d of %d", what, i+1, q)); err != nil {
				return nil, err
			}
			hi := n
			if j%2 == 1 {
				hi = m
			}
			if v[j] < 1 || v[j] > hi {
				return nil, input.Errorf(s.Line(), "operation %d: %s = %d outside 1..%d", i+1, what, v[j], hi)
			}
		}
		c.Ops = append(c.Ops, Swap{Cell{v[0], v[1]}, Cell{v[2], v[3]}})
	}
	if tok, ok := s.Token(); ok {
		return nil, input.Errorf(s.Line(), "extra token %q: the header announces q = %d operations", tok, q)
	}
	return c, s.End()
}

// Format writes c in the statement's format; Parse(Format(c)) equals c.
func Format(w io.Writer, c *Case) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d %d %d %d\n", c.Rows, c.Cols, c.Colours, len(c.Ops))
	var buf []byte
	row := func(v func(Piece) int) {
		for x := range c.Rows {
			buf = buf[:0]
			for y, p := range c.Board[x*c.Cols : (x+1)*c.Cols] {
				if y > 0 {
					buf = append(buf, ' ')
				}
				buf = strconv.AppendInt(buf, int64(v(p)), 10)
			}
			buf = append(buf, '\n')
			bw.Write(buf)
		}
	}
	row(func(p Piece) int { return p.Colour })
	row(func(p Piece) int { return int(p.Special) })
	for _, op := range c.Ops {
		fmt.Fprintf(bw, "%d %d %d %d\n", op.A.X, op.A.Y, op.B.X, op.B.Y)
	}
	return bw.Flush()
}

// String returns c in the statement's format.
func (c *Case) String() string {
	var b strings.Builder
	Format(&b, c)
	return b.String()
}
