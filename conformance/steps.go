package conformance

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/input"
)

// A StepTrace is the step protocol's account of one case (SPEC.md,
// "The step protocol"): the running total after each step, the board
// after a step where one is given, and the final total. It is what a
// program run with Command.Steps answers, and what the reference's
// trace is compared with it as.
//
// The running totals are the steps' own points (match-3's hand scores
// included, at the operation that completes the hand); the end-of-game
// term (SameGame's clear bonus or its left term, match-3's endgame
// bonuses) is in Total alone:
//
//	Total = Running[len(Running)-1] + the end-of-game term
//
// (Total is the term alone when there is no step). An engine that adds
// its bonus into its score as it plays gives the running totals without
// it; a running total off by just that term is reported as holding it.
type StepTrace struct {
	// Running holds the running total after each step, without the
	// end-of-game term.
	Running []int64
	// Boards holds, for each step, the board after it (see BoardShape),
	// or nil where none was given.
	Boards [][]int32
	// Total is the final score: the last running total plus the
	// end-of-game term.
	Total int64
	// Answer, for a game whose answer is not its total (a board,
	// Game.AnswerText), is that answer as the judge protocol prints
	// it, each line ended: the answer ends with the board line and
	// Answer in place of the total line. nil: the total line.
	Answer []byte
}

// A BoardShape is how a game's board is written in the step protocol:
// Rows lines of Cols cells, once per layer (match-3: the colours, then
// the specials), 0 for an empty cell. Digits says a line is Cols digits
// with nothing between them (SameGame); otherwise cells are integers
// separated by white space. A board holds Rows*Cols*Layers cells, layer
// by layer, each row-major, top row first.
type BoardShape struct {
	Rows, Cols, Layers int
	Digits             bool
}

func (s BoardShape) cells() int { return s.Rows * s.Cols * s.Layers }

// WriteSteps writes t in the step protocol, boards where t has them.
func WriteSteps(w io.Writer, shape BoardShape, t StepTrace) error {
	var b []byte
	for i, r := range t.Running {
		b = fmt.Appendf(b, "step %d %d\n", i+1, r)
		if i < len(t.Boards) && t.Boards[i] != nil {
			b = appendBoard(b, shape, t.Boards[i])
		}
	}
	b = appendEnd(b, t.Total, t.Answer)
	_, err := w.Write(b)
	return err
}

// appendEnd appends the line that ends an answer under the step
// protocol: the total line, or when answer is not nil the board line and
// answer.
func appendEnd(b []byte, total int64, answer []byte) []byte {
	if answer == nil {
		return fmt.Appendf(b, "total %d\n", total)
	}
	return append(append(b, boardLine+"\n"...), answer...)
}

// writeReferenceSteps writes in the step protocol the steps play reports,
// each with its board, as they are played: one step's lines at a time.
// The answer ends with the total play returns, or when answer is not nil
// with the board line and answer (see StepTrace.Answer).
func writeReferenceSteps(w io.Writer, shape BoardShape, play func(step func(running int64, board []int32) bool) int64, answer []byte) error {
	var b []byte
	var err error
	i := 0
	total := play(func(running int64, board []int32) bool {
		i++
		b = fmt.Appendf(b[:0], "step %d %d\n", i, running)
		b = appendBoard(b, shape, board)
		_, err = w.Write(b)
		return err == nil
	})
	if err != nil {
		return err
	}
	_, err = w.Write(appendEnd(b[:0], total, answer))
	return err
}

func appendBoard(b []byte, shape BoardShape, board []int32) []byte {
	for row := range shape.Rows * shape.Layers {
		for col, v := range board[row*shape.Cols : (row+1)*shape.Cols] {
			if col > 0 && !shape.Digits {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, '\n')
	}
	return b
}

// stepLimit bounds the answer of a program to case input under the step
// protocol: every step's line and a board after each, each board written
// no wider than twice the case's own input, which holds one.
func stepLimit(steps int, input []byte) int {
	return 4<<10 + (steps+1)*(64+2*len(input))
}

// isTotalLine says whether line ends an answer under the step protocol.
func isTotalLine(line []byte) bool {
	f := bytes.Fields(line)
	return len(f) > 0 && string(f[0]) == "total"
}

// isBoardLine says whether line is the board line, which under the step
// protocol of a game whose answer is a board ends the steps.
func isBoardLine(line []byte) bool {
	f := bytes.Fields(line)
	return len(f) == 1 && string(f[0]) == boardLine
}

// ReadSteps reads a program's answer under the step protocol to a case
// of steps steps whose board has the given shape. An error names the
// answer's line and what is wrong there.
func ReadSteps(answer []byte, steps int, shape BoardShape) (StepTrace, error) {
	t := StepTrace{Running: make([]int64, 0, steps), Boards: make([][]int32, 0, steps)}
	end, err := scanSteps(answer, steps, shape, false, func(running int64, board []int32) {
		t.Running = append(t.Running, running)
		t.Boards = append(t.Boards, slices.Clone(board))
	})
	if err != nil {
		return StepTrace{}, err
	}
	t.Total = end.Total
	return t, nil
}

// boardLine is the line that ends the answer under the step protocol of
// a game whose answer is a board (Game.AnswerText) in place of the
// total line: the final board follows it.
const boardLine = "board"

// A stepsEnd is how an answer under the step protocol ends: its total,
// or, when the answer is a board, the text after the board line, whose
// line number is Line.
type stepsEnd struct {
	Total  int64
	Answer []byte
	Line   int
}

// scanSteps reads an answer as ReadSteps does, a step at a time: it
// calls step once a step's line and its board (nil when none was given)
// are read, in a buffer that the next step reuses, and returns how the
// answer ends. It holds one board, however long the answer. With boards
// (a game whose answer is a board), every step gives its board and the
// answer ends with the board line, the rest of it left to the game
// (stepsEnd.Answer).
func scanSteps(answer []byte, steps int, shape BoardShape, boards bool, step func(running int64, board []int32)) (stepsEnd, error) {
	ls := answerLines{rest: bytes.TrimSuffix(answer, []byte("\n"))}
	bad := func(format string, a ...any) (stepsEnd, error) {
		return stepsEnd{}, fmt.Errorf("answer line %d: %s", ls.n, fmt.Sprintf(format, a...))
	}
	board := make([]int32, 0, shape.cells())
	n := 0           // steps read
	pending := false // step n is read and not yet handed to step
	var running, total int64
	done := false
	flush := func() {
		if pending {
			b := board
			if len(b) == 0 {
				b = nil
			}
			step(running, b)
			pending = false
		}
	}
	// boardless reports that step n, read, was given no board where
	// every step gives one.
	boardless := func() bool { return boards && pending && len(board) == 0 }
	for {
		raw, ok := ls.next()
		if !ok {
			break
		}
		line := bytes.TrimRight(raw, " \t\r")
		f := bytes.Fields(line)
		switch {
		case len(f) == 0:
			continue
		case done:
			return bad("%q after the total line", cut(line, 40))
		case string(f[0]) == "step":
			if len(f) != 3 {
				return bad("%q: want step I RUNNING", cut(line, 40))
			}
			i, err := strconv.Atoi(string(f[1]))
			if err != nil || i != n+1 {
				if n == steps {
					return bad("step %s after the last step, %d", cut(f[1], 20), steps)
				}
				return bad("step %s where step %d was due", cut(f[1], 20), n+1)
			}
			if i > steps {
				return bad("step %d of a case of %d steps", i, steps)
			}
			v, err := strconv.ParseInt(string(f[2]), 10, 64)
			if err != nil {
				return bad("running total %q is not an integer", cut(f[2], 40))
			}
			if boardless() {
				return bad("step %d gives no board: the answer is a board, and every step gives the board after it", n)
			}
			flush()
			n, running, pending, board = i, v, true, board[:0]
		case string(f[0]) == "total" && boards:
			return bad("%q where the %s line was due: the answer is the final board", cut(line, 40), boardLine)
		case string(f[0]) == "total":
			if len(f) != 2 {
				return bad("%q: want total TOTAL", cut(line, 40))
			}
			if n < steps {
				return bad("total after %d of %d steps", n, steps)
			}
			v, err := strconv.ParseInt(string(f[1]), 10, 64)
			if err != nil {
				return bad("total %q is not an integer", cut(f[1], 40))
			}
			flush()
			total, done = v, true
		case string(f[0]) == boardLine && boards:
			if len(f) != 1 {
				return bad("%q: want %s alone, the final board on the lines after it", cut(line, 40), boardLine)
			}
			if n < steps {
				return bad("%s line after %d of %d steps", boardLine, n, steps)
			}
			if boardless() {
				return bad("step %d gives no board: the answer is a board, and every step gives the board after it", n)
			}
			flush()
			return stepsEnd{Answer: ls.rest, Line: ls.n + 1}, nil
		case line[0] >= '0' && line[0] <= '9':
			if !pending || len(board) > 0 {
				return bad("a board row %q where a step line was due", cut(line, 40))
			}
			var err error
			if board, err = readBoard(&ls, raw, shape, board); err != nil {
				return bad("board after step %d: %v", n, err)
			}
		default:
			if boards {
				return bad("%q: want a step line, a board row or the %s line", cut(line, 40), boardLine)
			}
			return bad("%q: want a step line, a board row or the total line", cut(line, 40))
		}
	}
	if boards {
		return stepsEnd{}, fmt.Errorf("answer line %d: no %s line after %d steps", ls.n+1, boardLine, n)
	}
	if !done {
		return stepsEnd{}, fmt.Errorf("answer line %d: no total line after %d steps", ls.n+1, n)
	}
	return stepsEnd{Total: total}, nil
}

// answerLines are the lines of an answer, read one at a time, with the
// number of the last one read.
type answerLines struct {
	rest []byte
	n    int
	end  bool
}

// next is the next line, without its line end, as bytes.Split would
// give it.
func (ls *answerLines) next() ([]byte, bool) {
	if ls.end {
		return nil, false
	}
	ls.n++
	line, rest, found := bytes.Cut(ls.rest, []byte("\n"))
	ls.rest, ls.end = rest, !found
	return line, true
}

// readBoard reads a board of the given shape into board, from first,
// the line that begins it, and the lines after it; on an error the line
// last read is the one at fault.
func readBoard(ls *answerLines, first []byte, shape BoardShape, board []int32) ([]int32, error) {
	raw := first
	for {
		line := bytes.TrimRight(raw, " \t\r")
		if shape.Digits {
			if len(line) != shape.Cols {
				return nil, fmt.Errorf("row has %d characters, want %d", len(line), shape.Cols)
			}
			for _, c := range line {
				if c < '0' || c > '9' {
					return nil, fmt.Errorf("row %q holds %q, want digits", cut(line, 40), c)
				}
				board = append(board, int32(c-'0'))
			}
		} else {
			if lead := bytes.TrimLeft(line, " \t"); len(board) > 0 && len(lead) > 0 && (lead[0] < '0' || lead[0] > '9') {
				// A step line, say, where the board's last rows were due;
				// a row of cells may be indented, as white space
				// separates them.
				return nil, fmt.Errorf("%d of %d cells, then %q", len(board), shape.cells(), cut(line, 40))
			}
			for f := range bytes.FieldsSeq(line) {
				if len(board) == shape.cells() {
					return nil, fmt.Errorf("more than %d cells", shape.cells())
				}
				v, err := strconv.ParseInt(string(f), 10, 32)
				if err != nil || v < 0 {
					return nil, fmt.Errorf("cell %q is not a colour or a special", cut(f, 20))
				}
				board = append(board, int32(v))
			}
		}
		if len(board) >= shape.cells() {
			return board, nil
		}
		var ok bool
		if raw, ok = ls.next(); !ok {
			// The fault is after the last line.
			ls.n++
			return nil, fmt.Errorf("%d of %d cells, then the end of the answer", len(board), shape.cells())
		}
	}
}

// compareSteps compares a program's step trace with the reference's,
// step by step: the first step (1-based) where they part, 0 when only
// the totals differ, -1 when they agree, with a description; when the
// boards differ at that step, board draws both.
func compareSteps(got, want StepTrace, shape BoardShape, step string) (i int, msg, board string) {
	end := want.endTerm()
	for k := range want.Running {
		var wantBoard []int32
		if want.Boards != nil {
			wantBoard = want.Boards[k]
		}
		if msg, board := compareStep(k+1, got.Running[k], want.Running[k], end, got.Boards[k], wantBoard, shape, step, false); msg != "" {
			return k + 1, msg, board
		}
	}
	if got.Total != want.Total {
		return 0, fmt.Sprintf("total: got %d, want %d", got.Total, want.Total), ""
	}
	return -1, "", ""
}

// compareStep compares step k (1-based) of a program's answer, its
// running total and its board (nil when it gave none), with the
// reference's: a description of how they part, "" when they agree, and
// both boards drawn when the boards differ. end is the reference's
// end-of-game term: a running total off by just that holds it, and the
// description says so. With first (the answer is a board), the
// description names the first cell that differs, in reading order, as
// (row, column) counted from 1 at the top left, and both its values as
// the boards are drawn.
func compareStep(k int, got, want, end int64, gotBoard, wantBoard []int32, shape BoardShape, step string, first bool) (msg, board string) {
	var parts []string
	if gotBoard != nil && wantBoard != nil {
		if n := differing(gotBoard, wantBoard); n > 0 {
			part := "the board after it differs in " + input.Count(int64(n), "cell", "cells")
			if first {
				r, c := firstDiffering(shape, gotBoard, wantBoard)
				part += fmt.Sprintf(", the first (%d, %d): got %s, want %s", r+1, c+1, cellText(shape, gotBoard, r, c), cellText(shape, wantBoard, r, c))
			}
			parts = append(parts, part)
			board = drawBoards(shape, gotBoard, wantBoard)
		}
	}
	if got != want {
		parts = append(parts, fmt.Sprintf("running total: got %d, want %d", got, want))
		if end != 0 && got-want == end {
			parts[len(parts)-1] += fmt.Sprintf(": the difference is the end-of-game term (%d), which StepTrace.Running leaves out and only Total holds", end)
		}
	} else if len(parts) > 0 {
		parts = append(parts, fmt.Sprintf("the running totals agree (%d)", got))
	}
	if len(parts) == 0 {
		return "", ""
	}
	return fmt.Sprintf("%s %d: %s", step, k, strings.Join(parts, "; ")), board
}

// endTerm is t's end-of-game term: what its Total holds beyond its
// last running total (all of it when there is no step).
func (t StepTrace) endTerm() int64 {
	if len(t.Running) == 0 {
		return t.Total
	}
	return t.Total - t.Running[len(t.Running)-1]
}

func differing(a, b []int32) int {
	n := 0
	for i := range a {
		if a[i] != b[i] {
			n++
		}
	}
	return n
}

// cellText is the cell at row r and column c (from 0) of board b as
// drawBoards draws it: '-' for an empty cell, a match-3 special after
// its colour, "5:2".
func cellText(shape BoardShape, b []int32, r, c int) string {
	i := r*shape.Cols + c
	if b[i] == 0 {
		return "-"
	}
	s := strconv.Itoa(int(b[i]))
	if shape.Layers > 1 {
		if sp := b[i+shape.Rows*shape.Cols]; sp != 0 {
			s += ":" + strconv.Itoa(int(sp))
		}
	}
	return s
}

// cellDiffers reports whether the cell at row r and column c (from 0)
// differs between got and want, in any layer.
func cellDiffers(shape BoardShape, got, want []int32, r, c int) bool {
	for l := range shape.Layers {
		i := l*shape.Rows*shape.Cols + r*shape.Cols + c
		if got[i] != want[i] {
			return true
		}
	}
	return false
}

// firstDiffering is the row and column (from 0) of the first cell, in
// reading order, where got and want differ; -1, -1 when none does.
func firstDiffering(shape BoardShape, got, want []int32) (int, int) {
	for r := range shape.Rows {
		for c := range shape.Cols {
			if cellDiffers(shape, got, want, r, c) {
				return r, c
			}
		}
	}
	return -1, -1
}

// drawBoards draws the program's board and the reference's side by
// side as cascade trace draws boards ('-' an empty cell; a match-3
// special after its colour, "5:2"), and a third grid that marks with x
// the cells that differ.
func drawBoards(shape BoardShape, got, want []int32) string {
	text := func(b []int32, r, c int) string { return cellText(shape, b, r, c) }
	differs := func(r, c int) bool { return cellDiffers(shape, got, want, r, c) }
	width := 1
	for r := range shape.Rows {
		for c := range shape.Cols {
			width = max(width, len(text(got, r, c)), len(text(want, r, c)))
		}
	}
	sep := " "
	if shape.Digits && width == 1 {
		sep = ""
	}
	grid := func(r int, cell func(c int) string) string {
		var b strings.Builder
		for c := range shape.Cols {
			if c > 0 {
				b.WriteString(sep)
			}
			s := cell(c)
			b.WriteString(strings.Repeat(" ", width-len(s)) + s)
		}
		return b.String()
	}
	colWidth := max(shape.Cols*width+(shape.Cols-1)*len(sep), len("want"))
	pad := func(s string) string { return s + strings.Repeat(" ", colWidth-len(s)) }
	var b strings.Builder
	fmt.Fprintf(&b, "%s   %s   %s\n", pad("got"), pad("want"), "differs")
	for r := range shape.Rows {
		b.WriteString(pad(grid(r, func(c int) string { return text(got, r, c) })))
		b.WriteString("   ")
		b.WriteString(pad(grid(r, func(c int) string { return text(want, r, c) })))
		b.WriteString("   ")
		b.WriteString(grid(r, func(c int) string {
			if differs(r, c) {
				return "x"
			}
			return "."
		}))
		b.WriteByte('\n')
	}
	return b.String()
}
