package input

import (
	"errors"
	"strings"
	"testing"
)

func TestScannerTokensCarryTheirLine(t *testing.T) {
	s := NewScanner(strings.NewReader("1 2\r\n\n  3,4 \n5"))
	s.Commas = true
	want := []struct {
		tok  string
		line int
	}{{"1", 1}, {"2", 1}, {"3", 3}, {"4", 3}, {"5", 4}}
	for _, w := range want {
		tok, ok := s.Token()
		if !ok || string(tok) != w.tok || s.Line() != w.line {
			t.Fatalf("Token() = %q, %t at line %d; want %q at line %d", tok, ok, s.Line(), w.tok, w.line)
		}
	}
	if err := s.End(); err != nil {
		t.Fatalf("End() = %v, want nil", err)
	}
}

func TestScannerCommaIsATokenWithoutCommas(t *testing.T) {
	s := NewScanner(strings.NewReader("1,2"))
	if _, err := s.Int("x"); err == nil || !strings.Contains(err.Error(), `"1,2" is not an integer`) {
		t.Fatalf("Int() error = %v, want a non-integer error", err)
	}
}

func TestScannerIntErrorsNameLineAndValue(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"empty", "", "line 1: missing rows: input ends"},
		{"letter", "\n\nx", `line 3: rows "x" is not an integer`},
		{"huge", "99999999999999999999", `line 1: rows "99999999999999999999" is out of range`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := NewScanner(strings.NewReader(tc.in)).Int("rows")
			var ie *Error
			if !errors.As(err, &ie) || err.Error() != tc.want {
				t.Fatalf("Int() error = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestScannerReadsLinesLongerThanItsBuffer(t *testing.T) {
	long := strings.Repeat("7", 200000)
	s := NewScanner(strings.NewReader("1\n" + long + "\r\n2"))
	for i, want := range []string{"1", long, "2"} {
		l, ok := s.ReadLine()
		if !ok || string(l) != want {
			t.Fatalf("line %d: got %d bytes, want %d", i+1, len(l), len(want))
		}
	}
	if _, ok := s.ReadLine(); ok {
		t.Fatal("ReadLine after the end returned a line")
	}
}

func TestEndReportsExtraToken(t *testing.T) {
	s := NewScanner(strings.NewReader("1\n2"))
	s.Token()
	if err := s.End(); err == nil || err.Error() != `line 2: unexpected "2" after the end of the input` {
		t.Fatalf("End() = %v", err)
	}
}
