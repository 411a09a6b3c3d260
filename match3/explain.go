package match3

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/paint"
)

// Size names the size of c in reports: "8x8, k=5, q=5".
func (c *Case) Size() string {
	return fmt.Sprintf("%dx%d, k=%d, q=%d", c.Rows, c.Cols, c.Colours, len(c.Ops))
}

// Text is s as reports show it: "(3, 2) <-> (4, 2)"; String is s in
// the input format.
func (s Swap) Text() string { return fmt.Sprintf("%v <-> %v", s.A, s.B) }

// Legend is the one line that explains how a trace draws a board.
const Legend = "cells: colour, or colour:special (1 row, 2 column, 3 row and column, 4 3x3, 5 5x5, 6 colour); - empty"

// RunningText says what a trace's running sum holds, and what it leaves
// to the total.
const RunningText = "running: the operations' scores so far (elimination + combination + chain); hands and bonuses count only in the total"

// WriteTrace explains t, the trace of c, for people, as cascade trace
// prints it: the legend and what "running" sums, the start board, then
// every operation with its validity, its rounds (line cells, cells hit
// by specials, specials triggered, blocks) when t has Detail, its scores
// and running total, the hand after every fifth valid one, the board
// after it; then the endgame bonuses and the total. A piece is drawn as
// its colour, COLOUR:SPECIAL when it has a special, '-' for an empty
// cell; p colours the pieces and the marked cells (the zero Painter
// leaves them plain).
func WriteTrace(w io.Writer, c *Case, t Trace, p paint.Painter) {
	tw := NewTraceWriter(w, c, p)
	for i, r := range t.Ops {
		var d Detail
		if i < len(t.Detail) {
			d = t.Detail[i]
		}
		tw.Operation(r, d.Rounds, d.Board)
	}
	tw.End(t)
}

// A TraceWriter writes what WriteTrace writes an operation at a time,
// as the operations are played, so that the trace of a long game is
// never held whole.
type TraceWriter struct {
	w       io.Writer
	c       *Case
	p       paint.Painter
	width   int
	step    int
	valid   int
	running int64
}

// NewTraceWriter writes the head of c's trace to w, the legend and the
// start board, and returns the writer of the rest.
func NewTraceWriter(w io.Writer, c *Case, p paint.Painter) *TraceWriter {
	fmt.Fprintf(w, "match3: %s\n%s\n%s\nstart\n", c.Size(), Legend, RunningText)
	tw := &TraceWriter{w: w, c: c, p: p, width: pieceWidth(c.Board)}
	drawPieces(w, c.Rows, c.Cols, tw.width, c.Board, p)
	return tw
}

// Operation writes the next operation, r, with its rounds, and the
// board after it, laid out like Case.Board, when board is not nil.
func (tw *TraceWriter) Operation(r Result, rounds []Round, board []Piece) {
	w, p := tw.w, tw.p
	tw.step++
	fmt.Fprintf(w, "operation %d: %s: ", tw.step, r.Swap.Text())
	if r.Validity != Valid {
		fmt.Fprintf(w, "invalid: %v\n  score 0; running %d\n", r.Validity, tw.running)
	} else {
		tw.valid++
		tw.running += r.Score()
		fmt.Fprintf(w, "valid, %s, %s\n", input.Count(int64(r.Rounds), "round", "rounds"), mainColours(r.Main))
		for j, rd := range rounds {
			writeRound(w, j+1, rd, p)
		}
		fmt.Fprintf(w, "  score %d = elimination %d + combination %d + chain %d; running %d\n",
			r.Score(), r.Elimination, r.Combination, r.Chain, tw.running)
		if r.Hand.Kind != NoHand {
			h := r.Hand
			cards := make([]string, len(h.Cards))
			for j, card := range h.Cards {
				cards[j] = p.Piece(card, strconv.Itoa(card))
			}
			fmt.Fprintf(w, "  hand after %d valid operations: %v (%s), %s\n",
				tw.valid, h.Kind, strings.Join(cards, " "), input.Count(h.Score, "point", "points"))
		}
	}
	if board != nil {
		drawPieces(w, tw.c.Rows, tw.c.Cols, tw.width, board, p)
	}
}

// End writes the endgame bonuses and the total of t, the trace of the
// operations written.
func (tw *TraceWriter) End(t Trace) {
	fmt.Fprintf(tw.w, "all operations valid: %s\n", bonus(t.AllValid, AllValidBonus))
	fmt.Fprintf(tw.w, "board cleared: %s\n", bonus(t.Cleared, ClearedBonus))
	fmt.Fprintf(tw.w, "total %d\n", t.Total)
}

func writeRound(w io.Writer, n int, rd Round, p paint.Painter) {
	fmt.Fprintf(w, "  round %d\n", n)
	fmt.Fprintf(w, "    line cells: %s\n", p.Mark(paint.Line, cells(rd.Line)))
	fmt.Fprintf(w, "    hit by specials: %s\n", p.Mark(paint.Hit, cells(rd.Hit)))
	fmt.Fprintf(w, "    specials triggered: %s\n", p.Mark(paint.Triggered, cells(rd.Triggered)))
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

func cells(cs []Cell) string {
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

// drawPieces draws a board laid out like Case.Board, each
// cell right-aligned in width characters. Rows go through a buffer of a
// few kilobytes, not held whole: a board may be a million columns wide.
func drawPieces(w io.Writer, rows, cols, width int, board []Piece, p paint.Painter) {
	bw := bufio.NewWriterSize(w, 4<<10)
	for r := range rows {
		bw.WriteByte(' ')
		for _, pc := range board[r*cols : (r+1)*cols] {
			s := pieceText(pc)
			for range width + 1 - len(s) {
				bw.WriteByte(' ')
			}
			bw.WriteString(p.Piece(pc.Colour, s))
		}
		bw.WriteByte('\n')
	}
	bw.Flush()
}

// pieceWidth is the width of the widest cell of board; pieces only leave
// the board or move, so the start position's width fits every later one.
func pieceWidth(board []Piece) int {
	width := 1
	for _, p := range board {
		width = max(width, len(pieceText(p)))
	}
	return width
}

func pieceText(p Piece) string {
	switch {
	case p.Empty():
		return "-"
	case p.Special == Plain:
		return strconv.Itoa(p.Colour)
	}
	return fmt.Sprintf("%d:%d", p.Colour, p.Special)
}
