package samegame

import (
	"bytes"
	"testing"

	"github.com/cascade-harness/cascade/internal/paint"
)

func TestEndReasonSaysWhatEarnedTheTermOrWhyNone(t *testing.T) {
	rules := func(text string) Rules {
		r, err := ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	for _, tc := range []struct {
		name  string
		rules string
		after []uint8 // the box after the one click, a 2x1 box
		end   int64
		want  string
	}{
		{"cleared", "benchmark", []uint8{0, 0}, 1000, "the box is empty: the clear bonus"},
		{"cleared without a bonus", "tatham", []uint8{0, 0}, 0, ""},
		{"stuck", "lx", []uint8{2, 0}, -1, "1 cube left and no group of 2: left = -(n-2)^2 at n = 1"},
		{"a group remains", "custom min=2 points=(n-2)^2 left=-n", []uint8{2, 2}, 0, "2 cubes left, but a group of 2 or more remains: the game is not over"},
		{"end of the list", "clickomania", []uint8{2, 2}, 2, "2 cubes left at the end of the list: left = n at n = 2"},
		{"no term to apply", "ksame", []uint8{2, 0}, 0, ""},
		{"no click removed a group", "custom min=2 points=0 left=-n end=move", []uint8{1, 2}, 0, "2 cubes left, but no click removed a group: under end=move only a click that removes one and ends the game earns the term"},
		{"codeabbey", "codeabbey", []uint8{0, 0}, 0, ""},
	} {
		c := &Case{Rules: rules(tc.rules), W: 2, H: 1, Board: []uint8{1, 1}, Moves: []Move{{X: 0, Y: 0}}}
		tr := Trace{Moves: []Result{{}}, Detail: []Detail{{Board: tc.after}}, End: tc.end}
		if got := EndReason(c, tr); got != tc.want {
			t.Errorf("%s: EndReason = %q, want %q", tc.name, got, tc.want)
		}
		tr.Detail = nil
		if got := EndReason(c, tr); got != "" {
			t.Errorf("%s without Detail: EndReason = %q, want none", tc.name, got)
		}
	}
}

func TestTraceEndsWithTheTermAndItsReason(t *testing.T) {
	lx, _ := Lookup("lx")
	c := &Case{Rules: lx, W: 3, H: 1, Board: []uint8{1, 1, 2}, Moves: []Move{{X: 0, Y: 0}}}
	tr := Trace{Moves: []Result{{Move: c.Moves[0], Colour: 1, Removed: 2, Points: 0}}, Detail: []Detail{{Board: []uint8{2, 0, 0}}}, End: -1, Total: -1}
	var b bytes.Buffer
	WriteTrace(&b, c, tr, paint.Painter{})
	want := "end of the game -1\n  1 cube left and no group of 2: left = -(n-2)^2 at n = 1\ntotal -1\n"
	if !bytes.HasSuffix(b.Bytes(), []byte(want)) {
		t.Errorf("trace ends\n%s\nwant it to end\n%s", b.Bytes(), want)
	}
}

// TestEndReasonUnderEndMoveTellsAClickThatRemovedAGroup plays end=move
// past a click that removed a group: with a group left the game is not
// over, and the reason says so, not that no click removed one (which it
// says only when none did).
func TestEndReasonUnderEndMoveTellsAClickThatRemovedAGroup(t *testing.T) {
	r, err := ParseRules("custom min=2 points=0 left=-n end=move")
	if err != nil {
		t.Fatal(err)
	}
	c := &Case{Rules: r, W: 4, H: 1, Board: []uint8{1, 1, 2, 2}, Moves: []Move{{X: 3, Y: 0}, {X: 0, Y: 0}}}
	for _, tc := range []struct {
		name    string
		removed []int
		want    string
	}{
		{"the first click removed one", []int{0, 2}, "2 cubes left, but a group of 2 or more remains: the game is not over"},
		{"the second click removed one", []int{2, 0}, "2 cubes left, but a group of 2 or more remains: the game is not over"},
		{"no click removed one", []int{0, 0}, "2 cubes left, but no click removed a group: under end=move only a click that removes one and ends the game earns the term"},
	} {
		tr := Trace{Detail: []Detail{{Board: []uint8{1, 1, 0, 0}}, {Board: []uint8{1, 1, 0, 0}}}}
		for _, n := range tc.removed {
			tr.Moves = append(tr.Moves, Result{Removed: n})
		}
		if got := EndReason(c, tr); got != tc.want {
			t.Errorf("%s: EndReason = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestTraceShowsATermOfZeroWithItsReason writes the trace of a game that
// is not over under a rule set with a left term: the term, +0, and the
// reason it is 0 (SPEC "Trace": "the cubes left while a group remains,
// when the game is not over and the term is 0").
func TestTraceShowsATermOfZeroWithItsReason(t *testing.T) {
	lx, _ := Lookup("lx")
	c := &Case{Rules: lx, W: 3, H: 1, Board: []uint8{1, 2, 2}, Moves: []Move{{X: 0, Y: 0}}}
	tr := Trace{Moves: []Result{{Move: c.Moves[0], Colour: 1, Removed: 0}}, Detail: []Detail{{Board: []uint8{1, 2, 2}}}}
	var b bytes.Buffer
	WriteTrace(&b, c, tr, paint.Painter{})
	want := "end of the game +0\n  3 cubes left, but a group of 2 or more remains: the game is not over\ntotal 0\n"
	if !bytes.HasSuffix(b.Bytes(), []byte(want)) {
		t.Errorf("trace ends\n%s\nwant it to end\n%s", b.Bytes(), want)
	}
	// Under codeabbey there is no term, and no line for it.
	c.Rules = Rules{}
	b.Reset()
	WriteTrace(&b, c, tr, paint.Painter{})
	if bytes.Contains(b.Bytes(), []byte("end of the game")) {
		t.Errorf("codeabbey trace has an end line:\n%s", b.Bytes())
	}
}

// TestEndReasonOfACaseWithoutClicksReadsItsStart judges a case with no
// clicks from its start box, as EndReason says.
func TestEndReasonOfACaseWithoutClicksReadsItsStart(t *testing.T) {
	lx, _ := Lookup("lx")
	c := &Case{Rules: lx, W: 3, H: 1, Board: []uint8{1, 2, 3}}
	want := "3 cubes left and no group of 2: left = -(n-2)^2 at n = 3"
	if got := EndReason(c, Trace{End: -1}); got != want {
		t.Errorf("EndReason = %q, want %q", got, want)
	}
}

// TestWriteTraceDrawsTheBoxRowByRow writes the whole trace of a 2x2
// case of one click, as cascade trace prints it: the box a row a line,
// top row first, before and after the click.
func TestWriteTraceDrawsTheBoxRowByRow(t *testing.T) {
	c := &Case{W: 2, H: 2, Board: []uint8{1, 2, 2, 1}, Moves: []Move{{X: 0, Y: 0}}}
	tr := Trace{Moves: []Result{{Move: c.Moves[0], Colour: 2, Removed: 1, Points: 1}}, Detail: []Detail{{Board: []uint8{0, 2, 1, 1}}}, Total: 1}
	var b bytes.Buffer
	WriteTrace(&b, c, tr, paint.Painter{})
	want := "samegame: N=2, K=1\ncells: a cube's colour 1-9; - empty\nstart\n  12\n  21\nstep 1 (0 0): 1 cube of colour 2, 1 point\n  -2\n  11\ntotal 1\n"
	if b.String() != want {
		t.Errorf("trace\n%s\nwant\n%s", b.String(), want)
	}
}
