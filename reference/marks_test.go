package reference

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// TestMarksLeaveCellsOutsideTheBoard adds and asks cells just outside a
// 2x3 board on every side, and corners: as Add and Has say, none is in
// the set, and adding one does nothing (an area clipped at the border
// reaches such cells).
func TestMarksLeaveCellsOutsideTheBoard(t *testing.T) {
	g := NewGrid(&match3.Case{Rows: 2, Cols: 3, Colours: 2, Board: make([]match3.Piece, 6)})
	m := NewMarks(g)
	for _, c := range []match3.Cell{{X: 0, Y: 1}, {X: 3, Y: 1}, {X: 1, Y: 0}, {X: 1, Y: 4}, {X: 2, Y: 0}, {X: 2, Y: 4}, {X: 0, Y: 0}, {X: 3, Y: 4}} {
		m.Add(c)
		if m.Has(c) {
			t.Errorf("Has(%v) after Add, outside a 2x3 board", c)
		}
	}
	if cells := m.Cells(); cells != nil {
		t.Errorf("Cells = %v, want none", cells)
	}
	m.Add(match3.Cell{X: 2, Y: 3})
	if !m.Has(match3.Cell{X: 2, Y: 3}) || len(m.Cells()) != 1 {
		t.Errorf("a cell inside: Cells = %v, want (2, 3) alone", m.Cells())
	}
}

// TestAreaOfAPlainPieceOrAnEmptyCellIsNothing asks Area of a plain piece
// and of an empty cell, beside a special: each marks nothing, as Area
// says (M5.2: only a special has an area).
func TestAreaOfAPlainPieceOrAnEmptyCellIsNothing(t *testing.T) {
	g := NewGrid(match3Case(t, 3, []string{"123", "231", "312"}, []string{"000", "010", "000"}))
	g.Set(match3.Cell{X: 3, Y: 3}, match3.Piece{})
	for _, c := range []match3.Cell{{X: 1, Y: 1}, {X: 3, Y: 3}} {
		if area := g.Area(c); area != nil {
			t.Errorf("Area(%v) = %v, want nothing", c, area)
		}
	}
	if area := g.Area(match3.Cell{X: 2, Y: 2}); len(area) != 3 {
		t.Errorf("Area of the row special = %v, want its row", area)
	}
}

// runsCellByCell is the line marking read cell by cell: from every piece,
// the run of its colour that starts there, rightwards and downwards,
// counted out, its cells marked when it holds three or more. Runs must
// mark the same cells.
func runsCellByCell(g Grid) Marks {
	line := NewMarks(g)
	for x := range g {
		for y := range g[x] {
			c := match3.Cell{X: x + 1, Y: y + 1}
			colour := g.At(c).Colour
			if colour == 0 {
				continue
			}
			for _, step := range []match3.Cell{{X: 0, Y: 1}, {X: 1, Y: 0}} {
				n := 0
				for d := c; g.At(d).Colour == colour; d = (match3.Cell{X: d.X + step.X, Y: d.Y + step.Y}) {
					n++
				}
				if n >= 3 {
					for i := range n {
						line.Add(match3.Cell{X: c.X + i*step.X, Y: c.Y + i*step.Y})
					}
				}
			}
		}
	}
	return line
}

// TestRunsMarksEveryRunOfThree pits Runs against runsCellByCell on
// random boards of two or three colours with holes, from 1x1 to 9x9,
// some of them ragged (rows cut short), where runs are many.
func TestRunsMarksEveryRunOfThree(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	marked := 0
	for i := range 4000 {
		g := randomGrid(r, 1+r.IntN(9), 1+r.IntN(9), i%5 == 0, func() match3.Piece {
			return match3.Piece{Colour: r.IntN(3 + i%2)}
		})
		got, want := g.Runs(), runsCellByCell(g)
		if !slices.Equal(got.Cells(), want.Cells()) {
			t.Fatalf("board %v: Runs marks %v, want %v", g, got.Cells(), want.Cells())
		}
		marked += len(want.Cells())
	}
	if marked < 10000 {
		t.Fatalf("only %d cells marked in all: the boards hold too few runs to show anything", marked)
	}
}

// areaEverywhere is Area read over the whole board: every non-empty cell
// the special at c reaches, in reading order. Area must list the same.
func areaEverywhere(g Grid, c match3.Cell) []match3.Cell {
	p := g.At(c)
	if p.Empty() {
		return nil
	}
	var area []match3.Cell
	for x := range g {
		for y := range g[x] {
			d := match3.Cell{X: x + 1, Y: y + 1}
			dx, dy := abs(d.X-c.X), abs(d.Y-c.Y)
			in := false
			switch p.Special {
			case match3.Row:
				in = dx == 0
			case match3.Column:
				in = dy == 0
			case match3.Cross:
				in = dx == 0 || dy == 0
			case match3.Square3:
				in = dx <= 1 && dy <= 1
			case match3.Square5:
				in = dx <= 2 && dy <= 2
			case match3.Colour:
				in = g.At(d).Colour == p.Colour
			}
			if in && !g.At(d).Empty() {
				area = append(area, d)
			}
		}
	}
	return area
}

// TestAreaIsEveryCellTheSpecialReaches pits Area against areaEverywhere
// for every kind of special, on every cell of random boards with holes,
// ragged ones too, from 1x1 to 8x8.
func TestAreaIsEveryCellTheSpecialReaches(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	specials := []match3.Special{match3.Plain, match3.Row, match3.Column, match3.Cross, match3.Square3, match3.Square5, match3.Colour}
	reached := 0
	for i := range 600 {
		g := randomGrid(r, 1+r.IntN(8), 1+r.IntN(8), i%4 == 0, func() match3.Piece {
			if r.IntN(6) == 0 {
				return match3.Piece{}
			}
			return match3.Piece{Colour: 1 + r.IntN(3), Special: specials[r.IntN(len(specials))]}
		})
		for x := range g {
			for y := range g[x] {
				c := match3.Cell{X: x + 1, Y: y + 1}
				got, want := g.Area(c), areaEverywhere(g, c)
				if !slices.Equal(got, want) {
					t.Fatalf("board %v, %v at %v: Area = %v, want %v", g, g.At(c), c, got, want)
				}
				reached += len(want)
			}
		}
	}
	if reached < 10000 {
		t.Fatalf("only %d cells reached in all: the boards show too little", reached)
	}
}

// TestMarksRemoveTakesOutOneCell adds cells to a set and takes some out:
// those taken out are out, the others in, and taking out a cell outside
// the board or not in the set does nothing.
func TestMarksRemoveTakesOutOneCell(t *testing.T) {
	g := NewGrid(&match3.Case{Rows: 3, Cols: 4, Colours: 2, Board: make([]match3.Piece, 12)})
	m := NewMarks(g)
	in := []match3.Cell{{X: 1, Y: 1}, {X: 2, Y: 3}, {X: 3, Y: 4}}
	for _, c := range in {
		m.Add(c)
	}
	m.Remove(match3.Cell{X: 2, Y: 3})
	m.Remove(match3.Cell{X: 1, Y: 2}) // not in the set
	m.Remove(match3.Cell{X: 0, Y: 9}) // outside the board
	want := []match3.Cell{{X: 1, Y: 1}, {X: 3, Y: 4}}
	if got := m.Cells(); !slices.Equal(got, want) {
		t.Errorf("Cells = %v, want %v", got, want)
	}
	m.Remove(in[0])
	m.Remove(in[2])
	if !m.Empty() {
		t.Errorf("every cell taken out: Cells = %v, want none", m.Cells())
	}
}

// randomGrid returns a grid of rows rows of cols cells each, or when
// ragged of 0 to cols cells each, drawn with r, its pieces drawn by piece.
func randomGrid(r *rand.Rand, rows, cols int, ragged bool, piece func() match3.Piece) Grid {
	g := make(Grid, rows)
	for x := range g {
		n := cols
		if ragged {
			n = r.IntN(cols + 1)
		}
		g[x] = make([]match3.Piece, n)
		for y := range g[x] {
			g[x][y] = piece()
		}
	}
	return g
}
