package planted

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// roundVariants are the variants of a round's line marking (M5.1), its
// elimination and combination scores (M5.3, M5.4) and its fall and the
// round after (M5.5); the specials' step (M5.2) is in match3_special.go.
func roundVariants() []conformance.Variant[*match3.Case, match3.Trace] {
	return []conformance.Variant[*match3.Case, match3.Trace]{
		// Line marking.
		match3Variant("only three cells of a longer run marked", "M5.1", reference.Match3Rules{Runs: firstThreeOfRuns}),
		match3Variant("only horizontal runs found", "M5.1", reference.Match3Rules{Runs: runsAlong(match3.Cell{Y: 1})}),
		match3Variant("only vertical runs found", "M5.1", reference.Match3Rules{Runs: runsAlong(match3.Cell{X: 1})}),
		match3Variant("runs of four needed", "M5.1", reference.Match3Rules{Runs: runsOfAtLeast(4)}),
		match3Variant("runs of two enough", "M5.1", reference.Match3Rules{Runs: runsOfAtLeast(2)}),
		{Name: "later rounds look for runs only through the swapped cells", Rule: "M5.1", Play: func(c *match3.Case) match3.Trace {
			return runsThroughSwapOnly().Play(c)
		}},

		// Elimination.
		match3Variant("elimination without the round multiplier", "M5.3", reference.Match3Rules{
			Elimination: func(_ int, sum int64) int64 { return sum },
		}),
		match3Variant("round multiplier counted from 0", "M5.3", reference.Match3Rules{
			Elimination: func(round int, sum int64) int64 { return int64(round-1) * sum },
		}),
		match3Variant("round multiplier counted from 2", "M5.3", reference.Match3Rules{
			Elimination: func(round int, sum int64) int64 { return int64(round+1) * sum },
		}),

		// Combination.
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
		match3Variant("combination blocks join line cells of any colour", "M5.4", reference.Match3Rules{Blocks: anyColourBlocks}),
		match3Variant("combination 50(x-2)^2: a run of three scores 50", "M5.4", reference.Match3Rules{
			Combination: func(x int) int64 { return 50 * int64(x-2) * int64(x-2) },
		}),

		// The fall and the next round.
		match3Variant("pieces do not fall", "M5.5", reference.Match3Rules{Fall: func(reference.Grid) {}}),
		match3Variant("pieces fall one cell per round", "M5.5", reference.Match3Rules{Fall: fallOneCell}),
		match3Variant("emptied columns close up as in SameGame", "M5.5", reference.Match3Rules{Fall: fallAndClose}),
		{Name: "one round per operation: a fall never sets off another", Rule: "M5.5", Play: func(c *match3.Case) match3.Trace {
			return oneRoundOnly().Play(c)
		}},
	}
}

// runsOfAtLeast marks every maximal horizontal or vertical run of least
// pieces or more: 4 or 2 for a solution whose run length is off by one.
func runsOfAtLeast(least int) func(reference.Grid) reference.Marks {
	return func(g reference.Grid) reference.Marks {
		line := reference.NewMarks(g)
		for _, c := range g.Cells() {
			markRunOf(g, line, c, match3.Cell{Y: 1}, least)
			markRunOf(g, line, c, match3.Cell{X: 1}, least)
		}
		return line
	}
}

// runsAlong marks the runs in one direction only, along step: within
// rows for {Y: 1} (only horizontal runs found), within columns for
// {X: 1} (only vertical ones).
func runsAlong(step match3.Cell) func(reference.Grid) reference.Marks {
	return func(g reference.Grid) reference.Marks {
		line := reference.NewMarks(g)
		for _, c := range g.Cells() {
			markRun(g, line, c, step)
		}
		return line
	}
}

// anyColourBlocks fills blocks through every 4-connected line cell,
// whatever its colour, as a fill that forgets the colour check would:
// two runs of different colours that touch score as one block.
func anyColourBlocks(g reference.Grid, line, _ reference.Marks) []int {
	var sizes []int
	seen := reference.NewMarks(g)
	for _, c := range line.Cells() {
		if seen.Has(c) {
			continue
		}
		seen.Add(c)
		block := []match3.Cell{c}
		for i := 0; i < len(block); i++ {
			d := block[i]
			for _, e := range []match3.Cell{{X: d.X - 1, Y: d.Y}, {X: d.X + 1, Y: d.Y}, {X: d.X, Y: d.Y - 1}, {X: d.X, Y: d.Y + 1}} {
				if line.Has(e) && !seen.Has(e) {
					seen.Add(e)
					block = append(block, e)
				}
			}
		}
		sizes = append(sizes, len(block))
	}
	return sizes
}

// fallOneCell lets the pieces fall in one pass from the bottom up, each
// moving down one cell when the cell below is empty, as a gravity loop
// that is not repeated until nothing moves: a hole two cells high or
// more is not filled, and the next round's runs are found on that board.
func fallOneCell(g reference.Grid) {
	for x := len(g) - 2; x >= 0; x-- {
		for y := range g[x] {
			if !g[x][y].Empty() && y < len(g[x+1]) && g[x+1][y].Empty() {
				g[x+1][y], g[x][y] = g[x][y], match3.Piece{}
			}
		}
	}
}

// fallAndClose lets the pieces fall, then closes up the emptied columns
// to the left, as SameGame does and match-3 does not (a solution that
// reuses a SameGame engine).
func fallAndClose(g reference.Grid) {
	g.Fall()
	if len(g) == 0 {
		return
	}
	to := 0
	for y := range g[0] {
		empty := true
		for x := range g {
			empty = empty && g[x][y].Empty()
		}
		if empty {
			continue
		}
		for x := range g {
			g[x][to] = g[x][y]
		}
		to++
	}
	for ; to < len(g[0]); to++ {
		for x := range g {
			g[x][to] = match3.Piece{}
		}
	}
}

// oneRoundOnly plays one round per valid operation, as a solution that
// removes the runs the swap made and never looks again after the fall:
// the runs the fall makes stay on the board until an operation's swap
// finds them (the board then holds a run between operations, so a swap
// that makes none of its own is valid). Swap tells Runs that an
// operation starts; the rules keep state: one game at a time, and fresh
// rules for every game.
func oneRoundOnly() reference.Match3Rules {
	looks := 0 // the looks for runs left to this operation
	return reference.Match3Rules{
		Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
			looks = 2 // the swap's own check, then the first round
			return g.Swap(s, runs)
		},
		Runs: func(g reference.Grid) reference.Marks {
			if looks == 0 {
				return reference.NewMarks(g)
			}
			looks--
			return g.Runs()
		},
	}
}

// markRun marks the maximal run through c along step when it has three
// pieces or more.
func markRun(g reference.Grid, line reference.Marks, c, step match3.Cell) {
	markRunOf(g, line, c, step, 3)
}

// markRunOf marks the maximal run through c along step when it has
// least pieces or more.
func markRunOf(g reference.Grid, line reference.Marks, c, step match3.Cell, least int) {
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
	if n < least {
		return
	}
	for i := range n {
		line.Add(match3.Cell{X: first.X + i*step.X, Y: first.Y + i*step.Y})
	}
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
