package samegame

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/input"
)

// Parse reads a case in the statement's format. Errors are *input.Error
// and name the line and what is wrong there, or a read error as the reader
// returned it; Parse stops at the first.
func Parse(r io.Reader) (*Case, error) {
	c, errs := ParseAll(r, 1)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return c, nil
}

// headerMax is the longest header line worth reading: one integer with
// room to spare. A longer one is rejected at its (headerMax+1)th byte.
const headerMax = 64

// rowSlack is how far past N a row is read before it is rejected: enough
// to say how long a row a few characters too long is, not so much that a
// long line costs anything.
const rowSlack = 64

// ParseAll reads a case like Parse but goes on after a problem wherever the
// input still shows where the next value starts (a row of the wrong length
// or with a character that is not a colour, a coordinate off the box or not
// a number), so that every problem can be reported at once. It stops after
// limit problems (0: no limit) and at a problem that hides the input's shape
// (a bad header, input that ends early, a read error). The case is nil when
// there is any problem.
//
// It reads the input as a stream and keeps only the case: a row is read up
// to a few bytes past N, a header line up to headerMax bytes, a number up
// to input.MaxToken bytes, and blanks at the end of a line not at all.
func ParseAll(r io.Reader, limit int) (*Case, []error) {
	errs := input.Errors{Max: limit}
	s := input.NewScanner(r)
	var buf [rulesMax]byte
	rules, w, h, err := size(s, buf[:0])
	if err != nil {
		return nil, errs.Fatal(err)
	}
	n := w
	// Grow the board row by row: a header claiming a huge box with little
	// data behind it fails on the missing rows, not on allocation.
	huge := w > 1<<31/h
	c := &Case{Rules: rules, W: w, H: h, Board: make([]uint8, 0, input.Cap(-1))}
	if !huge {
		c.Board = make([]uint8, 0, input.Cap(w*h))
	}
	most := min(n, math.MaxInt-rowSlack) + rowSlack
	for row := range h {
		// The row is read straight into the board and dropped from it
		// again when it is wrong.
		start := len(c.Board)
		if cap(c.Board)-start < most {
			// Double, as far as the header claims: append's growth by a
			// quarter would copy a large board over and over.
			more := start
			if !huge {
				more = min(more, w*h-start)
			}
			c.Board = slices.Grow(c.Board, more)
		}
		board, long, ok := s.ReadLine(c.Board, most)
		if !ok {
			if err := s.Err(); err != nil {
				return nil, errs.Fatal(err)
			}
			return nil, errs.Fatal(input.Errorf(s.Line()+1, "missing row %d of %d: %v", row+1, h, input.ErrEOF))
		}
		l := board[start:]
		var bad error
		switch {
		case long:
			bad = input.Errorf(s.Line(), "row has more than %d characters, want %d", most, n)
		case len(l) != n:
			bad = input.Errorf(s.Line(), "row has %d characters, want %d", len(l), n)
		}
		if bad != nil {
			c.Board = board[:start]
			if !errs.Add(bad) {
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
			l[i] = ch - '0'
		}
		c.Board = board
	}
	k, err := header(s, "number of moves K", buf[:0])
	if err != nil {
		return nil, errs.Fatal(err)
	}
	if k < 0 {
		return nil, errs.Fatal(input.Errorf(s.Line(), "number of moves K = %d, want at least 0", k))
	}
	s.Commas = true
	c.Moves = make([]Move, 0, input.Cap(k))
	for i := range k {
		var m [2]int
		for j, axis := range [2]string{"X", "Y"} {
			v, err := coord(s, i, k, [2]int{w, h}[j], axis)
			if err != nil && input.Stops(err) {
				return nil, errs.Fatal(err)
			}
			if err != nil && !errs.Add(err) {
				return nil, errs.List
			}
			m[j] = v
		}
		if len(c.Moves) == cap(c.Moves) {
			// Double, as far as K: append's growth by a quarter made
			// some five times the moves' size of garbage on a case of
			// millions of clicks, and a last list up to a quarter
			// longer than K.
			more := make([]Move, len(c.Moves), len(c.Moves)+min(len(c.Moves), k-len(c.Moves)))
			c.Moves = more[:copy(more, c.Moves)]
		}
		c.Moves = append(c.Moves, Move{X: m[0], Y: m[1]})
	}
	if tok, ok := s.Token(); ok {
		errs.Add(input.Errorf(s.Line(), "more than K = %d pairs: unexpected %s", k, s.Quote(tok)))
	} else if err := s.Err(); err != nil {
		errs.Add(err)
	}
	if len(errs.List) > 0 {
		return nil, errs.List
	}
	return c, nil
}

// rulesMax is the longest rules line Parse reads, its line end aside:
// "rules " and the text form of a rule set with every setting at its
// longest, the expressions at ExprMax and the size at SizeMaxCells, so
// that whatever ParseRules accepts Format writes in a line Parse reads
// back. TestLongestRulesLineIsRulesMax holds it to Settings.
const rulesMax = len("rules custom") + len(" min=1073741824") +
	len(" points=") + ExprMax + len(" clear=-9223372036854775808") + len(" left=") + ExprMax +
	len(" end=over close=right") + len(" size=4096x1 colours=9")

// size reads the optional rules line and the box's size line, N for a
// square box or W H, using buf to hold the lines.
func size(s *input.Scanner, buf []byte) (Rules, int, int, error) {
	const what = "box side N or W H"
	s.More()
	l, long, ok := s.ReadLine(buf, rulesMax)
	var rules Rules
	if f := bytes.Fields(l); ok && len(f) > 0 && string(f[0]) == "rules" {
		if long {
			return rules, 0, 0, input.Errorf(s.Line(), "rules line longer than %d bytes", rulesMax)
		}
		var err error
		rules, err = ParseRules(string(bytes.TrimSpace(l)[len("rules"):]))
		if err != nil {
			return rules, 0, 0, input.Errorf(s.Line(), "%v", err)
		}
		if rules.IsCodeAbbey() {
			// As a case without a rules line, which Format writes for it.
			rules = Rules{}
		}
		s.More()
		l, long, ok = s.ReadLine(buf, headerMax)
	}
	if ok && len(l) > headerMax {
		// A size line is read as far as headerMax, as every header is.
		l, long = l[:headerMax], true
	}
	switch {
	case !ok && s.Err() != nil:
		return rules, 0, 0, s.Err()
	case !ok:
		return rules, 0, 0, input.Errorf(s.Line()+1, "missing box side N: %v", input.ErrEOF)
	case long:
		return rules, 0, 0, input.Errorf(s.Line(), "%s: want one or two integers, got %s", what, input.QuoteStart(l))
	}
	f := bytes.Fields(l)
	if len(f) != 1 && len(f) != 2 {
		return rules, 0, 0, input.Errorf(s.Line(), "%s: want one or two integers, got %s", what, input.Quote(l))
	}
	var side [2]int
	for i, name := range [2]string{"box width W", "box height H"} {
		if len(f) == 1 {
			name = "box side N"
		}
		if i >= len(f) {
			side[i] = side[0]
			break
		}
		v, err := strconv.Atoi(string(f[i]))
		if err != nil {
			return rules, 0, 0, input.Errorf(s.Line(), "%s %s is not an integer", name, input.Quote(f[i]))
		}
		if v < 1 {
			return rules, 0, 0, input.Errorf(s.Line(), "%s = %d, want at least 1", name, v)
		}
		side[i] = v
	}
	return rules, side[0], side[1], nil
}

// header reads a line holding one integer, blanks around it allowed,
// using buf to hold the line.
func header(s *input.Scanner, what string, buf []byte) (int, error) {
	s.More() // blanks before the integer
	l, long, ok := s.ReadLine(buf, headerMax)
	switch {
	case !ok && s.Err() != nil:
		return 0, s.Err()
	case !ok:
		return 0, input.Errorf(s.Line()+1, "missing %s: %v", what, input.ErrEOF)
	case long:
		return 0, input.Errorf(s.Line(), "%s: want one integer, got %s", what, input.QuoteStart(l))
	}
	f := bytes.Fields(l)
	if len(f) != 1 {
		return 0, input.Errorf(s.Line(), "%s: want one integer, got %s", what, input.Quote(l))
	}
	v, err := strconv.Atoi(string(f[0]))
	if err != nil {
		return 0, input.Errorf(s.Line(), "%s %s is not an integer", what, input.Quote(f[0]))
	}
	return v, nil
}

func coord(s *input.Scanner, i, k, n int, axis string) (int, error) {
	v, err := s.IntOf(func() string { return fmt.Sprintf("%s of pair %d of %d", axis, i+1, k) })
	if err != nil {
		return 0, err
	}
	if v < 0 || v >= n {
		return 0, input.Errorf(s.Line(), "pair %d: %s = %d outside 0..%d", i+1, axis, v, n-1)
	}
	return v, nil
}

// RulesLine is the line Format writes first of a case under r: "rules "
// and r's text, or nothing under codeabbey.
func RulesLine(r Rules) string {
	if r.IsCodeAbbey() {
		return ""
	}
	return "rules " + r.Text() + "\n"
}

// Format writes c in the statement's format, with a rules line first when
// c's rules are not codeabbey and the size as N when the box is square;
// Parse(Format(c)) equals c.
func Format(w io.Writer, c *Case) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(RulesLine(c.Rules))
	// Numbers are appended to num and written, not printed with fmt: a
	// check formats every case it generates.
	num := make([]byte, 0, 48)
	num = strconv.AppendInt(num, int64(c.W), 10)
	if !c.Square() {
		num = strconv.AppendInt(append(num, ' '), int64(c.H), 10)
	}
	bw.Write(append(num, '\n'))
	row := make([]byte, c.W+1)
	row[c.W] = '\n'
	for r := range c.H {
		for i, v := range c.Board[r*c.W : (r+1)*c.W] {
			row[i] = '0' + v
		}
		bw.Write(row)
	}
	bw.Write(append(strconv.AppendInt(num[:0], int64(len(c.Moves)), 10), '\n'))
	for i, m := range c.Moves {
		num = num[:0]
		if i > 0 {
			num = append(num, ", "...)
		}
		num = strconv.AppendInt(num, int64(m.X), 10)
		num = strconv.AppendInt(append(num, ' '), int64(m.Y), 10)
		bw.Write(num)
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
