package gems

import (
	"bytes"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
)

// boardAnswer gives g, a member under a rule set with answer=board, its
// board answer (M16): a program prints the final board, n lines of m
// colours, which the harness reads back and compares cell by cell.
//
// Under the step protocol a step is an operation, as under a total, and
// gives the board after it, which it must (the board is the answer):
// the engine's steps (EngineSteps) give it as the reference's do, for
// cascade score --steps.
func boardAnswer(g *conformance.Game[*match3.Case, match3.Trace]) {
	g.AnswerText = boardText
	g.JudgeAnswer = judgeBoard
	g.AnswerLines = boardLines
	g.EngineSteps = engineSteps
}

// engineSteps plays c with the engine an operation at a time, as
// match3ReferenceSteps plays it with the reference (playSteps).
func engineSteps(c *match3.Case, step func(running int64, board []int32) bool) int64 {
	g := engine.NewMatch3(c)
	playSteps(c, g.Start(), g.Apply, g.Board, step)
	return g.Total()
}

// playSteps plays c's operations with apply, from a start that scored
// start, and calls step after each with the running total and the board
// after it (board's), its colours, then its specials, until step
// returns false.
func playSteps(c *match3.Case, start match3.Result, apply func(match3.Swap) match3.Result, board func() []match3.Piece, step func(running int64, board []int32) bool) {
	cells := c.Rows * c.Cols
	steps := make([]int32, 2*cells)
	running := start.Score() // the settle's, under start=score
	for _, s := range c.Ops {
		res := apply(s)
		running += res.Score() + res.Hand.Score
		for i, p := range board() {
			steps[i], steps[cells+i] = int32(p.Colour), int32(p.Special)
		}
		if !step(running, steps) {
			break
		}
	}
}

// boardText is the board answer of trace t of case c, nil when t holds
// no final board (an implementation that does not give one).
func boardText(c *match3.Case, t match3.Trace) []byte {
	if len(t.Board) != c.Rows*c.Cols {
		return nil
	}
	var b bytes.Buffer
	match3.FormatBoard(&b, c.Rows, c.Cols, t.Board)
	return b.Bytes()
}

// judgeBoard reads a program's board answer out to case c and compares
// it with want's final board: a divergence names the first cell that
// differs (match3.DiffBoard); out that is no board is bad.
func judgeBoard(c *match3.Case, want match3.Trace, out []byte) (string, bool) {
	got, err := match3.ParseBoard(bytes.NewReader(out), c.Rows, c.Cols, c.Colours)
	if err != nil {
		return "output is not a board: " + err.Error(), true
	}
	return match3.DiffBoard(got, want.Board, c.Cols), false
}

// boardLines is the number of lines of a board answer to the input in,
// a case without its rules line: its first integer, n.
func boardLines(in []byte) int {
	in = bytes.TrimLeft(in, " \t\r\n")
	n := 0
	for _, b := range in {
		if b < '0' || b > '9' || n > 1<<20 {
			break
		}
		n = n*10 + int(b-'0')
	}
	return n
}
