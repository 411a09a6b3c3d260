package reference

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/samegame"
)

// Each setting of a rule set, on boards small enough to play by hand. The
// 3 x 2 box
//
//	112
//	122
//
// holds two groups of 3: the 1s at (0 0) (0 1) (1 1) and the 2s at (1 0)
// (2 0) (2 1).

func rulesCase(t *testing.T, rules string, rows []string, moves ...samegame.Move) *samegame.Case {
	t.Helper()
	c := sameGameCase(t, rows, moves...)
	r, err := samegame.ParseRules(rules)
	if err != nil {
		t.Fatal(err)
	}
	c.Rules = r
	return c
}

func TestSameGameRuleSetsOnAHandPlayedBox(t *testing.T) {
	box := []string{"112", "122"}
	both := []samegame.Move{{X: 0, Y: 0}, {X: 0, Y: 0}}
	for _, tc := range []struct {
		name, rules string
		moves       []samegame.Move
		points      []int64
		end, total  int64
	}{
		// 3 ones: 6; the 2s close left to columns 0-1: 6. No bonus.
		{"codeabbey", "codeabbey", both, []int64{6, 6}, 0, 12},
		// (3-2)^2 twice, and the box is empty: +1000.
		{"benchmark clears", "benchmark", both, []int64{1, 1}, 1000, 1002},
		// The 2s close right, to columns 1-2: (0 0) is then empty, and a
		// group of 3 remains, so no end term.
		{"columns close right", "custom min=2 points=(n-2)^2 close=right", both, []int64{1, 0}, 0, 1},
		// n(n-1) = 6, close right, then the 2s at (1 0): 6, cleared: 400.
		{"jawbreaker", "jawbreaker", []samegame.Move{{X: 0, Y: 0}, {X: 1, Y: 0}}, []int64{6, 6}, 400, 412},
		// No points; the list ends with 3 cubes left: left = n.
		{"clickomania counts what is left", "clickomania", both[:1], []int64{0}, 3, 3},
		// lx: the list ends with a group of 3 left: no penalty yet.
		{"lx while a move remains", "lx", both[:1], []int64{1}, 0, 1},
		// Under end=list the penalty -(3-2)^2 applies all the same.
		{"lx at the end of the list", "lx end=list", both[:1], []int64{1}, -1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := PlaySameGame(rulesCase(t, tc.rules, box, tc.moves...))
			var points []int64
			for _, r := range tr.Moves {
				points = append(points, r.Points)
			}
			if !slices.Equal(points, tc.points) || tr.End != tc.end || tr.Total != tc.total {
				t.Errorf("points %v, end %d, total %d; want %v, %d, %d", points, tr.End, tr.Total, tc.points, tc.end, tc.total)
			}
		})
	}
}

func TestSameGameClickBelowMinimumChangesNothing(t *testing.T) {
	c := rulesCase(t, "benchmark", []string{"121", "212"}, samegame.Move{X: 1, Y: 0})
	tr := PlaySameGame(c)
	want := samegame.Result{Move: samegame.Move{X: 1, Y: 0}, Colour: 1}
	if tr.Moves[0] != want {
		t.Errorf("click on a single cube: %v, want %v", tr.Moves[0], want)
	}
	if !slices.Equal(tr.Detail[0].Board, c.Board) {
		t.Errorf("box after the click = %v, want it unchanged %v", tr.Detail[0].Board, c.Board)
	}
	// No group of 2 is left: lx's penalty applies, -(6-2)^2.
	c.Rules, _ = samegame.ParseRules("lx")
	if got := PlaySameGame(c); got.End != -16 || got.Total != -16 {
		t.Errorf("lx dead end: end %d, total %d; want -16, -16", got.End, got.Total)
	}
}

func TestSameGameCloseRightFreesColumnsOnTheLeft(t *testing.T) {
	c := rulesCase(t, "custom close=right", []string{"123"}, samegame.Move{X: 1, Y: 0})
	tr := PlaySameGame(c)
	if want := []uint8{0, 1, 3}; !slices.Equal(tr.Detail[0].Board, want) {
		t.Errorf("box after removing the middle column = %v, want %v", tr.Detail[0].Board, want)
	}
}

func TestSameGameRectangularBoxKeepsItsShape(t *testing.T) {
	c := rulesCase(t, "codeabbey", []string{"11", "21", "22"}, samegame.Move{X: 0, Y: 2})
	tr := PlaySameGame(c)
	// The three 1s go: (0 2) (1 2) (1 1); the 2 at (1 0) stays, column 0
	// keeps its two 2s.
	if want := []uint8{0, 0, 2, 0, 2, 2}; tr.Total != 6 || !slices.Equal(tr.Detail[0].Board, want) {
		t.Errorf("total %d, box %v; want 6, %v", tr.Total, tr.Detail[0].Board, want)
	}
}
