package paint

import (
	"math"
	"strings"
	"testing"
)

// TestColoursStayApartUpToAHundred checks that colours 1 to 100, the
// statement's largest k, are pairwise apart: no two closer than a small
// distance in RGB, so that no two look the same (the number on each
// piece tells the closer ones apart).
func TestColoursStayApartUpToAHundred(t *testing.T) {
	const k, minDist = 100, 12.0
	for a := 1; a <= k; a++ {
		for b := a + 1; b <= k; b++ {
			ra, ga, ba := RGB(a)
			rb, gb, bb := RGB(b)
			d := math.Sqrt(sq(int(ra)-int(rb)) + sq(int(ga)-int(gb)) + sq(int(ba)-int(bb)))
			if d < minDist {
				t.Errorf("colours %d (%s) and %d (%s) are %.1f apart in RGB, want at least %.0f", a, Hex(a), b, Hex(b), d, minDist)
			}
		}
	}
}

func sq(v int) float64 { return float64(v * v) }

// TestZeroPainterLeavesTextPlain checks that the zero Painter writes no
// escape, and ANSI writes one that ends with a reset.
func TestZeroPainterLeavesTextPlain(t *testing.T) {
	var p Painter
	if got := p.Piece(3, "3") + p.Mark(Line, "(1, 1)"); got != "3(1, 1)" {
		t.Errorf("zero Painter: %q, want the text alone", got)
	}
	for _, s := range []string{ANSI.Piece(3, "3"), ANSI.Mark(Hit, "(1, 1)")} {
		if !strings.HasPrefix(s, "\x1b[") || !strings.HasSuffix(s, "\x1b[0m") {
			t.Errorf("ANSI: %q, want an escape, the text and a reset", s)
		}
	}
	if got := ANSI.Piece(0, "-"); got != "-" {
		t.Errorf("ANSI on an empty cell: %q, want it plain", got)
	}
}
