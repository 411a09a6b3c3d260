package samegame

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cascade/input"
)

// Parse reads a case in the statement's format. Errors are *input.Error
// and name the line and what is wrong there; Parse stops at the first.
func Parse(r io.Reader) (*Case, error) {
	c, errs := ParseAll(r, 1)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return c, nil
}

// ParseAll reads a case like Parse but goes on after a problem wherever the
// input still shows where the next value starts (a row of the wrong length
// or with a character that is not a colour, a coordinate off the box or not
// a number), so that every problem can be reported at once. It stops after
// limit problems (0: no limit) and at a problem that hides the input's shape
// (a bad header, input that ends early). The case is nil when there is any
// problem.
func ParseAll(r io.Reader, limit int) (*Case, []error) {
	errs := input.Errors{Max: limit}
	s := input.NewScanner(r)
	s.Commas = true
	n, err := header(s, "box side N")
	if err != nil {
		return nil, errs.Fatal(err)
	}
	if n < 1 {
		return nil, errs.Fatal(input.Errorf(s.Line(), "box side N = %d, want at least 1", n))
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
			return nil, errs.Fatal(input.Errorf(s.Line()+1, "missing row %d of %d: %v", row+1, n, input.ErrEOF))
		}
		l = bytes.TrimRight(l, " \t")
		if len(l) != n {
			if !errs.Add(input.Errorf(s.Line(), "row has %d characters, want %d", len(l), n)) {
				return nil, errs.List
			}
			continue
		}
		for i, ch := range l {
			if ch < '1' || ch > '9' {
				if !errs.Add(input.Errorf(s.Line(), "column %d: %q is not a colour 1-9", i, ch)) {
					return nil, errs.List
				}
			}
			c.Board = append(c.Board, ch-'0')
		}
	}
	k, err := header(s, "number of moves K")
	if err != nil {
		return nil, errs.Fatal(err)
	}
	if k < 0 {
		return nil, errs.Fatal(input.Errorf(s.Line(), "number of moves K = %d, want at least 0", k))
	}
	c.Moves = make([]Move, 0, input.Cap(k))
	for i := range k {
		var m [2]int
		for j, axis := range [2]string{"X", "Y"} {
			v, err := coord(s, i, k, n, axis)
			if errors.Is(err, input.ErrEOF) {
				return nil, errs.Fatal(err)
			}
			if err != nil && !errs.Add(err) {
				return nil, errs.List
			}
			m[j] = v
		}
		c.Moves = append(c.Moves, Move{X: m[0], Y: m[1]})
	}
	if tok, ok := s.Token(); ok {
		errs.Add(input.Errorf(s.Line(), "more than K = %d pairs: unexpected %q", k, tok))
	} else if err := s.End(); err != nil {
		errs.Add(err)
	}
	if len(errs.List) > 0 {
		return nil, errs.List
	}
	return c, nil
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
