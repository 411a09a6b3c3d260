package input

import (
	"errors"
	"fmt"
	"strconv"
)

// Int reads the next token as an integer; what names the value in errors
// ("number of rows n").
func (s *Scanner) Int(what string) (int, error) {
	return s.IntOf(func() string { return what })
}

// IntOf is Int for a value whose name is worth building only for an
// error: name is called only then ("colour of cell (2, 3)").
//
// It reads what inputs are made of, a few digits that end inside the
// buffer, as Ints does, and leaves anything else to slowInt, which reads
// the token again with Token.
func (s *Scanner) IntOf(name func() string) (int, error) {
	var v [1]int
	if s.ints(v[:], 1) == 1 {
		return v[0], nil
	}
	return s.slowInt(name)
}

// Ints reads integers into dst, as many as it can in one pass over what
// is buffered, and returns how many it read: the tokens that IntOf reads
// on its fast path (digits that end inside the buffer), each followed by a
// separator. It stops early, before any other token, a token that reaches
// the end of the buffer, or the end of the input, and leaves that token
// for IntOf, which reads it or says what is wrong with it; 0 means the
// next value needs IntOf. A parser reads a large board with Ints and so
// costs a loop per value, not a call; a value it finds wrong it puts back
// with Unread, to read it again with IntOf and report it on its line.
func (s *Scanner) Ints(dst []int) int {
	s.last = lastInts{pos: s.pos, lines: s.lines, partial: s.partial, cut: s.cut}
	return s.ints(dst, len(dst))
}

// Unread puts back the values the last call of Ints read after the first
// k, as if that call had read only k: the next read starts at value k+1.
func (s *Scanner) Unread(k int) {
	s.pos, s.lines, s.partial, s.cut = s.last.pos, s.last.lines, s.last.partial, s.last.cut
	s.ints(nil, k)
}

// lastInts is the Scanner's state before the last call of Ints.
type lastInts struct {
	pos, lines   int
	partial, cut bool
}

// ints reads up to most values, storing them in dst unless it is nil.
func (s *Scanner) ints(dst []int, most int) int {
	if s.unread != nothing || most == 0 {
		return 0
	}
	sep := s.separators()
	buf := s.buf[s.pos:s.end]
	n, i, lines := 0, 0, s.lines
	at, atLines := 0, lines // the end of the last value read, and its line
	for n < most {
		for ; i < len(buf); i++ {
			c := buf[i]
			if !sep[c] {
				break
			}
			if c == '\n' {
				lines++
			}
		}
		j, v := i, 0
		for ; j < len(buf); j++ {
			d := buf[j] - '0'
			if d > 9 {
				break
			}
			v = v*10 + int(d)
		}
		// A token that straddles the buffer's end, or has more digits
		// than fit (v may have overflowed), is left to IntOf's slow path.
		if k := j - i; k == 0 || k > fastDigits || j == len(buf) || !sep[buf[j]] {
			break
		}
		if dst != nil {
			dst[n] = v
		}
		n++
		i, at, atLines = j, j, lines
	}
	if n > 0 {
		s.pos += at
		s.lines = atLines
		s.partial = true
		s.cut = false
	}
	return n
}

// slowInt is Int for every token the fast path leaves.
func (s *Scanner) slowInt(name func() string) (int, error) {
	tok, ok := s.Token()
	if ok && !s.cut {
		if v, err := atoi(tok); err == nil {
			return v, nil
		}
	}
	return 0, s.intError(name(), tok, ok)
}

// intError says why the token tok (ok: there was one) is not an integer.
func (s *Scanner) intError(what string, tok []byte, ok bool) error {
	switch {
	case !ok && s.err != nil:
		return s.err
	case !ok:
		// An empty input has no last line; its problem is on line 1.
		return &Error{Line: max(s.Line(), 1), Err: fmt.Errorf("missing %s: %w", what, ErrEOF)}
	case s.cut && digits(tok):
		return Errorf(s.Line(), "%s %s is out of range", what, s.Quote(tok))
	case s.cut:
		return Errorf(s.Line(), "%s %s is not an integer", what, s.Quote(tok))
	}
	if _, err := strconv.Atoi(string(tok)); errors.Is(err, strconv.ErrRange) {
		return Errorf(s.Line(), "%s %s is out of range", what, s.Quote(tok))
	}
	return Errorf(s.Line(), "%s %s is not an integer", what, s.Quote(tok))
}

// fastDigits is the most digits whose value fits in an int whatever they
// are: 18 for a 64-bit int.
const fastDigits = strconv.IntSize*3/10 - 1

// atoi is strconv.Atoi without the copy to a string for the tokens that
// the inputs are made of; longer numbers and errors go through strconv.
func atoi(b []byte) (int, error) {
	i := 0
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		i = 1
	}
	if n := len(b) - i; n > 0 && n <= fastDigits {
		v := 0
		for _, c := range b[i:] {
			d := c - '0'
			if d > 9 {
				return strconv.Atoi(string(b))
			}
			v = v*10 + int(d)
		}
		if b[0] == '-' {
			v = -v
		}
		return v, nil
	}
	return strconv.Atoi(string(b))
}

// digits reports whether b is an optional sign and decimal digits.
func digits(b []byte) bool {
	if len(b) > 0 && (b[0] == '-' || b[0] == '+') {
		b = b[1:]
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}
