package match3

import (
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/sample"
)

func TestParseSample(t *testing.T) {
	c, err := Parse(strings.NewReader(sample.Match3()[2].Input))
	if err != nil {
		t.Fatal(err)
	}
	if c.Rows != 5 || c.Cols != 5 || c.Colours != 2 || len(c.Ops) != 1 {
		t.Fatalf("header = %d %d %d %d, want 5 5 2 1", c.Rows, c.Cols, c.Colours, len(c.Ops))
	}
	if got := c.Board[c.Index(Cell{3, 3})]; got != (Piece{Colour: 1}) {
		t.Errorf("cell (3, 3) = %v, want colour 1", got)
	}
	if c.Ops[0] != (Swap{Cell{3, 3}, Cell{4, 3}}) {
		t.Errorf("Ops[0] = %v", c.Ops[0])
	}
	if ok, why := c.InLimits(); !ok {
		t.Errorf("InLimits() = false, %q", why)
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate() = %v", err)
	}
}

func TestFormatRoundTrips(t *testing.T) {
	c, err := Parse(strings.NewReader(sample.Match3()[2].Input))
	if err != nil {
		t.Fatal(err)
	}
	c.Board[0].Special = Square5
	c.Board[24].Special = Colour
	d, err := Parse(strings.NewReader(c.String()))
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Fatalf("Parse(Format(c)) = %v, %v; want %v", d, err, c)
	}
}

func TestParseAcceptsAnyWhiteSpace(t *testing.T) {
	c, err := Parse(strings.NewReader("1 3 2 0 1 2 1\t0\r\n0 6"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Board[2] != (Piece{Colour: 1, Special: Colour}) || len(c.Ops) != 0 {
		t.Errorf("got %+v", c)
	}
}

func TestParseRejects(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "line 1: missing number of rows n: input ends"},
		{"non-number", "2 x", `line 1: number of columns m "x" is not an integer`},
		{"zero rows", "0 2 2 0", "line 1: number of rows n = 0, want at least 1"},
		{"negative q", "1 1 1 -1", "line 1: number of operations q = -1, want at least 0"},
		{"colour above k", "1 2 2 0\n1 3\n", "line 2: colour 3 of cell (1, 2) outside 1..2"},
		{"colour zero", "1 2 2 0\n0 1\n", "line 2: colour 0 of cell (1, 1) outside 1..2"},
		{"special above 6", "1 2 2 0\n1 2\n0 7\n", "line 3: special 7 of cell (1, 2) outside 0..6"},
		{"horizontal run", "1 3 2 0\n2 2 2\n", "line 2: initial board holds a run of three: cells (1, 1) to (1, 3) are all colour 2"},
		{"vertical run", "3 1 2 0\n1\n1\n1\n", "line 4: initial board holds a run of three: cells (1, 1) to (3, 1) are all colour 1"},
		{"missing special", "1 2 2 0\n1 2\n0\n", "line 3: missing special of cell (1, 2): input ends"},
		{"too few operations", "1 2 2 2\n1 2\n0 0\n1 1 1 2\n", "line 4: missing x1 of operation 2 of 2: input ends"},
		{"extra token", "1 2 2 1\n1 2\n0 0\n1 1 1 2\n5\n", `line 5: extra token "5": the header announces q = 1 operations`},
		{"too many colours", "2 2 1048577 0\n", "line 1: number of colours k = 1048577, more than the 1048576 colours cascade supports"},
		{"row off the board", "1 2 2 1\n1 2\n0 0\n2 1 1 1\n", "line 4: operation 1: x1 = 2 outside 1..1"},
		{"column off the board", "1 2 2 1\n1 2\n0 0\n1 1 1 3\n", "line 4: operation 1: y2 = 3 outside 1..2"},
		{"huge claimed board", "1000000000 1000000000 5 1\n1 2\n", "line 2: missing colour of cell (1, 3): input ends"},
		{"overflowing board", "4611686018427387904 4 5 1\n", "line 1: board of 4611686018427387904 x 4 cells is too large"},
		{"long number", "1 2 2 0\n" + strings.Repeat("1", 1000), `line 2: colour of cell (1, 1) "11111111111111111111…" (more than 20 bytes) is out of range`},
		{"long word", "1 2 2 0\n1 " + strings.Repeat("x", 1000), `line 2: colour of cell (1, 2) "xxxxxxxxxxxxxxxxxxxx…" (more than 20 bytes) is not an integer`},
		{"long extra token", "1 2 2 0 1 2 0 0 " + strings.Repeat("7", 1000), `line 1: extra token "77777777777777777777…" (more than 20 bytes): the header announces q = 0 operations`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.in))
			var ie *input.Error
			if !errors.As(err, &ie) || err.Error() != tc.want {
				t.Fatalf("Parse error = %v, want %q", err, tc.want)
			}
		})
	}
}

func TestInLimitsNamesThePassedLimit(t *testing.T) {
	c := &Case{Rows: 2, Cols: 2, Colours: 2, Ops: make([]Swap, 1)}
	if ok, why := c.InLimits(); ok || why != "n + m = 4, want more than 4" {
		t.Errorf("InLimits() = %t, %q", ok, why)
	}
	c.Rows, c.Cols, c.Colours = 51, 3, 2
	if ok, why := c.InLimits(); ok || why != "n = 51 outside 2..50" {
		t.Errorf("InLimits() = %t, %q", ok, why)
	}
}

func TestParseAllReportsEveryProblem(t *testing.T) {
	in := "2 5 2 2\n1 3 2 2 2\n1 x 1 2 1\n0 0 0 0 9\n0 0 0 0 0\n1 1 1 6\n1 1 1 2\n"
	_, errs := ParseAll(strings.NewReader(in), 0)
	var got []string
	for _, err := range errs {
		got = append(got, err.Error())
	}
	want := []string{
		"line 2: colour 3 of cell (1, 2) outside 1..2",
		"line 2: initial board holds a run of three: cells (1, 3) to (1, 5) are all colour 2",
		`line 3: colour of cell (2, 2) "x" is not an integer`,
		"line 4: special 9 of cell (1, 5) outside 0..6",
		"line 6: operation 1: y2 = 6 outside 1..5",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseAll errors =\n%q\nwant\n%q", got, want)
	}
}

func TestParseAllGoesOnAfterALongToken(t *testing.T) {
	in := "1 2 2 0\n" + strings.Repeat("1", 1000) + " 3\n0 0\n"
	_, errs := ParseAll(strings.NewReader(in), 0)
	var got []string
	for _, err := range errs {
		got = append(got, err.Error())
	}
	want := []string{
		`line 2: colour of cell (1, 1) "11111111111111111111…" (more than 20 bytes) is out of range`,
		"line 2: colour 3 of cell (1, 2) outside 1..2",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseAll errors = %q, want %q", got, want)
	}
}

func TestParseReturnsReadErrorsAsTheyAre(t *testing.T) {
	broken := errors.New("read board.in: is a directory")
	for _, r := range []io.Reader{
		iotest.ErrReader(broken),
		io.MultiReader(strings.NewReader("1 2 2 0\n1"), iotest.ErrReader(broken)),
		io.MultiReader(strings.NewReader("1 2 2 0\n1 2 0 0"), iotest.ErrReader(broken)),
	} {
		if _, errs := ParseAll(r, 0); len(errs) != 1 || errs[0] != broken {
			t.Errorf("ParseAll errors = %v, want the read error alone", errs)
		}
	}
}

func TestParseAllReportsARunOnceAtItsThirdCell(t *testing.T) {
	_, errs := ParseAll(strings.NewReader("1 5 2 0\n2 2 2 2 2\n0 0 0 0 0\n"), 0)
	if len(errs) != 1 {
		t.Errorf("ParseAll errors = %v, want one run", errs)
	}
}

func TestValidateRejectsABoardWhoseAreaOverflows(t *testing.T) {
	for _, side := range []int{1 << 32, 3} {
		c := &Case{Rows: side, Cols: side, Colours: 2}
		if err := c.Validate(); err == nil {
			t.Errorf("Validate() of an empty %dx%d board = nil, want an error", side, side)
		}
	}
}
