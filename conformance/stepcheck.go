package conformance

import (
	"bytes"
	"fmt"
	"iter"
)

// A stepCheck is the judging of one answer under the step protocol: the
// first step where it parts from the reference's play, found as the
// answer is read, a step at a time.
type stepCheck struct {
	// Total is the program's total; 0 when the answer is a board.
	Total int64
	// Move is the first step (1-based) where the answer parts from the
	// reference, 0 when only the totals differ, -1 when they agree; Diff
	// says how, and Board draws both boards when they differ there.
	Move        int
	Diff, Board string
}

// checkSteps reads answer, a program's answer under the step protocol to
// c, and compares it with the reference's play step by step as it reads
// it: the running totals with those of want, the reference's trace of c,
// and each board the program gives with the reference's, which it plays
// again alongside, a step at a time, from the first board given
// (ReferenceSteps). It holds one board of the answer and one of the
// reference, however long the game; past the first step that parts, it
// reads on only to find a fault of the answer's form, which the error
// names (as ReadSteps does).
//
// When c's answer is a board (AnswerText), every step gives the board
// after it, a divergence names the first cell that differs, and the
// answer ends with the board line and the final board, which
// JudgeAnswer reads and compares with want's: a board that differs
// there only is a divergence at the end of the game (Move 0).
func (g *Game[C, T]) checkSteps(c C, want T, answer []byte) (stepCheck, error) {
	shape := g.StepShape(c)
	running := g.StepTrace(c, want)
	boards := g.answerText(c, want) != nil
	ref := g.referenceBoards(c)
	defer ref.stop()
	check := stepCheck{Move: -1}
	end := running.endTerm()
	k := 0
	last, err := scanSteps(answer, g.Steps(c), shape, boards, func(got int64, board []int32) {
		k++
		if check.Move >= 0 {
			return
		}
		var wantBoard []int32
		if board != nil {
			wantBoard = ref.at(k)
		}
		if msg, drawn := compareStep(k, got, running.Running[k-1], end, board, wantBoard, shape, g.Step, boards); msg != "" {
			check.Move, check.Diff, check.Board = k, msg, drawn
			ref.stop()
		}
	})
	if err != nil {
		return stepCheck{}, err
	}
	if boards {
		// The final board is read as the judge protocol reads it, its
		// lines numbered as the answer's.
		out := append(bytes.Repeat([]byte("\n"), last.Line-1), last.Answer...)
		why, bad := g.JudgeAnswer(c, want, out)
		if bad {
			return stepCheck{}, fmt.Errorf("answer line %d: after the %s line: %s", last.Line-1, boardLine, why)
		}
		if check.Move < 0 && why != "" {
			check.Move, check.Diff = 0, why
		}
		return check, nil
	}
	check.Total = last.Total
	if check.Move < 0 && last.Total != running.Total {
		check.Move, check.Diff = 0, fmt.Sprintf("total: got %d, want %d", last.Total, running.Total)
	}
	return check, nil
}

// referenceSteps are the reference's boards of a case, played a step at
// a time as they are asked for.
type referenceSteps struct {
	next func() (int64, []int32, bool)
	stop func()
	k    int       // the step of board
	all  [][]int32 // every board, for a game without ReferenceSteps
}

// referenceBoards starts the reference's boards of c; nothing is played
// until a board is asked for.
func (g *Game[C, T]) referenceBoards(c C) *referenceSteps {
	r := &referenceSteps{stop: func() {}}
	if g.ReferenceSteps == nil {
		r.next = func() (int64, []int32, bool) {
			if r.all == nil {
				r.all = g.StepTrace(c, g.Reference(c)).Boards
			}
			if r.k >= len(r.all) {
				return 0, nil, false
			}
			return 0, r.all[r.k], true
		}
		return r
	}
	var seq iter.Seq2[int64, []int32] = func(yield func(int64, []int32) bool) { g.ReferenceSteps(c, yield) }
	r.next, r.stop = iter.Pull2(seq)
	return r
}

// at is the reference's board after step k (1-based), k past every step
// asked before; nil when the game has none.
func (r *referenceSteps) at(k int) []int32 {
	var board []int32
	for r.k < k {
		_, b, ok := r.next()
		if !ok {
			return nil
		}
		board = b
		r.k++
	}
	return board
}
