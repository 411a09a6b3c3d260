package process

import "bytes"

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
//
// It also keeps the line that heads a crash report, wherever it came
// (see headRank): a sanitizer's summary, a Go panic, a Java exception,
// each followed by more than StderrTail bytes of shadow memory or stack
// frames, which push it out of the tail. bytes gives it before the tail
// when the tail no longer holds it.
type tailWriter struct {
	buf []byte
	// size counts the bytes written; line is the start of the line
	// being written, at most maxHead bytes of it.
	size int
	line []byte
	// head is the line that heads the report, rank its rank (0: none),
	// and headEnd the size once it was written.
	head    []byte
	rank    int
	headEnd int
}

// maxHead bounds the line kept as a report's head.
const maxHead = 300

// errRead is how much of standard error a collector reads at once.
const errRead = 32 << 10

func (w *tailWriter) Write(p []byte) (int, error) {
	n := len(p)
	w.heads(p)
	w.size += n
	if len(p) > StderrTail {
		p = p[len(p)-StderrTail:]
	}
	if len(w.buf)+len(p) > 2*StderrTail {
		w.buf = append(w.buf[:0], w.buf[len(w.buf)-(StderrTail-len(p)):]...)
	}
	w.buf = append(w.buf, p...)
	return n, nil
}

// heads reads the lines of p, written after w.size bytes, for the head
// of a crash report. Only a line that holds one of headPrefixes can head
// one, so past the line being written it looks at those alone: a flood
// of short lines costs a search, not a look at each line.
func (w *tailWriter) heads(p []byte) {
	at := w.size
	nl := bytes.IndexByte(p, '\n')
	if nl < 0 {
		w.extend(p)
		return
	}
	w.extend(p[:nl])
	at += nl + 1
	w.endLine(at)
	p = p[nl+1:]
	// p starts a line. next[i] is where headPrefixes[i] next occurs in
	// p, len(p) when it does not, -1 before it is looked for.
	var next [len(headPrefixes)]int
	for i := range next {
		next[i] = -1
	}
	from := 0 // the start of the lines not looked at yet
	for w.rank < topRank {
		hit := len(p)
		for i, prefix := range headPrefixes {
			if headRanks[i] <= w.rank {
				continue
			}
			if next[i] < from {
				next[i] = len(p)
				if j := bytes.Index(p[from:], prefix); j >= 0 {
					next[i] = from + j
				}
			}
			hit = min(hit, next[i])
		}
		if hit == len(p) {
			break
		}
		start := bytes.LastIndexByte(p[:hit], '\n') + 1
		end := bytes.IndexByte(p[hit:], '\n')
		if end < 0 {
			// The line goes on in the next write.
			w.extend(p[start:])
			return
		}
		end += hit
		w.extend(p[start:end])
		w.endLine(at + end + 1)
		from = end + 1
	}
	w.extend(p[bytes.LastIndexByte(p, '\n')+1:])
}

// headPrefixes are what a line that heads a crash report starts with,
// after white space (see headRank), each of the rank in headRanks, the
// highest first. A line of topRank also names a sanitizer.
var (
	headPrefixes = [...][]byte{[]byte("SUMMARY: "), []byte("panic: "), []byte("fatal error: "), []byte("Exception in thread ")}
	headRanks    = [len(headPrefixes)]int{topRank, 2, 2, 1}
)

const topRank = 3

// extend adds to the line being written what p holds of it, up to
// maxHead bytes in all.
func (w *tailWriter) extend(p []byte) {
	if room := maxHead - len(w.line); room > 0 {
		w.line = append(w.line, p[:min(len(p), room)]...)
	}
}

// endLine ends the line being written, which ended once size bytes had
// been written: it is the head if it ranks above the head so far.
func (w *tailWriter) endLine(size int) {
	if r := headRank(w.line); r > w.rank {
		w.head, w.rank, w.headEnd = append(w.head[:0], w.line...), r, size
	}
	w.line = w.line[:0]
}

// headRank ranks a line of standard error as the head of a crash
// report, 0 when it heads none: above all a sanitizer's summary
// (AddressSanitizer, UndefinedBehaviorSanitizer, MemorySanitizer...),
// whose report ends in a legend and an abort; then a Go panic or fatal
// error, followed by every goroutine's stack; then a Java exception,
// followed by its frames (a stack overflow's thousand). Of a rank, the
// first line counts: the first error is the one that made the rest.
func headRank(line []byte) int {
	l := bytes.TrimSpace(line)
	for i, prefix := range headPrefixes {
		if bytes.HasPrefix(l, prefix) && (headRanks[i] < topRank || bytes.Contains(l, []byte("Sanitizer"))) {
			return headRanks[i]
		}
	}
	return 0
}

// bytes is what w keeps: the tail, after the head of a crash report
// and a line "..." when the tail no longer holds it.
func (w *tailWriter) bytes() []byte {
	tail := w.buf
	if len(tail) > StderrTail {
		tail = tail[len(tail)-StderrTail:]
	}
	if w.rank == 0 || w.size-w.headEnd+len(w.head)+1 <= len(tail) {
		return tail
	}
	out := make([]byte, 0, len(w.head)+5+len(tail))
	out = append(append(out, w.head...), "\n...\n"...)
	return append(out, tail...)
}

func (w *tailWriter) reset() {
	w.buf, w.line, w.head = w.buf[:0], w.line[:0], w.head[:0]
	w.size, w.rank, w.headEnd = 0, 0, 0
}
