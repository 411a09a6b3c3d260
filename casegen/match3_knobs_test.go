package casegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// played is a generated case with its reference trace.
type played struct {
	c *match3.Case
	t match3.Trace
}

// playMatch3 generates n cases with o and plays them on the reference.
func playMatch3(seed uint64, n int, o Match3Options) []played {
	r := rand.New(rand.NewPCG(seed, 99))
	out := make([]played, n)
	for i := range out {
		c := Match3(r, o)
		out[i] = played{c, reference.PlayMatch3(c)}
	}
	return out
}

// gridBefore returns the board before operation i of p.
func (p played) gridBefore(i int) reference.Grid {
	d := *p.c
	if i > 0 {
		d.Board = p.t.Detail[i-1].Board
	}
	return reference.NewGrid(&d)
}

// share returns the fraction of cases for which ok holds.
func share(ps []played, ok func(played) bool) float64 {
	n := 0
	for _, p := range ps {
		if ok(p) {
			n++
		}
	}
	return float64(n) / float64(len(ps))
}

// opShare returns the fraction of the valid operations of ps for which ok
// holds.
func opShare(ps []played, ok func(p played, i int) bool) float64 {
	n, all := 0, 0
	for _, p := range ps {
		for i, res := range p.t.Ops {
			if res.Validity == match3.Valid {
				all++
				if ok(p, i) {
					n++
				}
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(n) / float64(all)
}

func TestPokerAimScoresTheHand(t *testing.T) {
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		t.Run(k.String(), func(t *testing.T) {
			aimed := Match3Options{Poker: k}
			// The same boards and lengths without the aim.
			plain := Match3Options{Rows: aimed.rows(), Cols: aimed.cols(), Colours: aimed.colours(), Ops: aimed.ops()}
			scores := func(p played) bool {
				for _, res := range p.t.Ops {
					if res.Hand.Kind == k {
						return true
					}
				}
				return false
			}
			got := share(playMatch3(1, 100, aimed), scores)
			base := share(playMatch3(1, 100, plain), scores)
			if got < 0.3 || got <= base {
				t.Errorf("Poker=%v: %.0f%% of cases score the hand (%.0f%% without the aim), want at least 30%% and more than without", k, 100*got, 100*base)
			}
		})
	}
}

func TestTwoMainMakesOperationsWithTwoMainColours(t *testing.T) {
	two := func(p played, i int) bool { return p.t.Ops[i].Main[1] != 0 }
	got := opShare(playMatch3(2, 300, Match3Options{TwoMain: 1}), two)
	base := opShare(playMatch3(2, 300, Match3Options{}), two)
	// Two-colour boards make many swaps with two main colours unasked
	// (about one in nine); the knob makes two to three times as many.
	if got < 0.2 || got < 2*base {
		t.Errorf("TwoMain=1: %.1f%% of valid operations have two main colours (%.1f%% without), want at least 20%% and twice as many", 100*got, 100*base)
	}
}

func TestDoubleRunMakesTwoRunsAtOnce(t *testing.T) {
	// Two runs in the first round show as two blocks, or as one block of
	// five or more line cells (an L, T or cross).
	double := func(p played, i int) bool {
		first := p.t.Detail[i].Rounds[0]
		return len(first.Blocks) >= 2 || (len(first.Blocks) == 1 && first.Blocks[0] >= 5 && first.Combination > 0)
	}
	got := opShare(playMatch3(3, 200, Match3Options{DoubleRun: 1}), double)
	base := opShare(playMatch3(3, 200, Match3Options{}), double)
	if got < 0.25 || got < 2*base {
		t.Errorf("DoubleRun=1: %.1f%% of valid operations make two runs (%.1f%% without), want at least 25%% and twice as many", 100*got, 100*base)
	}
}

// specialShare returns, among the valid operations of ps whose board
// before offered a swap with a special in its runs, the fraction that set
// a special off in their first round (whose line cells are the swap's
// runs).
func specialShare(ps []played) float64 {
	offered, off := 0, 0
	for _, p := range ps {
		for i, res := range p.t.Ops {
			if res.Validity != match3.Valid || !slices.ContainsFunc(p.gridBefore(i).ValidSwaps(), func(v reference.ValidSwap) bool { return v.Special }) {
				continue
			}
			offered++
			if len(p.t.Detail[i].Rounds[0].Triggered) > 0 {
				off++
			}
		}
	}
	return float64(off) / float64(max(offered, 1))
}

func TestAimSpecialsSetsOffEveryKind(t *testing.T) {
	for _, kind := range allSpecials {
		t.Run(kind.String(), func(t *testing.T) {
			// All specials on the board are of this kind, so any trigger is
			// one of them.
			o := Match3Options{Specials: 0.05, SpecialKinds: []match3.Special{kind}, AimSpecials: 1}
			got := specialShare(playMatch3(4, 100, o))
			o.AimSpecials = 0
			base := specialShare(playMatch3(4, 100, o))
			if got < 0.95 || got <= base {
				t.Errorf("%v specials aimed at: %.0f%% of valid operations that could set one off did (%.0f%% not aimed), want at least 95%% and more than not aimed", kind, 100*got, 100*base)
			}
		})
	}
}

func TestClustersLetSpecialsSetOffSpecials(t *testing.T) {
	// Among the rounds where a special goes off, how many set off another.
	// 3x3 specials reach only their neighbours, which Clusters fill.
	chained := func(ps []played) float64 {
		some, more := 0, 0
		for _, p := range ps {
			for _, d := range p.t.Detail {
				for _, round := range d.Rounds {
					if len(round.Triggered) > 0 {
						some++
					}
					if len(round.Triggered) > 1 {
						more++
					}
				}
			}
		}
		return float64(more) / float64(max(some, 1))
	}
	o := Match3Options{Specials: 0.05, SpecialKinds: []match3.Special{match3.Square3}, AimSpecials: 1, Placement: Clusters}
	got := chained(playMatch3(5, 200, o))
	o.Placement = Anywhere
	base := chained(playMatch3(5, 200, o))
	if got < 0.3 || got < 1.5*base {
		t.Errorf("Clusters: in %.0f%% of the rounds where a 3x3 special goes off it sets off another (%.0f%% anywhere), want at least 30%% and half as many again", 100*got, 100*base)
	}
}

func TestBorderPutsSpecialsOnTheEdge(t *testing.T) {
	edge, all := 0, 0
	for _, p := range playMatch3(6, 200, Match3Options{Specials: 0.1, Placement: Border}) {
		for i, piece := range p.c.Board {
			if piece.Special == match3.Plain {
				continue
			}
			all++
			if x, y := i/p.c.Cols, i%p.c.Cols; x == 0 || y == 0 || x == p.c.Rows-1 || y == p.c.Cols-1 {
				edge++
			}
		}
	}
	if all == 0 || float64(edge) < 0.8*float64(all) {
		t.Errorf("Border: %d of %d specials on the edge, want at least 80%%", edge, all)
	}
}

func TestClearBoardEarnsTheClearedBonus(t *testing.T) {
	var cleared, allValid int
	ps := playMatch3(7, 200, Match3Options{ClearBoard: true})
	for _, p := range ps {
		if p.t.Cleared {
			cleared++
			if p.t.AllValid {
				allValid++
			}
			if p.t.Bonus < match3.ClearedBonus {
				t.Errorf("cleared board with bonus %d, want at least %d", p.t.Bonus, match3.ClearedBonus)
			}
		}
	}
	if cleared < len(ps)/5 || allValid == 0 || allValid == cleared {
		t.Errorf("ClearBoard: %d of %d cases cleared, %d of them all valid; want at least a fifth cleared, with and without an invalid operation", cleared, len(ps), allValid)
	}
}

// opKindOf says what kind of operation op i of p is, read from its cells
// and the board before it.
func opKindOf(p played, i int) OpKind {
	s := p.c.Ops[i]
	dx, dy := abs(s.A.X-s.B.X), abs(s.A.Y-s.B.Y)
	g := p.gridBefore(i)
	a, c := g.At(s.A), g.At(s.B)
	switch {
	case dx == 0 && dy == 0:
		return OpSameCell
	case dx == 1 && dy == 1:
		return OpDiagonal
	case dx+dy != 1:
		return OpFar
	case a.Empty() || c.Empty():
		return OpEmpty
	case a.Colour == c.Colour:
		return OpSameColour
	}
	h := g.Clone()
	if h.Swap(s, reference.Grid.Runs) == match3.Valid {
		return OpValid
	}
	return OpNoRun
}

var wantValidity = [numOpKinds]match3.Validity{
	OpValid:      match3.Valid,
	OpSameCell:   match3.NotAdjacent,
	OpDiagonal:   match3.NotAdjacent,
	OpFar:        match3.NotAdjacent,
	OpEmpty:      match3.EmptyCell,
	OpSameColour: match3.NoRun,
	OpNoRun:      match3.NoRun,
}

func TestOpMixMakesEachInvalidKind(t *testing.T) {
	for k := OpSameCell; k < numOpKinds; k++ {
		t.Run(k.String(), func(t *testing.T) {
			var mix OpMix
			mix[OpValid], mix[k] = 1, 1
			ps := playMatch3(8, 100, Match3Options{Mix: mix, Ops: Between(10, 20)})
			count := map[OpKind]int{}
			ops := 0
			for _, p := range ps {
				for i, res := range p.t.Ops {
					got := opKindOf(p, i)
					count[got]++
					ops++
					if res.Validity != wantValidity[got] {
						t.Fatalf("operation %d (%v) of\n%v is %v, want validity %v, got %v", i+1, res.Swap, p.c, got, wantValidity[got], res.Validity)
					}
					// Other kinds stand in only when no valid swap is left.
					if got != k && got != OpValid && len(p.gridBefore(i).ValidSwaps()) > 0 {
						t.Fatalf("operation %d (%v) of\n%v is %v, want %v or valid", i+1, res.Swap, p.c, got, k)
					}
				}
			}
			if share := float64(count[k]) / float64(ops); share < 0.25 {
				t.Errorf("mix %v: %.0f%% of operations are %v, want at least 25%% (kinds %v)", mix, 100*share, k, count)
			}
		})
	}
}

func TestDefaultMixHasEveryKind(t *testing.T) {
	count := map[OpKind]int{}
	for _, p := range playMatch3(9, 300, Match3Options{}) {
		for i := range p.c.Ops {
			count[opKindOf(p, i)]++
		}
	}
	for k := OpValid; k < numOpKinds; k++ {
		if count[k] == 0 {
			t.Errorf("default mix: no %v operation in 300 cases (%v)", k, fmt.Sprint(count))
		}
	}
}
