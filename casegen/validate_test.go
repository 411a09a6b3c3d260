package casegen

import (
	"math/rand/v2"
	"testing"
)

func TestSameGameCasesValidate(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for i := range n {
		// Sides up to 100: no big group (TestBigGroupScoresPastTwoToThe31
		// has those), and one case in ten wider than the knobs' own.
		o := SameGameKnobs(r, 100)
		c := SameGame(r, o)
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d (%v): %v\n%v", i, o, err, c)
		}
		if c.W > 100 {
			t.Fatalf("case %d (%v): N = %d, want at most 100", i, o, c.W)
		}
	}
}

func TestMatch3CasesValidate(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for i := range n {
		// Beyond the statement's sides, the knobs leave its limits: single
		// rows, a single colour, no operations.
		o := Match3Knobs(r, 60)
		c := Match3(r, o)
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d (%v): %v\n%v", i, o, err, c)
		}
	}
}

func TestMatch3KnobsStayInTheStatementsLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	n := 2000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		o := Match3Knobs(r, 0)
		if i%10 == 0 {
			o.Rows, o.Cols, o.Colours, o.Ops = Exactly(1+r.IntN(3)), Exactly(1+r.IntN(3)), Exactly(r.IntN(3)), Exactly(r.IntN(2))
		}
		c := Match3(r, o)
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d (%v): %v\n%v", i, o, err, c)
		}
		if ok, why := c.InLimits(); !ok {
			t.Fatalf("case %d (%v): outside the statement's limits: %s\n%v", i, o, why, c)
		}
	}
}

func TestGenerationIsDeterministic(t *testing.T) {
	for seed := range uint64(20) {
		a := rand.New(rand.NewPCG(seed, 1))
		b := rand.New(rand.NewPCG(seed, 1))
		oa, ob := Match3Knobs(a, 0), Match3Knobs(b, 0)
		if ca, cb := Match3(a, oa).String(), Match3(b, ob).String(); ca != cb {
			t.Fatalf("seed %d: match3 cases differ:\n%s\n%s", seed, ca, cb)
		}
		sa, sb := SameGameKnobs(a, 0), SameGameKnobs(b, 0)
		if ca, cb := SameGame(a, sa).String(), SameGame(b, sb).String(); ca != cb {
			t.Fatalf("seed %d: samegame cases differ:\n%s\n%s", seed, ca, cb)
		}
	}
}
