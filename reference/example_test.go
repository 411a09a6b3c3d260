package reference_test

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func ExamplePlaySameGame() {
	c, err := samegame.Parse(strings.NewReader("3\n122\n312\n331\n3\n0 0, 1 1, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	tr := reference.PlaySameGame(c)
	for _, m := range tr.Moves {
		fmt.Println(m)
	}
	fmt.Println("total", tr.Total)
	// Output:
	// (0 0): 3 cubes of colour 3, 6 points
	// (1 1): 3 cubes of colour 2, 6 points
	// (0 0): 3 cubes of colour 1, 6 points
	// total 18
}

func ExamplePlayMatch3() {
	// Sample 3 of the statement: a 5x5 board, two colours, one swap.
	c, err := match3.Parse(strings.NewReader(`5 5 2 1
1 1 2 1 1
1 1 2 1 1
2 2 1 2 2
1 1 2 1 1
1 1 2 1 1
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
0 0 0 0 0
3 3 4 3
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	tr := reference.PlayMatch3(c)
	fmt.Println(tr.Ops[0])
	for i, r := range tr.Detail[0].Rounds {
		fmt.Printf("round %d: blocks %v, elimination %d, combination %d\n", i+1, r.Blocks, r.Elimination, r.Combination)
	}
	fmt.Println("bonus", tr.Bonus, "total", tr.Total)
	// Output:
	// 3 3 4 3: 2 rounds, elimination 43, combination 1900, chain 80, main 1,2
	// round 1: blocks [7 5], elimination 19, combination 1000
	// round 2: blocks [6 6], elimination 24, combination 900
	// bonus 1000 total 3023
}

// A variant of the rules replaces one step; here the chain score grows
// linearly instead of with the square of the rounds.
func ExampleMatch3Rules() {
	c, err := match3.Parse(strings.NewReader("10 1 3 1\n3 3 2 2 1 1 2 1 2 3\n0 0 0 0 0 0 0 0 0 0\n7 1 8 1\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	linear := reference.Match3Rules{Chain: func(x int) int64 { return 80 * int64(x-1) }}
	fmt.Println("literal:", reference.PlayMatch3(c).Ops[0].Chain)
	fmt.Println("linear: ", linear.Play(c).Ops[0].Chain)
	// Output:
	// literal: 320
	// linear:  160
}
