package cubes

import (
	"bytes"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// TestReplayBoardsAreTheReferences checks, on every built-in case and
// generated ones, that the replay of a case ends every step on the board
// the reference's trace holds after it, shows every step, and ends on
// the reference's total.
func TestReplayBoardsAreTheReferences(t *testing.T) {
	var cases []*samegame.Case
	for _, b := range Game.Builtin() {
		c, err := Game.Parse(bytes.NewReader(b.Input))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	for i := range 200 {
		cases = append(cases, Game.Generate(1, i, 12))
	}
	for _, c := range cases {
		ref := reference.PlaySameGame(c)
		r := Game.Replay(c, Game.Reference(c))
		boards := fixture.ReplayBoards(t, r)
		for i, d := range ref.Detail {
			if want := sameGameValues(d.Board); !slices.Equal(boards[i+1], want) {
				t.Fatalf("%s, move %d: the replay ends on %v, the reference on %v", c.Size(), i+1, boards[i+1], want)
			}
		}
		end := r.Frames[len(r.Frames)-1]
		if end.Step != len(c.Moves)+1 || end.Scores[len(end.Scores)-1] != ref.Total || r.Total != ref.Total {
			t.Fatalf("%s: the replay ends on step %d with %v, want step %d and total %d", c.Size(), end.Step, end.Scores, len(c.Moves)+1, ref.Total)
		}
	}
}
