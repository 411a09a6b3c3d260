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
