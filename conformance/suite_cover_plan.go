package conformance

import (
	"fmt"
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The cover plans of cascade's games: the tiers of candidates a cover
// picks its tests from, smallest first, and the stress tests it adds.
// SPEC.md, "Suite", states the sizes and why.

// sameGameCoverPlan picks from small generated boxes, then boxes just
// past 20 on a side (a box held in a fixed 20x20 array), then a box of
// 257 with one group past 2^31 points: the only way to tell a 32-bit
// score.
func sameGameCoverPlan() coverPlan[*samegame.Case] {
	return coverPlan[*samegame.Case]{
		tiers: []coverTier[*samegame.Case]{
			{name: "small", count: 300, about: "a generated box, side up to 10",
				draw: func(seed uint64, i int) *samegame.Case { return generateSameGame(seed, i, 10) }},
			{name: "over-20", count: 20, about: "a box of side 21 to 24",
				draw: knobTier(SameGame, map[string]string{"n": "21..24", "colours": "2..4", "clicks": "1..6"})},
			{name: "big-group", count: 3, about: "a one-colour box of side 257",
				draw: knobTier(SameGame, map[string]string{"big-group": "true", "n": "257", "clicks": "1..2"})},
		},
		stress: []stressTest[*samegame.Case]{
			{name: "stress-many-clicks", build: sameGameManyClicks,
				about: fmt.Sprintf("stress: a box of side %d in 3 colours and %d clicks on cubes", stressSameGameSide, stressSameGameClicks)},
			{name: "stress-deep-group", build: sameGameDeepGroup,
				about: fmt.Sprintf("stress: a box of side %d, one snake-shaped group of half its cubes, then %d clicks that each close a column", stressSnakeSide, stressSnakeClicks-1)},
		},
	}
}

// match3CoverPlan picks from small generated boards, then from tall
// boards of two colours, where falls after a swap make several runs of
// one colour at once and cascades join them into U and step shapes: the
// blocks that a fill never going up splits (the bug of an official
// solution), which small boards hardly make.
func match3CoverPlan() coverPlan[*match3.Case] {
	return coverPlan[*match3.Case]{
		tiers: []coverTier[*match3.Case]{
			{name: "small", count: 300, about: "a generated board, sides up to 8",
				draw: func(seed uint64, i int) *match3.Case { return generateMatch3(seed, i, 8) }},
			{name: "tangled", count: 200, about: "a two-colour board of 10 to 20 rows",
				draw: func(seed uint64, i int) *match3.Case {
					o := casegen.Match3Options{InStatement: true, NewPlayer: engineMatch3}
					tangled(&o, 0)
					return casegen.Match3(caseRand(seed+uint64(i), 0), o)
				}},
		},
		stress: []stressTest[*match3.Case]{
			{name: "stress-long-chains", build: match3LongChains,
				about: "stress: 50x50, 3 colours, q=1000, every valid operation the one with the most rounds"},
			{name: "stress-colour-specials", build: match3ColourSpecials,
				about: "stress: 50x50, 5 colours, a tenth of the pieces colour, row and column specials in clusters, q=1000, swaps aimed at them"},
			{name: "stress-k100", build: match3ManyColours,
				about: "stress: 50x50, k=100, specials of every kind on 3% of the pieces, q=1000, swaps aimed at them"},
		},
	}
}

// knobTier draws candidate i of a cover's seed with the knobs of set
// (as cascade gen takes them), from seed+i.
func knobTier[C, T any](g *Game[C, T], set map[string]string) func(seed uint64, i int) C {
	return func(seed uint64, i int) C {
		c, err := g.GenerateWith(seed+uint64(i), set)
		if err != nil {
			panic(fmt.Sprintf("conformance: %s cover tier knobs %v: %v", g.Name, set, err))
		}
		return c
	}
}

// stressRand is the source of a stress test of a cover's seed; salt
// tells the stress tests of one seed apart.
func stressRand(seed uint64, salt uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x5eed0000+salt))
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
	r := stressRand(seed, 1)
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

// match3LongChains is a 50x50 board of 3 colours without specials and
// 1000 operations, each valid one chosen among the valid swaps for the
// most rounds; once none is left the rest are invalid.
func match3LongChains(seed uint64) *match3.Case {
	r := stressRand(seed, 2)
	c := casegen.Match3Board(r, stressBoard(3, 0, nil, casegen.Anywhere))
	return match3Stress(r, c, func(v reference.ValidSwap, rounds int) int { return rounds })
}

// match3ColourSpecials is a 50x50 board of 5 colours, a tenth of its
// pieces colour, row and column specials in clusters, and 1000
// operations, each valid one chosen for a special in its runs, then the
// most rounds: a colour special marks every piece of its colour, row
// and column specials among them, which mark lines across the board and
// the colour specials of other colours on them, and so on; a few
// operations clear the board.
func match3ColourSpecials(seed uint64) *match3.Case {
	r := stressRand(seed, 3)
	c := casegen.Match3Board(r, stressBoard(5, 0.1, []match3.Special{match3.Colour, match3.Row, match3.Column}, casegen.Clusters))
	return match3Stress(r, c, preferSpecials)
}

// match3ManyColours is a 50x50 board of 100 colours, specials of every
// kind on 3% of its pieces, and 1000 operations, each valid one chosen
// for specials, then rounds: with 100 colours runs are rare, so most
// operations make no run on a board still full, each tried on the whole
// board.
func match3ManyColours(seed uint64) *match3.Case {
	r := stressRand(seed, 4)
	c := casegen.Match3Board(r, stressBoard(match3.MaxColours, 0.03, nil, casegen.Anywhere))
	return match3Stress(r, c, preferSpecials)
}

// preferSpecials weighs a valid swap by the specials its runs hold, then
// by the rounds it sets off.
func preferSpecials(v reference.ValidSwap, rounds int) int {
	w := rounds
	if v.Special {
		w += 1000
	}
	return w
}

// stressBoard are the options of a board at the statement's largest
// size.
func stressBoard(colours int, specials float64, kinds []match3.Special, where casegen.Placement) casegen.Match3Options {
	return casegen.Match3Options{
		Rows: casegen.Exactly(match3.MaxSide), Cols: casegen.Exactly(match3.MaxSide),
		Colours: casegen.Exactly(colours), InStatement: true,
		Specials: specials, SpecialKinds: kinds, Placement: where,
	}
}

// match3Stress plays match3.MaxOps operations on c: while valid swaps
// are left, the one that weighs most (ties drawn at random), tried on a
// clone of the engine's game; then swaps that make no run, each of which
// a solution must try on the whole board, as long as the board offers
// them, else swaps of the same cell.
func match3Stress(r *rand.Rand, c *match3.Case, weigh func(v reference.ValidSwap, rounds int) int) *match3.Case {
	g := engine.NewMatch3(c)
	for len(c.Ops) < match3.MaxOps {
		grid := engineGrid(g, c.Rows, c.Cols)
		valid := grid.ValidSwaps()
		if len(valid) == 0 {
			// No swap is valid: the board stays as it is.
			for len(c.Ops) < match3.MaxOps {
				s, ok := casegen.InvalidSwap(r, grid, casegen.OpNoRun)
				if !ok {
					s, _ = casegen.InvalidSwap(r, grid, casegen.OpSameCell)
				}
				c.Ops = append(c.Ops, s)
			}
			break
		}
		var best []match3.Swap
		bestW := -1
		for _, v := range valid {
			w := weigh(v, g.Clone().Apply(v.Swap).Rounds)
			switch {
			case w > bestW:
				best, bestW = []match3.Swap{v.Swap}, w
			case w == bestW:
				best = append(best, v.Swap)
			}
		}
		s := best[r.IntN(len(best))]
		g.Apply(s)
		c.Ops = append(c.Ops, s)
	}
	return c
}

// engineGrid is the board of g as it stands, as a reference.Grid.
func engineGrid(g *engine.Match3, rows, cols int) reference.Grid {
	board := make([]match3.Piece, 0, rows*cols)
	for x := 1; x <= rows; x++ {
		for y := 1; y <= cols; y++ {
			board = append(board, g.At(match3.Cell{X: x, Y: y}))
		}
	}
	return reference.NewGrid(&match3.Case{Rows: rows, Cols: cols, Board: board})
}
