package samegame

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

func TestParseExample(t *testing.T) {
	c, err := Parse(strings.NewReader(sample.SameGame()[0].Input))
	if err != nil {
		t.Fatal(err)
	}
	if c.W != 5 || c.H != 5 || len(c.Moves) != 12 {
		t.Fatalf("W = %d, %d moves; want 5, 12", c.W, len(c.Moves))
	}
	// Column 0 from the left, row 4 from the bottom: the top-left 1.
	if got := c.At(0, 4); got != 1 {
		t.Errorf("At(0, 4) = %d, want 1", got)
	}
	if got := c.At(4, 0); got != 2 {
		t.Errorf("At(4, 0) = %d, want 2", got)
	}
	if c.Moves[2] != (Move{0, 1}) {
		t.Errorf("Moves[2] = %v, want (0 1)", c.Moves[2])
	}
	if err := c.Validate(); err != nil {
		t.Errorf("Validate() = %v", err)
	}
}

func TestFormatRoundTrips(t *testing.T) {
	example := sample.SameGame()[0].Input
	c, err := Parse(strings.NewReader(example))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.String(); got != example {
		t.Errorf("Format:\n%s\nwant\n%s", got, example)
	}
	d, err := Parse(strings.NewReader(c.String()))
	if err != nil || !reflect.DeepEqual(c, d) {
		t.Fatalf("Parse(Format(c)) = %v, %v; want %v", d, err, c)
	}
}

func TestParseToleratesSeparatorsAndLineEnds(t *testing.T) {
	in := "2 \r\n12\r\n21  \r\n3\r\n0 0,1 1 ,\r\n 0,0"
	c, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := []Move{{0, 0}, {1, 1}, {0, 0}}
	if !reflect.DeepEqual(c.Moves, want) {
		t.Errorf("Moves = %v, want %v", c.Moves, want)
	}
}

func TestParseRejects(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", "line 1: missing box side N: input ends"},
		{"letter header", "x\n", `line 1: box side N "x" is not an integer`},
		{"zero side", "0\n0\n", "line 1: box side N = 0, want at least 1"},
		{"short row", "2\n12\n1\n0\n", "line 3: row has 1 characters, want 2"},
		{"zero colour", "2\n12\n10\n0\n", "line 3: column 1: '0' is not a colour 1-9"},
		{"letter colour", "2\n1a\n12\n0\n", "line 2: column 1: 'a' is not a colour 1-9"},
		{"missing row", "2\n12\n", "line 3: missing row 2 of 2: input ends"},
		{"missing K", "1\n1\n", "line 3: missing number of moves K: input ends"},
		{"negative K", "1\n1\n-1\n", "line 3: number of moves K = -1, want at least 0"},
		{"too few pairs", "1\n1\n2\n0 0\n", "line 4: missing X of pair 2 of 2: input ends"},
		{"half pair", "1\n1\n1\n0\n", "line 4: missing Y of pair 1 of 1: input ends"},
		{"too many pairs", "1\n1\n1\n0 0, 0 0\n", `line 4: more than K = 1 pairs: unexpected "0"`},
		{"off the box", "2\n12\n21\n1\n0 2\n", "line 5: pair 1: Y = 2 outside 0..1"},
		{"negative", "2\n12\n21\n1\n-1 0\n", "line 5: pair 1: X = -1 outside 0..1"},
		{"huge claimed box", "1000000000\n12\n", "line 2: row has 2 characters, want 1000000000"},
		{"row a little long", "2\n123\n", "line 2: row has 3 characters, want 2"},
		{"row far too long", "2\n" + strings.Repeat("1", 1000) + "\n", "line 2: row has more than 66 characters, want 2"},
		{"long header line", "3 3 3 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1\n", `line 1: box side N or W H: want one or two integers, got "3 3 3 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 2 1 …" (47 bytes)`},
		{"header line far too long", strings.Repeat("5", 1000), `line 1: box side N or W H: want one or two integers, got "5555555555555555555555555555555555555555…" (more than 64 bytes)`},
		{"long coordinate", "1\n1\n1\n" + strings.Repeat("0", 100) + " 0\n", `line 4: X of pair 1 of 1 "00000000000000000000…" (more than 20 bytes) is out of range`},
		{"long extra token", "1\n1\n1\n0 0 " + strings.Repeat("x", 100), `line 4: more than K = 1 pairs: unexpected "xxxxxxxxxxxxxxxxxxxx…" (more than 20 bytes)`},
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

func TestParseAcceptsBlanksOfAnyLengthAfterALine(t *testing.T) {
	blanks := strings.Repeat(" \t", 1000)
	c, err := Parse(strings.NewReader("  2" + blanks + "\n12" + blanks + "\r\n21\n1" + blanks + "\n0 0"))
	if err != nil || c.W != 2 || c.H != 2 || len(c.Moves) != 1 {
		t.Fatalf("Parse = %+v, %v; want a 2 x 2 box and one click", c, err)
	}
}

func TestParseReturnsReadErrorsAsTheyAre(t *testing.T) {
	broken := errors.New("read box.in: is a directory")
	for _, r := range []io.Reader{
		iotest.ErrReader(broken),
		io.MultiReader(strings.NewReader("2\n12\n"), iotest.ErrReader(broken)),
		io.MultiReader(strings.NewReader("2\n12\n21\n2\n0 0, 1"), iotest.ErrReader(broken)),
	} {
		if _, errs := ParseAll(r, 0); len(errs) != 1 || errs[0] != broken {
			t.Errorf("ParseAll errors = %v, want the read error alone", errs)
		}
	}
}

func TestPointsAreTriangularAndExactIn64Bits(t *testing.T) {
	for _, tc := range []struct {
		c    int
		want int64
	}{{0, 0}, {1, 1}, {2, 3}, {6, 21}, {66049, 2181268225}, {4000000, 8000002000000}} {
		if got := Points(tc.c); got != tc.want {
			t.Errorf("Points(%d) = %d, want %d", tc.c, got, tc.want)
		}
	}
}

func TestParseAllReportsEveryProblem(t *testing.T) {
	in := "3\n12\n1a3\n111\n3\n0 0, 3 1, x 2\n"
	_, errs := ParseAll(strings.NewReader(in), 0)
	var got []string
	for _, err := range errs {
		got = append(got, err.Error())
	}
	want := []string{
		"line 2: row has 2 characters, want 3",
		"line 3: column 1: 'a' is not a colour 1-9",
		"line 6: pair 2: X = 3 outside 0..2",
		`line 6: X of pair 3 of 3 "x" is not an integer`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseAll errors =\n%q\nwant\n%q", got, want)
	}
	if _, errs := ParseAll(strings.NewReader(in), 2); len(errs) != 2 {
		t.Errorf("ParseAll with max 2 gave %d errors", len(errs))
	}
}

func TestParseAllGoesOnAfterALongRow(t *testing.T) {
	in := "2\n" + strings.Repeat("1", 1000) + "\n1x\n0\n"
	_, errs := ParseAll(strings.NewReader(in), 0)
	var got []string
	for _, err := range errs {
		got = append(got, err.Error())
	}
	want := []string{"line 2: row has more than 66 characters, want 2", "line 3: column 1: 'x' is not a colour 1-9"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseAll errors = %q, want %q", got, want)
	}
}

func TestParseAllStopsWhereTheShapeIsLost(t *testing.T) {
	_, errs := ParseAll(strings.NewReader("2\n1x\n12\n2\n0 0\n"), 0)
	if len(errs) != 2 || errs[1].Error() != "line 5: missing X of pair 2 of 2: input ends" {
		t.Errorf("ParseAll errors = %v", errs)
	}
}

func TestValidateRejectsABoxWhoseAreaOverflows(t *testing.T) {
	for _, n := range []int{1 << 32, 3} {
		if err := (&Case{W: n, H: n}).Validate(); err == nil {
			t.Errorf("Validate() of an empty board with N = %d = nil, want an error", n)
		}
	}
}

func TestParseReadsRulesLineAndRectangularBox(t *testing.T) {
	in := "rules benchmark\n3 2\n112\n122\n2\n0 0, 1 0\n"
	c, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if c.W != 3 || c.H != 2 || c.Rules.Name != "benchmark" || c.At(2, 1) != 2 || c.At(0, 0) != 1 {
		t.Errorf("Parse = W %d H %d rules %q At(2,1) %d; want 3, 2, benchmark, 2", c.W, c.H, c.Rules, c.At(2, 1))
	}
	if got := c.String(); got != in {
		t.Errorf("Format:\n%s\nwant\n%s", got, in)
	}
	custom := "rules custom min=2 points=(n-1)^2 clear=0 left=0 end=over close=right size=0x0 colours=0\n1\n1\n0\n"
	d, err := Parse(strings.NewReader(custom))
	if err != nil {
		t.Fatal(err)
	}
	if got := d.String(); got != custom {
		t.Errorf("Format:\n%s\nwant\n%s", got, custom)
	}
	if e, err := Parse(strings.NewReader("rules codeabbey\n1\n1\n0\n")); err != nil || e.String() != "1\n1\n0\n" {
		t.Errorf("rules codeabbey: %v, %q; want the case without a rules line", err, e)
	}
}

func TestParseRejectsBadRulesAndSizes(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"unknown rule set", "rules chess\n1\n1\n0\n", `line 1: rules: unknown rule set "chess"; want one of codeabbey, benchmark, swellfoop, ksame, lx, jawbreaker, tatham, clickomania or custom`},
		{"bad setting", "rules custom min=x\n1\n1\n0\n", `line 1: rules: min: "x" is not an integer`},
		{"missing size", "rules benchmark\n", "line 2: missing box side N: input ends"},
		{"zero height", "3 0\n", "line 1: box height H = 0, want at least 1"},
		{"letter width", "x 2\n", `line 1: box width W "x" is not an integer`},
		{"row of W", "3 2\n12\n", "line 2: row has 2 characters, want 3"},
		{"Y off a wide box", "3 2\n111\n111\n1\n0 2\n", "line 5: pair 1: Y = 2 outside 0..1"},
		{"X on a wide box", "3 2\n111\n111\n1\n3 0\n", "line 5: pair 1: X = 3 outside 0..2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.in))
			if err == nil || err.Error() != tc.want {
				t.Fatalf("Parse error = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestValidateRejectsARuleSetWithoutAMinimum holds Validate to a rule
// set's min of at least 1, which ParseRules keeps to but a Case built
// in Go need not: a min of 0 or below is rejected, 1 is not.
func TestValidateRejectsARuleSetWithoutAMinimum(t *testing.T) {
	for _, least := range []int{0, -1, 1} {
		c := &Case{Rules: Rules{Name: "custom", Min: least, Points: exprN}, W: 1, H: 1, Board: []uint8{1}}
		if err := c.Validate(); (err != nil) != (least < 1) {
			t.Errorf("Validate() of min %d = %v", least, err)
		}
	}
}
