package reference

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/paint"
	"github.com/cascade-harness/cascade/match3"
)

// Each setting of a match-3 rule set, its arms told apart on a small case
// whose answer is worked out by hand in the comment above it.

// playText parses a case and plays it under the literal rules.
func playText(t *testing.T, text string) match3.Trace {
	t.Helper()
	c, err := match3.Parse(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, text)
	}
	return PlayMatch3(c)
}

// refillBoard: swapping (2,3) with (3,3) makes the bottom row 1 1 1;
// it goes, and every column falls one cell, leaving
//
//   - - -
//     2 3 2
//     3 2 2
const refillBoard = `3 3 3 1
2 3 2
3 2 1
1 1 2
0 0 0
0 0 0
0 0 0
`

// Under refill=queue the top row fills from the queues: 1 1 2, and column
// 3 reads 2 2 2 from the top, a second round of 3 cells. Column 3 then
// refills from its queue's last piece, a 3 in the bottom cell, and runs
// dry: the two cells above stay empty. points=n per=round: 3 + 3.
func TestMatch3RefillQueueFillsFromTheLowestAndRunsDry(t *testing.T) {
	const queues = "1 1\n1 1\n2 2 3\n0\n0\n0 0\n"
	tr := playText(t, "rules custom refill=queue points=n per=round allvalid=0 cleared=0\n"+refillBoard+queues+"2 3 3 3\n")
	if tr.Total != 6 || tr.Ops[0].Rounds != 2 || tr.Ops[0].Points != 6 {
		t.Errorf("refill=queue: total %d, %v; want 6 in 2 rounds", tr.Total, tr.Ops[0])
	}
	rounds := tr.Detail[0].Rounds
	if want := []match3.Cell{{X: 1, Y: 1}, {X: 1, Y: 2}, {X: 1, Y: 3}}; !slices.Equal(rounds[0].Refilled, want) {
		t.Errorf("round 1 refilled %v, want %v", rounds[0].Refilled, want)
	}
	if want := []match3.Cell{{X: 3, Y: 3}}; !slices.Equal(rounds[1].Refilled, want) {
		t.Errorf("round 2 refilled %v, want %v", rounds[1].Refilled, want)
	}
	want := []int{1, 1, 0, 2, 3, 0, 3, 2, 3}
	for i, p := range tr.Detail[0].Board {
		if p.Colour != want[i] {
			t.Fatalf("board after the move: cell %d is %d, want %v", i+1, p.Colour, want)
		}
	}

	none := playText(t, "rules custom points=n per=round allvalid=0 cleared=0\n"+refillBoard+"2 3 3 3\n")
	if none.Total != 3 || none.Ops[0].Rounds != 1 {
		t.Errorf("refill=none: total %d in %d rounds, want 3 in 1", none.Total, none.Ops[0].Rounds)
	}
}

// twoRuns holds a run in its top row and one in its bottom row; q = 0.
const twoRuns = `4 3 3 0
1 1 1
2 3 2
3 2 3
2 2 2
0 0 0
0 0 0
0 0 0
0 0 0
`

// clear=all removes both runs in round 1: 6 cells x round 1 = 6.
// clear=lowest removes the bottom row first (3 x 1), the top row falls
// one cell and goes in round 2 (3 x 2): 9.
func TestMatch3ClearLowestTakesTheLowestRunFirst(t *testing.T) {
	for _, tc := range []struct {
		clear  string
		rounds int
		total  int64
	}{{"all", 1, 6}, {"lowest", 2, 9}} {
		tr := playText(t, "rules custom clear="+tc.clear+" start=score points=n*r per=round allvalid=0 cleared=0\n"+twoRuns)
		if tr.Start.Rounds != tc.rounds || tr.Total != tc.total {
			t.Errorf("clear=%s: settle %v, total %d; want %d rounds, %d", tc.clear, tr.Start, tr.Total, tc.rounds, tc.total)
		}
	}
}

// clear=lowest leaves a higher run that shares no cell with the lowest
// for a later round, and takes one that crosses it in the same round.
func TestMatch3ClearLowestTakesTheRunsCrossingIt(t *testing.T) {
	// The row of 2s (row 2) is the lowest run; the row of 1s above it
	// shares no cell and waits: round 1 (r=1), then the 1s fall into
	// row 2 and go in round 2 (r=2): 1 + 2. (clear=all: one round, 1 + 1.)
	tr := playText(t, `rules custom clear=lowest start=score points=r per=run allvalid=0 cleared=0
3 4 4 0
1 1 1 3
2 2 2 4
1 3 4 3
0 0 0 0
0 0 0 0
0 0 0 0
`)
	if tr.Start.Rounds != 2 || tr.Total != 1+2 {
		t.Errorf("settle %v, total %d; want 2 rounds, 3", tr.Start, tr.Total)
	}
	tr = playText(t, `rules custom clear=lowest start=score points=r*10+i per=run allvalid=0 cleared=0
3 3 3 0
1 1 1
1 2 3
1 3 2
0 0 0
0 0 0
0 0 0
`)
	// Column 1 (1 1 1) ends in the bottom row: lowest. The row of 1s in
	// row 1 shares (1,1) with it: taken in the same round. Terms in
	// reading order of first cells: the row run (i=1), the column run
	// (i=2): 11 + 12.
	if tr.Start.Rounds != 1 || tr.Total != 23 {
		t.Errorf("L: settle %v, total %d; want 1 round, 23", tr.Start, tr.Total)
	}
}

// start=reject refuses twoRuns; start=settle plays its round and scores
// nothing; start=score scores it (6, as clear=all above).
func TestMatch3StartBoardWithRuns(t *testing.T) {
	if _, err := match3.Parse(strings.NewReader("rules custom start=reject points=n allvalid=0 cleared=0\n" + twoRuns)); err == nil || !strings.Contains(err.Error(), "run of three") {
		t.Errorf("start=reject: Parse = %v, want the run rejected", err)
	}
	settle := playText(t, "rules custom start=settle points=n allvalid=0 cleared=0\n"+twoRuns)
	if settle.Start.Rounds != 1 || settle.Start.Score() != 0 || settle.Total != 0 {
		t.Errorf("start=settle: settle %v, total %d; want 1 round scoring 0", settle.Start, settle.Total)
	}
	score := playText(t, "rules custom start=score points=n allvalid=0 cleared=0\n"+twoRuns)
	if score.Start.Rounds != 1 || score.Start.Points != 6 || score.Total != 6 {
		t.Errorf("start=score: settle %v, total %d; want 1 round scoring 6", score.Start, score.Total)
	}
}

// An invalid swap (two cells apart), then refillBoard's valid swap, with
// moves=1 and allvalid=100: under bonus the invalid swap is the one move
// and costs the bonus (0); under move it is the one move and costs
// nothing (100); under free it is no move, and the valid swap scores 3
// (103).
func TestMatch3InvalidSwapCosts(t *testing.T) {
	for _, tc := range []struct {
		invalid string
		total   int64
		second  match3.Validity
	}{{"bonus", 0, match3.Over}, {"move", 100, match3.Over}, {"free", 103, match3.Valid}} {
		tr := playText(t, "rules custom invalid="+tc.invalid+" moves=1 points=n allvalid=100 cleared=0\n"+
			strings.Replace(refillBoard, "3 3 3 1", "3 3 3 2", 1)+"1 1 1 3\n2 3 3 3\n")
		if tr.Total != tc.total || tr.Ops[1].Validity != tc.second {
			t.Errorf("invalid=%s: total %d, second operation %v; want %d, %v", tc.invalid, tr.Total, tr.Ops[1].Validity, tc.total, tc.second)
		}
	}
}

// twoRunsOneSwap: swapping (2,2) with (2,3) stands a column of 2s in
// column 2 and a column of 1s in column 3, one round of 6 cells. The 2
// at (1,2) carries a row special (1), the 1 at (3,3) a 3x3 (4).
const twoRunsOneSwap = `3 3 3 1
3 2 1
3 1 2
1 2 1
0 1 0
0 0 0
0 0 4
2 2 2 3
`

// points=i*c*1000+n*10+s: per run, the column of 2s first (i=1, c=2,
// n=3, s=1) then the column of 1s (i=2, c=1, s=4): 2031 + 2034 = 4065;
// per colour, colour 1 first (i=1, c=1, s=4) then colour 2 (i=2, c=2,
// s=1): 1034 + 4031 = 5065; per round, one term of 6 cells, c = 0, s =
// 5: 65.
func TestMatch3PointsPerRoundRunColour(t *testing.T) {
	for per, want := range map[string]int64{"run": 4065, "colour": 5065, "round": 65} {
		tr := playText(t, "rules custom points=i*c*1000+n*10+s per="+per+" specials=points allvalid=0 cleared=0\n"+twoRunsOneSwap)
		if tr.Total != want || tr.Ops[0].Points != want {
			t.Errorf("per=%s: total %d, %v; want %d", per, tr.Total, tr.Ops[0], want)
		}
	}
}

// Under specials=effects the row special at (1,2) also takes (1,1): 7
// cells; under specials=points it marks nothing: 6.
func TestMatch3SpecialsEffectsOrPoints(t *testing.T) {
	for specials, want := range map[string]int64{"effects": 7, "points": 6} {
		tr := playText(t, "rules custom points=n specials="+specials+" allvalid=0 cleared=0\n"+twoRunsOneSwap)
		if tr.Total != want {
			t.Errorf("specials=%s: total %d, want %d", specials, tr.Total, want)
		}
	}
}

// The statement's scoring of twoRunsOneSwap, as a check that points=thupc
// is today's: elimination 1 x (2+2+2+1+1+1 + 3 hit by the row special) =
// 12, no combination, no chain, main colours 1 and 2, and the bonus.
func TestMatch3PointsThupcIsTheStatements(t *testing.T) {
	tr := playText(t, twoRunsOneSwap)
	if r := tr.Ops[0]; r.Elimination != 12 || r.Combination != 0 || r.Chain != 0 || r.Points != 0 || r.Main != [2]int{1, 2} || tr.Total != 12+1000 {
		t.Errorf("thupc: %v, total %d; want elimination 12, main 1 and 2, total 1012", r, tr.Total)
	}
}

// 1 1 2 1 2: swapping (1,3) with (1,4) makes 1 1 1 (3 points), leaving
// - - - 2 2, where no swap makes a run. The second swap, of the two 2s,
// is invalid under nomove=play and costs the bonus (3); under nomove=end
// the game is over and it is not played (3 + 100).
func TestMatch3NoMoveLeft(t *testing.T) {
	const game = "1 5 2 2\n1 1 2 1 2\n0 0 0 0 0\n1 3 1 4\n1 4 1 5\n"
	for _, tc := range []struct {
		nomove string
		total  int64
		second match3.Validity
	}{{"play", 3, match3.NoRun}, {"end", 103, match3.Over}} {
		tr := playText(t, "rules custom nomove="+tc.nomove+" points=n allvalid=100 cleared=0\n"+game)
		if tr.Total != tc.total || tr.Ops[1].Validity != tc.second {
			t.Errorf("nomove=%s: total %d, second %v; want %d, %v", tc.nomove, tr.Total, tr.Ops[1].Validity, tc.total, tc.second)
		}
	}
	// A start board with no move ends the game before the first swap.
	tr := playText(t, "rules custom nomove=end points=n allvalid=100 cleared=0\n1 3 2 1\n1 2 1\n0 0 0\n1 1 1 2\n")
	if tr.Ops[0].Validity != match3.Over || tr.Total != 100 {
		t.Errorf("dead start under nomove=end: %v, total %d; want not played, 100", tr.Ops[0], tr.Total)
	}
}

// The endgame bonuses are the rule set's: cleared=7 on a board the move
// empties (swapping the right column makes 1 1 1 over 2 2 2), allvalid=5.
func TestMatch3EndgameBonusesAreTheRuleSets(t *testing.T) {
	tr := playText(t, "rules custom points=0 allvalid=5 cleared=7\n2 3 2 1\n1 1 2\n2 2 1\n0 0 0\n0 0 0\n1 3 2 3\n")
	if !tr.Cleared || !tr.AllValid || tr.Bonus != 12 || tr.Total != 12 {
		t.Errorf("bonus %d (all valid %t, cleared %t), total %d; want 12", tr.Bonus, tr.AllValid, tr.Cleared, tr.Total)
	}
}

// LeetCode 723's two examples: crush every run at once, drop, repeat, no
// new candies; the answer is the stable board.
func TestMatch3AnswerBoardLeetCode723Examples(t *testing.T) {
	for name, tc := range map[string]struct{ board, want [][]int }{
		"example 1": {
			board: [][]int{
				{110, 5, 112, 113, 114}, {210, 211, 5, 213, 214}, {310, 311, 3, 313, 314},
				{410, 411, 412, 5, 414}, {5, 1, 512, 3, 3}, {610, 4, 1, 613, 614},
				{710, 1, 2, 713, 714}, {810, 1, 2, 1, 1}, {1, 1, 2, 2, 2}, {4, 1, 4, 4, 1014},
			},
			want: [][]int{
				{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {110, 0, 0, 0, 114},
				{210, 0, 0, 0, 214}, {310, 0, 0, 113, 314}, {410, 0, 0, 213, 414},
				{610, 211, 112, 313, 614}, {710, 311, 412, 613, 714}, {810, 411, 512, 713, 1014},
			},
		},
		"example 2": {
			board: [][]int{{1, 3, 5, 5, 2}, {3, 4, 3, 3, 1}, {3, 2, 4, 5, 2}, {2, 4, 4, 5, 5}, {1, 4, 4, 1, 1}},
			want:  [][]int{{1, 3, 0, 0, 0}, {3, 4, 0, 5, 2}, {3, 2, 0, 3, 1}, {2, 4, 0, 5, 2}, {1, 4, 3, 1, 1}},
		},
	} {
		n, m, k := len(tc.board), len(tc.board[0]), 0
		var b strings.Builder
		for _, row := range tc.board {
			for _, v := range row {
				b.WriteString(" " + strconv.Itoa(v))
				k = max(k, v)
			}
			b.WriteString("\n")
		}
		b.WriteString(strings.Repeat(strings.Repeat(" 0", m)+"\n", n))
		tr := playText(t, fmt.Sprintf("rules leetcode723\n%d %d %d 0\n", n, m, k)+b.String())
		if tr.Board == nil {
			t.Fatalf("%s: answer=board, yet Trace.Board is nil", name)
		}
		for i, p := range tr.Board {
			if p.Colour != tc.want[i/m][i%m] {
				t.Errorf("%s: cell (%d, %d) = %d, want %d", name, i/m+1, i%m+1, p.Colour, tc.want[i/m][i%m])
				break
			}
		}
		if tr.Total != 0 {
			t.Errorf("%s: total %d, want 0", name, tr.Total)
		}
	}
	if thupc := playText(t, refillBoard+"2 3 3 3\n"); thupc.Board != nil {
		t.Errorf("answer=total: Trace.Board = %v, want nil", thupc.Board)
	}
}

// TestMatch3RuleSetWorkedExamples plays the worked example of every named
// match-3 rule set (SPEC-rulesets.md), match3/testdata/rules/NAME.in, and
// compares the answer with NAME.ans: the total, or under answer=board
// the final board.
func TestMatch3RuleSetWorkedExamples(t *testing.T) {
	for _, r := range match3.Named() {
		in, err := os.ReadFile(filepath.Join("..", "match3", "testdata", "rules", r.Name+".in"))
		if err != nil {
			t.Errorf("%s: %v", r.Name, err)
			continue
		}
		ans, err := os.ReadFile(filepath.Join("..", "match3", "testdata", "rules", r.Name+".ans"))
		if err != nil {
			t.Errorf("%s: %v", r.Name, err)
			continue
		}
		c, err := match3.Parse(bytes.NewReader(in))
		if err != nil {
			t.Errorf("%s: %v", r.Name, err)
			continue
		}
		if got := c.Rules.Effective(); !got.Equal(r) {
			t.Errorf("%s.in plays %s", r.Name, got.Name)
		}
		tr := PlayMatch3(c)
		var got bytes.Buffer
		if r.Answer == match3.AnswerBoard {
			match3.FormatBoard(&got, c.Rows, c.Cols, tr.Board)
		} else {
			fmt.Fprintf(&got, "%d\n", tr.Total)
		}
		if got.String() != string(ans) {
			t.Errorf("%s: answer\n%s\nwant\n%s", r.Name, got.String(), ans)
		}
	}
}

// The trace of a case under a rule set says the rule set, the queues, the
// settle, what each round refilled, the operations not played, the rule
// set's bonuses and, under answer=board, the final board.
func TestMatch3TraceExplainsARuleSet(t *testing.T) {
	for name, want := range map[string][]string{
		"gymmatch3": {
			"match3: 4x3, k=3, q=4\nrules gymmatch3 refill=queue clear=all start=settle swaps=any invalid=move points=n per=round specials=points nomove=end moves=100 allvalid=0 cleared=0 answer=total size=9x9 colours=7\n",
			"queue of column 1: 1 3 2\nqueue of column 2: 2 3 1\nqueue of column 3: 3 3\n",
			"settle: the start board holds runs: 1 round\n",
			"  score 0 (start=settle); running 0\n  1 2 3\n",
			"    points: 3 (n per round)\n    refilled from the queues: (1, 1) (1, 2)\n  score 6; running 6\n",
			"operation 4: (4, 1) <-> (4, 2): not played: the game is over\n",
			"all-valid bonus (invalid=move: no swap costs it): yes, +0\nboard cleared: no, +0\ntotal 9\n",
		},
		"leetcode723": {
			"total 0\nanswer: the final board\n0 0 0\n0 4 3\n0 3 4\n0 4 3\n",
		},
	} {
		in, err := os.ReadFile(filepath.Join("..", "match3", "testdata", "rules", name+".in"))
		if err != nil {
			t.Fatal(err)
		}
		c, err := match3.Parse(bytes.NewReader(in))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		match3.WriteTrace(&b, c, PlayMatch3(c), paint.Painter{})
		for _, w := range want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: trace lacks\n%s\ntrace:\n%s", name, w, b.String())
			}
		}
	}
}

// Under points=n per=round every removed piece scores 1, so on any board,
// with any queues and any swaps, the total is the pieces that ever stood
// on the board (the start board's and those the queues gave) less those
// left: a check of the refill's and the rounds' bookkeeping that does not
// depend on how the game went. Every rule set's arms are mixed in.
func TestMatch3PointsPerCellCountEveryPieceOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	arms := []string{"clear=all", "clear=lowest", "specials=effects", "specials=points",
		"invalid=free", "invalid=move", "nomove=play", "nomove=end", "moves=0", "moves=3"}
	for try := range 300 {
		rules := "custom refill=queue start=score points=n per=round allvalid=0 cleared=0"
		for i := 0; i < len(arms); i += 2 {
			rules += " " + arms[i+rng.IntN(2)]
		}
		r, err := match3.ParseRules(rules)
		if err != nil {
			t.Fatal(err)
		}
		n, m, k := 1+rng.IntN(5), 1+rng.IntN(5), 1+rng.IntN(4)
		c := &match3.Case{Rules: r, Rows: n, Cols: m, Colours: k}
		for range n * m {
			c.Board = append(c.Board, match3.Piece{Colour: 1 + rng.IntN(k), Special: match3.Special(rng.IntN(7) * rng.IntN(2))})
		}
		given := n * m
		for range m {
			q := make([]match3.Piece, rng.IntN(8))
			for i := range q {
				q[i] = match3.Piece{Colour: 1 + rng.IntN(k)}
			}
			c.Queues = append(c.Queues, q)
			given += len(q)
		}
		for range rng.IntN(6) {
			a := match3.Cell{X: 1 + rng.IntN(n), Y: 1 + rng.IntN(m)}
			b := match3.Cell{X: a.X + rng.IntN(2), Y: a.Y}
			if rng.IntN(2) == 0 {
				b = match3.Cell{X: a.X, Y: a.Y + rng.IntN(2)}
			}
			if !c.Inside(b) {
				b = a
			}
			c.Ops = append(c.Ops, match3.Swap{A: a, B: b})
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("case %d: %v\n%s", try, err, c)
		}
		g := NewMatch3(c)
		for _, s := range c.Ops {
			g.Apply(s)
		}
		left := 0
		for _, q := range g.Queues() {
			given -= len(q)
		}
		for _, p := range g.Grid().Board() {
			if !p.Empty() {
				left++
			}
		}
		if tr := g.Trace(); tr.Total != int64(given-left) {
			t.Fatalf("case %d: total %d, want %d pieces given less %d left\n%s", try, tr.Total, given, left, c)
		}
	}
}

// Every named rule set, and custom ones mixing every arm, plays random
// cases without a panic, and the brief and summary plays agree with the
// full one on everything a check compares.
func TestMatch3RuleSetsPlayRandomCasesAlike(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 2))
	sets := match3.Named()
	keys := [][]string{
		{"refill=none", "refill=queue"}, {"clear=all", "clear=lowest"},
		{"start=settle", "start=score"}, {"invalid=bonus", "invalid=free", "invalid=move"},
		{"points=thupc", "points=i*c-n+r*s", "points=max(n-3,0)*r"}, {"per=round", "per=run", "per=colour"},
		{"specials=effects", "specials=points"}, {"nomove=play", "nomove=end"}, {"moves=0", "moves=2"},
		{"answer=total", "answer=board"},
	}
	for range 40 {
		text := "custom"
		for _, arms := range keys {
			text += " " + arms[rng.IntN(len(arms))]
		}
		r, err := match3.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, r)
	}
	for try := range 400 {
		r := sets[try%len(sets)]
		n, m, k := 1+rng.IntN(6), 1+rng.IntN(6), 1+rng.IntN(4)
		c := &match3.Case{Rules: r, Rows: n, Cols: m, Colours: k}
		for range n * m {
			c.Board = append(c.Board, match3.Piece{Colour: 1 + rng.IntN(k), Special: match3.Special(rng.IntN(7) * rng.IntN(2))})
		}
		if _, ok := c.FindRun(); ok && r.Start == match3.StartReject {
			continue
		}
		if r.Refill == match3.RefillQueue {
			for range m {
				q := make([]match3.Piece, rng.IntN(10))
				for i := range q {
					q[i] = match3.Piece{Colour: 1 + rng.IntN(k), Special: match3.Special(rng.IntN(3))}
				}
				c.Queues = append(c.Queues, q)
			}
		}
		if r.Swaps == match3.SwapsAny {
			for range rng.IntN(8) {
				a := match3.Cell{X: 1 + rng.IntN(n), Y: 1 + rng.IntN(m)}
				b := match3.Cell{X: 1 + rng.IntN(n), Y: 1 + rng.IntN(m)}
				c.Ops = append(c.Ops, match3.Swap{A: a, B: b})
			}
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%s: %v\n%s", r.Name, err, c)
		}
		full := PlayMatch3(c)
		for name, got := range map[string]match3.Trace{"brief": PlayMatch3Brief(c), "summary": PlayMatch3Summary(c)} {
			if op, msg := match3.Diff(got, full); op >= 0 {
				t.Fatalf("%s: %s play differs from the full one: %s\n%s", r.Name, name, msg, c)
			}
		}
		var sum int64
		sum += full.Start.Score()
		for _, res := range full.Ops {
			sum += res.Score() + res.Hand.Score
		}
		if sum+full.Bonus != full.Total {
			t.Fatalf("%s: total %d, want the parts' %d\n%s", r.Name, full.Total, sum+full.Bonus, c)
		}
		if (r.Answer == match3.AnswerBoard) != (full.Board != nil) {
			t.Fatalf("%s: answer=%v, board %v", r.Name, r.Answer, full.Board)
		}
	}
}
