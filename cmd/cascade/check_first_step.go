package main

import (
	"fmt"
	"io"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
)

// firstStep is where the shrunk case of a divergence first diverges, as
// check's report says it: --json holds it among the divergence's fields,
// and merge prints it again from there, so that the two say it alike.
type firstStep struct {
	// Op is the first diverging move or operation of the shrunk case
	// (1-based; 0: none, the case without moves diverges; -1: not
	// found), OpText the step.
	Op     int    `json:"first_op"`
	OpText string `json:"first_op_text,omitempty"`
	// AtOp says what the case cut after Op gave (with Op 0, the case
	// without moves); ByProgram that the program's own steps named Op,
	// from the one run, under the step protocol.
	AtOp      string `json:"at_op,omitempty"`
	ByProgram bool   `json:"by_program,omitempty"`
	// PassedOver is the failure of the shortest cut, after PassedOverAt
	// steps, that the search for Op passed over for failing another way
	// (another crash, say); "" when it passed over none.
	PassedOver   string `json:"passed_over,omitempty"`
	PassedOverAt int    `json:"passed_over_at,omitempty"`
	// SearchError is the error of the search for Op, if any.
	SearchError string `json:"search_error,omitempty"`
	// NotReproduced says the case was accepted when checked again.
	NotReproduced bool `json:"not_reproduced,omitempty"`
}

// firstStepOf is where the shrunk case of d, a divergence of r, first
// diverges.
func firstStepOf(r *gameReport, d *conformance.Divergence) firstStep {
	s := firstStep{Op: d.Op, NotReproduced: d.NotReproduced}
	moves := r.game.Step()
	switch {
	case d.Op > 0:
		s.OpText = opText(r.shrunk, d.Op)
		switch {
		case d.AtOp.Ok():
			// Not checked again: the time to shrink and localise ran
			// out (conformance.ErrShrinkTime).
		case d.AtOp.Traced && r.protocol != "":
			s.ByProgram = true
		case d.AtOp.Verdict == conformance.WrongAnswer && !d.AtOp.Traced:
			s.AtOp = fmt.Sprintf("got %d, want %d (the program run again on the case cut after %s %d)", d.AtOp.Got, d.AtOp.Want, moves, d.Op)
		default:
			s.AtOp = firstLine(d.AtOp.String())
		}
		if o := d.Otherwise; !o.Ok() {
			s.PassedOver, s.PassedOverAt = failureText(&o), d.OtherwiseAt
		}
	case d.Op == 0:
		s.AtOp = firstLine(d.AtOp.String())
	}
	if d.OpErr != nil {
		s.SearchError = conformance.StopReason(d.OpErr)
	}
	return s
}

// print writes s, moves naming the game's steps.
func (s *firstStep) print(w io.Writer, moves string) {
	switch {
	case s.NotReproduced:
		fmt.Fprintf(w, "the divergence did not reproduce: run again, the case was accepted (a flaky program, or one slowed by load?)\n")
	case s.Op > 0:
		fmt.Fprintf(w, "first diverging %s: %d, %s\n", moves, s.Op, s.OpText)
		switch {
		case s.ByProgram:
			fmt.Fprintf(w, "  named by the program's own steps, from the one run\n")
		case s.AtOp != "":
			fmt.Fprintf(w, "  after it: %s\n", s.AtOp)
		}
		if s.PassedOver != "" {
			fmt.Fprintf(w, "  passed over: cut after %s, it fails another way: %s\n", input.Count(int64(s.PassedOverAt), moves, moves+"s"), s.PassedOver)
		}
	case s.Op == 0 && s.AtOp != "":
		fmt.Fprintf(w, "first diverging %s: none; the case without %ss already diverges: %s\n", moves, moves, s.AtOp)
	case s.Op == 0:
		// A report written before check said how.
		fmt.Fprintf(w, "first diverging %s: none; the case without %ss already diverges\n", moves, moves)
	}
	if s.SearchError != "" {
		fmt.Fprintf(w, "  (the search for the first diverging %s: %s)\n", moves, s.SearchError)
	}
}
