package casegen_test

import (
	"fmt"
	"math/rand/v2"

	"cascade/casegen"
	"cascade/match3"
	"cascade/reference"
)

// A full house aimed at on an 8 x 8 board, every operation valid.
func ExampleMatch3() {
	r := rand.New(rand.NewPCG(1, 2))
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
	// valid [4 0]
	// valid [3 0]
	// valid [3 0]
	// valid [3 0]
	// valid [4 0]
	// full house
}

// Options are drawn per case for variety; the draw says what it chose.
func ExampleRandomSameGameOptions() {
	r := rand.New(rand.NewPCG(3, 4))
	for range 3 {
		o := casegen.RandomSameGameOptions(r)
		c := casegen.SameGame(r, o)
		fmt.Printf("%v: N=%d, %d clicks\n", o, c.N, len(c.Moves))
	}
	// Output:
	// samegame N=5..20 colours=1..5 clicks=0..12: N=16, 9 clicks
	// samegame N=1..8 colours=1..5 clicks=0..12 random=0.2 columns=0.26: N=6, 10 clicks
	// samegame N=20..60 colours=1..5 clicks=0..23: N=56, 8 clicks
}
