package gems

import (
	"bytes"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// TestMatch3DiffKindTellsAnOperationFromItsHand: the fifth valid
// operation of match-3 sample 1 scores a hand; an implementation that
// gets the operation's own scores wrong there diverges at a valid
// operation, and one that gets only the hand wrong at a valid operation
// with a hand.
func TestMatch3DiffKindTellsAnOperationFromItsHand(t *testing.T) {
	var sample *match3.Case
	for _, c := range Game.Builtin() {
		if c.Name == "match3-sample-1" {
			var err error
			if sample, err = Game.Parse(bytes.NewReader(c.Input)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if sample == nil {
		t.Fatal("no built-in case match3-sample-1")
	}
	want := Game.Reference(sample)
	if want.Ops[4].Hand.Kind == match3.NoHand {
		t.Fatal("operation 5 of sample 1 scores no hand")
	}
	for _, tc := range []struct {
		name  string
		spoil func(*match3.Result)
		kind  string
	}{
		{"combination", func(r *match3.Result) { r.Combination += 50 }, match3ValidStep},
		{"main colours", func(r *match3.Result) { r.Main[0]++ }, match3ValidStep},
		{"hand", func(r *match3.Result) { r.Hand.Score++ }, match3WithHand},
	} {
		got := want
		got.Ops = slices.Clone(want.Ops)
		tc.spoil(&got.Ops[4])
		step, _ := Game.Diff(got, want)
		if kind := match3DiffKind(sample, got, want, step); step != 5 || kind != tc.kind {
			t.Errorf("%s wrong: the first diverging step is %d, %q; want 5, %q", tc.name, step, kind, tc.kind)
		}
	}
}
