package cubes

import (
	"fmt"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// The cover plans of cascade's games: the tiers of candidates a cover
// picks its tests from, smallest first, and the stress tests it adds.
// SPEC.md, "Suite", states the sizes and why.

// sameGameCoverPlan picks from small generated boxes, then boxes just
// past 20 on a side (a box held in a fixed 20x20 array), then a box of
// 257 with one group past 2^31 points: the only way to tell a 32-bit
// score.
func sameGameCoverPlan() conformance.CoverPlan[*samegame.Case] {
	return conformance.CoverPlan[*samegame.Case]{
		Tiers: []conformance.CoverTier[*samegame.Case]{
			{Name: "small", Count: 300, About: "a generated box, side up to 10",
				Draw: func(seed uint64, i int) *samegame.Case { return generateSameGame(seed, i, 10) }},
			{Name: "over-20", Count: 20, About: "a box of side 21 to 24",
				Draw: knobTier(map[string]string{"n": "21..24", "colours": "2..4", "clicks": "1..6"})},
			{Name: "big-group", Count: 3, About: "a one-colour box of side 257",
				Draw: knobTier(map[string]string{"big-group": "true", "n": "257", "clicks": "1..2"})},
		},
		Stress: []conformance.StressTest[*samegame.Case]{
			{Name: "stress-many-clicks", Build: sameGameManyClicks,
				About: fmt.Sprintf("stress: a box of side %d in 3 colours and %d clicks on cubes", stressSameGameSide, stressSameGameClicks)},
			{Name: "stress-deep-group", Build: sameGameDeepGroup,
				About: fmt.Sprintf("stress: a box of side %d, one snake-shaped group of half its cubes, then %d clicks that each close a column", stressSnakeSide, stressSnakeClicks-1)},
		},
	}
}

// knobTier draws candidate i of a cover's seed with the knobs of set
// (as cascade gen takes them), from seed+i.
func knobTier(set map[string]string) func(seed uint64, i int) *samegame.Case {
	return func(seed uint64, i int) *samegame.Case {
		c, err := generateSameGameWith(seed+uint64(i), set)
		if err != nil {
			panic(fmt.Sprintf("cubes: cover tier knobs %v: %v", set, err))
		}
		return c
	}
}

// The sizes of the SameGame stress tests. A solution that rescans the
// whole box after every click (N^2 cells: the fall, the closing of
// columns, a copy) visits N^2 * K cells: 7.35e8 for the first, as the
// reference does in several seconds; the engine, which touches only the
// columns a group reached, plays it in milliseconds.
const (
	stressSameGameSide   = 700
	stressSameGameClicks = 1500
	stressSnakeSide      = 1000
	stressSnakeClicks    = 100
)

// sameGameManyClicks is a box of side stressSameGameSide in 3 colours
// and stressSameGameClicks clicks, each on a cube of the box as it
// stands, drawn uniformly by column and then by row.
func sameGameManyClicks(seed uint64) *samegame.Case {
	r := casegen.StressRand(seed, 1)
	n := stressSameGameSide
	c := &samegame.Case{W: n, H: n, Board: make([]uint8, n*n)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + r.IntN(3))
	}
	g := engine.NewSameGame(c)
	// Cubes lie at the bottom of their columns and the columns that
	// hold any to the left: both ends are found by binary search.
	for range stressSameGameClicks {
		cols := firstFalse(n, func(x int) bool { return g.At(x, 0) != 0 })
		if cols == 0 {
			break
		}
		x := r.IntN(cols)
		m := samegame.Move{X: x, Y: r.IntN(firstFalse(n, func(y int) bool { return g.At(x, y) != 0 }))}
		g.Apply(m)
		c.Moves = append(c.Moves, m)
	}
	return c
}

// firstFalse is the least i in 0..n with ok(i) false, ok being true then
// false; n when ok holds throughout.
func firstFalse(n int, ok func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		mid := lo + (hi-lo)/2
		if ok(mid) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// sameGameDeepGroup is a box of side stressSnakeSide whose even rows
// (from the top) and one end of each odd row hold colour 1: a snake of
// half the box, one group whose flood fill goes as deep as it is long,
// which overflows the stack of a recursive search; its points pass 2^31.
// The rest of the odd rows alternate colours 2 and 3 by column, so that
// once the snake is gone each column is one group: the clicks after the
// first take the leftmost column, and every one closes it. The seed
// plays no part.
func sameGameDeepGroup(uint64) *samegame.Case {
	n := stressSnakeSide
	c := &samegame.Case{W: n, H: n, Board: make([]uint8, n*n)}
	for y := range n {
		for x := range n {
			v := uint8(2 + x%2)
			if y%2 == 0 || y%4 == 1 && x == n-1 || y%4 == 3 && x == 0 {
				v = 1
			}
			c.Board[y*n+x] = v
		}
	}
	c.Moves = []samegame.Move{{X: 0, Y: n - 1}}
	for len(c.Moves) < stressSnakeClicks {
		c.Moves = append(c.Moves, samegame.Move{X: 0, Y: 0})
	}
	return c
}
