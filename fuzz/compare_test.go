package fuzz

import (
	"fmt"
	"strings"
	"testing"

	"cascade/engine"
	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// replay says how to replay a case printed in a failure.
const replay = "save it as case.txt and replay with: cascade trace case.txt; cascade score --engine reference case.txt"

// checkSameGame plays c on the engine and on the reference and fails t at
// the first move where they part, with the case and both traces; when
// the traces agree, at the first move after which the boxes differ.
func checkSameGame(t *testing.T, c *samegame.Case) {
	t.Helper()
	want := reference.PlaySameGame(c)
	got := engine.PlaySameGame(c)
	if move, msg := samegame.Diff(got, want); move >= 0 {
		t.Fatalf("engine and reference part at %s\n\ncase (%s):\n%v\nengine trace:\n%s\nreference trace:\n%s",
			msg, replay, c, sameGameTrace(got, move), sameGameTrace(want, move))
	}
	// Equal scores can hide different boxes that have not scored yet.
	g := engine.NewSameGame(c)
	for i, m := range c.Moves {
		g.Apply(m)
		box := want.Detail[i].Board
		for j, v := range box {
			x, y := j%c.N, c.N-1-j/c.N
			if got := g.At(x, y); got != v {
				t.Fatalf("after move %d %v the boxes differ at column %d row %d: engine %d, reference %d\n\ncase (%s):\n%v\nengine box:\n%s\nreference box:\n%s\nreference trace:\n%s",
					i+1, m, x, y, got, v, replay, c, sameGameBox(c.N, g.At), sameGameBox(c.N, func(x, y int) uint8 { return box[(c.N-1-y)*c.N+x] }),
					sameGameTrace(want, i+1))
			}
		}
	}
}

// sameGameTrace lists the moves of t, marking move mark (1-based) with >.
func sameGameTrace(t samegame.Trace, mark int) string {
	var b strings.Builder
	for i, r := range t.Moves {
		fmt.Fprintf(&b, "%s %3d %v\n", marker(i+1 == mark), i+1, r)
	}
	fmt.Fprintf(&b, "%s total %d\n", marker(mark == 0), t.Total)
	return b.String()
}

// sameGameBox draws a box top row first, '.' for an empty cell.
func sameGameBox(n int, at func(x, y int) uint8) string {
	var b strings.Builder
	for y := n - 1; y >= 0; y-- {
		b.WriteString("  ")
		for x := range n {
			if v := at(x, y); v == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('0' + v)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// checkMatch3 plays c on the engine and on the reference and fails t at
// the first operation where they part, with the case and both traces;
// when the traces agree, at the first operation after which the boards
// differ.
func checkMatch3(t *testing.T, c *match3.Case) {
	t.Helper()
	want := reference.PlayMatch3(c)
	got := engine.PlayMatch3(c)
	if op, msg := match3.Diff(got, want); op >= 0 {
		t.Fatalf("engine and reference part at %s\n\ncase (%s):\n%v\nengine trace:\n%s\nreference trace:\n%s",
			msg, replay, c, match3Trace(got, op), match3Trace(want, op))
	}
	// Equal scores can hide different boards that have not scored yet.
	g := engine.NewMatch3(c)
	for i, s := range c.Ops {
		g.Apply(s)
		board := want.Detail[i].Board
		for j, p := range board {
			cell := match3.Cell{X: j/c.Cols + 1, Y: j%c.Cols + 1}
			if got := g.At(cell); got != p {
				t.Fatalf("after operation %d (%v) the boards differ at %v: engine %s, reference %s\n\ncase (%s):\n%v\nengine board:\n%s\nreference board:\n%s\nreference trace:\n%s",
					i+1, s, cell, piece(got), piece(p), replay, c, match3Board(c, g.At), match3Board(c, func(cell match3.Cell) match3.Piece { return board[c.Index(cell)] }),
					match3Trace(want, i+1))
			}
		}
	}
}

// match3Trace lists the operations of t and its endgame, marking
// operation mark (1-based; 0 the endgame) with >.
func match3Trace(t match3.Trace, mark int) string {
	var b strings.Builder
	for i, r := range t.Ops {
		fmt.Fprintf(&b, "%s %3d %v\n", marker(i+1 == mark), i+1, r)
	}
	fmt.Fprintf(&b, "%s endgame: all valid %t, cleared %t, bonus %d, total %d\n", marker(mark == 0), t.AllValid, t.Cleared, t.Bonus, t.Total)
	return b.String()
}

// match3Board draws a board, a piece as colour/special, '.' for an empty
// cell.
func match3Board(c *match3.Case, at func(match3.Cell) match3.Piece) string {
	var b strings.Builder
	for x := 1; x <= c.Rows; x++ {
		b.WriteString(" ")
		for y := 1; y <= c.Cols; y++ {
			fmt.Fprintf(&b, " %5s", piece(at(match3.Cell{X: x, Y: y})))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func piece(p match3.Piece) string {
	if p.Empty() {
		return "."
	}
	return fmt.Sprintf("%d/%d", p.Colour, p.Special)
}

func marker(on bool) string {
	if on {
		return ">"
	}
	return " "
}
