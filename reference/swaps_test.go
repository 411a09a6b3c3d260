package reference

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

func TestValidSwapsOnABoard(t *testing.T) {
	// Three swaps make a run: the 1 at (1,1) moving right joins the 1s of
	// row 1, which hold the row special at (1,4); the 2 at (1,2) moving
	// down and the 1 at (2,2) moving up fill both rows, two runs and two
	// main colours; the 2 at (2,1) moving right joins the 2s of row 2.
	g := NewGrid(match3Case(t, 2, []string{
		"1211",
		"2122",
	}, []string{
		"0001",
		"0000",
	}))
	want := []ValidSwap{
		{Swap: swap(1, 1, 1, 2), Main: [2]int{1, 0}, Runs: 1, Special: true},
		{Swap: swap(1, 2, 2, 2), Main: [2]int{1, 2}, Runs: 2, Special: true},
		{Swap: swap(2, 1, 2, 2), Main: [2]int{2, 0}, Runs: 1},
	}
	if got := g.ValidSwaps(); !slices.Equal(got, want) {
		t.Errorf("ValidSwaps() = %+v, want %+v", got, want)
	}
}

// runFree draws a rows x cols case with k >= 3 colours, some specials and
// no run: each cell in reading order takes a colour that completes no run
// with the two cells to its left or the two above.
func runFree(r *rand.Rand, rows, cols, k int) *match3.Case {
	c := &match3.Case{Rows: rows, Cols: cols, Colours: k}
	for i := range rows * cols {
		x, y := i/cols, i%cols
		var p match3.Piece
		for p.Colour == 0 ||
			y >= 2 && c.Board[i-1].Colour == p.Colour && c.Board[i-2].Colour == p.Colour ||
			x >= 2 && c.Board[i-cols].Colour == p.Colour && c.Board[i-2*cols].Colour == p.Colour {
			p.Colour = 1 + r.IntN(k)
		}
		if r.IntN(6) == 0 {
			p.Special = match3.Special(1 + r.IntN(int(match3.Colour)))
		}
		c.Board = append(c.Board, p)
	}
	return c
}

// Every swap of neighbours is tried on a game of its own: ValidSwaps lists
// exactly those the game finds valid, in reading order, with the main
// colours the game reports, and says right whether a special goes off
// in the first round and how many runs it holds.
func TestValidSwapsAreTheSwapsTheGameFindsValid(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	checked, valid := 0, 0
	for range 500 {
		c := runFree(r, 1+r.IntN(7), 1+r.IntN(7), 3+r.IntN(3))
		g := NewMatch3(c)
		for range 1 + r.IntN(6) {
			before := g.Grid()
			list := before.ValidSwaps()
			if !slices.Equal(g.Grid().Board(), before.Board()) {
				t.Fatal("ValidSwaps changed the grid")
			}
			var found []match3.Swap
			for _, a := range before.Cells() {
				for _, b := range []match3.Cell{{X: a.X, Y: a.Y + 1}, {X: a.X + 1, Y: a.Y}} {
					if !before.Inside(b) {
						continue
					}
					s := match3.Swap{A: a, B: b}
					try := g.Clone()
					res := try.Apply(s)
					checked++
					if res.Validity != match3.Valid {
						continue
					}
					found = append(found, s)
					i := slices.IndexFunc(list, func(v ValidSwap) bool { return v.Swap == s })
					if i < 0 {
						continue
					}
					v := list[i]
					tr := try.Trace()
					first := tr.Detail[len(tr.Detail)-1].Rounds[0]
					if v.Main != res.Main || v.Special != (len(first.Triggered) > 0) || v.Runs != runsIn(before, s, first.Line) {
						t.Fatalf("%v on\n%v: listed %+v; the game: main %v, %d specials went off, %d runs in %v", s, c, v, res.Main, len(first.Triggered), runsIn(before, s, first.Line), first.Line)
					}
				}
			}
			var listed []match3.Swap
			for _, v := range list {
				listed = append(listed, v.Swap)
			}
			if !slices.Equal(listed, found) {
				t.Fatalf("on\n%v\nValidSwaps lists %v, the game finds %v valid, in that order", before.Board(), listed, found)
			}
			if len(list) == 0 {
				break
			}
			valid++
			g.Apply(list[r.IntN(len(list))].Swap)
		}
	}
	if checked < 10000 || valid < 300 {
		t.Errorf("checked %d swaps on %d boards that offered one, want at least 10000 and 300", checked, valid)
	}
}

// runsIn counts the maximal runs of three or more that the line cells
// make along rows and columns, on board g with the swap s made.
func runsIn(g Grid, s match3.Swap, line []match3.Cell) int {
	h := g.Clone()
	h.Exchange(s.A, s.B)
	n := 0
	for _, c := range line {
		for _, step := range []match3.Cell{{X: 0, Y: 1}, {X: 1, Y: 0}} {
			prev := match3.Cell{X: c.X - step.X, Y: c.Y - step.Y}
			if slices.Contains(line, prev) && h.At(prev).Colour == h.At(c).Colour {
				continue // not the start of a run
			}
			k := 0
			for d := c; slices.Contains(line, d) && h.At(d).Colour == h.At(c).Colour; d = (match3.Cell{X: d.X + step.X, Y: d.Y + step.Y}) {
				k++
			}
			if k >= 3 {
				n++
			}
		}
	}
	return n
}
