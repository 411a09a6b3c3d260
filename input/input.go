// Package input reads the two games' text formats: a token scanner that
// knows the line of every token, and the error type that carries that line.
//
// Both vocabulary packages (samegame, match3) parse through it, so every
// rejected input reads the same way: "line 4: row has 4 digits, want 5".
package input

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// Error is a rejected input: the 1-based line where the problem shows and
// what is wrong there.
type Error struct {
	Line int
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error at line.
func Errorf(line int, format string, args ...any) error {
	return &Error{Line: line, Err: fmt.Errorf(format, args...)}
}

// ErrEOF is wrapped by errors for input that ends where more was wanted.
var ErrEOF = errors.New("input ends")

// Scanner splits input into tokens separated by white space and, when
// Commas is set, by commas. It reads line by line, so memory stays
// proportional to the longest line, not to what a header claims.
type Scanner struct {
	// Commas makes ',' a separator as well as white space.
	Commas bool

	r    *bufio.Reader
	line int    // line of the bytes in buf
	buf  []byte // rest of the current line
	eof  bool
	err  error // read error other than EOF
}

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: bufio.NewReaderSize(r, 1<<16)}
}

// Line is the line of the last token or line returned, or the last line
// read when the input has ended.
func (s *Scanner) Line() int { return s.line }

// ReadLine returns the next whole line without its line end (LF or CRLF).
// ok is false at the end of input.
func (s *Scanner) ReadLine() (line []byte, ok bool) {
	if s.eof {
		return nil, false
	}
	l, err := s.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// Lines longer than the buffer: gather them in a fresh slice.
		long := append([]byte(nil), l...)
		for err == bufio.ErrBufferFull {
			l, err = s.r.ReadSlice('\n')
			long = append(long, l...)
		}
		l = long
	}
	if err != nil {
		s.eof = true
		if err != io.EOF {
			s.err = err
		}
		if len(l) == 0 {
			return nil, false
		}
	}
	s.line++
	n := len(l)
	if n > 0 && l[n-1] == '\n' {
		n--
	}
	if n > 0 && l[n-1] == '\r' {
		n--
	}
	return l[:n], true
}

// Token returns the next token, reading further lines as needed. ok is
// false at the end of input.
func (s *Scanner) Token() (tok []byte, ok bool) {
	for {
		i := 0
		for i < len(s.buf) && s.sep(s.buf[i]) {
			i++
		}
		s.buf = s.buf[i:]
		if len(s.buf) > 0 {
			j := 0
			for j < len(s.buf) && !s.sep(s.buf[j]) {
				j++
			}
			tok, s.buf = s.buf[:j], s.buf[j:]
			return tok, true
		}
		l, ok := s.ReadLine()
		if !ok {
			return nil, false
		}
		s.buf = l
	}
}

// Rest reports whether the current line holds more tokens, without
// reading further lines.
func (s *Scanner) Rest() bool {
	for _, c := range s.buf {
		if !s.sep(c) {
			return true
		}
	}
	return false
}

// Int reads the next token as an integer; what names the value in errors
// ("number of rows", "colour of cell (2, 3)").
func (s *Scanner) Int(what string) (int, error) {
	tok, ok := s.Token()
	if !ok {
		if s.err != nil {
			return 0, &Error{Line: s.line, Err: s.err}
		}
		// An empty input has no last line; its problem is on line 1.
		return 0, &Error{Line: max(s.line, 1), Err: fmt.Errorf("missing %s: %w", what, ErrEOF)}
	}
	v, err := strconv.Atoi(string(tok))
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, Errorf(s.line, "%s %q is out of range", what, tok)
		}
		return 0, Errorf(s.line, "%s %q is not an integer", what, tok)
	}
	return v, nil
}

// End checks that no token is left.
func (s *Scanner) End() error {
	tok, ok := s.Token()
	if ok {
		return Errorf(s.line, "unexpected %q after the end of the input", tok)
	}
	if s.err != nil {
		return &Error{Line: s.line, Err: s.err}
	}
	return nil
}

func (s *Scanner) sep(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\v', '\f':
		return true
	case ',':
		return s.Commas
	}
	return false
}

// Cap bounds the initial capacity of a slice whose length a header claims,
// so that a header claiming a huge board with little data behind it fails
// on the missing data instead of allocating the claimed size first.
func Cap(claimed int) int {
	const most = 1 << 16
	if claimed < 0 || claimed > most {
		return most
	}
	return claimed
}

// Errors collects the problems of one input for parsers that go on after
// a problem, up to a limit.
type Errors struct {
	// Max is the most problems worth collecting; 0 means no limit.
	Max  int
	List []error
}

// Add records err and reports whether the parser should go on.
func (e *Errors) Add(err error) bool {
	e.List = append(e.List, err)
	return e.Max <= 0 || len(e.List) < e.Max
}

// Fatal records err, a problem after which the input's shape is lost, and
// returns the problems so far.
func (e *Errors) Fatal(err error) []error {
	e.List = append(e.List, err)
	return e.List
}
