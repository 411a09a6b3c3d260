package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
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
	if got := ScoreSameGame(c); got != want.Total {
		t.Errorf("%s: ScoreSameGame = %d, the reference's total is %d\ncase:\n%v", name, got, want.Total, c)
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
	if got := ScoreMatch3(c); got != want.Total {
		t.Errorf("%s: ScoreMatch3 = %d, the reference's total is %d\ncase:\n%v", name, got, want.Total, c)
		return want, false
	}
	return want, true
}

func TestSameGameSamplesMatchReference(t *testing.T) {
	for _, ex := range sample.SameGame() {
		checkSameGame(t, ex.Name, parseSameGame(t, ex.Input))
	}
}

func TestMatch3SamplesMatchReference(t *testing.T) {
	for _, ex := range sample.Match3() {
		checkMatch3(t, ex.Name, parseMatch3(t, ex.Input))
	}
}

func engineSameGame(c *samegame.Case) casegen.SameGamePlayer { return NewSameGame(c) }

func engineMatch3(c *match3.Case) casegen.Match3Player { return NewMatch3(c) }

// The generated cases are casegen's one policy (SameGameKnobs,
// Match3Knobs), aimed by the engine itself, with match-3 boards up to
// engineMatch3Side so that the reference keeps up; the cases at the
// statement's limits and outside it that the policy draws seldom or never
// are played as fixed knobs beside it (sameGameFixed, match3Fixed).

// engineMatch3Side bounds the sides of the policy's match-3 cases here:
// the reference takes a good part of a second on a 50 x 50 board with a
// thousand operations, which match3Fixed plays a few of.
const engineMatch3Side = 20

// sameGameFixed are boxes far larger than the policy's, with few colours
// so that groups span many columns.
var sameGameFixed = []casegen.SameGameOptions{
	{N: casegen.Between(100, 200), Colours: casegen.Between(1, 3), Clicks: casegen.Between(20, 80), Columns: 0.3, Empty: 0.1},
	{N: casegen.Between(60, 100), Colours: casegen.Between(3, 9), Clicks: casegen.Between(100, 200), Random: 0.3},
}

// match3Fixed are boards at the statement's limits (sides of 50, thin
// boards, a hundred colours, a thousand operations) and single rows and
// columns outside them.
var match3Fixed = []casegen.Match3Options{
	{Rows: casegen.Exactly(50), Cols: casegen.Exactly(50), Colours: casegen.Between(3, 6), Ops: casegen.Exactly(1000), Aimed: 40, Specials: 0.02, InStatement: true},
	{Rows: casegen.Between(2, 3), Cols: casegen.Exactly(50), Colours: casegen.Between(2, 4), Ops: casegen.Between(100, 300), Aimed: 40, Specials: 0.05, InStatement: true},
	{Rows: casegen.Exactly(50), Cols: casegen.Between(2, 3), Colours: casegen.Between(2, 4), Ops: casegen.Between(100, 300), Aimed: 40, Specials: 0.05, InStatement: true},
	{Rows: casegen.Between(20, 50), Cols: casegen.Between(20, 50), Colours: casegen.Exactly(100), Ops: casegen.Between(100, 1000), Aimed: 20, Specials: 0.05, InStatement: true},
	{Rows: casegen.Exactly(1), Cols: casegen.Between(1, 12), Ops: casegen.Between(1, 8)},
	{Rows: casegen.Between(1, 12), Cols: casegen.Exactly(1), Ops: casegen.Between(1, 8)},
}

// fixedEvery is how often a fixed knob replaces the policy's draw: case
// i plays fixed knob i/fixedEvery when i is a multiple.
const fixedEvery = 250

// sameGameKnobs returns the knobs of generated SameGame case i, aimed by
// the engine.
func sameGameKnobs(r *rand.Rand, i int) casegen.SameGameOptions {
	o := casegen.SameGameKnobs(r, 0)
	if i%fixedEvery == 0 {
		o = sameGameFixed[i/fixedEvery%len(sameGameFixed)]
	}
	o.NewPlayer = engineSameGame
	return o
}

// match3Knobs returns the knobs of generated match-3 case i, aimed by
// the engine.
func match3Knobs(r *rand.Rand, i int) casegen.Match3Options {
	o := casegen.Match3Knobs(r, engineMatch3Side)
	if i%fixedEvery == 0 {
		o = match3Fixed[i/fixedEvery%len(match3Fixed)]
	}
	o.NewPlayer = engineMatch3
	return o
}

func TestSameGameGeneratedCasesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	empty := 0
	for i := range cases(10000) {
		o := sameGameKnobs(r, i)
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
	var seen coverage
	for i := range cases(10000) {
		o := match3Knobs(r, i)
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
