package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"cascade/casegen"
	"cascade/internal/sample"
	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// cases returns how many generated cases a conformance test plays.
func cases(full int) int {
	if testing.Short() {
		return full / 10
	}
	return full
}

// checkSameGame compares the engine's trace of c with the reference's,
// which it returns.
func checkSameGame(t *testing.T, name string, c *samegame.Case) (samegame.Trace, bool) {
	t.Helper()
	got, want := PlaySameGame(c), reference.PlaySameGame(c)
	if move, msg := samegame.Diff(got, want); move >= 0 {
		t.Errorf("%s: engine and reference part at move %d: %s\ncase:\n%v", name, move, msg, c)
		return want, false
	}
	return want, true
}

// checkMatch3 compares the engine's trace of c with the reference's,
// which it returns.
func checkMatch3(t *testing.T, name string, c *match3.Case) (match3.Trace, bool) {
	t.Helper()
	got, want := PlayMatch3(c), reference.PlayMatch3(c)
	if op, msg := match3.Diff(got, want); op >= 0 {
		t.Errorf("%s: engine and reference part at operation %d: %s\ncase:\n%v", name, op, msg, c)
		return want, false
	}
	return want, true
}

func TestSameGameSamplesMatchReference(t *testing.T) {
	for _, ex := range sample.SameGame {
		checkSameGame(t, ex.Name, parseSameGame(t, ex.Input))
	}
}

func TestMatch3SamplesMatchReference(t *testing.T) {
	for _, ex := range sample.Match3 {
		checkMatch3(t, ex.Name, parseMatch3(t, ex.Input))
	}
}

func engineSameGame(c *samegame.Case) casegen.SameGamePlayer { return NewSameGame(c) }

func engineMatch3(c *match3.Case) casegen.Match3Player { return NewMatch3(c) }

// sameGameOptions cover small and medium boxes, clicks on empty cells
// (above columns and right of the last one) and clicks that empty several
// columns at once.
var sameGameOptions = []casegen.SameGameOptions{
	{},
	{Empty: 0.3, Random: 0.2},
	{N: casegen.Between(1, 3), Colours: casegen.Between(1, 2), Clicks: casegen.Between(0, 12), Empty: 0.3},
	{N: casegen.Between(8, 20), Colours: casegen.Between(2, 4), Clicks: casegen.Between(20, 80), Columns: 0.3, Empty: 0.1},
	{N: casegen.Between(10, 30), Colours: casegen.Between(3, 9), Clicks: casegen.Between(50, 200), Random: 0.3},
}

// match3Options cover every special kind and placement, invalid
// operations of every kind, every poker hand, two main colours, several
// runs at once, cleared boards and thin or larger boards.
func match3Options() []casegen.Match3Options {
	o := []casegen.Match3Options{
		{},
		{Specials: 0.2, Placement: casegen.Clusters, AimSpecials: 0.5},
		{Specials: 0.15, Placement: casegen.Border, AimSpecials: 0.3},
		{Specials: 0.15, SpecialKinds: []match3.Special{match3.Colour}, AimSpecials: 0.5},
		{ClearBoard: true},
		{Rows: casegen.Exactly(1), Cols: casegen.Between(1, 12), Ops: casegen.Between(1, 8)},
		{Rows: casegen.Between(10, 20), Cols: casegen.Between(10, 20), Ops: casegen.Between(20, 60),
			Specials: 0.05, DoubleRun: 0.3, TwoMain: 0.3},
		{Specials: 0.1, InStatement: true, TwoMain: 0.5, DoubleRun: 0.5},
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		o = append(o, casegen.Match3Options{Poker: k, TwoMain: 0.5, Specials: 0.05})
	}
	for k := range casegen.OpKind(7) {
		o = append(o, casegen.Match3Options{Mix: casegen.Only(k), Ops: casegen.Between(1, 6)})
	}
	return o
}

func TestSameGameGeneratedCasesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	empty := 0
	for i := range cases(10000) {
		o := sameGameOptions[i%len(sameGameOptions)]
		o.NewPlayer = engineSameGame
		tr, ok := checkSameGame(t, fmt.Sprintf("case %d (%v)", i, o), casegen.SameGame(r, o))
		if !ok {
			return
		}
		for _, m := range tr.Moves {
			if m.Removed == 0 {
				empty++
			}
		}
	}
	if empty == 0 {
		t.Error("no click on an empty cell was played")
	}
}

func TestMatch3GeneratedCasesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	options := match3Options()
	var seen coverage
	for i := range cases(10000) {
		o := options[i%len(options)]
		o.NewPlayer = engineMatch3
		c := casegen.Match3(r, o)
		tr, ok := checkMatch3(t, fmt.Sprintf("case %d (%v)", i, o), c)
		if !ok {
			return
		}
		seen.add(c, tr)
	}
	seen.check(t)
}

// coverage records what the generated match-3 cases exercised.
type coverage struct {
	validity map[match3.Validity]bool
	hands    map[match3.HandKind]bool
	fired    map[match3.Special]bool
	cleared  bool
}

func (v *coverage) add(c *match3.Case, tr match3.Trace) {
	if v.validity == nil {
		*v = coverage{validity: map[match3.Validity]bool{}, hands: map[match3.HandKind]bool{}, fired: map[match3.Special]bool{}}
	}
	v.cleared = v.cleared || tr.Cleared
	g := reference.NewMatch3(c)
	for i, r := range tr.Ops {
		v.validity[r.Validity] = true
		v.hands[r.Hand.Kind] = true
		// A special fires in the first round from where it stands
		// before the operation, or where the swap moved it.
		before := make(map[match3.Cell]match3.Special)
		for _, cell := range []match3.Cell{r.Swap.A, r.Swap.B} {
			if c.Inside(cell) {
				before[cell] = g.At(cell).Special
			}
		}
		if len(tr.Detail[i].Rounds) > 0 {
			for _, cell := range tr.Detail[i].Rounds[0].Triggered {
				s, ok := before[cell]
				switch {
				case cell == r.Swap.A:
					s = before[r.Swap.B]
				case cell == r.Swap.B:
					s = before[r.Swap.A]
				case !ok:
					s = g.At(cell).Special
				}
				v.fired[s] = true
			}
		}
		g.Apply(r.Swap)
	}
}

func (v *coverage) check(t *testing.T) {
	t.Helper()
	for k := match3.Valid; k <= match3.NoRun; k++ {
		if !v.validity[k] {
			t.Errorf("no operation was %v", k)
		}
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		if !v.hands[k] {
			t.Errorf("no hand was %v", k)
		}
	}
	for k := match3.Row; k <= match3.Colour; k++ {
		if !v.fired[k] {
			t.Errorf("no %v special went off in a first round", k)
		}
	}
	if !v.cleared {
		t.Error("no game cleared the board")
	}
}
