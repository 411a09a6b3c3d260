package conformance_test

import (
	"context"
	"fmt"
	"strings"

	"cascade/conformance"
	"cascade/engine"
	"cascade/samegame"
)

// A Go implementation is checked at the trace level through Funcs; here
// one that scores a group of c cubes c*c points instead of c(c+1)/2.
func ExampleCheckSameGame() {
	square := conformance.Funcs{
		Name: "square",
		SameGame: func(c *samegame.Case) (samegame.Trace, error) {
			t := engine.PlaySameGame(c)
			t.Total = 0
			for i, m := range t.Moves {
				t.Moves[i].Points = int64(m.Removed * m.Removed)
				t.Total += t.Moves[i].Points
			}
			return t, nil
		},
	}
	c, err := samegame.Parse(strings.NewReader("2\n11\n12\n2\n0 0, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := conformance.CheckSameGame(context.Background(), square, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(&res)
	// Output:
	// wrong answer: move 1: got (0 0): 3 cubes of colour 1, 9 points, want (0 0): 3 cubes of colour 1, 6 points
	// Input:
	//   2
	//   11
	//   12
	//   2
	//   0 0, 0 0
	// Output:
	//   10
	// Want:
	//   7
}

// A program is checked at the score level through a Command.
func ExampleNewCommand() {
	cmd, err := conformance.NewCommand(`sh -c 'cat >/dev/null; echo 7'`, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := samegame.Parse(strings.NewReader("2\n11\n12\n2\n0 0, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := conformance.CheckSameGame(context.Background(), cmd, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(&res)
	// Output:
	// accepted: 7
}
