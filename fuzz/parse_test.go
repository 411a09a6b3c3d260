package fuzz

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/input"
)

// checkParse feeds text to parse. A rejection must be an *input.Error
// naming a line of the text or the one just after its end (where a
// missing line would be); an accepted case must be valid, and format must
// write it so that parse reads back an equal case.
func checkParse[C any](t *testing.T, text string, parse func(io.Reader) (*C, error), format func(io.Writer, *C) error, validate func(*C) error) {
	t.Helper()
	c, err := parse(strings.NewReader(text))
	if err != nil {
		var ie *input.Error
		if !errors.As(err, &ie) {
			t.Fatalf("Parse(%q) = error %T %v, want an *input.Error", text, err, err)
		}
		if lines := lineCount(text); ie.Line < 1 || ie.Line > lines+1 {
			t.Fatalf("Parse(%q) = error at line %d, want a line in 1..%d: %v", text, ie.Line, lines+1, err)
		}
		return
	}
	if err := validate(c); err != nil {
		t.Fatalf("Parse(%q) accepted an invalid case: %v", text, err)
	}
	var b strings.Builder
	if err := format(&b, c); err != nil {
		t.Fatalf("Format of Parse(%q) = %v", text, err)
	}
	back, err := parse(strings.NewReader(b.String()))
	if err != nil {
		t.Fatalf("Parse(Format(Parse(%q))) = %v; formatted:\n%s", text, err, b.String())
	}
	if !reflect.DeepEqual(back, c) {
		t.Fatalf("Parse(Format(c)) != c for c = Parse(%q)\nformatted:\n%s\nc:    %+v\nback: %+v", text, b.String(), c, back)
	}
}

// lineCount is the number of lines of text as the scanner counts them: a
// last line without a line end counts.
func lineCount(text string) int {
	n := strings.Count(text, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		n++
	}
	return n
}
