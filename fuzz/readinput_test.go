package fuzz

import (
	"bytes"
	"errors"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/alloc"
)

// FuzzReadInput reads the fuzzer's bytes as the input file of cascade
// score, validate and trace: the game told from its first line, then
// read as that game, every problem reported (validate's limit 0), and
// also as each game outright (--game). It never panics, a problem names
// a line of the input, and the memory it takes follows the input's
// size, not the sizes the input claims (a header N of a billion).
func FuzzReadInput(f *testing.F) {
	for _, seed := range streamSeeds() {
		f.Add(seed)
	}
	for _, seed := range [][]byte{[]byte("1000000000\n1\n"), []byte("50000 50000 100 1000\n1 2 3\n"), []byte("3\n123\n")} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		lines := bytes.Count(data, []byte("\n")) + 1
		read := func(g conformance.Any) {
			r := bytes.NewReader(data)
			if g == nil {
				var err error
				g, _, err = conformance.Recognise(r)
				if err != nil {
					checkLine(t, "Recognise", err, lines)
					return
				}
				r = bytes.NewReader(data)
			}
			_, errs := g.Read(r, 0)
			for _, err := range errs {
				checkLine(t, g.Name()+" Read", err, lines)
			}
		}
		for _, g := range append([]conformance.Any{nil}, conformance.Games()...) {
			if used := alloc.Bytes(func() { read(g) }); used > alloc.Bound(len(data)) {
				t.Fatalf("reading %d bytes as %v allocated %d bytes, bound %d", len(data), g, used, alloc.Bound(len(data)))
			}
		}
	})
}

// checkLine checks that err, a problem of an input of lines lines,
// names one of them or the one after the last.
func checkLine(t *testing.T, what string, err error, lines int) {
	t.Helper()
	var ie *input.Error
	if !errors.As(err, &ie) {
		return // a read error, not the content's
	}
	if ie.Line < 1 || ie.Line > lines+1 {
		t.Fatalf("%s: problem at line %d of %d: %v", what, ie.Line, lines, err)
	}
}
