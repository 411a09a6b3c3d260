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

// RunningPoints is RunningText under a rule set that scores by an
// expression.
const RunningPoints = "running: the points so far (of the settle under start=score, then of the operations); bonuses count only in the total"

// WriteTrace explains t, the trace of c, for people, as cascade trace
// prints it: the legend and what "running" sums, the start board, then
// every operation with its validity, its rounds (line cells, cells hit
// by specials, specials triggered, blocks) when t has Detail, its scores
// and running total, the hand after every fifth valid one, the board
// after it; then the endgame bonuses and the total. A piece is drawn as
// its colour, COLOUR:SPECIAL when it has a special, '-' for an empty
// cell; p colours the pieces and the marked cells (the zero Painter
// leaves them plain).
//
// Under a rule set other than thupc the second line names it with every
// setting; a settled start board is explained before the first
// operation; every round says which cells refill=queue filled, and a
// round and an operation scored by an expression give its points.
func WriteTrace(w io.Writer, c *Case, t Trace, p paint.Painter) {
	tw := NewTraceWriter(w, c, p)
	if t.Start.Rounds > 0 {
		tw.Start(t.Start, t.StartRounds, t.StartBoard)
	}
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
	rules   Rules // effective
	p       paint.Painter
	width   int
	step    int
	valid   int
	running int64
}

// NewTraceWriter writes the head of c's trace to w, the legend and the
// start board, and returns the writer of the rest.
func NewTraceWriter(w io.Writer, c *Case, p paint.Painter) *TraceWriter {
	rules := c.Rules.Effective()
	fmt.Fprintf(w, "match3: %s\n", c.Size())
	if !c.Rules.IsThupc() {
		fmt.Fprintf(w, "rules %s\n", rules.Full())
	}
	running := RunningText
	if rules.Scoring == ScoringExpr {
		running = RunningPoints
	}
	fmt.Fprintf(w, "%s\n%s\nstart\n", Legend, running)
	width := pieceWidth(c.Board)
	for _, q := range c.Queues {
		width = max(width, pieceWidth(q))
	}
	tw := &TraceWriter{w: w, c: c, rules: rules, p: p, width: width}
	drawPieces(w, c.Rows, c.Cols, tw.width, c.Board, p)
	if rules.Refill == RefillQueue {
		tw.queues()
	}
	return tw
}

// queues writes the case's queues, a line per column, next piece first.
func (tw *TraceWriter) queues() {
	for y, q := range tw.c.Queues {
		s := make([]string, len(q))
		for i, pc := range q {
			s[i] = tw.p.Piece(pc.Colour, pieceText(pc))
		}
		fmt.Fprintf(tw.w, "queue of column %d: %s\n", y+1, orNone(strings.Join(s, " ")))
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Start writes the settle of a start board that holds runs (start=settle
// or start=score): its rounds, its score, and the board after it when
// board is not nil.
func (tw *TraceWriter) Start(r Result, rounds []Round, board []Piece) {
	w := tw.w
	fmt.Fprintf(w, "settle: the start board holds runs: %s\n", input.Count(int64(r.Rounds), "round", "rounds"))
	for j, rd := range rounds {
		tw.round(j+1, rd)
	}
	if tw.rules.Start == StartScore {
		tw.running += r.Score()
		fmt.Fprintf(w, "  score %d (start=score); running %d\n", r.Score(), tw.running)
	} else {
		fmt.Fprintf(w, "  score 0 (start=settle); running %d\n", tw.running)
	}
	if board != nil {
		drawPieces(w, tw.c.Rows, tw.c.Cols, tw.width, board, tw.p)
	}
}

// Operation writes the next operation, r, with its rounds, and the
// board after it, laid out like Case.Board, when board is not nil.
func (tw *TraceWriter) Operation(r Result, rounds []Round, board []Piece) {
	w, p := tw.w, tw.p
	tw.step++
	fmt.Fprintf(w, "operation %d: %s: ", tw.step, r.Swap.Text())
	switch {
	case r.Validity == Over:
		fmt.Fprintf(w, "not played: the game is over\n  score 0; running %d\n", tw.running)
	case r.Validity != Valid:
		fmt.Fprintf(w, "invalid: %v\n  score 0; running %d\n", r.Validity, tw.running)
	case tw.rules.Scoring == ScoringExpr:
		tw.valid++
		tw.running += r.Score()
		fmt.Fprintf(w, "valid, %s\n", input.Count(int64(r.Rounds), "round", "rounds"))
		for j, rd := range rounds {
			tw.round(j+1, rd)
		}
		fmt.Fprintf(w, "  score %d; running %d\n", r.Score(), tw.running)
	default:
		tw.valid++
		tw.running += r.Score()
		fmt.Fprintf(w, "valid, %s, %s\n", input.Count(int64(r.Rounds), "round", "rounds"), mainColours(r.Main))
		for j, rd := range rounds {
			tw.round(j+1, rd)
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
// operations written, and under answer=board the final board.
func (tw *TraceWriter) End(t Trace) {
	what := "all operations valid"
	if tw.rules.Invalid != InvalidBonus {
		what = "all-valid bonus (invalid=" + tw.rules.Invalid.String() + ": no swap costs it)"
	}
	fmt.Fprintf(tw.w, "%s: %s\n", what, bonus(t.AllValid, tw.rules.AllValid))
	fmt.Fprintf(tw.w, "board cleared: %s\n", bonus(t.Cleared, tw.rules.Cleared))
	fmt.Fprintf(tw.w, "total %d\n", t.Total)
	if tw.rules.Answer == AnswerBoard && t.Board != nil {
		fmt.Fprintf(tw.w, "answer: the final board\n")
		FormatBoard(tw.w, tw.c.Rows, tw.c.Cols, t.Board)
	}
}

// round writes round n of an operation or of the settle.
func (tw *TraceWriter) round(n int, rd Round) {
	w, p := tw.w, tw.p
	if tw.rules.Scoring == ScoringExpr {
		fmt.Fprintf(w, "  round %d\n", n)
		fmt.Fprintf(w, "    line cells: %s\n", p.Mark(paint.Line, cells(rd.Line)))
		if tw.rules.Specials == SpecialsEffects {
			fmt.Fprintf(w, "    hit by specials: %s\n", p.Mark(paint.Hit, cells(rd.Hit)))
			fmt.Fprintf(w, "    specials triggered: %s\n", p.Mark(paint.Triggered, cells(rd.Triggered)))
		}
		fmt.Fprintf(w, "    points: %d (%s per %s)\n", rd.Points, tw.rules.Points, tw.rules.Per)
	} else {
		writeRound(w, n, rd, p)
	}
	if tw.rules.Refill == RefillQueue {
		fmt.Fprintf(w, "    refilled from the queues: %s\n", cells(rd.Refilled))
	}
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

func bonus(earned bool, points int64) string {
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
