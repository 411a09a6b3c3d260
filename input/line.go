package input

import "bytes"

// ReadLine reads the rest of the current line, or the next line, and
// appends it to dst without its line end (LF or CRLF) and without the
// blanks (spaces and tabs) at its end. It keeps at most max bytes of the
// line: when the line holds more before its final blanks, long is true,
// dst ends with its first max bytes, and the rest of the line is skipped,
// unread, before the next read. Blanks at the end of a line are consumed,
// never kept, however many. ok is false at the end of input or when
// reading fails (see Err).
func (s *Scanner) ReadLine(dst []byte, max int) (out []byte, long, ok bool) {
	s.settle()
	if s.pos == s.end && !s.fill() && !s.partial || s.err != nil {
		return dst, false, false
	}
	s.partial = true
	start := len(dst)
	n := 0      // bytes of the line so far
	keep := 0   // n up to the last byte that is not a blank
	cr := false // a CR held back: it ends the line if LF or the end follows
	for {
		seg := s.buf[s.pos:s.end]
		nl := bytes.IndexByte(seg, '\n')
		if nl >= 0 {
			seg = seg[:nl]
		}
		used := len(seg)
		if cr && (len(seg) > 0 || nl < 0) {
			// The CR held back was inside the line.
			if n >= max {
				s.unread = restOfLine
				return dst, true, true
			}
			dst = append(dst, '\r')
			n++
			keep = n
		}
		cr = false
		if k := len(seg); k > 0 && seg[k-1] == '\r' {
			// Before LF the CR ends the line; at the end of the buffer,
			// the next byte tells.
			seg = seg[:k-1]
			cr = nl < 0
		}
		j := len(seg) - 1
		for j >= 0 && (seg[j] == ' ' || seg[j] == '\t') {
			j--
		}
		if j >= 0 && n+j >= max {
			// A byte that is not a blank lies past max.
			if room := max - n; room > 0 {
				dst = append(dst, seg[:room]...)
				s.pos += room
			}
			s.unread = restOfLine
			return dst, true, true
		}
		if room := max - n; room > 0 {
			dst = append(dst, seg[:min(len(seg), room)]...)
		}
		if j >= 0 {
			keep = n + j + 1
		}
		n += len(seg)
		s.pos += used
		if nl >= 0 {
			s.pos++
			break
		}
		if !s.fill() {
			if s.err != nil {
				return dst[:start], false, false
			}
			break
		}
	}
	s.lines++
	s.partial = false
	return dst[:start+keep], false, true
}
