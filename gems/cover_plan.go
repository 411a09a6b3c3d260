package gems

import (
	"math/rand/v2"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// match3CoverPlan picks from small generated boards, then from tall
// boards of two colours, where falls after a swap make several runs of
// one colour at once and cascades join them into U and step shapes: the
// blocks that a fill never going up splits (the bug of an official
// solution), which small boards hardly make.
func match3CoverPlan() conformance.CoverPlan[*match3.Case] {
	return conformance.CoverPlan[*match3.Case]{
		Tiers: []conformance.CoverTier[*match3.Case]{
			{Name: "small", Count: 300, About: "a generated board, sides up to 8",
				Draw: func(seed uint64, i int) *match3.Case { return generateMatch3(seed, i, 8) }},
			{Name: "tangled", Count: 200, About: "a two-colour board of 10 to 20 rows",
				Draw: func(seed uint64, i int) *match3.Case {
					o := casegen.Match3Options{InStatement: true, NewPlayer: engineMatch3}
					tangled(&o, 0)
					return casegen.Match3(casegen.CaseRand(seed+uint64(i), 0), o)
				}},
		},
		Stress: []conformance.StressTest[*match3.Case]{
			{Name: "stress-long-chains", Build: match3LongChains,
				About: "stress: 50x50, 3 colours, q=1000, every valid operation the one with the most rounds"},
			{Name: "stress-colour-specials", Build: match3ColourSpecials,
				About: "stress: 50x50, 5 colours, a tenth of the pieces colour, row and column specials in clusters, q=1000, swaps aimed at them"},
			{Name: "stress-k100", Build: match3ManyColours,
				About: "stress: 50x50, k=100, specials of every kind on 3% of the pieces, q=1000, swaps aimed at them"},
		},
	}
}

// match3LongChains is a 50x50 board of 3 colours without specials and
// 1000 operations, each valid one chosen among the valid swaps for the
// most rounds; once none is left the rest are invalid.
func match3LongChains(seed uint64) *match3.Case {
	r := casegen.StressRand(seed, 2)
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
	r := casegen.StressRand(seed, 3)
	c := casegen.Match3Board(r, stressBoard(5, 0.1, []match3.Special{match3.Colour, match3.Row, match3.Column}, casegen.Clusters))
	return match3Stress(r, c, preferSpecials)
}

// match3ManyColours is a 50x50 board of 100 colours, specials of every
// kind on 3% of its pieces, and 1000 operations, each valid one chosen
// for specials, then rounds: with 100 colours runs are rare, so most
// operations make no run on a board still full, each tried on the whole
// board.
func match3ManyColours(seed uint64) *match3.Case {
	r := casegen.StressRand(seed, 4)
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
