package casegen

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// uncounted is a player that does not tell how many pieces its queues
// have left, as a QueueCounter does.
type uncounted struct{ g Match3Player }

func (u uncounted) Apply(s match3.Swap) match3.Result { return u.g.Apply(s) }
func (u uncounted) At(c match3.Cell) match3.Piece     { return u.g.At(c) }

// countedReference is the reference's game counting its queues as the
// engine does (QueueCounter).
type countedReference struct{ *reference.Match3 }

func (g countedReference) QueuesLeft(dst []int) []int {
	for _, q := range g.Queues() {
		dst = append(dst, len(q))
	}
	return dst
}

// TestQueuesCountedByThePlayerAreSizedAsByTheReference draws cases under
// every named rule set that refills from queues three times from the
// same source: aimed on the engine, which counts its queues
// (QueueCounter) and whose last game has the last word; on the engine
// not counting them, where the reference's game has it; and on the
// reference counting them as the engine does. The cases are the same.
func TestQueuesCountedByThePlayerAreSizedAsByTheReference(t *testing.T) {
	counting := func(c *match3.Case) Match3Player { return engine.NewMatch3(c) }
	hiding := func(c *match3.Case) Match3Player { return uncounted{engine.NewMatch3(c)} }
	referenceCounting := func(c *match3.Case) Match3Player { return countedReference{reference.NewMatch3(c)} }
	if _, ok := counting(&match3.Case{Rows: 1, Cols: 1, Colours: 1, Board: make([]match3.Piece, 1)}).(QueueCounter); !ok {
		t.Fatal("the engine does not count its queues: the test tests nothing")
	}
	n := 40
	if testing.Short() {
		n = 10
	}
	for _, rules := range match3.Named() {
		if rules.Effective().Refill != match3.RefillQueue {
			continue
		}
		for i := range n {
			draw := func(newPlayer func(*match3.Case) Match3Player) *match3.Case {
				r := rand.New(rand.NewPCG(uint64(i), 19))
				return Match3Under(r, rules, Match3Options{Specials: 0.1, NewPlayer: newPlayer})
			}
			got := draw(counting)
			if want := draw(hiding); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s case %d: sized on the counting engine\n%v\nsized by the reference\n%v", rules.Name, i, got, want)
			}
			if want := draw(referenceCounting); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s case %d: aimed and sized on the engine\n%v\non the reference\n%v", rules.Name, i, got, want)
			}
		}
	}
}
