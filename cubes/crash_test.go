package cubes

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// crashFrom20 plays SameGame like a solution that holds the box in a
// 20 x 20 array: it crashes from N = 20 up.
var crashFrom20 = Game.Func("fixed-array", func(c *samegame.Case) (samegame.Trace, error) {
	if c.W >= 20 {
		panic(fmt.Sprintf("runtime error: index %d out of range [20]", c.W))
	}
	return reference.PlaySameGame(c), nil
})

func TestRunShrinksASameGameCrashToTheSideWhereItStarts(t *testing.T) {
	for _, bc := range []conformance.Case{oneColourBox(256), oneColourBox(300)} {
		rep, err := Game.Run(context.Background(), crashFrom20, conformance.RunOptions{Cases: []conformance.Case{bc}, Count: -1, NoBuiltin: true})
		if err != nil || rep.Divergence == nil {
			t.Fatalf("%s: SameGame.Run(fixed-array) = %+v, %v; want a divergence", bc.Name, rep, err)
		}
		d := rep.Divergence
		c, err := Game.Parse(bytes.NewReader(d.Shrunk.Input))
		if err != nil {
			t.Fatal(err)
		}
		if d.Found.Verdict != conformance.RuntimeError || d.Shrunk.Verdict != conformance.RuntimeError || c.W != 20 || d.ShrinkStats.Err != nil {
			t.Errorf("%s: shrunk to N = %d, %v (%v); want a runtime error at N = 20", bc.Name, c.W, &d.Shrunk, d.ShrinkStats)
		}
		// A side found one line at a time would take over 200 tries;
		// by halves it takes about log2(256) = 8, and the other corners
		// and the second round meet boxes of sizes already tried.
		if d.ShrinkStats.Tried > 40 {
			t.Errorf("%s: %d candidates tried, want at most 40: %v", bc.Name, d.ShrinkStats.Tried, d.ShrinkStats)
		}
	}
}
