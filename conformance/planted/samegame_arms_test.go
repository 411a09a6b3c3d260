package planted

import (
	"testing"

	"github.com/cascade-harness/cascade/samegame"
)

func TestWithoutArmsKeepsOneArmOfEveryMinAndMax(t *testing.T) {
	for _, tc := range []struct {
		text        string
		keep        int
		want, funcs string
	}{
		{"max(20-n,0)^2", 0, "(20-n)^2", "max"},
		{"max(20-n,0)^2", 1, "(0)^2", "max"},
		{"min(n,3)*2", 0, "(n)*2", "min"},
		{"min(max(n,3),n*2)+max(1,min(n,2))", 0, "((n))+(1)", "min and max"},
		{"min(max(n,3),n*2)+max(1,min(n,2))", 1, "(n*2)+((2))", "min and max"},
		{"n*(n+1)/2", 0, "n*(n+1)/2", ""},
	} {
		got, funcs := withoutArms(tc.text, tc.keep)
		if got != tc.want || funcs != tc.funcs {
			t.Errorf("withoutArms(%q, %d) = %q, %q, want %q, %q", tc.text, tc.keep, got, funcs, tc.want, tc.funcs)
		}
		if _, err := samegame.ParseExpr(got); err != nil {
			t.Errorf("withoutArms(%q, %d) = %q, which does not parse: %v", tc.text, tc.keep, got, err)
		}
	}
}

// The variant that keeps the second arm of jawbreaker's max, (0)^2,
// plays as the left term dropped, listed before it, and is left out.
func TestJawbreakerHasOneVariantWithoutItsMax(t *testing.T) {
	r, _ := samegame.Lookup("jawbreaker")
	var names []string
	for _, v := range SameGameUnder(r) {
		if v.Rule == "S11" {
			names = append(names, v.Name)
		}
	}
	found := 0
	for _, n := range names {
		switch n {
		case "no max in the left term: (20-n)^2":
			found++
		case "no max in the left term: (0)^2":
			t.Errorf("%q listed: it plays as the left term dropped", n)
		}
	}
	if found != 1 {
		t.Errorf("jawbreaker's S11 variants %q, want one without the max", names)
	}
}
