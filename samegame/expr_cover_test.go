package samegame

import (
	"fmt"
	"testing"
)

// itemsAt names the items x reaches at n.
func itemsAt(x *ExprCover, n int64) []string {
	var names []string
	got := x.Reached(n)
	for i, it := range x.Items() {
		if got&(1<<i) != 0 {
			names = append(names, it.Name)
		}
	}
	return names
}

func TestExprCoverTellsTheArmsOfJawbreakersLeftTerm(t *testing.T) {
	x := CoverExpr(exprJawLeft, 1)
	var items []string
	for _, it := range x.Items() {
		items = append(items, fmt.Sprintf("%s [%d,%d]", it.Name, it.Lo, it.Hi))
	}
	want := []string{"max(20-n,0)->20-n [1,19]", "max(20-n,0)->0 [21,1048577]", "max(20-n,0)=0 [20,1048577]", "20-n=0 [20,20]"}
	if fmt.Sprint(items) != fmt.Sprint(want) {
		t.Errorf("items %q, want %q", items, want)
	}
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{1, "[max(20-n,0)->20-n]"},
		{19, "[max(20-n,0)->20-n]"},
		{20, "[max(20-n,0)=0 20-n=0]"},
		{21, "[max(20-n,0)->0 max(20-n,0)=0]"},
		{400, "[max(20-n,0)->0 max(20-n,0)=0]"},
	} {
		if got := fmt.Sprint(itemsAt(&x, tc.n)); got != tc.want {
			t.Errorf("at n=%d: %s, want %s", tc.n, got, tc.want)
		}
	}
}

// TestExprCoverTellsTheArmsOfAProduct instruments max(n-5,0)*min(n,9):
// max takes n-5 past 5 and 0 below it, and at 5 its arms tie, which is
// n-5=0 and neither arm; min takes n up to 8 and 9 past 9 (their tie at
// 9 tells no n from another: min is 9 either way); the product is 0 up
// to 5.
func TestExprCoverTellsTheArmsOfAProduct(t *testing.T) {
	e, err := ParseExpr("max(n-5,0)*min(n,9)")
	if err != nil {
		t.Fatal(err)
	}
	x := CoverExpr(e, 1)
	var items []string
	for _, it := range x.Items() {
		items = append(items, fmt.Sprintf("%s [%d,%d]", it.Name, it.Lo, it.Hi))
	}
	want := []string{"max(n-5,0)->n-5 [6,1048577]", "max(n-5,0)->0 [1,4]", "min(n,9)->n [1,8]", "min(n,9)->9 [10,1048577]", "max(n-5,0)*min(n,9)=0 [1,5]", "n-5=0 [5,5]"}
	if fmt.Sprint(items) != fmt.Sprint(want) {
		t.Errorf("items %q, want %q", items, want)
	}
	if got, want := fmt.Sprint(itemsAt(&x, 5)), "[min(n,9)->n max(n-5,0)*min(n,9)=0 n-5=0]"; got != want {
		t.Errorf("at n=5: %s, want %s", got, want)
	}
}

// An item tells some n of the domain from another: a sign that never
// changes over the domain, such as n*(n+1) for n >= 1, and a branch
// reached only below the domain's least n are none.
func TestExprCoverKeepsOnlyBranchesThatChangeOverTheDomain(t *testing.T) {
	for _, tc := range []struct {
		src   string
		least int64
		want  string
	}{
		{"n*(n+1)/2", 1, "[]"},
		{"n*(n-1)", 2, "[]"},
		{"0", 1, "[]"},
		{"n", 1, "[]"},
		{"(n-2)^2", 2, "[(n-2)^2=0 (n-2)^2>0]"},
		{"(n-2)^2", 3, "[]"},
		{"-(n-2)^2", 1, "[-(n-2)^2<0 -(n-2)^2=0 n-2<0 n-2>0]"},
		{"min(n,3)", 1, "[min(n,3)->n min(n,3)->3]"},
		// 100/(n-5) is 0 at n=5, by the division by zero, and past 105.
		{"100/(n-5)", 1, "[100/(n-5)<0 100/(n-5)=0 100/(n-5)>0 n-5=0 n-5>0]"},
		{"(3-n)^3", 1, "[(3-n)^3<0 (3-n)^3=0 (3-n)^3>0]"},
	} {
		x := CoverExpr(MustExpr(tc.src), tc.least)
		var names []string
		for _, it := range x.Items() {
			names = append(names, it.Name)
		}
		if got := fmt.Sprint(names); got != tc.want {
			t.Errorf("%s from %d: items %s, want %s", tc.src, tc.least, got, tc.want)
		}
	}
}

// Reached is read per removed group of every case a run covers.
func TestExprCoverReachedDoesNotAllocate(t *testing.T) {
	x := CoverExpr(MustExpr("max(11-n,0)*100 + min((n-2)^2, 50/(n-3))"), 1)
	if len(x.Items()) == 0 {
		t.Fatal("no items")
	}
	if a := testing.AllocsPerRun(100, func() { x.Reached(7) }); a != 0 {
		t.Errorf("Reached allocates %v times, want 0", a)
	}
}

// The items of an expression with more branches than a uint64 holds
// stop at maxCoverItems.
func TestExprCoverBoundsItsItems(t *testing.T) {
	src := "min(n,1)"
	for k := 2; len(src) < ExprMax-12; k++ {
		src = fmt.Sprintf("max(%s,n-%d)", src, k)
		if len(src) > ExprMax {
			break
		}
	}
	e, err := ParseExpr(src)
	if err != nil {
		t.Fatal(err)
	}
	x := CoverExpr(e, 1)
	if n := len(x.Items()); n == 0 || n > maxCoverItems {
		t.Errorf("%d items, want 1 to %d", n, maxCoverItems)
	}
	for n := int64(1); n < 100; n++ {
		if got := x.Reached(n); got == 0 {
			t.Errorf("at n=%d no item reached", n)
		}
	}
}

// BenchmarkCoverExpr measures building the instrumented form of the
// longest expression of nested min and max, once per rule set a
// process meets.
func BenchmarkCoverExpr(b *testing.B) {
	src := "min(n,1)"
	for k := 2; ; k++ {
		next := fmt.Sprintf("max(%s,n-%d)", src, k)
		if len(next) > ExprMax {
			break
		}
		src = next
	}
	e := MustExpr(src)
	for b.Loop() {
		CoverExpr(e, 1)
	}
}

// TestExprCoverItemsAreReachedAtTheirEnds instruments expressions of
// every shape the rule sets use, and some more: an item's span, Lo to
// Hi, is where it is reached, so evaluating at Lo and at Hi takes it.
// n-64 puts an item at the 64th probe, the first of the second word of
// the probes' bit sets.
func TestExprCoverItemsAreReachedAtTheirEnds(t *testing.T) {
	for _, src := range []string{"n*(n+1)/2", "(n-2)^2", "-(n-2)^2", "n*(n-1)", "max(20-n,0)^2", "-(n-2)", "max(n-5,0)*min(n,9)", "max(10-n,n-20)", "-n+7", "min(n,5)*2", "n-64", "max(n-200,0)"} {
		e, err := ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, least := range []int64{1, 2} {
			x := CoverExpr(e, least)
			for i, it := range x.Items() {
				for _, n := range []int64{it.Lo, it.Hi} {
					if x.Reached(n)&(1<<i) == 0 {
						t.Errorf("%s from %d: item %s spans %d..%d, but n = %d does not reach it", src, least, it.Name, it.Lo, it.Hi, n)
					}
				}
			}
		}
	}
}
