package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
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
		l, tooLong, ok := s.ReadLine(nil, len(long))
		if !ok || tooLong || string(l) != want {
			t.Fatalf("line %d: got %d bytes, long %t, ok %t; want %d bytes", i+1, len(l), tooLong, ok, len(want))
		}
	}
	if _, _, ok := s.ReadLine(nil, 10); ok {
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

func TestQuoteCutsLongTextAndSaysItsLength(t *testing.T) {
	digits := bytes.Repeat([]byte("1234567890"), 1<<24/10)
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"short", Quote([]byte("3 3 3 1")), `"3 3 3 1"`},
		{"forty", Quote(digits[:40]), `"1234567890123456789012345678901234567890"`},
		{"16 MB", Quote(digits), `"1234567890123456789012345678901234567890…" (16777210 bytes)`},
		{"not text", Quote(make([]byte, 100)), `"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00…" (100 bytes)`},
		{"split letter", Quote([]byte(strings.Repeat("x", 39) + "éé")), `"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxé…" (43 bytes)`},
		{"start", QuoteStart(digits[:MaxToken]), `"12345678901234567890…" (more than 20 bytes)`},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, tc.got, tc.want)
		}
	}
}

func TestScannerCutsATokenLongerThanMaxToken(t *testing.T) {
	for _, size := range []int{3, bufSize} {
		s := newScannerSize(strings.NewReader(strings.Repeat("1", 1000)+"x 5\nab"), size)
		tok, ok := s.Token()
		if !ok || string(tok) != strings.Repeat("1", MaxToken) || !s.Cut() {
			t.Fatalf("buffer %d: Token() = %q, %t, cut %t; want %d ones, cut", size, tok, ok, s.Cut(), MaxToken)
		}
		if tok, ok := s.Token(); !ok || string(tok) != "5" || s.Cut() {
			t.Fatalf("buffer %d: Token() after a cut token = %q, %t, cut %t; want \"5\"", size, tok, ok, s.Cut())
		}
		if _, err := s.Int("colour"); err == nil || err.Error() != `line 2: colour "ab" is not an integer` {
			t.Fatalf("buffer %d: Int() = %v", size, err)
		}
	}
}

func TestScannerIntRejectsALongTokenNamingItsStart(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{strings.Repeat("9", 1<<20), `line 1: rows "99999999999999999999…" (more than 20 bytes) is out of range`},
		{"-" + strings.Repeat("0", 30) + "1", `line 1: rows "-0000000000000000000…" (more than 20 bytes) is out of range`},
		{strings.Repeat("9", 25) + "x", `line 1: rows "99999999999999999999…" (more than 20 bytes) is out of range`},
		{strings.Repeat("\x00", 1<<20), `line 1: rows "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00…" (more than 20 bytes) is not an integer`},
		{"-9223372036854775808", ""},
		{"+9223372036854775807", ""},
		{"9223372036854775808", `line 1: rows "9223372036854775808" is out of range`},
		{"00000000000000000007", ""},
		{"+", `line 1: rows "+" is not an integer`},
	} {
		_, err := NewScanner(strings.NewReader(tc.in)).Int("rows")
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("Int() of %s = %v, want %q", Quote([]byte(tc.in)), err, tc.want)
		}
	}
}

func TestScannerReadLine(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		max      int
		want     []string // lines; "long:" marks a long one
	}{
		{"line ends", "12\n34\r\n56", 5, []string{"12", "34", "56"}},
		{"CR at the end", "12\r", 5, []string{"12"}},
		{"CR inside", "1\r2\r\r\n", 5, []string{"1\r2\r"}},
		{"blanks at the end", "12 \t \r\n \t\n", 2, []string{"12", ""}},
		{"blanks past max", "12" + strings.Repeat(" ", 1000) + "\n3", 2, []string{"12", "3"}},
		{"blanks inside", "1 2\t\n", 5, []string{"1 2"}},
		{"long", "12345\n6", 3, []string{"long:123", "6"}},
		{"long after blanks", "12" + strings.Repeat(" ", 1000) + "3\n6", 3, []string{"long:12 ", "6"}},
		{"long by a CR", "123\r4\n", 3, []string{"long:123"}},
		{"exactly max", "123\r\n", 3, []string{"123"}},
		{"empty lines", "\n\n", 3, []string{"", ""}},
	} {
		for _, size := range []int{1, 2, 3, bufSize} {
			s := newScannerSize(strings.NewReader(tc.in), size)
			var got []string
			for {
				l, long, ok := s.ReadLine([]byte("kept"), tc.max)
				if !ok {
					break
				}
				if !bytes.HasPrefix(l, []byte("kept")) {
					t.Fatalf("%s, buffer %d: ReadLine dropped what dst held: %q", tc.name, size, l)
				}
				line := string(l[len("kept"):])
				if long {
					line = "long:" + line
				}
				got = append(got, line)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s, buffer %d: lines %q, want %q", tc.name, size, got, tc.want)
			}
		}
	}
}

// TestScannerAgreesWhateverItsBuffer reads random inputs with buffers of
// 1 to 7 bytes, which split tokens, CRLFs and lines everywhere, and checks
// that every call returns what it returns with the full buffer.
func TestScannerAgreesWhateverItsBuffer(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = " \t\r\n,12345x"
	for i := range 2000 {
		b := make([]byte, rng.IntN(60))
		for j := range b {
			b[j] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(20) == 0 {
				b = append(b[:j], strings.Repeat("7", 25)...)[:len(b)]
			}
		}
		calls := make([]int, 40)
		for j := range calls {
			calls[j] = rng.IntN(4)
		}
		commas := i%2 == 0
		want := scanAll(newScannerSize(bytes.NewReader(b), bufSize), commas, calls)
		for size := 1; size < 8; size++ {
			if got := scanAll(newScannerSize(iotest.HalfReader(bytes.NewReader(b)), size), commas, calls); !reflect.DeepEqual(got, want) {
				t.Fatalf("input %q, commas %t, buffer %d:\ngot  %q\nwant %q", b, commas, size, got, want)
			}
		}
	}
}

// scanAll makes the calls (0 Token, 1 Int, 2 ReadLine, 3 More) on s and
// describes what each returned.
func scanAll(s *Scanner, commas bool, calls []int) []string {
	s.Commas = commas
	var got []string
	for _, c := range calls {
		var r string
		switch c {
		case 0:
			tok, ok := s.Token()
			r = fmt.Sprintf("token %q %t %t", tok, ok, s.Cut())
		case 1:
			v, err := s.Int("v")
			r = fmt.Sprintf("int %d %v", v, err)
		case 2:
			l, long, ok := s.ReadLine(nil, 4)
			r = fmt.Sprintf("line %q %t %t", l, long, ok)
		case 3:
			r = fmt.Sprintf("more %t", s.More())
		}
		got = append(got, fmt.Sprintf("%s at %d", r, s.Line()))
	}
	return got
}

// TestScannerTokensMatchTheLines checks tokens and their lines against
// the input split into lines and fields.
func TestScannerTokensMatchTheLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const alphabet = " \t\r\n\n12345x"
	for range 2000 {
		b := make([]byte, rng.IntN(80))
		for j := range b {
			b[j] = alphabet[rng.IntN(len(alphabet))]
		}
		type token struct {
			text string
			line int
		}
		var want, got []token
		for i, l := range strings.Split(string(b), "\n") {
			for _, f := range strings.Fields(l) {
				want = append(want, token{f, i + 1})
			}
		}
		s := newScannerSize(bytes.NewReader(b), 3)
		for {
			tok, ok := s.Token()
			if !ok {
				break
			}
			got = append(got, token{string(tok), s.Line()})
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("input %q: tokens %v, want %v", b, got, want)
		}
		if s.Line() != lineCount(b) && len(b) > 0 {
			t.Fatalf("input %q: Line() at the end = %d, want %d", b, s.Line(), lineCount(b))
		}
	}
}

// lineCount is the number of lines of b; a last line without a line end
// counts.
func lineCount(b []byte) int {
	n := bytes.Count(b, []byte("\n"))
	if len(b) > 0 && b[len(b)-1] != '\n' {
		n++
	}
	return n
}

// TestScannerReportsReadErrorsAsTheyAre checks that a read error is
// returned as the reader gave it, not as an *Error or as input that ends,
// even when it comes with the last bytes.
func TestScannerReportsReadErrorsAsTheyAre(t *testing.T) {
	broken := errors.New("read box.in: is a directory")
	for _, tc := range []struct {
		name string
		r    io.Reader
	}{
		{"at once", iotest.ErrReader(broken)},
		{"with the last bytes", iotest.DataErrReader(io.MultiReader(strings.NewReader("12 3"), iotest.ErrReader(broken)))},
		{"after them", iotest.OneByteReader(io.MultiReader(strings.NewReader("12 3"), iotest.ErrReader(broken)))},
	} {
		s := NewScanner(tc.r)
		var err error
		for err == nil {
			_, err = s.Int("v")
		}
		var ie *Error
		if err != broken || errors.As(err, &ie) || s.Err() != broken || !Stops(err) {
			t.Errorf("%s: Int() = %v, Err() = %v; want the read error itself", tc.name, err, s.Err())
		}
		s = NewScanner(tc.r)
		for {
			if _, _, ok := s.ReadLine(nil, 10); !ok {
				break
			}
		}
		if s.Err() != broken || s.End() != broken {
			t.Errorf("%s: after ReadLine, Err() = %v, End() = %v; want the read error", tc.name, s.Err(), s.End())
		}
	}
}

func TestStopsAtTheEndOnly(t *testing.T) {
	_, end := NewScanner(strings.NewReader("")).Int("v")
	_, bad := NewScanner(strings.NewReader("x")).Int("v")
	if !Stops(end) || Stops(bad) {
		t.Errorf("Stops(%v) = %t, Stops(%v) = %t; want true, false", end, Stops(end), bad, Stops(bad))
	}
}

// TestReplayYieldsTheInputAgain looks at the first line after blank lines
// and checks that Replay gives a parser the same input: lines in place,
// the rest untouched, whether the first look reached the end or not.
func TestReplayYieldsTheInputAgain(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		tokens   int
		want     string
	}{
		{"samegame", "\n \r\n\t\n 5  \n14111\n", 1, "\n\n\n5  \n14111\n"},
		{"match3 on one line", "\n8 8 5 5 1 1 5", 4, "\n8 8 5 5 1 1 5"},
		{"all read", "1 2", 2, "1 2"},
		{"long token", "\n\n" + strings.Repeat("7", 30) + " 8", 1, "\n\n" + strings.Repeat("7", 30) + " 8"},
	} {
		for _, size := range []int{2, bufSize} {
			s := newScannerSize(strings.NewReader(tc.in), size)
			var seen []byte
			for i := range tc.tokens {
				tok, ok := s.Token()
				if !ok {
					t.Fatalf("%s: Token() %d at the end", tc.name, i)
				}
				if i > 0 {
					seen = append(seen, ' ')
				}
				seen = append(seen, tok...)
			}
			got, err := io.ReadAll(s.Replay(seen))
			if err != nil || string(got) != tc.want {
				t.Errorf("%s, buffer %d: Replay yields %q, %v; want %q", tc.name, size, got, err, tc.want)
			}
		}
	}
}

func TestScannerBufferGrowsOnlyWithTheInput(t *testing.T) {
	for _, tc := range []struct {
		tokens  int
		wantBuf int
	}{
		{10, firstBufSize},
		{firstBufSize, firstBufSize}, // two bytes a token: two buffers' worth
		{firstReads*firstBufSize/2 - 1, firstBufSize},
		{firstReads*firstBufSize/2 + 1, bufSize},
		{1 << 20, bufSize},
	} {
		in := strings.Repeat("7\n", tc.tokens)
		s := NewScanner(strings.NewReader(in))
		n := 0
		for {
			v, err := s.Int("value")
			if errors.Is(err, ErrEOF) {
				break
			}
			if err != nil || v != 7 {
				t.Fatalf("%d tokens: token %d = %d, %v", tc.tokens, n+1, v, err)
			}
			n++
		}
		if n != tc.tokens || s.Line() != tc.tokens {
			t.Errorf("%d tokens: read %d, ending on line %d", tc.tokens, n, s.Line())
		}
		if len(s.buf) != tc.wantBuf {
			t.Errorf("%d tokens: buffer of %d bytes, want %d", tc.tokens, len(s.buf), tc.wantBuf)
		}
	}
}

// TestIntsAgreeWithIntOf reads random inputs value by value with Int, and
// again with Ints in chunks of random sizes, putting back a random part
// of some chunks with Unread and reading a value with Int wherever Ints
// reads none: both must see the same values, on the same lines, and the
// same problems.
func TestIntsAgreeWithIntOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = " \t\r\n\n,0123456789x"
	type value struct {
		v    int
		err  string
		line int
	}
	for i := range 3000 {
		b := make([]byte, rng.IntN(80))
		for j := range b {
			b[j] = alphabet[rng.IntN(len(alphabet))]
			if rng.IntN(40) == 0 {
				b = append(b[:j], strings.Repeat("9", 19)...)[:len(b)]
			}
		}
		commas := i%2 == 0
		size := 1 + rng.IntN(12)
		var want []value
		s := newScannerSize(bytes.NewReader(b), size)
		s.Commas = commas
		for {
			v, err := s.Int("v")
			w := value{v: v, line: s.Line()}
			if err != nil {
				w.err = err.Error()
			}
			want = append(want, w)
			if err != nil && Stops(err) {
				break
			}
		}
		s = newScannerSize(bytes.NewReader(b), size)
		s.Commas = commas
		var chunk [6]int
		for r := 0; r < len(want); {
			n := s.Ints(chunk[:1+rng.IntN(len(chunk))])
			if n > 0 && rng.IntN(3) == 0 {
				n = rng.IntN(n + 1)
				s.Unread(n)
			}
			for k, v := range chunk[:n] {
				if w := want[r+k]; w.err != "" || w.v != v {
					t.Fatalf("input %q, buffer %d: Ints read %d as value %d, want %+v", b, size, v, r+k+1, w)
				}
			}
			if r += n; n > 0 && s.Line() != want[r-1].line {
				t.Fatalf("input %q, buffer %d: after value %d Ints is on line %d, want %d", b, size, r, s.Line(), want[r-1].line)
			}
			if n == 0 || rng.IntN(4) == 0 {
				v, err := s.Int("v")
				got := value{v: v, line: s.Line()}
				if err != nil {
					got.err = err.Error()
				}
				if got != want[r] {
					t.Fatalf("input %q, buffer %d: value %d read as %+v, want %+v", b, size, r+1, got, want[r])
				}
				r++
			}
		}
	}
}
