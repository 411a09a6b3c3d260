package conformance

import (
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
)

func TestGeneratedCaseIDependsOnSeedPlusI(t *testing.T) {
	if a, b := generateSameGame(5, 3, 0).String(), generateSameGame(8, 0, 0).String(); a != b {
		t.Errorf("SameGame case 3 of seed 5 differs from case 0 of seed 8:\n%s\n%s", a, b)
	}
	if a, b := generateMatch3(5, 3, 0).String(), generateMatch3(8, 0, 0).String(); a != b {
		t.Errorf("match-3 case 3 of seed 5 differs from case 0 of seed 8:\n%s\n%s", a, b)
	}
	same := 0
	for i := range 20 {
		if generateMatch3(5, i, 0).String() == generateMatch3(5, i+1, 0).String() {
			same++
		}
	}
	if same > 2 {
		t.Errorf("%d of 20 neighbouring match-3 cases are equal", same)
	}
}

func TestGeneratedMatch3CasesStayInTheStatementsLimits(t *testing.T) {
	for i := range 300 {
		c := generateMatch3(11, i, 0)
		if ok, why := c.InLimits(); !ok {
			t.Fatalf("case %d: %s", i, why)
		}
	}
}

func TestMaxSizeBoundsTheSides(t *testing.T) {
	for i := range 300 {
		if c := generateSameGame(13, i, 4); c.W > 4 {
			t.Fatalf("SameGame case %d with max size 4: N = %d", i, c.W)
		}
		if c := generateMatch3(13, i, 4); c.Rows > 4 || c.Cols > 4 {
			t.Fatalf("match-3 case %d with max size 4: %dx%d", i, c.Rows, c.Cols)
		}
	}
	wider := 0
	for i := range 300 {
		if generateSameGame(13, i, 100).W > 60 {
			wider++
		}
	}
	if wider == 0 {
		t.Error("max size 100: no SameGame box wider than 60 in 300 cases")
	}
}

func TestGeneratedMatch3CasesReachTheStatementsLimits(t *testing.T) {
	var side50, q900, k100, thin, near int
	// The cases of the usual mix: the steered ones aim at the limits
	// on a schedule of their own (steer.go).
	n := 0
	for i := range 1000 {
		if _, ok := match3Steering.Get().steered(17 + uint64(i)); ok {
			continue
		}
		n++
		c := generateMatch3(17, i, 0)
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

func TestGeneratedSameGameCasesHoldBigGroups(t *testing.T) {
	const n = 2000
	big := 0
	for i := range n {
		if generateSameGame(19, i, 0).W >= 257 {
			big++
		}
	}
	if big < n/casegen.BigGroupOneIn/3 || big > n/casegen.BigGroupOneIn*3 {
		t.Errorf("%d of %d SameGame cases are big groups, want about 1 in %d", big, n, casegen.BigGroupOneIn)
	}
}
