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
	for _, src := range []string{"", "n+", "(n", "n)", "2n", "x", "max(1)", "99999999999999999999", "9223372036854775808", "-9223372036854775808", strings.Repeat("(", 100) + "n" + strings.Repeat(")", 100), "n^"} {
		if _, err := ParseExpr(src); err == nil {
			t.Errorf("ParseExpr(%q) accepted", src)
		}
	}
}

// TestExprNestsAsDeepAsItsBytesAllow: no expression within ExprMax
// bytes is refused for its nesting, however deep its parentheses or its
// stack of operands (a 67-byte one was, nested deeper than 32).
func TestExprNestsAsDeepAsItsBytesAllow(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want int64 // at n = 3
	}{
		{strings.Repeat("(", 99) + "n" + strings.Repeat(")", 99), 3},
		{strings.Repeat("(", 33) + "n" + strings.Repeat(")", 33), 3},
		// 1-(1-(1-...(1-n)...)), 49 times: every operand waits on the stack.
		{strings.Repeat("1-(", 49) + "n" + strings.Repeat(")", 49), -2},
		// 1+1+...: 100 operands, a stack of 2.
		{strings.Repeat("1+", 99) + "1", 100},
	} {
		if len(tc.src) > ExprMax {
			t.Fatalf("%d bytes, past ExprMax", len(tc.src))
		}
		e, err := ParseExpr(tc.src)
		if err != nil {
			t.Errorf("ParseExpr of %d bytes: %v", len(tc.src), err)
			continue
		}
		if got := e.Eval(3); got != tc.want {
			t.Errorf("%s at 3 = %d, want %d", tc.src, got, tc.want)
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
