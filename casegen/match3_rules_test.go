package casegen

import (
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
)

// TestMatch3UnderGivesAGameThatCascadesWithoutEndAColourMore: two
// colours on an 11x13 board under gymmatch3 mostly make a cascade that
// never ends, which no queue is long enough for: such a case is given a
// colour more, and none runs a queue dry.
func TestMatch3UnderGivesAGameThatCascadesWithoutEndAColourMore(t *testing.T) {
	gym, _ := match3.Lookup("gymmatch3")
	o := Match3Options{Rows: Between(11, 11), Cols: Between(13, 13), Colours: Between(2, 2), Ops: Between(14, 14),
		NewPlayer: func(c *match3.Case) Match3Player { return engine.NewMatch3(c) }}
	raised := 0
	for i := range 8 {
		c := Match3Under(CaseRand(3, i), gym, o)
		if RunsDry(c) {
			t.Errorf("case %d runs a queue dry:\n%v", i, c)
		}
		if c.Colours > 2 {
			raised++
		}
	}
	if raised == 0 {
		t.Errorf("no case of 2 colours on 11x13 was given a colour more")
	}
	t.Logf("%d of 8 cases given a colour more", raised)
}
