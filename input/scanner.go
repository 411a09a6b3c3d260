package input

import (
	"bytes"
	"io"
)

// MaxToken is the longest token a Scanner reads: 20 bytes, the length of
// "-9223372036854775808", the longest 64-bit integer. A longer token is
// cut there, its rest left unread: no value either game reads can be
// written in more bytes, save with leading zeros, and a line of digits
// then costs neither memory nor time past its 21st byte.
const MaxToken = 20

// bufSize is the largest size of the Scanner's read buffer. It starts
// at firstBufSize and stays there for the first firstReads reads that
// fill it, then grows to bufSize: an input up to 64 KiB, the usual one
// (a case at the statements' limits is about 24 KiB), is read through
// one small buffer, each page of which a fresh process pays for once, and
// a large one 64 KiB at a time.
const (
	bufSize      = 1 << 16
	firstBufSize = 1 << 12
	firstReads   = 16
)

// Scanner splits input into tokens separated by white space and, when
// Commas is set, by commas; or into lines. It reads the input as a stream:
// what it keeps is its read buffer, the current token and the lines its
// caller keeps (see the package doc).
//
// A read error ends the input as the end of input does, except that the
// token or line it cuts short is not returned; Err reports it.
type Scanner struct {
	// Commas makes ',' a separator as well as white space.
	Commas bool

	r        io.Reader
	buf      []byte
	most     int            // the size buf may grow to
	full     int            // the reads that filled a buffer smaller than most
	pos, end int            // buf[pos:end] is read and not yet consumed
	lines    int            // line ends consumed
	partial  bool           // bytes of a line after the last line end were consumed
	done     bool           // r has ended or failed; buf holds all that is left
	next     error          // what r returned with the last bytes read, for the next read
	err      error          // the read error that ended r, nil at io.EOF
	unread   unread         // what the last token or line left unread
	cut      bool           // the last token was longer than MaxToken
	tok      [MaxToken]byte // a token that does not lie whole in buf
	last     lastInts       // the state before the last Ints, for Unread
}

// unread is what the Scanner skips before its next read: the rest of a
// token or line too long to read whole.
type unread uint8

const (
	nothing unread = iota
	restOfToken
	restOfLine
)

// NewScanner returns a Scanner reading r.
func NewScanner(r io.Reader) *Scanner {
	return &Scanner{r: r, buf: make([]byte, firstBufSize), most: bufSize}
}

// newScannerSize returns a Scanner whose read buffer holds size bytes
// and does not grow; tests make it small to split tokens and lines
// between reads.
func newScannerSize(r io.Reader, size int) *Scanner {
	return &Scanner{r: r, buf: make([]byte, size), most: size}
}

// Line is the line of the last token or line returned, or the last line
// read when the input has ended.
func (s *Scanner) Line() int {
	if s.partial {
		return s.lines + 1
	}
	return s.lines
}

// Err returns the error that stopped reading, nil when the input simply
// ended or has not ended yet.
func (s *Scanner) Err() error { return s.err }

// fill reads more input once buf is all consumed, and reports whether it
// got any.
func (s *Scanner) fill() bool {
	if s.end == len(s.buf) && len(s.buf) < s.most {
		// The last read filled the buffer: more is likely to follow.
		// Tokens returned so far keep the old buffer.
		if s.full++; s.full == firstReads {
			s.buf = make([]byte, s.most)
		}
	}
	s.pos, s.end = 0, 0
	if s.done {
		return false
	}
	if s.next == nil {
		// As bufio does: a reader that returns nothing, many times over,
		// is broken.
		for range 100 {
			n, err := s.r.Read(s.buf)
			if n > 0 {
				s.end, s.next = n, err
				return true
			}
			if err != nil {
				s.next = err
				break
			}
		}
		if s.next == nil {
			s.next = io.ErrNoProgress
		}
	}
	s.done = true
	if s.next != io.EOF {
		s.err = s.next
	}
	return false
}

// The separators, white space with or without commas, as tables: a
// lookup per byte is what keeps tokenising fast.
var (
	spaces       = &[256]bool{' ': true, '\t': true, '\r': true, '\n': true, '\v': true, '\f': true}
	spacesCommas = &[256]bool{' ': true, '\t': true, '\r': true, '\n': true, '\v': true, '\f': true, ',': true}
)

func (s *Scanner) separators() *[256]bool {
	if s.Commas {
		return spacesCommas
	}
	return spaces
}

// settle consumes what the last token or line left unread.
func (s *Scanner) settle() {
	switch s.unread {
	case restOfToken:
		sep := s.separators()
		for s.pos < s.end || s.fill() {
			if sep[s.buf[s.pos]] {
				break
			}
			s.pos++
		}
	case restOfLine:
		for s.pos < s.end || s.fill() {
			if i := bytes.IndexByte(s.buf[s.pos:s.end], '\n'); i >= 0 {
				s.pos += i + 1
				s.lines++
				s.partial = false
				break
			}
			s.pos = s.end
		}
	}
	s.unread = nothing
}

// Token returns the next token, reading further lines as needed. ok is
// false at the end of input or when reading fails (see Err). A token
// longer than MaxToken is cut to its first MaxToken bytes and Cut reports
// it; its rest is skipped, unread, before the next read. tok is valid
// until the next call.
func (s *Scanner) Token() (tok []byte, ok bool) {
	s.settle()
	s.cut = false
	sep := s.separators()
	// Runs of separators are consumed, never kept, however long.
	for {
		for s.pos < s.end {
			c := s.buf[s.pos]
			if !sep[c] {
				goto token
			}
			s.pos++
			if c == '\n' {
				s.lines++
				s.partial = false
			} else {
				s.partial = true
			}
		}
		if !s.fill() {
			return nil, false
		}
	}
token:
	s.partial = true
	start := s.pos
	i, lim := start, min(s.end, start+MaxToken)
	for i < lim && !sep[s.buf[i]] {
		i++
	}
	if i < lim {
		s.pos = i
		return s.buf[start:i], true
	}
	// The token reaches the end of the buffer or MaxToken bytes: gather
	// it in s.tok, reading on.
	n := copy(s.tok[:], s.buf[start:i])
	s.pos = i
	for {
		for s.pos < s.end {
			c := s.buf[s.pos]
			if sep[c] {
				return s.tok[:n], true
			}
			if n == MaxToken {
				s.cut = true
				s.unread = restOfToken
				return s.tok[:n], true
			}
			s.tok[n] = c
			n++
			s.pos++
		}
		if !s.fill() {
			if s.err != nil {
				return nil, false
			}
			return s.tok[:n], true
		}
	}
}

// Cut reports whether the last token was longer than MaxToken and cut.
func (s *Scanner) Cut() bool { return s.cut }

// Quote quotes tok, the last token, for an error message: with Quote, or
// with QuoteStart when it was cut.
func (s *Scanner) Quote(tok []byte) string {
	if s.cut {
		return QuoteStart(tok)
	}
	return Quote(tok)
}

// More reports whether a token follows on the current line, consuming the
// separators before it.
func (s *Scanner) More() bool {
	s.settle()
	sep := s.separators()
	for s.pos < s.end || s.fill() {
		c := s.buf[s.pos]
		if c == '\n' {
			return false
		}
		if !sep[c] {
			return true
		}
		s.pos++
		s.partial = true
	}
	return false
}

// End checks that no token is left.
func (s *Scanner) End() error {
	if tok, ok := s.Token(); ok {
		return Errorf(s.Line(), "unexpected %s after the end of the input", s.Quote(tok))
	}
	return s.err
}
