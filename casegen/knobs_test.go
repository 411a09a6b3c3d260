package casegen

import (
	"math/rand/v2"
	"testing"
)

func TestSameGameKnobsBoundTheSide(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	wider := 0
	for range 5000 {
		if o := SameGameKnobs(r, 6); o.BigGroup || o.n().Max > 6 {
			t.Fatalf("max side 6: %v", o)
		}
		if o := SameGameKnobs(r, 200); o.BigGroup || o.n().Max > 200 {
			t.Fatalf("max side 200: %v", o)
		}
		if o := SameGameKnobs(r, 100); o.n().Max > 60 {
			wider++
		}
	}
	if wider < 250 || wider > 750 {
		t.Errorf("max side 100: %d of 5000 knobs draw sides past 60, want about one in ten", wider)
	}
}

func TestSameGameKnobsDrawBigGroupsAtTheirRate(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	const n = 20000
	big := 0
	for range n {
		if o := SameGameKnobs(r, 0); o.BigGroup {
			big++
			if o.n().Min < bigGroupSide {
				t.Fatalf("big group on a box of %v", o.n())
			}
		}
	}
	if want := n / BigGroupOneIn; big < want/2 || big > want*2 {
		t.Errorf("%d of %d knobs ask for a big group, want about %d", big, n, want)
	}
}

func TestMatch3KnobsBoundTheSidesAndTheLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	const n = 20000
	near := 0
	for range n {
		o := Match3Knobs(r, 0)
		if !o.InStatement {
			t.Fatalf("max side 0: %v leaves the statement's limits", o)
		}
		if o.Aimed > 0 {
			near++
		}
		if o := Match3Knobs(r, 12); o.Aimed > 0 || o.rows().Max > 12 || o.cols().Max > 12 || !o.InStatement {
			t.Fatalf("max side 12: %v", o)
		}
		if o := Match3Knobs(r, 80); o.InStatement != (max(o.rows().Max, o.cols().Max) <= 50) {
			t.Fatalf("max side 80: %v, in the statement %t", o, o.InStatement)
		}
	}
	if want := n / LimitsOneIn; near < want/2 || near > want*2 {
		t.Errorf("%d of %d knobs near the limits, want about %d", near, n, want)
	}
}
