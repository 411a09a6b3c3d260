package conformance_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

func TestCandidatesOfMatch3AreValidAndStrictlySmaller(t *testing.T) {
	specials := func(c *match3.Case) (n int) {
		for _, p := range c.Board {
			if p.Special != match3.Plain {
				n++
			}
		}
		return n
	}
	for _, ex := range sample.Match3() {
		c, err := match3.Parse(strings.NewReader(ex.Input))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for d := range gems.Game.Candidates(c) {
			n++
			if err := d.Validate(); err != nil {
				t.Errorf("%s: candidate %d not valid: %v\n%v", ex.Name, n, err, d)
			}
			no := d.Rows <= c.Rows && d.Cols <= c.Cols && len(d.Ops) <= len(c.Ops) && specials(d) <= specials(c) && d.Colours <= c.Colours
			less := d.Rows < c.Rows || d.Cols < c.Cols || len(d.Ops) < len(c.Ops) || specials(d) < specials(c) || d.Colours < c.Colours
			if !no || !less {
				t.Errorf("%s: candidate %d not smaller:\n%v", ex.Name, n, d)
			}
		}
		if n == 0 {
			t.Errorf("%s: no candidates", ex.Name)
		}
	}
}

func TestCandidatesOfSameGameAreValidAndStrictlySmaller(t *testing.T) {
	c, err := samegame.Parse(strings.NewReader(sample.SameGame()[0].Input))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for d := range cubes.Game.Candidates(c) {
		n++
		if err := d.Validate(); err != nil {
			t.Errorf("candidate %d not valid: %v\n%v", n, err, d)
		}
		k := func(c *samegame.Case) int {
			return len(conformance.ColoursUsed(c.Board, func(v uint8) int { return int(v) }))
		}
		if d.W > c.W || len(d.Moves) > len(c.Moves) || k(d) > k(c) || d.W == c.W && len(d.Moves) == len(c.Moves) && k(d) == k(c) && !colourSumLower(d, c) {
			t.Errorf("candidate %d not smaller:\n%v", n, d)
		}
	}
	if n == 0 {
		t.Error("no candidates")
	}
}

// colourSumLower reports whether d's colours in use add up to less than c's.
func colourSumLower(d, c *samegame.Case) bool {
	sum := func(c *samegame.Case) (s int) {
		for _, v := range conformance.ColoursUsed(c.Board, func(v uint8) int { return int(v) }) {
			s += v
		}
		return s
	}
	return sum(d) < sum(c)
}

// A loop that breaks early would panic if the stream went on yielding.
func TestCandidatesStopWhenAsked(t *testing.T) {
	c, err := match3.Parse(strings.NewReader(sample.Match3()[0].Input))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for range gems.Game.Candidates(c) {
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("loop ran %d times, want 3", n)
	}
	if n := len(slices.Collect(gems.Game.Candidates(nil))); n != 0 {
		t.Errorf("Match3.Candidates(nil) made %d candidates, want none", n)
	}
}
