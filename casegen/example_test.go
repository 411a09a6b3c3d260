package casegen_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// A full house aimed at on an 8 x 8 board, every operation valid.
func ExampleMatch3() {
	r := rand.New(rand.NewPCG(3, 2))
	o := casegen.Match3Options{
		Rows: casegen.Exactly(8), Cols: casegen.Exactly(8), Ops: casegen.Exactly(5),
		InStatement: true,
		Mix:         casegen.Only(casegen.OpValid),
		Poker:       match3.FullHouse,
	}
	fmt.Println(o)
	c := casegen.Match3(r, o)
	fmt.Println("validate:", c.Validate())
	t := reference.PlayMatch3(c)
	for _, res := range t.Ops {
		fmt.Println(res.Validity, res.Main)
	}
	fmt.Println(t.Ops[4].Hand.Kind)
	// Output:
	// match3 rows=8 cols=8 colours=2..4 ops=5 mix=valid:1 in-statement poker="full house"
	// validate: <nil>
	// valid [1 0]
	// valid [2 0]
	// valid [1 0]
	// valid [1 0]
	// valid [2 0]
	// full house
}

// The knobs are drawn per case, so that a stream of cases makes every
// rare situation common; the draw says what it chose.
func ExampleSameGameKnobs() {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3 {
		o := casegen.SameGameKnobs(r, 0)
		c := casegen.SameGame(r, o)
		fmt.Printf("%v: N=%d, %d clicks\n", o, c.W, len(c.Moves))
	}
	// Output:
	// samegame N=1..8 colours=1..5 clicks=0..12 columns=0.64: N=7, 5 clicks
	// samegame N=5..20 colours=2 clicks=0..12: N=17, 10 clicks
	// samegame N=2..6 colours=2..3 clicks=0..12 empty=0.25 columns=0.085: N=2, 7 clicks
}
