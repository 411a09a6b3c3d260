package gems

import (
	"bytes"
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
)

// frame reads the rest of a match-3 case of a stream whose first line
// is head (Game.Frame): n m k q, then 2nm + 4q integers, of which the
// first line may hold some.
func frame(f *conformance.Framer, head []byte) error {
	fields := bytes.Fields(head)
	var v [4]int
	for i := range 4 {
		if i >= len(fields) {
			return fmt.Errorf("line 1: want n m k q")
		}
		if v[i] = conformance.Count(fields[i]); v[i] < 0 {
			return fmt.Errorf("line 1: %q is not a count", fields[i])
		}
	}
	return f.Ints(2*v[0]*v[1] + 4*v[3] - (len(fields) - 4))
}

// frameQueues is frame under refill=queue: after the board and its
// specials come the queues, per column its length L and L colours, then
// the specials of every queue's pieces, and then the 4q coordinates. The
// integers form one stream, split into lines anyhow.
func frameQueues(f *conformance.Framer, head []byte) error {
	sep := func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' || r == '\n' }
	toks, pos := bytes.FieldsFunc(head, sep), 0
	next := func() ([]byte, error) {
		for pos >= len(toks) {
			l, err := f.Line()
			if err != nil {
				return nil, fmt.Errorf("the input ends before the case does")
			}
			toks, pos = bytes.FieldsFunc(l, sep), 0
		}
		pos++
		return toks[pos-1], nil
	}
	count := func(what string) (int, error) {
		t, err := next()
		if err != nil {
			return 0, err
		}
		v := conformance.Count(t)
		if v < 0 {
			return 0, fmt.Errorf("%s %q is not a count", what, t)
		}
		return v, nil
	}
	skip := func(n int) error {
		for ; n > 0; n-- {
			if _, err := next(); err != nil {
				return err
			}
		}
		return nil
	}
	var v [4]int
	for i, what := range []string{"n", "m", "k", "q"} {
		var err error
		if v[i], err = count(what); err != nil {
			return fmt.Errorf("line 1: %v", err)
		}
	}
	n, m, q := v[0], v[1], v[3]
	if err := skip(2 * n * m); err != nil {
		return err
	}
	pieces := 0
	for range m {
		l, err := count("queue length")
		if err != nil {
			return err
		}
		if err := skip(l); err != nil {
			return err
		}
		pieces += l
	}
	if err := skip(pieces); err != nil {
		return err
	}
	return skip(4 * q)
}
