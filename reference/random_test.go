package reference

import (
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// Small random cases, down to 1x1 boards and a single colour, played to
// the end: nothing panics, and every piece that leaves the board is one
// the trace says was removed.

func TestSameGameRandomCasesConserveCubes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		n, k := 1+r.IntN(6), 1+r.IntN(4)
		c := &samegame.Case{W: n, H: n}
		for range n * n {
			c.Board = append(c.Board, uint8(1+r.IntN(k)))
		}
		for range r.IntN(12) {
			c.Moves = append(c.Moves, samegame.Move{X: r.IntN(n), Y: r.IntN(n)})
		}
		tr := PlaySameGame(c)
		left := n * n
		var total int64
		for _, m := range tr.Moves {
			left -= m.Removed
			total += m.Points
		}
		board := c.Board
		if len(tr.Detail) > 0 {
			board = tr.Detail[len(tr.Detail)-1].Board
		}
		cubes := 0
		for _, cube := range board {
			if cube != 0 {
				cubes++
			}
		}
		if cubes != left {
			t.Fatalf("%v: %d cubes left on the box, the moves removed down to %d", c, cubes, left)
		}
		if total != tr.Total {
			t.Fatalf("%v: total %d, moves sum to %d", c, tr.Total, total)
		}
	}
}

func TestMatch3RandomCasesConservePieces(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for tries := 0; tries < 300; {
		rows, cols, k := 1+r.IntN(6), 1+r.IntN(6), 1+r.IntN(4)
		c := &match3.Case{Rows: rows, Cols: cols, Colours: k}
		for range rows * cols {
			c.Board = append(c.Board, match3.Piece{Colour: 1 + r.IntN(k), Special: match3.Special(r.IntN(7))})
		}
		if _, run := c.FindRun(); run {
			continue
		}
		tries++
		for range r.IntN(12) {
			a := match3.Cell{X: 1 + r.IntN(rows), Y: 1 + r.IntN(cols)}
			b := a
			switch r.IntN(5) {
			case 0:
				b.X++
			case 1:
				b.Y++
			case 2:
				b.X--
			case 3:
				b.Y--
			}
			if !c.Inside(b) {
				b = a
			}
			c.Ops = append(c.Ops, match3.Swap{A: a, B: b})
		}
		tr := PlayMatch3(c)
		left := rows * cols
		var total int64
		for i, op := range tr.Ops {
			for _, rd := range tr.Detail[i].Rounds {
				left -= len(rd.Line) + len(rd.Hit)
			}
			total += op.Score() + op.Hand.Score
		}
		pieces := 0
		board := c.Board
		if len(tr.Detail) > 0 {
			board = tr.Detail[len(tr.Detail)-1].Board
		}
		for _, p := range board {
			if !p.Empty() {
				pieces++
			}
		}
		if pieces != left {
			t.Fatalf("%v: %d pieces left on the board, the rounds removed down to %d", c, pieces, left)
		}
		if tr.Cleared != (pieces == 0) {
			t.Fatalf("%v: cleared %t with %d pieces left", c, tr.Cleared, pieces)
		}
		if total+tr.Bonus != tr.Total {
			t.Fatalf("%v: total %d, operations and bonus sum to %d", c, tr.Total, total+tr.Bonus)
		}
	}
}
