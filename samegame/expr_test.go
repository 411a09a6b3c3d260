package samegame

import (
	"slices"
	"strings"
	"testing"
)

func TestExprEvaluatesEveryRuleSetsForm(t *testing.T) {
	for _, tc := range []struct {
		src  string
		n    int64
		want int64
	}{
		{"n*(n+1)/2", 5, 15},
		{"(n-2)^2", 5, 9},
		{"(n-2)^2", 2, 0},
		{"-(n-2)^2", 7, -25},
		{"n*(n-1)", 4, 12},
		{"(n-1)^2", 3, 4},
		{"0", 9, 0},
		{"max(11-n,0)*100", 3, 800},
		{"max(11-n,0)*100", 12, 0},
		{"min(n, 3)", 7, 3},
		{"2^3^2", 0, 512},
		{"-2^2", 0, -4},
		{"1 - 2 - 3", 0, -4},
		{"7/2", 0, 3},
		{"n/0", 5, 0},
		{"2^-1", 0, 0},
		{"2^63", 0, -1 << 63},
		{"n*n", 1 << 32, 0},
		{"-7/2", 0, -3},
		{"7/-2", 0, -3},
		{"-n/2", 3, -1},
		{"9223372036854775807+1", 0, -1 << 63},
		{"(-9223372036854775807-1)/-1", 0, -1 << 63},
		{"(-9223372036854775807-1)/1", 0, -1 << 63},
		{"(-9223372036854775807-1)/(n-2)", 1, -1 << 63},
		{"-(-9223372036854775807-1)", 0, -1 << 63},
	} {
		e, err := ParseExpr(tc.src)
		if err != nil {
			t.Errorf("ParseExpr(%q) = %v", tc.src, err)
			continue
		}
		if got := e.Eval(tc.n); got != tc.want {
			t.Errorf("%s at n=%d = %d, want %d", tc.src, tc.n, got, tc.want)
		}
	}
}

func TestExprRejectsMalformed(t *testing.T) {
	for _, src := range []string{"", "n+", "(n", "n)", "2n", "x", "max(1)", "99999999999999999999", "9223372036854775808", "-9223372036854775808", strings.Repeat("(", 40) + "n" + strings.Repeat(")", 40), "n^"} {
		if _, err := ParseExpr(src); err == nil {
			t.Errorf("ParseExpr(%q) accepted", src)
		}
	}
}

func TestExprEvalDoesNotAllocate(t *testing.T) {
	e := MustExpr("max(11-n,0)*100 + (n-2)^2")
	if a := testing.AllocsPerRun(100, func() { e.Eval(7) }); a != 0 {
		t.Errorf("Eval allocates %v times, want 0", a)
	}
}

func TestNamedExpressionsAreCompiled(t *testing.T) {
	for _, e := range []Expr{exprTriangle, exprSquare2, exprLX, exprPairs, exprJawLeft, exprZero, exprN} {
		want := MustExpr(e.src)
		if !slices.Equal(e.code, want.code) {
			t.Errorf("%s: code %v, ParseExpr gives %v", e.src, e.code, want.code)
		}
	}
}
