package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

var traceCommand = &command{
	name:    "trace",
	summary: "print a per-move account of the game",
	help: `Usage: cascade trace [--game samegame|match3] [FILE | --example NAME]

Trace plays the case in FILE (standard input when FILE is absent or "-")
with the reference implementation and prints, move by move, what happened,
in the spirit of the statements' walkthroughs. Boards are drawn top row
first, one line per row indented by two spaces; '-' is an empty cell.

SameGame:

  samegame: N=5, K=12
  start
    14111
    ...
  step 1 (0 4): 1 cube of colour 1, 1 point
    -4111
    ...
  step 5 (4 4): empty cell, 0 points
    ...
  total 54

Each step shows the click (X from the left, Y from the bottom, both
0-based), the group it removed and its points, then the box after it.

Match-3:

  match3: 8x8, k=5, q=5
  start
    1 1 5 ...
  operation 1: (3, 2) <-> (4, 2): valid, 2 rounds, main colour 4
    round 1
      line cells: (3, 2) (3, 3) (3, 4)
      hit by specials: (2, 1)
      specials triggered: (3, 2)
      blocks: 3; combination 0
      elimination: 1 x 21 = 21
    round 2
      ...
    score 315 = elimination 265 + combination 50 + chain 0; running 315
    hand after 5 valid operations: two pairs (1 2 4 2 4), 210 points
    1 1 5 ...
  operation 2: (1, 1) <-> (2, 2): invalid: not adjacent
    score 0; running 315
    ...
  all operations valid: yes, +1000
  board cleared: yes, +10000
  total 11692

Cells are (row from the top, column from the left), 1-based. An invalid
operation gives its reason (not adjacent, empty cell, no run) and changes
nothing. Per round: the line cells (runs of three or more), the cells
marked only by specials, the specials that went off in the order they did,
the sizes of the blocks of line cells with the combination score, and the
elimination score as round number x sum of the colours removed. "score" is
the operation's elimination + combination + chain score and "running" its
sum over the operations so far (the statement's 315, 417, ...); poker hands
and bonuses count only in the total. A board cell shows the colour, and a
special after a colon: 4:2 is colour 4 with special 2 (its column).

Flags:
` + inputFlagsHelp,
	run: runTrace,
}

func runTrace(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	p, code, ok := readPuzzle(c, args, stdin, stdout, stderr, nil, 1)
	if !ok {
		return code
	}
	w := bufio.NewWriter(stdout)
	switch p.game {
	case sameGame:
		traceSameGame(w, p.sameGame, reference.PlaySameGame(p.sameGame))
	case match3Game:
		traceMatch3(w, p.match3, reference.PlayMatch3(p.match3))
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "cascade: %v\n", err)
		return exitRejected
	}
	return exitOK
}

func traceSameGame(w io.Writer, c *samegame.Case, t samegame.Trace) {
	fmt.Fprintf(w, "samegame: %s\nstart\n", sameGameSize(c))
	drawBox(w, c.N, c.Board)
	for i, r := range t.Moves {
		if r.Removed == 0 {
			fmt.Fprintf(w, "step %d %v: empty cell, 0 points\n", i+1, r.Move)
		} else {
			fmt.Fprintf(w, "step %d %v: %s of colour %d, %s\n",
				i+1, r.Move, count(int64(r.Removed), "cube", "cubes"), r.Colour, count(r.Points, "point", "points"))
		}
		if i < len(t.Detail) {
			drawBox(w, c.N, t.Detail[i].Board)
		}
	}
	fmt.Fprintf(w, "total %d\n", t.Total)
}

// drawBox draws a SameGame box laid out like samegame.Case.Board.
func drawBox(w io.Writer, n int, board []uint8) {
	row := make([]byte, 0, n+3)
	for r := range n {
		row = append(row[:0], "  "...)
		for _, v := range board[r*n : (r+1)*n] {
			if v == 0 {
				row = append(row, '-')
			} else {
				row = append(row, '0'+v)
			}
		}
		row = append(row, '\n')
		w.Write(row)
	}
}

func traceMatch3(w io.Writer, c *match3.Case, t match3.Trace) {
	fmt.Fprintf(w, "match3: %s\nstart\n", match3Size(c))
	width := pieceWidth(c.Board)
	drawPieces(w, c.Rows, c.Cols, width, c.Board)
	var running int64
	valid := 0
	for i, r := range t.Ops {
		fmt.Fprintf(w, "operation %d: %s: ", i+1, swapText(r.Swap))
		if r.Validity != match3.Valid {
			fmt.Fprintf(w, "invalid: %v\n  score 0; running %d\n", r.Validity, running)
		} else {
			valid++
			running += r.Score()
			fmt.Fprintf(w, "valid, %s, %s\n", count(int64(r.Rounds), "round", "rounds"), mainColours(r.Main))
			if i < len(t.Detail) {
				for j, rd := range t.Detail[i].Rounds {
					traceRound(w, j+1, rd)
				}
			}
			fmt.Fprintf(w, "  score %d = elimination %d + combination %d + chain %d; running %d\n",
				r.Score(), r.Elimination, r.Combination, r.Chain, running)
			if r.Hand.Kind != match3.NoHand {
				h := r.Hand
				fmt.Fprintf(w, "  hand after %d valid operations: %v (%d %d %d %d %d), %s\n",
					valid, h.Kind, h.Cards[0], h.Cards[1], h.Cards[2], h.Cards[3], h.Cards[4], count(h.Score, "point", "points"))
			}
		}
		if i < len(t.Detail) {
			drawPieces(w, c.Rows, c.Cols, width, t.Detail[i].Board)
		}
	}
	fmt.Fprintf(w, "all operations valid: %s\n", bonus(t.AllValid, match3.AllValidBonus))
	fmt.Fprintf(w, "board cleared: %s\n", bonus(t.Cleared, match3.ClearedBonus))
	fmt.Fprintf(w, "total %d\n", t.Total)
}

func traceRound(w io.Writer, n int, rd match3.Round) {
	fmt.Fprintf(w, "  round %d\n", n)
	fmt.Fprintf(w, "    line cells: %s\n", cells(rd.Line))
	fmt.Fprintf(w, "    hit by specials: %s\n", cells(rd.Hit))
	fmt.Fprintf(w, "    specials triggered: %s\n", cells(rd.Triggered))
	blocks := make([]string, len(rd.Blocks))
	for i, b := range rd.Blocks {
		blocks[i] = strconv.Itoa(b)
	}
	fmt.Fprintf(w, "    blocks: %s; combination %d\n", strings.Join(blocks, " "), rd.Combination)
	fmt.Fprintf(w, "    elimination: %d x %d = %d\n", n, rd.Elimination/int64(n), rd.Elimination)
}

func mainColours(m [2]int) string {
	if m[1] == 0 {
		return fmt.Sprintf("main colour %d", m[0])
	}
	return fmt.Sprintf("main colours %d and %d", m[0], m[1])
}

func cells(cs []match3.Cell) string {
	if len(cs) == 0 {
		return "none"
	}
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = c.String()
	}
	return strings.Join(s, " ")
}

func bonus(earned bool, points int) string {
	if earned {
		return fmt.Sprintf("yes, +%d", points)
	}
	return "no, +0"
}

// drawPieces draws a match-3 board laid out like match3.Case.Board, each
// cell right-aligned in width characters.
func drawPieces(w io.Writer, rows, cols, width int, board []match3.Piece) {
	var b strings.Builder
	for r := range rows {
		b.Reset()
		b.WriteString(" ")
		for _, p := range board[r*cols : (r+1)*cols] {
			s := pieceText(p)
			b.WriteString(strings.Repeat(" ", width+1-len(s)))
			b.WriteString(s)
		}
		b.WriteByte('\n')
		io.WriteString(w, b.String())
	}
}

// pieceWidth is the width of the widest cell of board; pieces only leave
// the board or move, so the start position's width fits every later one.
func pieceWidth(board []match3.Piece) int {
	width := 1
	for _, p := range board {
		width = max(width, len(pieceText(p)))
	}
	return width
}

func pieceText(p match3.Piece) string {
	switch {
	case p.Empty():
		return "-"
	case p.Special == match3.Plain:
		return strconv.Itoa(p.Colour)
	}
	return fmt.Sprintf("%d:%d", p.Colour, p.Special)
}

// count writes n and the noun that agrees with it.
func count(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
