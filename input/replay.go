package input

import (
	"bytes"
	"io"
)

// Replay returns a reader that yields the input again from its start, for
// a caller that looked at the start of an input with this Scanner (to tell
// its format) and now hands all of it to a parser. The lines the Scanner
// has consumed come back as empty lines, so that lines keep their numbers;
// then prefix, which stands for what was consumed of the current line
// (the tokens read from it, say); then what the Scanner has read and not
// consumed, the rest of a cut token or a long line included; then the rest
// of the input. The Scanner must not be used afterwards.
//
// Only the first line's tokens need keeping: however many blank lines came
// first, Replay holds a count of them, not the lines.
func (s *Scanner) Replay(prefix []byte) io.Reader {
	rs := []io.Reader{
		LineEnds(s.lines),
		bytes.NewReader(prefix),
		bytes.NewReader(s.buf[s.pos:s.end]),
	}
	switch {
	case s.err != nil:
		rs = append(rs, errReader{s.err})
	case s.done || s.next == io.EOF:
	case s.next != nil:
		rs = append(rs, errReader{s.next})
	default:
		rs = append(rs, s.r)
	}
	return io.MultiReader(rs...)
}

// errReader fails with err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
