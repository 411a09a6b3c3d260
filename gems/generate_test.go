package gems

import (
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
)

func TestGeneratedMatch3CasesReachTheStatementsLimits(t *testing.T) {
	var side50, q900, k100, thin, near int
	// The cases of the usual mix: the steered ones aim at the limits
	// on a schedule of their own (steer.go).
	n := 0
	for i := range 1000 {
		if _, ok := match3Steering.Get().Steered(17 + uint64(i)); ok {
			continue
		}
		n++
		c := Game.Generate(17, i, 0)
		if ok, why := c.InLimits(); !ok {
			t.Fatalf("case %d: %s", i, why)
		}
		if c.Rows == match3.MaxSide || c.Cols == match3.MaxSide {
			side50++
		}
		if len(c.Ops) >= match3.MaxOps*9/10 {
			q900++
		}
		if c.Colours == match3.MaxColours {
			k100++
		}
		if min(c.Rows, c.Cols) <= 3 && max(c.Rows, c.Cols) >= 30 {
			thin++
		}
		if max(c.Rows, c.Cols) > 20 || len(c.Ops) > 60 {
			near++
		}
	}
	t.Logf("of %d cases: %d near the limits, %d with a side of 50, %d with q >= 900, %d with k = 100, %d thin", n, near, side50, q900, k100, thin)
	if side50 == 0 || q900 == 0 || k100 == 0 || thin == 0 {
		t.Errorf("%d cases: %d with a side of 50, %d with q >= 900, %d with k = 100, %d thin (2 or 3 by 30 or more); want some of each",
			n, side50, q900, k100, thin)
	}
	if near < n/casegen.LimitsOneIn/2 || near > n/casegen.LimitsOneIn*2 {
		t.Errorf("%d of %d cases near the limits, want about 1 in %d", near, n, casegen.LimitsOneIn)
	}
}
