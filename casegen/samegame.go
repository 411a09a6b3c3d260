package casegen

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"cascade/samegame"
)

// SameGameOptions say what SameGame generates. The zero value gives small
// boxes (side 1..8, 1..5 colours, 0..12 clicks) with every click aimed at
// a cube of the box as it stands.
type SameGameOptions struct {
	// N is the side of the box; zero: 1..8. BigGroup raises it to at least
	// 257.
	N Range
	// Colours is the number of colours, a random subset of 1..9; clamped
	// to 1..9; zero: 1..5.
	Colours Range
	// Clicks is the number of clicks; zero: 0..12, or 1..4 with BigGroup.
	Clicks Range
	// Random is the fraction of clicks drawn uniformly over the N x N
	// frame, wherever the cubes are.
	Random float64
	// Empty is the fraction of clicks aimed at an empty cell of the frame
	// (above a column, or right of the last column), when there is one.
	Empty float64
	// Columns, when positive, plants one or two combs in the box: teeth
	// columns of one colour, side by side or one apart, joined by the top
	// or bottom row. It is also the fraction of clicks aimed at a group
	// that fills two or more columns, when there is one, so that one click
	// empties several columns at once.
	Columns float64
	// BigGroup makes a box of at least 257 x 257 cubes of one colour with
	// sparse specks of the others, and aims the first click at it: one
	// group of more than 65535 cubes, worth more than 2^31 points.
	BigGroup bool
	// NewPlayer starts the game the clicks are aimed at; nil: the
	// reference.
	NewPlayer func(*samegame.Case) SameGamePlayer
}

func (o SameGameOptions) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "samegame N=%v colours=%v clicks=%v", o.n(), o.Colours.or(Between(1, 5)), o.clicks())
	for _, f := range []struct {
		name string
		v    float64
	}{{"random", o.Random}, {"empty", o.Empty}, {"columns", o.Columns}} {
		if f.v != 0 {
			fmt.Fprintf(&b, " %s=%.2g", f.name, f.v)
		}
	}
	if o.BigGroup {
		b.WriteString(" big-group")
	}
	return b.String()
}

func (o SameGameOptions) n() Range {
	if o.BigGroup {
		return o.N.or(Between(257, 280)).clamp(257, 1<<14)
	}
	return o.N.or(Between(1, 8)).clamp(1, 1<<14)
}

func (o SameGameOptions) clicks() Range {
	if o.BigGroup {
		return o.Clicks.or(Between(1, 4)).clamp(0, 1<<20)
	}
	return o.Clicks.or(Between(0, 12)).clamp(0, 1<<20)
}

// SameGame returns a random case drawn as o says. It always passes
// Validate.
func SameGame(r *rand.Rand, o SameGameOptions) *samegame.Case {
	n := o.n().draw(r)
	pal := palette(r, o.Colours.or(Between(1, 5)).clamp(1, samegame.Colours).draw(r), samegame.Colours)
	c := &samegame.Case{N: n}
	if o.BigGroup {
		c.Board = bigGroupBoard(r, n, pal)
	} else {
		c.Board = sameGameBoard(r, n, pal)
	}
	if o.Columns > 0 {
		for range 1 + r.IntN(2) {
			plantComb(r, c.Board, n, uint8(pal[r.IntN(len(pal))]))
		}
	}
	newPlayer := o.NewPlayer
	if newPlayer == nil {
		newPlayer = referenceSameGame
	}
	g := newPlayer(c.Clone())
	clicks := o.clicks().draw(r)
	c.Moves = make([]samegame.Move, 0, clicks)
	for i := range clicks {
		m := o.click(r, box(g, n), i == 0, uint8(pal[0]))
		g.Apply(m)
		c.Moves = append(c.Moves, m)
	}
	return c
}

// box reads the box as it stands, column by column, each column cut at
// its first empty cell (cubes lie at the bottom of their column).
func box(g SameGamePlayer, n int) [][]uint8 {
	cols := make([][]uint8, n)
	for x := range cols {
		for y := 0; y < n; y++ {
			v := g.At(x, y)
			if v == 0 {
				break
			}
			cols[x] = append(cols[x], v)
		}
	}
	return cols
}

// click chooses the next click on the box cols.
func (o SameGameOptions) click(r *rand.Rand, cols [][]uint8, first bool, main uint8) samegame.Move {
	n := len(cols)
	uniform := samegame.Move{X: r.IntN(n), Y: r.IntN(n)}
	cubes := 0
	for _, col := range cols {
		cubes += len(col)
	}
	// cube returns the i-th cube (0 <= i < cubes) in column order.
	cube := func(i int) samegame.Move {
		x := 0
		for i >= len(cols[x]) {
			i -= len(cols[x])
			x++
		}
		return samegame.Move{X: x, Y: i}
	}
	switch {
	case o.BigGroup && first && cubes > 0:
		// The main colour covers all but a few specks of the box.
		for range 1000 {
			if m := cube(r.IntN(cubes)); cols[m.X][m.Y] == main {
				return m
			}
		}
	case chance(r, o.Random):
		return uniform
	case cubes < n*n && chance(r, o.Empty):
		i := r.IntN(n*n - cubes)
		for x, col := range cols {
			if i < n-len(col) {
				return samegame.Move{X: x, Y: len(col) + i}
			}
			i -= n - len(col)
		}
	case chance(r, o.Columns):
		var wide []samegame.Move
		for _, g := range wholeColumnGroups(cols) {
			if g.whole >= 2 {
				wide = append(wide, g.at)
			}
		}
		if len(wide) > 0 {
			return wide[r.IntN(len(wide))]
		}
	}
	if cubes == 0 {
		return uniform
	}
	return cube(r.IntN(cubes))
}
