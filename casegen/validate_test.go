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
		o := RandomSameGameOptions(r)
		o.BigGroup = false
		c := SameGame(r, o)
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d (%v): %v\n%v", i, o, err, c)
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
		o := RandomMatch3Options(r)
		c := Match3(r, o)
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d (%v): %v\n%v", i, o, err, c)
		}
	}
}

func TestMatch3InStatementCasesStayInLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	n := 2000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		o := RandomMatch3Options(r)
		o.InStatement = true
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
		oa, ob := RandomMatch3Options(a), RandomMatch3Options(b)
		if ca, cb := Match3(a, oa).String(), Match3(b, ob).String(); ca != cb {
			t.Fatalf("seed %d: match3 cases differ:\n%s\n%s", seed, ca, cb)
		}
		sa, sb := RandomSameGameOptions(a), RandomSameGameOptions(b)
		sa.BigGroup, sb.BigGroup = false, false
		if ca, cb := SameGame(a, sa).String(), SameGame(b, sb).String(); ca != cb {
			t.Fatalf("seed %d: samegame cases differ:\n%s\n%s", seed, ca, cb)
		}
	}
}
