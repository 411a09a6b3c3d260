package expr

import (
	"strings"
	"testing"
)

func TestExprEvaluatesInItsVariables(t *testing.T) {
	for _, tc := range []struct {
		src  string
		vals []int64
		want int64
	}{
		{"n*(n+1)/2", []int64{5}, 15},
		{"(n-2)^2", []int64{5}, 9},
		{"max(11-n,0)*100", []int64{3}, 800},
		{"2^3^2", nil, 512},
		{"-2^2", nil, -4},
		{"7/-2", nil, -3},
		{"n/0", []int64{5}, 0},
		{"2^-1", nil, 0},
		{"9223372036854775807+1", nil, -1 << 63},
		{"(-9223372036854775807-1)/-1", nil, -1 << 63},
		{"n*r", []int64{4, 3}, 12},
		{"i+n-3", []int64{5, 1, 2}, 4},
		{"c*10+s", []int64{0, 0, 0, 7, 2}, 72},
		{"r*i", []int64{1}, 0}, // a variable without a value is 0
	} {
		e, err := Parse(tc.src, "nrics")
		if err != nil {
			t.Errorf("Parse(%q) = %v", tc.src, err)
			continue
		}
		if got := e.Eval(tc.vals...); got != tc.want {
			t.Errorf("%s at %v = %d, want %d", tc.src, tc.vals, got, tc.want)
		}
	}
}

func TestExprRejectsMalformed(t *testing.T) {
	for _, src := range []string{"", "n+", "(n", "n)", "2n", "x", "nr", "max(1)", "9223372036854775808", strings.Repeat("(", 40) + "n" + strings.Repeat(")", 40), "n^"} {
		if _, err := Parse(src, "nr"); err == nil {
			t.Errorf("Parse(%q) accepted", src)
		}
	}
	if _, err := Parse("r", "n"); err == nil || !strings.Contains(err.Error(), `unknown variable 'r'`) {
		t.Errorf(`Parse("r", "n") = %v, want an unknown variable`, err)
	}
	for _, vars := range []string{"nn", "m", "N", "abcdefghi"} {
		if _, err := Parse("1", vars); err == nil {
			t.Errorf("Parse with variables %q accepted", vars)
		}
	}
}

func TestExprUsesNamesTheVariablesRead(t *testing.T) {
	e := Must("n+max(i,2)", "nri")
	for i, want := range []bool{true, false, true} {
		if got := e.Uses(i); got != want {
			t.Errorf("Uses(%d) = %t, want %t", i, got, want)
		}
	}
}

func TestExprEvalDoesNotAllocate(t *testing.T) {
	e := Must("max(11-n,0)*100 + (n-2)^2*r", "nr")
	if a := testing.AllocsPerRun(100, func() { e.Eval(7, 2) }); a != 0 {
		t.Errorf("Eval allocates %v times, want 0", a)
	}
}
