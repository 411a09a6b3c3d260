package planted

import (
	"slices"

	"cascade/match3"
	"cascade/reference"
)

// Match3 returns the match-3 variants, each a reference rule table with
// one step replaced (two for a step that must tell another what it saw).
func Match3() []Variant[*match3.Case, match3.Trace] {
	return []Variant[*match3.Case, match3.Trace]{
		// Operations.
		match3Variant("diagonal swap accepted", "M3", reference.Match3Rules{
			Adjacent: func(a, b match3.Cell) bool { return a != b && max(a.X-b.X, b.X-a.X) <= 1 && max(a.Y-b.Y, b.Y-a.Y) <= 1 },
		}),
		match3Variant("swap that makes no run is not undone", "M3", reference.Match3Rules{
			Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
				v := g.Swap(s, runs)
				if v == match3.NoRun {
					g.Exchange(s.A, s.B)
				}
				return v
			},
		}),
		equivalent("both kinds of invalid operation leave the board, the hands and the bonuses alike: only the reason a trace shows differs, never the total",
			match3Variant("swap with an empty cell reported as no run", "M3", reference.Match3Rules{
				Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
					if v := g.Swap(s, runs); v != match3.EmptyCell {
						return v
					}
					return match3.NoRun
				},
			})),

		// Line marking.
		match3Variant("only three cells of a longer run marked", "M5.1", reference.Match3Rules{Runs: firstThreeOfRuns}),
		match3Variant("only horizontal runs found", "M5.1", reference.Match3Rules{Runs: horizontalRuns}),
		{Name: "later rounds look for runs only through the swapped cells", Rule: "M5.1", Play: func(c *match3.Case) match3.Trace {
			return runsThroughSwapOnly().Play(c)
		}},

		// Specials.
		match3Variant("row special marks its column", "M5.2", reference.Match3Rules{Area: areaAs(match3.Row, match3.Column)}),
		match3Variant("cross marks only its row", "M5.2", reference.Match3Rules{Area: areaAs(match3.Cross, match3.Row)}),
		match3Variant("5x5 special acts as 3x3", "M5.2", reference.Match3Rules{Area: areaAs(match3.Square5, match3.Square3)}),
		match3Variant("colour special marks nothing", "M5.2", reference.Match3Rules{Area: areaAs(match3.Colour, match3.Plain)}),
		match3Variant("squares wrap around the edges instead of clipping", "M5.2", reference.Match3Rules{Area: wrappingArea}),
		match3Variant("specials hit by specials do not trigger", "M5.2", reference.Match3Rules{Effects: lineEffectsOnly}),
		match3Variant("specials stay put when pieces fall", "M4", reference.Match3Rules{Fall: fallWithoutSpecials}),

		// Scores of a round and an operation.
		match3Variant("elimination without the round multiplier", "M5.3", reference.Match3Rules{
			Elimination: func(_ int, sum int64) int64 { return sum },
		}),
		match3Variant("combination blocks include effect-hit cells", "M5.4", reference.Match3Rules{
			Blocks: func(g reference.Grid, line, hit reference.Marks) []int {
				both := reference.NewMarks(g)
				for _, c := range append(line.Cells(), hit.Cells()...) {
					both.Add(c)
				}
				return g.Blocks(both, reference.NewMarks(g))
			},
		}),
		match3Variant("combination per run instead of per block", "M5.4", reference.Match3Rules{Blocks: runLengths}),
		match3Variant("combination blocks joined right, down and left, never up", "M5.4", reference.Match3Rules{Blocks: threeWayBlocks}),
		match3Variant("chain score linear: 80(x-1)", "M6", reference.Match3Rules{
			Chain: func(x int) int64 { return 80 * int64(x-1) },
		}),
		match3Variant("main colours include later rounds", "M7", reference.Match3Rules{
			Main: func(lines [][]int) []int {
				var all []int
				for _, l := range lines {
					for _, c := range l {
						if !slices.Contains(all, c) {
							all = append(all, c)
						}
					}
				}
				slices.Sort(all)
				return all
			},
		}),

		// The pattern score.
		match3Variant("hand takes the first main colour instead of the best", "M8", reference.Match3Rules{
			Hand: func(ops []reference.Played, end bool) match3.Hand {
				first := slices.Clone(ops)
				for i, op := range first {
					if len(op.Main) > 1 {
						first[i].Main = op.Main[:1]
					}
				}
				return reference.PatternHand(first, end)
			},
		}),
		equivalent("ties are between hands of the same score: only the cards a trace shows differ, never the total",
			match3Variant("hand ties go to the largest cards", "M8", reference.Match3Rules{Hand: largestTies})),
		match3Variant("invalid operations count towards the hand", "M8", reference.Match3Rules{
			Hand: func(ops []reference.Played, end bool) match3.Hand {
				all := slices.Clone(ops)
				for i := range all {
					all[i].Valid = true
				}
				return reference.PatternHand(all, end)
			},
		}),
		match3Variant("leftover operations score a hand", "M8", reference.Match3Rules{Hand: leftoverHand}),
		match3Variant("high card scores the smallest colour", "M8", rescore(match3.HighCard, func(cs []int, n map[int]int) int64 { return 50 + int64(slices.Min(cs)) })),
		match3Variant("one pair scores 100 + c", "M8", rescore(match3.OnePair, func(cs []int, n map[int]int) int64 { return 100 + int64(withCount(n, 2)[0]) })),
		match3Variant("two pairs weigh the smaller pair double", "M8", rescore(match3.TwoPairs, func(cs []int, n map[int]int) int64 {
			p := withCount(n, 2)
			return 200 + int64(p[0]) + 2*int64(p[1])
		})),
		match3Variant("three of a kind scores 300 + 2c", "M8", rescore(match3.ThreeOfAKind, func(cs []int, n map[int]int) int64 { return 300 + 2*int64(withCount(n, 3)[0]) })),
		match3Variant("full house scored as three of a kind", "M8", rescore(match3.FullHouse, func(cs []int, n map[int]int) int64 { return 300 + 3*int64(withCount(n, 3)[0]) })),
		match3Variant("four of a kind scores 750 + 4c", "M8", rescore(match3.FourOfAKind, func(cs []int, n map[int]int) int64 { return 750 + 4*int64(withCount(n, 4)[0]) })),
		match3Variant("five of a kind scores 1000 + 5c", "M8", rescore(match3.FiveOfAKind, func(cs []int, n map[int]int) int64 { return 1000 + 5*int64(cs[0]) })),

		// The endgame.
		match3Variant("all-valid bonus despite invalid operations", "M9", reference.Match3Rules{
			Endgame: func(_, cleared bool) int64 { return reference.Endgame(true, cleared) },
		}),
		match3Variant("cleared bonus only when all operations were valid", "M9", reference.Match3Rules{
			Endgame: func(allValid, cleared bool) int64 { return reference.Endgame(allValid, cleared && allValid) },
		}),
	}
}

// match3Variant is the variant that plays under r. The rules keep no
// state, so one table serves every call.
func match3Variant(name, rule string, r reference.Match3Rules) Variant[*match3.Case, match3.Trace] {
	return Variant[*match3.Case, match3.Trace]{Name: name, Rule: rule, Play: r.Play}
}

// equivalent marks v as an equivalent variant, for the reason why.
func equivalent[C, T any](why string, v Variant[C, T]) Variant[C, T] {
	v.Equivalent = why
	return v
}

// firstThreeOfRuns marks the first three cells of every maximal run, as a
// scan that marks a run when it has counted three and moves on would.
func firstThreeOfRuns(g reference.Grid) reference.Marks {
	line := reference.NewMarks(g)
	for _, c := range g.Cells() {
		colour := g.At(c).Colour
		for _, step := range []match3.Cell{{Y: 1}, {X: 1}} {
			if colour == 0 || g.At(match3.Cell{X: c.X - step.X, Y: c.Y - step.Y}).Colour == colour {
				continue // empty, or not the start of the run
			}
			n := 0
			for d := c; g.At(d).Colour == colour; d = (match3.Cell{X: d.X + step.X, Y: d.Y + step.Y}) {
				n++
			}
			if n >= 3 {
				for i := range 3 {
					line.Add(match3.Cell{X: c.X + i*step.X, Y: c.Y + i*step.Y})
				}
			}
		}
	}
	return line
}

// horizontalRuns marks the runs within rows and none within columns.
func horizontalRuns(g reference.Grid) reference.Marks {
	line := reference.NewMarks(g)
	for _, c := range g.Cells() {
		markRun(g, line, c, match3.Cell{Y: 1})
	}
	return line
}

// markRun marks the maximal run through c along step when it has three
// pieces or more.
func markRun(g reference.Grid, line reference.Marks, c, step match3.Cell) {
	colour := g.At(c).Colour
	if colour == 0 {
		return
	}
	first, n := c, 1
	for d := (match3.Cell{X: c.X - step.X, Y: c.Y - step.Y}); g.At(d).Colour == colour; d = (match3.Cell{X: d.X - step.X, Y: d.Y - step.Y}) {
		first = d
		n++
	}
	for d := (match3.Cell{X: c.X + step.X, Y: c.Y + step.Y}); g.At(d).Colour == colour; d = (match3.Cell{X: d.X + step.X, Y: d.Y + step.Y}) {
		n++
	}
	if n < 3 {
		return
	}
	for i := range n {
		line.Add(match3.Cell{X: first.X + i*step.X, Y: first.Y + i*step.Y})
	}
}

// runsThroughSwapOnly looks, in every round, for runs only through the
// two cells of the operation being played, as an incremental engine that
// rescans the swapped cells but forgets the pieces that fell would. The
// first round is right (the board held no run before the swap); a
// cascade stops early unless its runs pass through those cells. Swap
// tells Runs the operation's cells, so the rules keep state: one game at
// a time, and fresh rules for every game.
func runsThroughSwapOnly() reference.Match3Rules {
	var swapped match3.Swap
	return reference.Match3Rules{
		Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
			swapped = s
			return g.Swap(s, runs)
		},
		Runs: func(g reference.Grid) reference.Marks {
			line := reference.NewMarks(g)
			for _, c := range []match3.Cell{swapped.A, swapped.B} {
				markRun(g, line, c, match3.Cell{Y: 1})
				markRun(g, line, c, match3.Cell{X: 1})
			}
			return line
		},
	}
}

// areaAs gives the special from the area of the special to: a special
// misread as another.
func areaAs(from, to match3.Special) func(reference.Grid, match3.Cell) []match3.Cell {
	return func(g reference.Grid, c match3.Cell) []match3.Cell {
		if g.At(c).Special != from {
			return g.Area(c)
		}
		h := g.Clone()
		h.Set(c, match3.Piece{Colour: g.At(c).Colour, Special: to})
		return h.Area(c)
	}
}

// wrappingArea takes the squares' cells modulo the board's sides, so a
// square at an edge reaches over to the opposite edge.
func wrappingArea(g reference.Grid, c match3.Cell) []match3.Cell {
	radius := map[match3.Special]int{match3.Square3: 1, match3.Square5: 2}[g.At(c).Special]
	if radius == 0 || g.At(c).Empty() {
		return g.Area(c)
	}
	rows, cols := len(g), len(g[0])
	marks := reference.NewMarks(g)
	for dx := -radius; dx <= radius; dx++ {
		for dy := -radius; dy <= radius; dy++ {
			d := match3.Cell{X: wrapIndex(c.X-1+dx, rows) + 1, Y: wrapIndex(c.Y-1+dy, cols) + 1}
			if !g.At(d).Empty() {
				marks.Add(d)
			}
		}
	}
	return marks.Cells()
}

// lineEffectsOnly lets the specials among the line cells go off, in
// reading order, but not the specials their areas hit.
func lineEffectsOnly(g reference.Grid, line reference.Marks, area func(reference.Grid, match3.Cell) []match3.Cell) (reference.Marks, []match3.Cell) {
	hit := reference.NewMarks(g)
	var triggered []match3.Cell
	for _, c := range line.Cells() {
		if g.At(c).Special == match3.Plain {
			continue
		}
		triggered = append(triggered, c)
		for _, d := range area(g, c) {
			if !g.At(d).Empty() && !line.Has(d) {
				hit.Add(d)
			}
		}
	}
	return hit, triggered
}

// fallWithoutSpecials lets the colours fall but leaves the specials in the
// cells they were in, as a board that keeps colours and specials in two
// arrays and moves only one would.
func fallWithoutSpecials(g reference.Grid) {
	specials := make([][]match3.Special, len(g))
	for x := range g {
		for y := range g[x] {
			specials[x] = append(specials[x], g[x][y].Special)
		}
	}
	g.Fall()
	for x := range g {
		for y := range g[x] {
			if !g[x][y].Empty() {
				g[x][y].Special = specials[x][y]
			}
		}
	}
}

// runLengths scores every maximal run of line cells on its own, so that an
// L, T or cross of five counts as two runs of three.
func runLengths(g reference.Grid, line, _ reference.Marks) []int {
	var sizes []int
	for _, c := range line.Cells() {
		colour := g.At(c).Colour
		for _, step := range []match3.Cell{{Y: 1}, {X: 1}} {
			same := func(d match3.Cell) bool { return line.Has(d) && g.At(d).Colour == colour }
			if same(match3.Cell{X: c.X - step.X, Y: c.Y - step.Y}) {
				continue // not the start of the run
			}
			n := 0
			for d := c; same(d); d = (match3.Cell{X: d.X + step.X, Y: d.Y + step.Y}) {
				n++
			}
			if n >= 3 {
				sizes = append(sizes, n)
			}
		}
	}
	return sizes
}

// threeWayBlocks fills each block from its first line cell in reading
// order (topmost, then leftmost) going right, down and left but never up,
// as the fill of an official solution of Lines and Poker did. A block
// with a cell that can be reached only by going up, such as a U (two
// vertical runs joined by a horizontal run at their bottom), splits into
// smaller blocks and scores less; a line, an L, a T or a cross is filled
// whole. The judges' tests of that problem all pass it.
func threeWayBlocks(g reference.Grid, line, _ reference.Marks) []int {
	var sizes []int
	for _, block := range g.FillBlocks(line, func(d match3.Cell) []match3.Cell {
		return []match3.Cell{{X: d.X, Y: d.Y + 1}, {X: d.X + 1, Y: d.Y}, {X: d.X, Y: d.Y - 1}}
	}) {
		sizes = append(sizes, len(block))
	}
	return sizes
}

// wrapIndex returns i modulo n in 0..n-1.
func wrapIndex(i, n int) int { return ((i % n) + n) % n }
