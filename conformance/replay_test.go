package conformance

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/replay"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// replayBoards plays a replay's frames on its start board and returns
// the board at the last frame of every step, indexed by step.
func replayBoards(t *testing.T, r *replay.Replay) map[int][]int {
	t.Helper()
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	board := slices.Clone(r.Board)
	last := map[int][]int{}
	for _, f := range r.Frames {
		for i := 0; i < len(f.Set); i += 2 {
			board[f.Set[i]] = f.Set[i+1]
		}
		last[f.Step] = slices.Clone(board)
	}
	return last
}

// TestReplayBoardsAreTheReferences checks, on every built-in case and
// generated ones, that the replay of a case ends every step on the board
// the reference's trace holds after it, shows every step, and ends on
// the reference's total.
func TestReplayBoardsAreTheReferences(t *testing.T) {
	t.Run("samegame", func(t *testing.T) {
		var cases []*samegame.Case
		for _, b := range SameGame.Builtin() {
			c, err := SameGame.parse(b.Input)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, c)
		}
		for i := range 200 {
			cases = append(cases, SameGame.Generate(1, i, 12))
		}
		for _, c := range cases {
			ref := reference.PlaySameGame(c)
			r := SameGame.Replay(c, SameGame.Reference(c))
			boards := replayBoards(t, r)
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
	})
	t.Run("match3", func(t *testing.T) {
		var cases []*match3.Case
		for _, b := range Match3.Builtin() {
			c, err := Match3.parse(b.Input)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, c)
		}
		for i := range 200 {
			cases = append(cases, Match3.Generate(1, i, 10))
		}
		for _, c := range cases {
			ref := reference.PlayMatch3(c)
			r := Match3.Replay(c, Match3.Reference(c))
			boards := replayBoards(t, r)
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
	})
}

// TestReplayMatch3SampleShowsTheStatementsScores checks the replay of the
// first match-3 sample: after each operation the scores the statement
// gives, the running sums 315 417 429 435 482, a hand of two pairs
// (cards 1 2 4 2 4) after the fifth, and the total 11692.
func TestReplayMatch3SampleShowsTheStatementsScores(t *testing.T) {
	c := builtinMatch3(t, "match3-sample-1")
	r := Match3.Replay(c, Match3.Reference(c))
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

func builtinMatch3(t *testing.T, name string) *match3.Case {
	t.Helper()
	for _, b := range Match3.Builtin() {
		if b.Name == name {
			c, err := Match3.parse(b.Input)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	t.Fatalf("no built-in case %s", name)
	return nil
}

// TestReplayPageIsSelfContained writes the page of every built-in case
// and checks that it names nothing on the network and carries its data
// as JSON that reads back.
func TestReplayPageIsSelfContained(t *testing.T) {
	for _, g := range Games {
		for _, b := range g.Builtin() {
			p, err := g.Parse(b.Input)
			if err != nil {
				t.Fatal(err)
			}
			var page bytes.Buffer
			r, err := p.Replay()
			if err == nil {
				err = replay.Write(&page, r)
			}
			if err != nil {
				t.Fatal(err)
			}
			html := page.String()
			if strings.Contains(strings.ToLower(html), "http") {
				t.Errorf("%s: the page holds %q", b.Name, "http")
			}
			const open = `<script type="application/json" id="data">`
			_, data, ok := strings.Cut(html, open)
			data, _, _ = strings.Cut(data, "</script>")
			var back replay.Replay
			if err := json.Unmarshal([]byte(data), &back); !ok || err != nil {
				t.Fatalf("%s: the page's data does not read back: %v", b.Name, err)
			}
			if err := back.Check(); err != nil {
				t.Errorf("%s: the page's data: %v", b.Name, err)
			}
		}
	}
}
