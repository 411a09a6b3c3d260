package samegame

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// exprOfLength returns a valid expression of exactly l bytes, l >= 1:
// n+1+1..., with one 10 for an even length. Its stack stays two deep
// however long it is.
func exprOfLength(l int) string {
	if l%2 == 1 {
		return "n" + strings.Repeat("+1", (l-1)/2)
	}
	return "n+10" + strings.Repeat("+1", (l-4)/2)
}

// longestRules is a rule set with every setting at its longest text.
func longestRules() string {
	return "custom min=1073741824 points=" + exprOfLength(ExprMax) + " clear=-9223372036854775808 left=-" +
		exprOfLength(ExprMax-1) + " end=over close=right size=" + longestSize() + " colours=9"
}

// longestSize is the longest size the rules accept.
func longestSize() string {
	best := ""
	for w := 1; w <= SizeMaxCells; w++ {
		if s := strconv.Itoa(w) + "x" + strconv.Itoa(SizeMaxCells/w); len(s) > len(best) {
			best = s
		}
	}
	return best
}

// A rule set ParseRules accepts is one Format writes in a rules line
// Parse reads back: whatever --rules takes, gen and --emit can write and
// read again. Expressions of every length around the limit are tried;
// one ParseRules refuses needs no rules line.
func TestEveryRuleSetParseRulesAcceptsReadsBackFromACase(t *testing.T) {
	texts := []string{longestRules()}
	for _, l := range []int{1, 100, ExprMax - 1, ExprMax, ExprMax + 1, 300, 479, 600} {
		texts = append(texts,
			"custom points="+exprOfLength(l),
			"custom min=1073741824 points="+exprOfLength(l)+" clear=-9223372036854775808 left="+exprOfLength(l)+" end=list close=right size=1x1 colours=9")
	}
	for _, text := range texts {
		r, err := ParseRules(text)
		if err != nil {
			continue
		}
		c := &Case{Rules: r, W: 2, H: 1, Board: []uint8{1, 2}, Moves: []Move{{1, 0}}}
		got, err := Parse(strings.NewReader(c.String()))
		if err != nil {
			t.Errorf("ParseRules accepts %d bytes of rules, but the case it writes (a %d-byte rules line) reads back as: %v",
				len(text), len(RulesLine(r)), err)
			continue
		}
		if !got.Rules.Equal(c.Rules) || !reflect.DeepEqual(got.Board, c.Board) || !reflect.DeepEqual(got.Moves, c.Moves) {
			t.Errorf("rules of %d bytes: Parse(Format(c)) =\n%v\nwant\n%v", len(text), got, c)
		}
	}
}

// The limits themselves: an expression of ExprMax bytes, blanks not
// counted, is read; one byte more is refused, saying the limit.
func TestExprLengthLimitCountsTheCanonicalForm(t *testing.T) {
	if _, err := ParseExpr(exprOfLength(ExprMax)); err != nil {
		t.Errorf("ParseExpr of %d bytes = %v, want accepted", ExprMax, err)
	}
	if _, err := ParseExpr(strings.Join(strings.Split(exprOfLength(ExprMax), ""), " ")); err != nil {
		t.Errorf("ParseExpr of %d bytes spread by blanks = %v, want accepted", ExprMax, err)
	}
	_, err := ParseExpr(exprOfLength(ExprMax + 1))
	if err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("ParseExpr of %d bytes = %v, want an error saying it is longer than %d", ExprMax+1, err, ExprMax)
	}
	if _, err := ParseRules(longestRules()); err != nil {
		t.Errorf("ParseRules(longest) = %v", err)
	}
}

// rulesMax is exactly the longest rules line: every setting at its
// longest, a line Parse reads.
func TestLongestRulesLineIsRulesMax(t *testing.T) {
	r, err := ParseRules(longestRules())
	if err != nil {
		t.Fatal(err)
	}
	if line := strings.TrimSuffix(RulesLine(r), "\n"); len(line) != rulesMax {
		t.Errorf("the longest rules line has %d bytes, rulesMax %d: %s", len(line), rulesMax, line)
	}
	// A line end and blanks at the end of the line are not counted.
	c := &Case{Rules: r, W: 1, H: 1, Board: []uint8{1}}
	in := strings.ReplaceAll(strings.Replace(c.String(), "\n", " \t \n", 1), "\n", "\r\n")
	if got, err := Parse(strings.NewReader(in)); err != nil || !got.Rules.Equal(r) {
		t.Errorf("the longest rules line with blanks and CRLF: %v, %v", got, err)
	}
}

// The usual box of a rule set is one generation can play to the end of
// the game: at most SizeMaxCells cells, however thin.
func TestRulesSizeIsBoundedByCells(t *testing.T) {
	for _, size := range []string{"64x64", "4096x1", "1x4096", "0x0"} {
		if _, err := ParseRules("custom size=" + size); err != nil {
			t.Errorf("size=%s: %v", size, err)
		}
	}
	for _, tc := range []struct{ size, want string }{
		{"65x64", `size: "65x64": 4160 cells, more than 4096`},
		{"16384x16384", "size: 16384 outside 0..4096"},
		{"2000x2000", `size: "2000x2000": 4000000 cells, more than 4096`},
		{"4097x1", "size: 4097 outside 0..4096"},
	} {
		_, err := ParseRules("custom size=" + tc.size)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("size=%s: %v, want an error with %q", tc.size, err, tc.want)
		}
	}
}
