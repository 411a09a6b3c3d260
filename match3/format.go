package match3

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/expr"
	"github.com/cascade-harness/cascade/input"
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
	rules, ok := p.rules()
	if !ok {
		return nil, p.errs.List
	}
	p.runs = rules.Effective().Start != StartReject
	c := p.header()
	if c == nil {
		return nil, p.errs.List
	}
	c.Rules = rules
	if rules.Effective().Swaps == SwapsNone && p.q > 0 {
		p.errs.Fatal(input.Errorf(p.headerLine, "number of operations q = %d, but rule set %s takes no swaps (swaps=none): want 0", p.q, rules.Effective().Name))
		return nil, p.errs.List
	}
	if !p.colours(c) || !p.specials(c) || rules.Refill == RefillQueue && !p.queues(c) || !p.ops(c) {
		return nil, p.errs.List
	}
	s := p.s
	if tok, ok := s.Token(); ok {
		p.errs.Add(input.Errorf(s.Line(), "extra token %s: the header announces q = %d operations", s.Quote(tok), p.q))
	} else if err := s.Err(); err != nil {
		p.errs.Add(err)
	}
	if len(p.errs.List) > 0 {
		return nil, p.errs.List
	}
	return c, nil
}

// parser is the state of ParseAll that its sections share.
//
// The sections read the values in chunks with Scanner.Ints, which reads
// what inputs are made of in one loop. A value it leaves (one that is not
// a plain number, or that straddles a read), and one that is out of range
// or ends a run, which a section puts back with Unread, are read again
// with IntOf and go through the general path, which reports them on their
// line. A chunk is small, and each section a function of its own, so
// that reading a case never grows the goroutine's first stack: a growth
// costs a fresh process more than reading a 50x50 board.
type parser struct {
	s    *input.Scanner
	errs input.Errors
	// q is the number of operations the header announces.
	q int
	// runs is set when the rule set lets the start board hold runs.
	runs bool
	// headerLine is the line of q.
	headerLine int
}

// rulesMax is the longest rules line Parse reads, its line end aside:
// "rules " and the text form of a rule set with every setting at its
// longest, so that whatever ParseRules accepts Format writes in a line
// Parse reads back.
const rulesMax = len("rules custom") + len(" refill=queue clear=lowest start=reject swaps=none invalid=bonus") +
	len(" points=") + expr.Max + len(" per=colour specials=effects nomove=play moves=1073741824") +
	len(" allvalid=-4611686018427387904 cleared=-4611686018427387904 answer=total") +
	len(" size=4096x1 colours=100")

// rules reads the optional rules line: a first line whose first token is
// "rules". Without one, the scanner is set to read the input from its
// start. false: parsing stops.
func (p *parser) rules() (Rules, bool) {
	var v [1]int
	if p.s.Ints(v[:]) == 1 {
		p.s.Unread(0)
		return Rules{}, true
	}
	tok, ok := p.s.Token()
	if !ok || p.s.Cut() || string(tok) != "rules" {
		// Not a rules line: the header reads the token again and says
		// what is wrong with it.
		if ok {
			p.s = input.NewScanner(p.s.Replay(bytes.Clone(tok)))
		} else if err := p.s.Err(); err != nil {
			p.errs.Fatal(err)
			return Rules{}, false
		}
		return Rules{}, true
	}
	line := p.s.Line()
	var buf [rulesMax]byte
	l, long, _ := p.s.ReadLine(buf[:0], rulesMax)
	if long {
		p.errs.Fatal(input.Errorf(line, "rules line longer than %d bytes", rulesMax))
		return Rules{}, false
	}
	if err := p.s.Err(); err != nil {
		p.errs.Fatal(err)
		return Rules{}, false
	}
	rules, err := ParseRules(string(l))
	if err != nil {
		p.errs.Fatal(input.Errorf(line, "%v", err))
		return Rules{}, false
	}
	if rules.IsThupc() {
		// As a case without a rules line, which Format writes for it.
		rules = Rules{}
	}
	return rules, true
}

// chunk is the number of values a section reads at once.
const chunk = 32

// header reads n m k q and returns the case to fill, with room for its
// board; nil when the header is wrong, which ends parsing.
func (p *parser) header() *Case {
	s, errs := p.s, &p.errs
	var hdr [4]int
	for i, what := range [4]string{"number of rows n", "number of columns m", "number of colours k", "number of operations q"} {
		v, err := s.Int(what)
		if err != nil {
			errs.Fatal(err)
			return nil
		}
		min := 1
		if i == 3 {
			min = 0
		}
		if v < min {
			errs.Fatal(input.Errorf(s.Line(), "%s = %d, want at least %d", what, v, min))
			return nil
		}
		if i == 2 && v > MaxK {
			errs.Fatal(input.Errorf(s.Line(), "%s = %d, more than the %d colours cascade supports", what, v, MaxK))
			return nil
		}
		hdr[i] = v
	}
	n, m, k := hdr[0], hdr[1], hdr[2]
	if n > (1<<62)/m {
		errs.Fatal(input.Errorf(s.Line(), "board of %d x %d cells is too large", n, m))
		return nil
	}
	p.q, p.headerLine = hdr[3], s.Line()
	// Capacities are bounded: a header claiming a huge board with little
	// data behind it fails on the missing data, not on allocation.
	return &Case{Rows: n, Cols: m, Colours: k, Board: make([]Piece, 0, input.Cap(n*m))}
}

// colours reads the colours of the board; false: parsing stops. x and y
// step along with i: a division per cell would cost as much as reading
// the cell.
func (p *parser) colours(c *Case) bool {
	s, cells, m, k := p.s, c.Rows*c.Cols, c.Cols, c.Colours
	var vs [chunk]int
	for i, x, y := 0, 0, 0; i < cells; {
		n := s.Ints(vs[:min(chunk, cells-i)])
		slow := n == 0
		for t, v := range vs[:n] {
			b := c.Board
			if v < 1 || v > k || len(b) == cap(b) ||
				!p.runs && (y >= 2 && b[i-1].Colour == v && b[i-2].Colour == v ||
					x >= 2 && b[i-m].Colour == v && b[i-2*m].Colour == v) {
				s.Unread(t)
				slow = true
				break
			}
			c.Board = append(b, Piece{Colour: v})
			if y++; y == m {
				x, y = x+1, 0
			}
			i++
		}
		if slow {
			if !p.colour(c, x, y) {
				return false
			}
			if y++; y == m {
				x, y = x+1, 0
			}
			i++
		}
	}
	return true
}

// colour reads the colour of cell (x+1, y+1), the next of c.Board, and
// reports what is wrong with it: a value that is not a colour, the end
// of a run of three. false: parsing stops.
func (p *parser) colour(c *Case, x, y int) bool {
	s, errs, m, i := p.s, &p.errs, c.Cols, len(c.Board)
	v, err := s.IntOf(func() string { return fmt.Sprintf("colour of cell (%d, %d)", x+1, y+1) })
	if err != nil || v < 1 || v > c.Colours {
		var ok bool
		if v, ok = p.problem(err, v, 1, c.Colours, func(v int) string {
			return fmt.Sprintf("colour %d of cell (%d, %d)", v, x+1, y+1)
		}); !ok {
			return false
		}
	}
	at := func(j int) int { return c.Board[j].Colour }
	// A run is reported once, at its third cell.
	if !p.runs && v > 0 && y >= 2 && at(i-1) == v && at(i-2) == v && (y < 3 || at(i-3) != v) {
		if !errs.Add(input.Errorf(s.Line(), "initial board holds a run of three: cells (%d, %d) to (%d, %d) are all colour %d", x+1, y-1, x+1, y+1, v)) {
			return false
		}
	}
	if !p.runs && v > 0 && x >= 2 && at(i-m) == v && at(i-2*m) == v && (x < 3 || at(i-3*m) != v) {
		if !errs.Add(input.Errorf(s.Line(), "initial board holds a run of three: cells (%d, %d) to (%d, %d) are all colour %d", x-1, y+1, x+1, y+1, v)) {
			return false
		}
	}
	if len(c.Board) == cap(c.Board) {
		// Grow fourfold, as far as the header claims: append's growth by
		// a quarter would copy a large board over and over.
		c.Board = slices.Grow(c.Board, min(3*len(c.Board), c.Rows*c.Cols-len(c.Board)))
	}
	c.Board = append(c.Board, Piece{Colour: v})
	return true
}

// specials reads the specials of the board; false: parsing stops.
func (p *parser) specials(c *Case) bool {
	s, cells, m := p.s, len(c.Board), c.Cols
	var vs [chunk]int
	for i, x, y := 0, 0, 0; i < cells; {
		n := s.Ints(vs[:min(chunk, cells-i)])
		slow := n == 0
		for t, v := range vs[:n] {
			if v > int(Colour) {
				s.Unread(t)
				slow = true
				break
			}
			c.Board[i].Special = Special(v)
			if y++; y == m {
				x, y = x+1, 0
			}
			i++
		}
		if slow {
			v, err := s.IntOf(func() string { return fmt.Sprintf("special of cell (%d, %d)", x+1, y+1) })
			if err != nil || v < 0 || v > int(Colour) {
				var ok bool
				if v, ok = p.problem(err, v, 0, int(Colour), func(v int) string {
					return fmt.Sprintf("special %d of cell (%d, %d)", v, x+1, y+1)
				}); !ok {
					return false
				}
			}
			c.Board[i].Special = Special(max(v, 0))
			if y++; y == m {
				x, y = x+1, 0
			}
			i++
		}
	}
	return true
}

// queues reads the queues of refill=queue, after the specials: for each
// column, its length L and L colours, then for each column its L
// specials. false: parsing stops.
func (p *parser) queues(c *Case) bool {
	s := p.s
	c.Queues = make([][]Piece, 0, input.Cap(c.Cols))
	for y := 1; y <= c.Cols; y++ {
		n, err := s.IntOf(func() string { return fmt.Sprintf("length of the queue of column %d", y) })
		if err != nil {
			p.errs.Fatal(err)
			return false
		}
		if n < 0 {
			p.errs.Fatal(input.Errorf(s.Line(), "queue of column %d: length %d, want at least 0", y, n))
			return false
		}
		q := make([]Piece, 0, input.Cap(n))
		for i := 1; i <= n; i++ {
			v, err := s.IntOf(func() string { return fmt.Sprintf("colour of piece %d of the queue of column %d", i, y) })
			if err != nil || v < 1 || v > c.Colours {
				var ok bool
				if v, ok = p.problem(err, v, 1, c.Colours, func(v int) string {
					return fmt.Sprintf("queue of column %d: colour %d of piece %d", y, v, i)
				}); !ok {
					return false
				}
			}
			q = append(q, Piece{Colour: v})
		}
		c.Queues = append(c.Queues, q)
	}
	for y, q := range c.Queues {
		for i := range q {
			v, err := s.IntOf(func() string { return fmt.Sprintf("special of piece %d of the queue of column %d", i+1, y+1) })
			if err != nil || v < 0 || v > int(Colour) {
				var ok bool
				if v, ok = p.problem(err, v, 0, int(Colour), func(v int) string {
					return fmt.Sprintf("queue of column %d: special %d of piece %d", y+1, v, i+1)
				}); !ok {
					return false
				}
			}
			q[i].Special = Special(max(v, 0))
		}
	}
	return true
}

// ops reads the q operations; false: parsing stops.
func (p *parser) ops(c *Case) bool {
	s, q := p.s, p.q
	c.Ops = make([]Swap, 0, input.Cap(q))
	// op holds the values of operation len(c.Ops)+1 read so far, j of
	// them; x1 and x2 are rows, in 1..n, y1 and y2 columns, in 1..m.
	var op [4]int
	j, hi := 0, [4]int{c.Rows, c.Cols, c.Rows, c.Cols}
	var vs [chunk]int
	for len(c.Ops) < q {
		// The values left, counted without 4*q, which a header may
		// overflow.
		left := chunk
		if ops := q - len(c.Ops); ops < chunk {
			left = min(chunk, 4*ops-j)
		}
		n := s.Ints(vs[:left])
		slow := n == 0
		for t, w := range vs[:n] {
			if w < 1 || w > hi[j] {
				s.Unread(t)
				slow = true
				break
			}
			op[j] = w
			if j++; j == 4 {
				c.Ops = append(c.Ops, Swap{Cell{op[0], op[1]}, Cell{op[2], op[3]}})
				j = 0
			}
		}
		if slow {
			w, ok := p.coordinate(len(c.Ops)+1, j, hi[j])
			if !ok {
				return false
			}
			op[j] = w
			if j++; j == 4 {
				c.Ops = append(c.Ops, Swap{Cell{op[0], op[1]}, Cell{op[2], op[3]}})
				j = 0
			}
		}
	}
	return true
}

// coordinate reads value j (x1, y1, x2, y2) of operation i, which lies in
// 1..hi, and reports what is wrong with it; false: parsing stops.
func (p *parser) coordinate(i, j, hi int) (int, bool) {
	what := [4]string{"x1", "y1", "x2", "y2"}[j]
	w, err := p.s.IntOf(func() string { return fmt.Sprintf("%s of operation %d of %d", what, i, p.q) })
	if err != nil || w < 1 || w > hi {
		return p.problem(err, w, 1, hi, func(v int) string {
			return fmt.Sprintf("operation %d: %s = %d", i, what, v)
		})
	}
	return w, true
}

// problem records why a value read as v, with err, is not one in lo..hi;
// outside describes v out of range. ok is false when parsing must stop. A
// value that is wrong but present reads as lo-1.
//
// The sections check each value themselves and call problem only when it
// is wrong, and the names of values are built only here, from closures,
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

// Format writes c in the statement's format, with a rules line first
// when c's rules are not thupc and the queues after the specials under
// refill=queue; Parse(Format(c)) equals c.
func Format(w io.Writer, c *Case) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(RulesLine(c.Rules))
	// Numbers are appended to buf and written, not printed with fmt: a
	// check formats every case it generates.
	buf := make([]byte, 0, 64)
	four := func(a, b, c, d int) {
		buf = strconv.AppendInt(buf[:0], int64(a), 10)
		for _, v := range [3]int{b, c, d} {
			buf = strconv.AppendInt(append(buf, ' '), int64(v), 10)
		}
		bw.Write(append(buf, '\n'))
	}
	four(c.Rows, c.Cols, c.Colours, len(c.Ops))
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
	if c.Rules.Effective().Refill == RefillQueue {
		queue := func(q []Piece, length bool, v func(Piece) int) {
			buf = buf[:0]
			if length {
				buf = strconv.AppendInt(buf, int64(len(q)), 10)
			}
			for _, p := range q {
				if len(buf) > 0 {
					buf = append(buf, ' ')
				}
				buf = strconv.AppendInt(buf, int64(v(p)), 10)
			}
			buf = append(buf, '\n')
			bw.Write(buf)
		}
		for _, q := range c.Queues {
			queue(q, true, func(p Piece) int { return p.Colour })
		}
		for _, q := range c.Queues {
			queue(q, false, func(p Piece) int { return int(p.Special) })
		}
	}
	for _, op := range c.Ops {
		four(op.A.X, op.A.Y, op.B.X, op.B.Y)
	}
	return bw.Flush()
}

// String returns c in the statement's format.
func (c *Case) String() string {
	var b strings.Builder
	Format(&b, c)
	return b.String()
}
