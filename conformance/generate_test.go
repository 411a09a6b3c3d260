package conformance_test

import (
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

func TestGeneratedCaseIDependsOnSeedPlusI(t *testing.T) {
	if a, b := cubes.Game.Generate(5, 3, 0).String(), cubes.Game.Generate(8, 0, 0).String(); a != b {
		t.Errorf("SameGame case 3 of seed 5 differs from case 0 of seed 8:\n%s\n%s", a, b)
	}
	if a, b := gems.Game.Generate(5, 3, 0).String(), gems.Game.Generate(8, 0, 0).String(); a != b {
		t.Errorf("match-3 case 3 of seed 5 differs from case 0 of seed 8:\n%s\n%s", a, b)
	}
	same := 0
	for i := range 20 {
		if gems.Game.Generate(5, i, 0).String() == gems.Game.Generate(5, i+1, 0).String() {
			same++
		}
	}
	if same > 2 {
		t.Errorf("%d of 20 neighbouring match-3 cases are equal", same)
	}
}

func TestGeneratedMatch3CasesStayInTheStatementsLimits(t *testing.T) {
	for i := range 300 {
		c := gems.Game.Generate(11, i, 0)
		if ok, why := c.InLimits(); !ok {
			t.Fatalf("case %d: %s", i, why)
		}
	}
}

func TestMaxSizeBoundsTheSides(t *testing.T) {
	for i := range 300 {
		if c := cubes.Game.Generate(13, i, 4); c.W > 4 {
			t.Fatalf("SameGame case %d with max size 4: N = %d", i, c.W)
		}
		if c := gems.Game.Generate(13, i, 4); c.Rows > 4 || c.Cols > 4 {
			t.Fatalf("match-3 case %d with max size 4: %dx%d", i, c.Rows, c.Cols)
		}
	}
	wider := 0
	for i := range 300 {
		if cubes.Game.Generate(13, i, 100).W > 60 {
			wider++
		}
	}
	if wider == 0 {
		t.Error("max size 100: no SameGame box wider than 60 in 300 cases")
	}
}

func TestGeneratedSameGameCasesHoldBigGroups(t *testing.T) {
	const n = 2000
	big := 0
	for i := range n {
		if cubes.Game.Generate(19, i, 0).W >= 257 {
			big++
		}
	}
	if big < n/casegen.BigGroupOneIn/3 || big > n/casegen.BigGroupOneIn*3 {
		t.Errorf("%d of %d SameGame cases are big groups, want about 1 in %d", big, n, casegen.BigGroupOneIn)
	}
}
