package samegame

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/input"
)

// TestParseAllGrowsABigBoardByDoubling parses a box past the board's
// first capacity (input.Cap): ParseAll doubles the board as it reads
// rows, so its allocations grow with the doublings, the log of the
// box's cells over that capacity, where append's growth by a quarter
// would copy the board many more times.
func TestParseAllGrowsABigBoardByDoubling(t *testing.T) {
	const n = 1100
	var b strings.Builder
	fmt.Fprintf(&b, "%d\n", n)
	for range n {
		b.WriteString(strings.Repeat("12", n/2) + "\n")
	}
	b.WriteString("0\n")
	in := b.String()
	allocs := testing.AllocsPerRun(3, func() {
		if _, errs := ParseAll(strings.NewReader(in), 10); errs != nil {
			t.Fatal(errs)
		}
	})
	// The parse of a small box allocates 9 times; each doubling once.
	doublings := bits.Len(uint(n * n / input.Cap(-1)))
	if most := float64(9 + doublings + 2); allocs > most {
		t.Errorf("ParseAll of a %dx%d box allocates %v times, want at most %v (%d doublings past %d cells)", n, n, allocs, most, doublings, input.Cap(-1))
	}
}

// TestParseAllGrowsAListOfManyClicksByDoubling parses a 1x1 box of
// 500,000 clicks, past the list's first capacity: ParseAll doubles the
// list as far as K, so it allocates once per doubling and the list
// holds K clicks, where append's growth by a quarter copied the list a
// dozen times, some five times its size of garbage, and left it up to a
// quarter longer than K.
func TestParseAllGrowsAListOfManyClicksByDoubling(t *testing.T) {
	const k = 500_000
	var b strings.Builder
	fmt.Fprintf(&b, "1\n1\n%d\n", k)
	for i := range k {
		b.WriteString("0 0")
		if i%16 == 15 {
			b.WriteString(",\n")
		} else {
			b.WriteString(", ")
		}
	}
	in := b.String()
	var c *Case
	allocs := testing.AllocsPerRun(1, func() {
		var errs []error
		if c, errs = ParseAll(strings.NewReader(in), 10); errs != nil {
			t.Fatal(errs)
		}
	})
	if cap(c.Moves) != k {
		t.Errorf("ParseAll of %d clicks: a list of room for %d, want %d", k, cap(c.Moves), k)
	}
	doublings := bits.Len(uint(k / input.Cap(-1)))
	if most := float64(9 + doublings + 2); allocs > most {
		t.Errorf("ParseAll of %d clicks allocates %v times, want at most %v (%d doublings past %d clicks)", k, allocs, most, doublings, input.Cap(-1))
	}
}
