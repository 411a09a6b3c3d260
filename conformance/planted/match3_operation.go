package planted

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// operationVariants are the variants of the coordinates (M1), of what
// makes an operation valid (M3), each way: an invalid operation
// accepted, a valid one rejected; and of the specials that belong to
// their pieces (M4).
func operationVariants() []conformance.Variant[*match3.Case, match3.Trace] {
	type swapRule = func(reference.Grid, match3.Swap, func(reference.Grid) reference.Marks) match3.Validity
	return []conformance.Variant[*match3.Case, match3.Trace]{
		// Coordinates. A cell read off the board is an empty cell: the
		// operation is invalid, where a real solution would read past
		// its array.
		remapped("coordinates read as 0-based", func(_ *match3.Case, c match3.Cell) match3.Cell {
			return match3.Cell{X: c.X + 1, Y: c.Y + 1}
		}),
		remapped("x read as the column and y as the row", func(_ *match3.Case, c match3.Cell) match3.Cell {
			return match3.Cell{X: c.Y, Y: c.X}
		}),
		remapped("rows counted from the bottom", func(k *match3.Case, c match3.Cell) match3.Cell {
			return match3.Cell{X: k.Rows + 1 - c.X, Y: c.Y}
		}),

		// An invalid operation accepted.
		match3Variant("diagonal swap accepted", "M3", reference.Match3Rules{
			Adjacent: func(a, b match3.Cell) bool { return a != b && max(a.X-b.X, b.X-a.X) <= 1 && max(a.Y-b.Y, b.Y-a.Y) <= 1 },
		}),
		match3Variant("cells two apart in a line accepted as adjacent", "M3", reference.Match3Rules{Adjacent: withinTwoInALine}),
		match3Variant("swap with an empty cell accepted when it makes a run", "M3", reference.Match3Rules{Swap: swapRule(swapIntoEmpty)}),
		match3Variant("swap that makes no run is not undone", "M3", reference.Match3Rules{
			Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
				v := g.Swap(s, runs)
				if v == match3.NoRun {
					g.Exchange(s.A, s.B)
				}
				return v
			},
		}),
		match3Variant("swap that makes no run kept and counted valid", "M3", reference.Match3Rules{
			Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
				if v := g.Swap(s, runs); v != match3.NoRun {
					return v
				}
				g.Exchange(s.A, s.B)
				return match3.Valid
			},
		}),
		equivalent("a piece swapped with itself changes nothing, and the board holds no run between operations: the operation is invalid for no run, which scores as not adjacent does",
			match3Variant("same cell taken as adjacent", "M3", reference.Match3Rules{
				Adjacent: func(a, b match3.Cell) bool { return a == b || reference.Adjacent(a, b) },
			})),
		equivalent("both kinds of invalid operation leave the board, the hands and the bonuses alike: only the reason a trace shows differs, never the total",
			match3Variant("swap with an empty cell reported as no run", "M3", reference.Match3Rules{
				Swap: func(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
					if v := g.Swap(s, runs); v != match3.EmptyCell {
						return v
					}
					return match3.NoRun
				},
			})),

		// A valid operation rejected.
		match3Variant("swap valid only when a run passes through its first cell", "M3", reference.Match3Rules{Swap: swapRule(runThroughFirstCell)}),
		match3Variant("swaps in the last row or column rejected", "M3", reference.Match3Rules{Swap: swapRule(swapShortOfLastLine)}),

		// Specials and their pieces.
		match3Variant("specials stay put when pieces fall", "M4", reference.Match3Rules{Fall: fallWithoutSpecials}),
		match3Variant("specials stay put when pieces are swapped", "M4", reference.Match3Rules{Swap: swapRule(swapColoursOnly)}),
		match3Variant("a piece with a special cannot be swapped", "M4", reference.Match3Rules{Swap: swapRule(swapPlainOnly)}),
	}
}

// remapped is the variant that reads every operation's cells through
// cell, a misreading of M1, and otherwise plays the reference; its trace
// names the operations as the input does.
func remapped(name string, cell func(*match3.Case, match3.Cell) match3.Cell) conformance.Variant[*match3.Case, match3.Trace] {
	return conformance.Variant[*match3.Case, match3.Trace]{Name: name, Rule: "M1", Play: func(c *match3.Case) match3.Trace {
		read := c.Clone()
		for i, s := range read.Ops {
			read.Ops[i] = match3.Swap{A: cell(c, s.A), B: cell(c, s.B)}
		}
		t := reference.PlayMatch3(read)
		for i := range t.Ops {
			t.Ops[i].Swap = c.Ops[i]
		}
		return t
	}}
}

// withinTwoInALine takes two cells in one row or one column, one or two
// apart, for adjacent, as a check written |dx| + |dy| <= 2 with the
// diagonals excluded would.
func withinTwoInALine(a, b match3.Cell) bool {
	d := max(a.X-b.X, b.X-a.X) + max(a.Y-b.Y, b.Y-a.Y)
	return (a.X == b.X || a.Y == b.Y) && d >= 1 && d <= 2
}

// swapIntoEmpty moves a piece into an empty neighbour when that makes a
// run, as a solution that forgets the empty-cell check and trusts the
// run check would: the piece stands where it was moved until the
// round's fall.
func swapIntoEmpty(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
	if g.At(s.A).Empty() && g.At(s.B).Empty() {
		return match3.EmptyCell
	}
	g.Exchange(s.A, s.B)
	if runs(g).Cells() == nil {
		g.Exchange(s.A, s.B)
		return match3.NoRun
	}
	return match3.Valid
}

// runThroughFirstCell accepts a swap only when a run passes through its
// first cell, where the piece of the second arrives, as a check that
// looks only at the moved piece's new place would: a swap whose run
// passes only through the second cell is rejected and undone.
func runThroughFirstCell(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
	v := g.Swap(s, runs)
	if v == match3.Valid && !runs(g).Has(s.A) {
		g.Exchange(s.A, s.B)
		return match3.NoRun
	}
	return v
}

// swapShortOfLastLine rejects as not adjacent an operation with a cell
// in the last row or the last column, as a bounds check written
// x < n instead of x <= n on 1-based coordinates would.
func swapShortOfLastLine(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
	for _, c := range []match3.Cell{s.A, s.B} {
		if c.X >= len(g) || len(g) > 0 && c.Y >= len(g[0]) {
			return match3.NotAdjacent
		}
	}
	return g.Swap(s, runs)
}

// swapColoursOnly exchanges the colours of the two pieces and leaves
// their specials where they were, as a board that keeps colours and
// specials in two arrays and swaps only one would.
func swapColoursOnly(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
	a, b := g.At(s.A), g.At(s.B)
	if a.Empty() || b.Empty() {
		return match3.EmptyCell
	}
	g.Set(s.A, match3.Piece{Colour: b.Colour, Special: a.Special})
	g.Set(s.B, match3.Piece{Colour: a.Colour, Special: b.Special})
	if runs(g).Cells() == nil {
		g.Set(s.A, a)
		g.Set(s.B, b)
		return match3.NoRun
	}
	return match3.Valid
}

// swapPlainOnly refuses to move a piece that carries a special, as a
// solution that takes a special for a fixed obstacle would: the
// operation is invalid for no run.
func swapPlainOnly(g reference.Grid, s match3.Swap, runs func(reference.Grid) reference.Marks) match3.Validity {
	if g.At(s.A).Special != match3.Plain || g.At(s.B).Special != match3.Plain {
		if g.At(s.A).Empty() || g.At(s.B).Empty() {
			return match3.EmptyCell
		}
		return match3.NoRun
	}
	return g.Swap(s, runs)
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
