package planted

import (
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// specialVariants are the variants of the specials' areas and of their
// chain within a round (M5.2): an area misread as another, each way, a
// square that wraps, a special set off by another that does not go off,
// a cell marked twice counted twice.
func specialVariants() []conformance.Variant[*match3.Case, match3.Trace] {
	return []conformance.Variant[*match3.Case, match3.Trace]{
		match3Variant("row special marks its column", "M5.2", reference.Match3Rules{Area: areaAs(match3.Row, match3.Column)}),
		match3Variant("column special marks its row", "M5.2", reference.Match3Rules{Area: areaAs(match3.Column, match3.Row)}),
		match3Variant("cross marks only its row", "M5.2", reference.Match3Rules{Area: areaAs(match3.Cross, match3.Row)}),
		match3Variant("5x5 special acts as 3x3", "M5.2", reference.Match3Rules{Area: areaAs(match3.Square5, match3.Square3)}),
		match3Variant("3x3 special acts as 5x5", "M5.2", reference.Match3Rules{Area: areaAs(match3.Square3, match3.Square5)}),
		match3Variant("colour special marks nothing", "M5.2", reference.Match3Rules{Area: areaAs(match3.Colour, match3.Plain)}),
		match3Variant("squares wrap around the edges instead of clipping", "M5.2", reference.Match3Rules{Area: wrappingArea}),
		match3Variant("specials hit by specials do not trigger", "M5.2", reference.Match3Rules{Effects: lineEffectsOnly}),
		match3Variant("line cells a special hits counted twice", "M5.2", reference.Match3Rules{Effects: effectsCountingLineCellsAgain}),
	}
}

// effectsCountingLineCellsAgain marks as hit every cell a special's area
// holds, line cells included, as a solution that adds up each special's
// area without looking at what is marked already would: a line cell in
// an area is summed twice in the elimination (and removed twice, which
// changes nothing). The specials go off as the literal rule has them.
func effectsCountingLineCellsAgain(g reference.Grid, line reference.Marks, area func(reference.Grid, match3.Cell) []match3.Cell) (reference.Marks, []match3.Cell) {
	hit, triggered := g.Effects(line, area)
	for _, c := range triggered {
		for _, d := range area(g, c) {
			if line.Has(d) {
				hit.Add(d)
			}
		}
	}
	return hit, triggered
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

// wrapIndex returns i modulo n in 0..n-1.
func wrapIndex(i, n int) int { return ((i % n) + n) % n }
