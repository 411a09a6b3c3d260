package match3

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"cascade/input"
)

// Parse reads a case in the statement's format. Errors are *input.Error
// and name the line and the value that is wrong, or a read error as the
// reader returned it; Parse stops at the first. The tool accepts any
// n, m, k >= 1 (k up to MaxK) and q >= 0; Case.InLimits says whether the
// statement's limits hold.
func Parse(r io.Reader) (*Case, error) {
	c, errs := ParseAll(r, 1)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return c, nil
}

// ParseAll reads a case like Parse but goes on after a problem wherever the
// stream still shows where the next value starts (a value that is not an
// integer or out of its range, an initial run), so that every problem can
// be reported at once. It stops after limit problems (0: no limit) and at a
// problem that hides the input's shape (a bad header, input that ends
// early, a read error). The case is nil when there is any problem.
//
// It reads the input as a stream and keeps only the case: a number is read
// up to input.MaxToken bytes, and white space not at all.
func ParseAll(r io.Reader, limit int) (*Case, []error) {
	p := parser{s: input.NewScanner(r), errs: input.Errors{Max: limit}}
	s, errs := p.s, &p.errs
	var hdr [4]int
	for i, what := range [4]string{"number of rows n", "number of columns m", "number of colours k", "number of operations q"} {
		v, err := s.Int(what)
		if err != nil {
			return nil, errs.Fatal(err)
		}
		min := 1
		if i == 3 {
			min = 0
		}
		if v < min {
			return nil, errs.Fatal(input.Errorf(s.Line(), "%s = %d, want at least %d", what, v, min))
		}
		if i == 2 && v > MaxK {
			return nil, errs.Fatal(input.Errorf(s.Line(), "%s = %d, more than the %d colours cascade supports", what, v, MaxK))
		}
		hdr[i] = v
	}
	n, m, k, q := hdr[0], hdr[1], hdr[2], hdr[3]
	if n > (1<<62)/m {
		return nil, errs.Fatal(input.Errorf(s.Line(), "board of %d x %d cells is too large", n, m))
	}
	cells := n * m
	// Capacities are bounded: a header claiming a huge board with little
	// data behind it fails on the missing data, not on allocation.
	c := &Case{Rows: n, Cols: m, Colours: k, Board: make([]Piece, 0, input.Cap(cells))}
	// x and y step along with i: a division per cell would cost as much
	// as reading the cell.
	for i, x, y := 0, 0, 0; i < cells; i++ {
		v, err := s.IntOf(func() string { return fmt.Sprintf("colour of cell (%d, %d)", x+1, y+1) })
		if err != nil || v < 1 || v > k {
			var ok bool
			if v, ok = p.problem(err, v, 1, k, func(v int) string {
				return fmt.Sprintf("colour %d of cell (%d, %d)", v, x+1, y+1)
			}); !ok {
				return nil, errs.List
			}
		}
		at := func(j int) int { return c.Board[j].Colour }
		// A run is reported once, at its third cell.
		if v > 0 && y >= 2 && at(i-1) == v && at(i-2) == v && (y < 3 || at(i-3) != v) {
			if !errs.Add(input.Errorf(s.Line(), "initial board holds a run of three: cells (%d, %d) to (%d, %d) are all colour %d", x+1, y-1, x+1, y+1, v)) {
				return nil, errs.List
			}
		}
		if v > 0 && x >= 2 && at(i-m) == v && at(i-2*m) == v && (x < 3 || at(i-3*m) != v) {
			if !errs.Add(input.Errorf(s.Line(), "initial board holds a run of three: cells (%d, %d) to (%d, %d) are all colour %d", x-1, y+1, x+1, y+1, v)) {
				return nil, errs.List
			}
		}
		if len(c.Board) == cap(c.Board) {
			// Grow fourfold, as far as the header claims: append's growth
			// by a quarter would copy a large board over and over.
			c.Board = slices.Grow(c.Board, min(3*len(c.Board), cells-len(c.Board)))
		}
		c.Board = append(c.Board, Piece{Colour: v})
		if y++; y == m {
			x, y = x+1, 0
		}
	}
	for i, x, y := 0, 0, 0; i < cells; i++ {
		v, err := s.IntOf(func() string { return fmt.Sprintf("special of cell (%d, %d)", x+1, y+1) })
		if err != nil || v < 0 || v > int(Colour) {
			var ok bool
			if v, ok = p.problem(err, v, 0, int(Colour), func(v int) string {
				return fmt.Sprintf("special %d of cell (%d, %d)", v, x+1, y+1)
			}); !ok {
				return nil, errs.List
			}
		}
		c.Board[i].Special = Special(max(v, 0))
		if y++; y == m {
			x, y = x+1, 0
		}
	}
	c.Ops = make([]Swap, 0, input.Cap(q))
	for i := range q {
		var v [4]int
		for j, what := range [4]string{"x1", "y1", "x2", "y2"} {
			hi := n
			if j%2 == 1 {
				hi = m
			}
			w, err := s.IntOf(func() string { return fmt.Sprintf("%s of operation %d of %d", what, i+1, q) })
			if err != nil || w < 1 || w > hi {
				var ok bool
				if w, ok = p.problem(err, w, 1, hi, func(v int) string {
					return fmt.Sprintf("operation %d: %s = %d", i+1, what, v)
				}); !ok {
					return nil, errs.List
				}
			}
			v[j] = w
		}
		c.Ops = append(c.Ops, Swap{Cell{v[0], v[1]}, Cell{v[2], v[3]}})
	}
	if tok, ok := s.Token(); ok {
		errs.Add(input.Errorf(s.Line(), "extra token %s: the header announces q = %d operations", s.Quote(tok), q))
	} else if err := s.Err(); err != nil {
		errs.Add(err)
	}
	if len(errs.List) > 0 {
		return nil, errs.List
	}
	return c, nil
}

// parser is the state of ParseAll that its values share.
type parser struct {
	s    *input.Scanner
	errs input.Errors
}

// problem records why a value read as v, with err, is not one in lo..hi;
// outside describes v out of range. ok is false when parsing must stop. A
// value that is wrong but present reads as lo-1.
//
// ParseAll checks each value itself and calls problem only when it is
// wrong: one call less per cell is a sixth of the time to read a large
// board, and the names of values are built only here, from closures,
// since building them for each of a million cells would cost more than
// reading the cells.
func (p *parser) problem(err error, v, lo, hi int, outside func(v int) string) (int, bool) {
	switch {
	case err != nil && input.Stops(err):
		p.errs.Fatal(err)
		return 0, false
	case err != nil:
		return lo - 1, p.errs.Add(err)
	}
	return lo - 1, p.errs.Add(input.Errorf(p.s.Line(), "%s outside %d..%d", outside(v), lo, hi))
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
