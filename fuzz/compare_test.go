package fuzz

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// replay says how to replay a case printed in a failure.
const replay = "save it as case.txt and replay with: cascade trace case.txt; cascade score --engine reference case.txt"

// checkSameGame plays c on the engine and on the reference and fails t at
// the first move where they part, with the case and both traces; when
// the traces agree, at the first move after which the boxes differ.
func checkSameGame(t *testing.T, c *samegame.Case) {
	t.Helper()
	if msg := sameGameMismatch(c, engine.PlaySameGame, engineSameGame); msg != "" {
		t.Fatal(msg)
	}
}

func engineSameGame(c *samegame.Case) casegen.SameGamePlayer { return engine.NewSameGame(c) }

func engineMatch3(c *match3.Case) casegen.Match3Player { return engine.NewMatch3(c) }

// sameGameMismatch plays c with play and with the reference and describes
// the first difference: of the traces, or when they agree, of the boxes
// after a move, the box under test played by a game from start. It
// returns "" when there is none.
func sameGameMismatch(c *samegame.Case, play func(*samegame.Case) samegame.Trace, start func(*samegame.Case) casegen.SameGamePlayer) string {
	want := reference.PlaySameGame(c)
	got := play(c)
	if move, msg := samegame.Diff(got, want); move >= 0 {
		return fmt.Sprintf("engine and reference part at %s\n\ncase (%s):\n%v\nengine trace:\n%s\nreference trace:\n%s",
			msg, replay, c, sameGameTrace(got, move), sameGameTrace(want, move))
	}
	// Equal scores can hide different boxes that have not scored yet.
	g := start(c)
	for i, m := range c.Moves {
		g.Apply(m)
		box := want.Detail[i].Board
		for j, v := range box {
			x, y := j%c.W, c.H-1-j/c.W
			if got := g.At(x, y); got != v {
				return fmt.Sprintf("after move %d %v the boxes differ at column %d row %d: engine %d, reference %d\n\ncase (%s):\n%v\nengine box:\n%s\nreference box:\n%s\nreference trace:\n%s",
					i+1, m, x, y, got, v, replay, c, sameGameBox(c.W, c.H, g.At), sameGameBox(c.W, c.H, func(x, y int) uint8 { return box[(c.H-1-y)*c.W+x] }),
					sameGameTrace(want, i+1))
			}
		}
	}
	return ""
}

// sameGameTrace lists the moves of t, marking move mark (1-based) with >.
func sameGameTrace(t samegame.Trace, mark int) string {
	var b strings.Builder
	for i, r := range t.Moves {
		fmt.Fprintf(&b, "%s %3d %v\n", marker(i+1 == mark), i+1, r)
	}
	fmt.Fprintf(&b, "%s end of the game %d, total %d\n", marker(mark == 0), t.End, t.Total)
	return b.String()
}

// sameGameBox draws a box top row first, '-' for an empty cell, as
// cascade trace does.
func sameGameBox(w, h int, at func(x, y int) uint8) string {
	var b strings.Builder
	for y := h - 1; y >= 0; y-- {
		b.WriteString("  ")
		for x := range w {
			if v := at(x, y); v == 0 {
				b.WriteByte('-')
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
	if msg := match3Mismatch(c, engine.PlayMatch3, engineMatch3); msg != "" {
		t.Fatal(msg)
	}
}

// match3Mismatch plays c with play and with the reference and describes
// the first difference: of the traces, or when they agree, of the boards
// after an operation, the board under test played by a game from start.
// It returns "" when there is none.
func match3Mismatch(c *match3.Case, play func(*match3.Case) match3.Trace, start func(*match3.Case) casegen.Match3Player) string {
	want := reference.PlayMatch3(c)
	got := play(c)
	if op, msg := match3.Diff(got, want); op >= 0 {
		return fmt.Sprintf("engine and reference part at %s\n\ncase (%s):\n%v\nengine trace:\n%s\nreference trace:\n%s",
			msg, replay, c, match3Trace(got, op), match3Trace(want, op))
	}
	// Equal scores can hide different boards that have not scored yet.
	g := start(c)
	for i, s := range c.Ops {
		g.Apply(s)
		board := want.Detail[i].Board
		for j, p := range board {
			cell := match3.Cell{X: j/c.Cols + 1, Y: j%c.Cols + 1}
			if got := g.At(cell); got != p {
				return fmt.Sprintf("after operation %d (%v) the boards differ at %v: engine %s, reference %s\n\ncase (%s):\n%v\nengine board:\n%s\nreference board:\n%s\nreference trace:\n%s",
					i+1, s, cell, piece(got), piece(p), replay, c, match3Board(c, g.At), match3Board(c, func(cell match3.Cell) match3.Piece { return board[c.Index(cell)] }),
					match3Trace(want, i+1))
			}
		}
	}
	return ""
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

// match3Board draws a board, a piece as colour/special, '-' for an empty
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
		return "-"
	}
	return fmt.Sprintf("%d/%d", p.Colour, p.Special)
}

func marker(on bool) string {
	if on {
		return ">"
	}
	return " "
}

// The checks must catch a difference and report it usefully: the
// reference under a broken rule stands in for a broken engine.

func TestSameGameMismatchNamesTheFirstDifferingMove(t *testing.T) {
	c, err := samegame.Parse(strings.NewReader("5\n14111\n23334\n43212\n33323\n21232\n12\n0 4, 3 0, 0 1, 2 2, 1 1, 4 2, 3 2, 0 1, 3 2, 3 1, 3 0, 2 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	// c^2 points agrees with c(c+1)/2 on single cubes (moves 1 and 2),
	// not on the six 3s of move 3.
	square := reference.SameGameRules{Points: func(n int) int64 { return int64(n) * int64(n) }}
	msg := sameGameMismatch(c, square.Play, func(c *samegame.Case) casegen.SameGamePlayer { return square.New(c) })
	for _, want := range []string{"part at move 3: got", "\n>   3 (0 1): 6 cubes of colour 3, 36 points", "\n>   3 (0 1): 6 cubes of colour 3, 21 points", c.String()} {
		if !strings.Contains(msg, want) {
			t.Errorf("report lacks %q:\n%s", want, msg)
		}
	}
}

func TestSameGameMismatchComparesBoxesWhenScoresAgree(t *testing.T) {
	// Removing the bottom-left 3 scores 1 whether or not the 1 above
	// falls; the boxes are compared top row first.
	c := &samegame.Case{W: 2, H: 2, Board: []uint8{1, 2, 3, 4}, Moves: []samegame.Move{{X: 0, Y: 0}}}
	hang := reference.SameGameRules{Fall: func(reference.Box) {}}
	msg := sameGameMismatch(c, hang.Play, func(c *samegame.Case) casegen.SameGamePlayer { return hang.New(c) })
	if want := "after move 1 (0 0) the boxes differ at column 0 row 1: engine 1, reference 0"; !strings.HasPrefix(msg, want) {
		t.Errorf("report starts %.80q, want %q", msg, want)
	}
	if msg := sameGameMismatch(c, reference.PlaySameGame, func(c *samegame.Case) casegen.SameGamePlayer { return reference.NewSameGame(c) }); msg != "" {
		t.Errorf("the reference against itself: %s", msg)
	}
}

func TestMatch3MismatchNamesTheFirstDifferingOperation(t *testing.T) {
	c, err := match3.Parse(strings.NewReader("3 3 3 2\n3 2 3\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n0 0 0\n1 1 1 3\n2 2 3 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	plusOne := reference.Match3Rules{Elimination: func(round int, sum int64) int64 { return int64(round)*sum + 1 }}
	msg := match3Mismatch(c, plusOne.Play, func(c *match3.Case) casegen.Match3Player { return plusOne.New(c) })
	for _, want := range []string{"part at operation 2: got", "\n>   2 2 2 3 2: 1 rounds, elimination 10,", "\n>   2 2 2 3 2: 1 rounds, elimination 9,", c.String()} {
		if !strings.Contains(msg, want) {
			t.Errorf("report lacks %q:\n%s", want, msg)
		}
	}
}

func TestMatch3MismatchComparesBoardsWhenScoresAgree(t *testing.T) {
	// The swap makes rows 2 and 3 runs; row 1 falls to the bottom or,
	// under a rule without falls, hangs at the top, scoring the same.
	c, err := match3.Parse(strings.NewReader("3 3 3 1\n3 2 3\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n0 0 0\n2 2 3 2\n"))
	if err != nil {
		t.Fatal(err)
	}
	hang := reference.Match3Rules{Fall: func(reference.Grid) {}}
	msg := match3Mismatch(c, hang.Play, func(c *match3.Case) casegen.Match3Player { return hang.New(c) })
	if want := "after operation 1 (2 2 3 2) the boards differ at (1, 1): engine 3/0, reference -"; !strings.HasPrefix(msg, want) {
		t.Errorf("report starts %.100q, want %q", msg, want)
	}
	if msg := match3Mismatch(c, reference.PlayMatch3, func(c *match3.Case) casegen.Match3Player { return reference.NewMatch3(c) }); msg != "" {
		t.Errorf("the reference against itself: %s", msg)
	}
}
