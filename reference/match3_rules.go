package reference

import (
	"iter"
	"slices"

	"github.com/cascade-harness/cascade/match3"
)

// Run is one maximal horizontal or vertical line of three or more pieces
// of one colour.
type Run struct {
	// Cells run from the first (leftmost or topmost) to the last.
	Cells  []match3.Cell
	Colour int
}

// RunList is every run on the board: the row runs first, top row first
// and each row from the left, then the column runs, leftmost column first
// and each column from the top. It is the order in which points=EXPR
// per=run counts a round's runs (i), and the order in which Rockbox
// Jewels scans them.
func (g Grid) RunList() []Run {
	var runs []Run
	for _, step := range []match3.Cell{{X: 0, Y: 1}, {X: 1, Y: 0}} {
		for c := range g.scanOrder(step) {
			colour := g.At(c).Colour
			// Only a cell whose predecessor along step differs starts a
			// maximal run.
			if colour == 0 || g.At(match3.Cell{X: c.X - step.X, Y: c.Y - step.Y}).Colour == colour {
				continue
			}
			n := 0
			for d := c; g.At(d).Colour == colour; d = (match3.Cell{X: d.X + step.X, Y: d.Y + step.Y}) {
				n++
			}
			if n >= 3 {
				cells := make([]match3.Cell, n)
				for i := range cells {
					cells[i] = match3.Cell{X: c.X + i*step.X, Y: c.Y + i*step.Y}
				}
				runs = append(runs, Run{Cells: cells, Colour: colour})
			}
		}
	}
	return runs
}

// scanOrder yields the cells row by row for row runs (step along a row),
// column by column, each top down, for column runs: the reading order
// stably sorted by column.
func (g Grid) scanOrder(step match3.Cell) iter.Seq[match3.Cell] {
	return func(yield func(match3.Cell) bool) {
		if step.X != 1 {
			for x := range g {
				for y := range g[x] {
					if !yield(match3.Cell{X: x + 1, Y: y + 1}) {
						return
					}
				}
			}
			return
		}
		width := 0
		for x := range g {
			width = max(width, len(g[x]))
		}
		for y := range width {
			for x := range g {
				if y < len(g[x]) && !yield(match3.Cell{X: x + 1, Y: y + 1}) {
					return
				}
			}
		}
	}
}

// LowestRuns is the line marking of clear=lowest: of the runs on the
// board, those that lie in the lowest row holding a row run or the bottom
// cell of a column run, and every run that shares a cell with one of
// them.
func (g Grid) LowestRuns() Marks {
	line := NewMarks(g)
	for _, r := range g.LowestOf(g.RunList()) {
		for _, c := range r.Cells {
			line.Add(c)
		}
	}
	return line
}

// LowestOf is the runs of runs, g's RunList, that LowestRuns marks, in
// their order: a run left out is not cleared whole by clear=lowest this
// round.
func (g Grid) LowestOf(runs []Run) []Run {
	bottom := func(r Run) int { return r.Cells[len(r.Cells)-1].X }
	lowest := 0
	for _, r := range runs {
		lowest = max(lowest, bottom(r))
	}
	inLowest := NewMarks(g)
	for _, r := range runs {
		if bottom(r) == lowest {
			for _, c := range r.Cells {
				inLowest.Add(c)
			}
		}
	}
	var chosen []Run
	for _, r := range runs {
		if bottom(r) == lowest || slices.ContainsFunc(r.Cells, inLowest.Has) {
			chosen = append(chosen, r)
		}
	}
	return chosen
}

// NoEffects is the effects step of specials=points: no special marks
// anything.
func NoEffects(g Grid, line Marks, area func(Grid, match3.Cell) []match3.Cell) (hit Marks, triggered []match3.Cell) {
	return NewMarks(g), nil
}

// Refill is the literal refill=queue (after a fall): every column's empty
// cells, from the lowest up, take the next pieces of the column's queue,
// queues[y-1] for column y, which it consumes; a queue that runs dry
// leaves the cells above empty. It returns the cells it filled, column by
// column from the left, each from the lowest up.
func (g Grid) Refill(queues [][]match3.Piece) []match3.Cell {
	var filled []match3.Cell
	for y := range queues {
		for x := len(g); x >= 1; x-- {
			c := match3.Cell{X: x, Y: y + 1}
			if !g.Inside(c) || !g.At(c).Empty() || len(queues[y]) == 0 {
				continue
			}
			g.Set(c, queues[y][0])
			queues[y] = queues[y][1:]
			filled = append(filled, c)
		}
	}
	return filled
}

// terms returns, for one round under points=EXPR, the terms Per names in
// their order, each as n, c, s: per round one term of every removed
// cell; per run one term per run of runs; per colour one term per colour
// of the removed cells, ascending.
func (g Grid) terms(per match3.Per, removed []match3.Cell, runs []Run) [][3]int64 {
	switch per {
	case match3.PerRun:
		var ts [][3]int64
		for _, r := range runs {
			var s int64
			for _, c := range r.Cells {
				s += int64(g.At(c).Special)
			}
			ts = append(ts, [3]int64{int64(len(r.Cells)), int64(r.Colour), s})
		}
		return ts
	case match3.PerColour:
		var colours []int
		for _, c := range removed {
			if !slices.Contains(colours, g.At(c).Colour) {
				colours = append(colours, g.At(c).Colour)
			}
		}
		slices.Sort(colours)
		var ts [][3]int64
		for _, colour := range colours {
			var n, s int64
			for _, c := range removed {
				if g.At(c).Colour == colour {
					n++
					s += int64(g.At(c).Special)
				}
			}
			ts = append(ts, [3]int64{n, int64(colour), s})
		}
		return ts
	}
	var s int64
	for _, c := range removed {
		s += int64(g.At(c).Special)
	}
	return [][3]int64{{int64(len(removed)), 0, s}}
}
