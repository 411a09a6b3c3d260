package gems

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

func TestShrinkCutsARowAndAColumnTogetherOnMatch3(t *testing.T) {
	// A failure that needs a square board: no one row or column can go,
	// but a row and a column together can. Fresh cases are left out,
	// since a square one drawn afresh would shrink it too.
	square := func(c *match3.Case) bool { return c.Rows == c.Cols }
	c := fixture.RandomMatch3(rand.New(rand.NewPCG(3, 3)), 4, 4, 3, 3)
	without := fixture.WithoutPasses(Game, "fresh", "row and column")
	if got, _ := without.Shrink(context.Background(), c, square, conformance.ShrinkOptions{}); got.Rows != 4 {
		t.Fatalf("without the row-and-column pass: shrunk to %dx%d, want it stuck at 4x4", got.Rows, got.Cols)
	}
	got, stats := fixture.WithoutPasses(Game, "fresh").Shrink(context.Background(), c, square, conformance.ShrinkOptions{})
	// 2x2 lies outside the statement's limits (n + m > 4).
	if got.Rows != 3 || got.Cols != 3 || stats.Err != nil {
		t.Errorf("with it: shrunk to %dx%d (%v), want 3x3", got.Rows, got.Cols, stats)
	}
}

func TestReaimMatch3LikeKeepsEveryOperationsValidity(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	checked := 0
	for range 40 {
		c := fixture.RandomMatch3(r, 6, 6, 3, 8)
		was := reference.PlayMatch3(c).Ops
		for _, cut := range [][4]int{{3, 6, 0, 0}, {0, 3, 0, 0}, {0, 0, 3, 6}, {3, 6, 3, 6}} {
			d := reaimMatch3Like(c, was, cut[0], cut[1], cut[2], cut[3])
			if d == nil {
				t.Fatalf("cut %v of a 6x6 case: nil", cut)
			}
			if err := d.Validate(); err != nil {
				t.Fatalf("cut %v: not valid: %v\n%v", cut, err, d)
			}
			got := reference.PlayMatch3(d).Ops
			if len(got) != len(was) {
				// A valid operation with no valid swap left to stand
				// for it is left out; the rest must still match.
				continue
			}
			checked++
			for i := range got {
				if (got[i].Validity == match3.Valid) != (was[i].Validity == match3.Valid) {
					t.Errorf("cut %v: operation %d is %v, was %v\n%v", cut, i+1, got[i].Validity, was[i].Validity, d)
				}
			}
		}
	}
	if checked < 40 {
		t.Errorf("only %d cuts kept every operation; the test checks too little", checked)
	}
}
