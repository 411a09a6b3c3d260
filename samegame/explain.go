package samegame

import (
	"bufio"
	"fmt"
	"io"

	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/paint"
)

// Size names the size of c in reports: "N=5, K=12" for a square box,
// "W=15, H=10, K=12" for another.
func (c *Case) Size() string {
	if c.Square() {
		return fmt.Sprintf("N=%d, K=%d", c.W, len(c.Moves))
	}
	return fmt.Sprintf("W=%d, H=%d, K=%d", c.W, c.H, len(c.Moves))
}

// Legend is the one line that explains how a trace draws a box.
const Legend = "cells: a cube's colour 1-9; - empty"

// WriteTrace explains t, the trace of c, for people, as cascade trace
// prints it: the legend, the start box, then every move with the group
// it took and its points, the box after it when t has Detail, and the
// total. Boxes are drawn top row first, '-' for an empty cell; p colours
// the cubes (the zero Painter leaves them plain).
func WriteTrace(w io.Writer, c *Case, t Trace, p paint.Painter) {
	tw := NewTraceWriter(w, c, p)
	for i, r := range t.Moves {
		var board []uint8
		if i < len(t.Detail) {
			board = t.Detail[i].Board
		}
		tw.Move(r, board)
	}
	tw.End(t)
}

// A TraceWriter writes what WriteTrace writes a move at a time, as the
// moves are played, so that the trace of a long game is never held
// whole.
type TraceWriter struct {
	w    io.Writer
	c    *Case
	p    paint.Painter
	step int
	// removed says a move written removed a group; boxed says the last
	// move written came with the box after it, and last is a copy of
	// that box: what Finish judges the end of the game by.
	removed, boxed bool
	last           []uint8
}

// NewTraceWriter writes the head of c's trace to w, the legend and the
// start box, and returns the writer of the rest.
func NewTraceWriter(w io.Writer, c *Case, p paint.Painter) *TraceWriter {
	fmt.Fprintf(w, "samegame: %s\n", c.Size())
	if !c.Rules.IsDefault() {
		fmt.Fprintf(w, "rules %s\n", c.Rules)
	}
	fmt.Fprintf(w, "%s\nstart\n", Legend)
	drawBox(w, c.W, c.H, c.Board, p)
	return &TraceWriter{w: w, c: c, p: p}
}

// Move writes the next move, r, and the box after it, laid out like
// Case.Board, when board is not nil.
func (tw *TraceWriter) Move(r Result, board []uint8) {
	w, p := tw.w, tw.p
	tw.step++
	switch {
	case r.Colour == 0:
		fmt.Fprintf(w, "step %d %v: empty cell, 0 points\n", tw.step, r.Move)
	case r.Removed == 0:
		fmt.Fprintf(w, "step %d %v: group of colour %s below the minimum of %d, 0 points\n",
			tw.step, r.Move, p.Piece(int(r.Colour), fmt.Sprint(r.Colour)), tw.c.Rules.Effective().Min)
	default:
		fmt.Fprintf(w, "step %d %v: %s of colour %s, %s\n",
			tw.step, r.Move, p.Mark(paint.Line, input.Count(int64(r.Removed), "cube", "cubes")),
			p.Piece(int(r.Colour), fmt.Sprint(r.Colour)), input.Count(r.Points, "point", "points"))
	}
	tw.removed = tw.removed || r.Removed > 0
	tw.boxed = board != nil
	if board != nil {
		drawBox(w, tw.c.W, tw.c.H, board, p)
		tw.last = append(tw.last[:0], board...)
	}
}

// End writes the end of the game and the total of t, the trace of the
// moves written.
func (tw *TraceWriter) End(t Trace) {
	tw.end(EndReason(tw.c, t), t.End, t.Total)
}

// Finish writes what End writes of the trace of the moves written, whose
// end-of-game term is end and total total, judged from the moves and
// boxes that Move was given: for a game played a move at a time whose
// trace is not kept, a result per move of millions.
func (tw *TraceWriter) Finish(end, total int64) {
	reason := ""
	switch {
	case tw.step == 0:
		reason = endReason(tw.c, tw.c.Board, false, end)
	case tw.boxed:
		reason = endReason(tw.c, tw.last, tw.removed, end)
	}
	tw.end(reason, end, total)
}

func (tw *TraceWriter) end(reason string, end, total int64) {
	for _, line := range endLines(reason, end) {
		fmt.Fprintln(tw.w, line)
	}
	fmt.Fprintf(tw.w, "total %d\n", total)
}

// drawBox draws a box laid out like Case.Board. Rows go through a
// buffer of a few kilobytes, not held whole: a box may be ten million
// columns wide.
func drawBox(w io.Writer, n, h int, board []uint8, p paint.Painter) {
	bw := bufio.NewWriterSize(w, 4<<10)
	for r := range h {
		bw.WriteString("  ")
		for _, v := range board[r*n : (r+1)*n] {
			switch {
			case v == 0:
				bw.WriteByte('-')
			case p.On():
				bw.WriteString(p.Piece(int(v), string(rune('0'+v))))
			default:
				bw.WriteByte('0' + v)
			}
		}
		bw.WriteByte('\n')
	}
	bw.Flush()
}
