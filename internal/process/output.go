package process

// capWriter keeps the first StdoutLimit bytes written and counts them
// all. It never fails, so the program is never cut off mid-write.
type capWriter struct {
	buf   []byte
	size  int // bytes written
	limit int // bytes kept
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.size += len(p)
	room := w.limit - len(w.buf)
	w.buf = append(w.buf, p[:min(len(p), room)]...)
	return len(p), nil
}

// reset empties w to keep limit bytes, StdoutLimit when 0.
func (w *capWriter) reset(limit int) {
	if limit <= 0 {
		limit = StdoutLimit
	}
	w.buf, w.size, w.limit = w.buf[:0], 0, limit
}

// tailWriter keeps the last StderrTail bytes written. It holds up to
// twice that, so that it moves what it keeps once per StderrTail bytes
// written rather than at each write.
type tailWriter struct {
	buf []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > StderrTail {
		p = p[len(p)-StderrTail:]
	}
	if len(w.buf)+len(p) > 2*StderrTail {
		w.buf = append(w.buf[:0], w.buf[len(w.buf)-(StderrTail-len(p)):]...)
	}
	w.buf = append(w.buf, p...)
	return n, nil
}

func (w *tailWriter) bytes() []byte {
	if len(w.buf) > StderrTail {
		return w.buf[len(w.buf)-StderrTail:]
	}
	return w.buf
}

func (w *tailWriter) reset() { w.buf = w.buf[:0] }
