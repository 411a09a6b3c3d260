package input

import "io"

// LineEnds returns a reader of n line ends, the blank lines before an
// input's text, that does not hold them: a reader that put the lines it
// skipped back in front of the rest gives the parser the same line
// numbers.
func LineEnds(n int) io.Reader { return &lineEnds{n: n} }

type lineEnds struct{ n int }

func (l *lineEnds) Read(p []byte) (int, error) {
	if l.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), l.n)
	for i := range k {
		p[i] = '\n'
	}
	l.n -= k
	return k, nil
}
