package engine_test

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

func ExamplePlaySameGame() {
	c, err := samegame.Parse(strings.NewReader("3\n112\n122\n311\n2\n0 2, 0 0\n"))
	if err != nil {
		panic(err)
	}
	t := engine.PlaySameGame(c)
	for _, m := range t.Moves {
		fmt.Println(m)
	}
	fmt.Println("total", t.Total)
	// Output:
	// (0 2): 3 cubes of colour 1, 6 points
	// (0 0): 1 cubes of colour 3, 1 points
	// total 7
}

func ExampleNewMatch3() {
	c, err := match3.Parse(strings.NewReader(`3 3 3 2
1 2 1
2 1 3
3 3 2
0 0 0
0 0 0
0 0 0
1 2 2 2
1 1 1 2
`))
	if err != nil {
		panic(err)
	}
	g := engine.NewMatch3(c)
	for _, s := range c.Ops {
		fmt.Println(g.Apply(s))
	}
	fmt.Println("piece at (3, 2):", g.At(match3.Cell{X: 3, Y: 2}).Colour)
	fmt.Println("total", g.Total())
	// Output:
	// 1 2 2 2: 1 rounds, elimination 3, combination 0, chain 0, main 1
	// 1 1 1 2: invalid (empty cell)
	// piece at (3, 2): 3
	// total 3
}
