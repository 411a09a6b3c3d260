package gems

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/internal/replay"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// TestReplayBoardsAreTheReferences checks, on every built-in case and
// generated ones, that the replay of a case ends every step on the board
// the reference's trace holds after it, shows every step, and ends on
// the reference's total.
func TestReplayBoardsAreTheReferences(t *testing.T) {
	var cases []*match3.Case
	for _, b := range Game.Builtin() {
		c, err := Game.Parse(bytes.NewReader(b.Input))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	for i := range 200 {
		cases = append(cases, Game.Generate(1, i, 10))
	}
	for _, c := range cases {
		ref := reference.PlayMatch3(c)
		r := Game.Replay(c, Game.Reference(c))
		boards := fixture.ReplayBoards(t, r)
		var running int64
		for i, d := range ref.Detail {
			if want := match3Values(d.Board); !slices.Equal(boards[i+1], want) {
				t.Fatalf("%s, operation %d: the replay ends on %v, the reference on %v", c.Size(), i+1, boards[i+1], want)
			}
			running += ref.Ops[i].Score()
		}
		end := r.Frames[len(r.Frames)-1]
		if end.Step != len(c.Ops)+1 || end.Scores[2] != ref.Total || r.Total != ref.Total {
			t.Fatalf("%s: the replay ends on step %d with %v, want step %d and total %d", c.Size(), end.Step, end.Scores, len(c.Ops)+1, ref.Total)
		}
		// The running sum is the operations' scores alone.
		if end.Scores[1] != running {
			t.Fatalf("%s: the replay's running sum ends at %d, the operations' scores sum to %d", c.Size(), end.Scores[1], running)
		}
	}
}

// TestReplayMatch3SampleShowsTheStatementsScores checks the replay of the
// first match-3 sample: after each operation the scores the statement
// gives, the running sums 315 417 429 435 482, a hand of two pairs
// (cards 1 2 4 2 4) after the fifth, and the total 11692.
func TestReplayMatch3SampleShowsTheStatementsScores(t *testing.T) {
	c := fixture.BuiltinInput(t, Game, "match3-sample-1")
	r := Game.Replay(c, Game.Reference(c))
	r.Collect()
	var ends []replay.Frame
	for i, f := range r.Frames {
		if i+1 == len(r.Frames) || r.Frames[i+1].Step != f.Step {
			ends = append(ends, f)
		}
	}
	want := [][3]int64{{0, 0, 0}, {315, 315, 315}, {102, 417, 417}, {12, 429, 429}, {6, 435, 435}, {47, 482, 692}, {0, 482, 11692}}
	if len(ends) != len(want) {
		t.Fatalf("the replay has %d steps, want %d", len(ends), len(want))
	}
	for i, f := range ends {
		if got := [3]int64(f.Scores); got != want[i] {
			t.Errorf("step %d (%s): scores %v, want %v", i, f.Title, got, want[i])
		}
	}
	hand := ends[5].Table
	if hand == nil || !strings.HasPrefix(hand.Caption, "two pairs: 210 points") {
		t.Fatalf("after operation 5: table %+v, want the hand two pairs, 210 points", hand)
	}
	var cards []string
	for _, row := range hand.Rows {
		cards = append(cards, row[2][0].Text)
	}
	if got := strings.Join(cards, " "); got != "1 2 4 2 4" {
		t.Errorf("the hand's cards: %s, want 1 2 4 2 4", got)
	}
}
