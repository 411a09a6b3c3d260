package samegame

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cascade/input"
)

// Parse reads a case in the statement's format. Errors are *input.Error
// and name the line and what is wrong there.
func Parse(r io.Reader) (*Case, error) {
	s := input.NewScanner(r)
	s.Commas = true
	n, err := header(s, "box side N")
	if err != nil {
		return nil, err
	}
	if n < 1 {
		return nil, input.Errorf(s.Line(), "box side N = %d, want at least 1", n)
	}
	// Grow the board row by row: a header claiming a huge box with little
	// data behind it fails on the missing rows, not on allocation.
	c := &Case{N: n, Board: make([]uint8, 0, input.Cap(n*n))}
	if n > 1<<31/n {
		c.Board = make([]uint8, 0, input.Cap(-1))
	}
	for row := range n {
		l, ok := s.ReadLine()
		if !ok {
			return nil, input.Errorf(s.Line()+1, "missing row %d of %d: %v", row+1, n, input.ErrEOF)
		}
		l = bytes.TrimRight(l, " \t")
		if len(l) != n {
			return nil, input.Errorf(s.Line(), "row has %d characters, want %d", len(l), n)
		}
		for i, ch := range l {
			if ch < '1' || ch > '9' {
				return nil, input.Errorf(s.Line(), "column %d: %q is not a colour 1-9", i, ch)
			}
			c.Board = append(c.Board, ch-'0')
		}
	}
	k, err := header(s, "number of moves K")
	if err != nil {
		return nil, err
	}
	if k < 0 {
		return nil, input.Errorf(s.Line(), "number of moves K = %d, want at least 0", k)
	}
	c.Moves = make([]Move, 0, input.Cap(k))
	for i := range k {
		x, err := coord(s, i, k, n, "X")
		if err != nil {
			return nil, err
		}
		y, err := coord(s, i, k, n, "Y")
		if err != nil {
			return nil, err
		}
		c.Moves = append(c.Moves, Move{X: x, Y: y})
	}
	if tok, ok := s.Token(); ok {
		return nil, input.Errorf(s.Line(), "more than K = %d pairs: unexpected %q", k, tok)
	}
	return c, s.End()
}

// header reads a line holding one integer.
func header(s *input.Scanner, what string) (int, error) {
	l, ok := s.ReadLine()
	if !ok {
		return 0, input.Errorf(s.Line()+1, "missing %s: %v", what, input.ErrEOF)
	}
	f := strings.Fields(string(l))
	if len(f) != 1 {
		return 0, input.Errorf(s.Line(), "%s: want one integer, got %q", what, l)
	}
	v, err := strconv.Atoi(f[0])
	if err != nil {
		return 0, input.Errorf(s.Line(), "%s %q is not an integer", what, f[0])
	}
	return v, nil
}

func coord(s *input.Scanner, i, k, n int, axis string) (int, error) {
	v, err := s.Int(fmt.Sprintf("%s of pair %d of %d", axis, i+1, k))
	if err != nil {
		return 0, err
	}
	if v < 0 || v >= n {
		return 0, input.Errorf(s.Line(), "pair %d: %s = %d outside 0..%d", i+1, axis, v, n-1)
	}
	return v, nil
}

// Format writes c in the statement's format; Parse(Format(c)) equals c.
func Format(w io.Writer, c *Case) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%d\n", c.N)
	row := make([]byte, c.N+1)
	row[c.N] = '\n'
	for r := range c.N {
		for i, v := range c.Board[r*c.N : (r+1)*c.N] {
			row[i] = '0' + v
		}
		bw.Write(row)
	}
	fmt.Fprintf(bw, "%d\n", len(c.Moves))
	for i, m := range c.Moves {
		if i > 0 {
			bw.WriteString(", ")
		}
		fmt.Fprintf(bw, "%d %d", m.X, m.Y)
	}
	if len(c.Moves) > 0 {
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// String returns c in the statement's format.
func (c *Case) String() string {
	var b strings.Builder
	Format(&b, c)
	return b.String()
}
