package adapters_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// The example engines of the match-3 rule sets (adapters/python), each
// run as cascade check runs a program under the stream protocol, with
// and without the step protocol, on the rule set's worked example and on
// generated cases, its answers compared with the reference's: the total
// (or the final board under answer=board), the running totals and the
// board after every operation. Each has a planted slip behind an
// environment variable, which the same cases must catch.
//
// cascade check --rules does not take the match-3 rule sets yet: until it
// does, these tests compare with the reference themselves, and do not
// shrink what they catch.

// match3Example is an example engine of a match-3 rule set.
type match3Example struct {
	rules  string // the rule set's name
	script string // under adapters/python
	bug    string // the environment variable that plants its slip
	dry    bool   // some generated queues run dry
}

var match3Examples = []match3Example{
	{rules: "gymmatch3", script: "example_gymmatch3.py", bug: "GYMMATCH3_BUG", dry: true},
	{rules: "leetcode723", script: "example_leetcode723.py", bug: "LEETCODE723_BUG"},
}

// match3RulesCase is a case under a rule set with the reference's
// answers.
type match3RulesCase struct {
	name  string
	text  string   // as the program reads it: without the rules line
	board bool     // the answer is the final board
	want  []string // the stream protocol's answer lines
	steps []string // the step protocol's answer lines
}

// generatedMatch3Cases is how many cases each example plays besides its
// worked example.
const generatedMatch3Cases = 150

// match3RulesCases returns ex's worked example and the generated cases,
// with the reference's answers.
func match3RulesCases(t *testing.T, ex match3Example) []match3RulesCase {
	t.Helper()
	rules, ok := match3.Lookup(ex.rules)
	if !ok {
		t.Fatalf("no rule set %q", ex.rules)
	}
	worked, err := os.ReadFile(filepath.Join(root(t), "match3", "testdata", "rules", ex.rules+".in"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := match3.Parse(strings.NewReader(string(worked)))
	if err != nil {
		t.Fatalf("%s.in: %v", ex.rules, err)
	}
	cases := []match3RulesCase{newMatch3RulesCase(t, ex.rules+".in", c)}
	rnd := rand.New(rand.NewPCG(723, 3))
	for i := range generatedMatch3Cases {
		c := randomMatch3Case(rules, rnd, ex.dry && i%2 == 1, i%10 == 9)
		cases = append(cases, newMatch3RulesCase(t, fmt.Sprintf("generated case %d", i+1), c))
	}
	return cases
}

// randomMatch3Case is a case under rules: a board of 3..7 x 3..7 pieces of
// 2..5 colours (runs and all: the rule sets played here settle them),
// some specials, which only ride along, under refill=queue a queue per
// column long enough for every refill or, when dry, of 0..2n pieces, and
// up to 25 swaps, or when long 95 to 130, past a limit of 100 moves, most
// of neighbours, unless the rule set takes none.
func randomMatch3Case(rules match3.Rules, rnd *rand.Rand, dry, long bool) *match3.Case {
	c := &match3.Case{Rules: rules, Rows: 3 + rnd.IntN(5), Cols: 3 + rnd.IntN(5), Colours: 2 + rnd.IntN(4)}
	piece := func() match3.Piece {
		return match3.Piece{Colour: 1 + rnd.IntN(c.Colours), Special: match3.Special(max(0, rnd.IntN(5)-2))}
	}
	for range c.Rows * c.Cols {
		c.Board = append(c.Board, piece())
	}
	if rules.Swaps == match3.SwapsNone {
		return c
	}
	q := rnd.IntN(26)
	if long {
		q = 95 + rnd.IntN(36)
	}
	if rules.Refill == match3.RefillQueue {
		c.Queues = make([][]match3.Piece, c.Cols)
		for y := range c.Queues {
			n := 2 * c.Rows * (q + 3)
			if dry {
				n = rnd.IntN(2*c.Rows + 1)
			}
			for range n {
				c.Queues[y] = append(c.Queues[y], piece())
			}
		}
	}
	for range q {
		a := match3.Cell{X: 1 + rnd.IntN(c.Rows), Y: 1 + rnd.IntN(c.Cols)}
		b := match3.Cell{X: 1 + rnd.IntN(c.Rows), Y: 1 + rnd.IntN(c.Cols)}
		if rnd.IntN(20) > 0 {
			d := [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}[rnd.IntN(4)]
			if b = (match3.Cell{X: a.X + d[0], Y: a.Y + d[1]}); !c.Inside(b) {
				b = match3.Cell{X: a.X - d[0], Y: a.Y - d[1]}
			}
		}
		c.Ops = append(c.Ops, match3.Swap{A: a, B: b})
	}
	return c
}

// newMatch3RulesCase plays c with the reference and writes down its
// answers under the stream and the step protocols.
func newMatch3RulesCase(t *testing.T, name string, c *match3.Case) match3RulesCase {
	t.Helper()
	if err := c.Validate(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tr := reference.Match3Rules{}.Play(c)
	rules := c.Rules.Effective()
	text := c.String()
	if line := match3.RulesLine(c.Rules); line != "" {
		text = strings.TrimPrefix(text, line)
	}
	rc := match3RulesCase{name: name, text: text, board: rules.Answer == match3.AnswerBoard}
	pieces := func(board []match3.Piece, v func(match3.Piece) int) []string {
		var rows []string
		for x := range c.Rows {
			row := make([]string, c.Cols)
			for y, p := range board[x*c.Cols : (x+1)*c.Cols] {
				row[y] = strconv.Itoa(v(p))
			}
			rows = append(rows, strings.Join(row, " "))
		}
		return rows
	}
	running := tr.Start.Score()
	for i, op := range tr.Ops {
		running += op.Score() + op.Hand.Score
		rc.steps = append(rc.steps, fmt.Sprintf("step %d %d", i+1, running))
		board := tr.Detail[i].Board
		rc.steps = append(rc.steps, pieces(board, func(p match3.Piece) int { return p.Colour })...)
		rc.steps = append(rc.steps, pieces(board, func(p match3.Piece) int { return int(p.Special) })...)
	}
	if rc.board {
		rc.want = pieces(tr.Board, func(p match3.Piece) int { return p.Colour })
		rc.steps = append(append(rc.steps, "board"), rc.want...)
	} else {
		rc.want = []string{strconv.FormatInt(tr.Total, 10)}
		rc.steps = append(rc.steps, "total "+rc.want[0])
	}
	return rc
}

// askMatch3 writes c to s and reads its answer: under the step protocol
// up to its total line, or its board line and the rows after it; else
// its one line, or its n rows.
func askMatch3(s *session, c match3RulesCase, steps bool) []string {
	s.write(c.text, false)
	n, _ := strconv.Atoi(strings.Fields(c.text)[0])
	return s.answerUntil(func(got []string) bool {
		last := got[len(got)-1]
		switch {
		case steps && c.board:
			i := slices.Index(got, "board")
			return i >= 0 && len(got)-1-i == n
		case steps:
			return strings.HasPrefix(last, "total ")
		case c.board:
			return len(got) == n
		}
		return true
	})
}

// match3ExampleProgram is ex's program, with the environment that the
// Python programs need and that names the rule set as cascade does.
func match3ExampleProgram(t *testing.T, ex match3Example) ([]string, []string) {
	t.Helper()
	p := languages[0].programs(t)
	rules, _ := match3.Lookup(ex.rules)
	return []string{"python3", filepath.Join(root(t), "adapters", "python", ex.script)},
		append(p.env, "CASCADE_RULES="+rules.String())
}

func TestMatch3ExamplesAnswerAsTheReference(t *testing.T) {
	for _, ex := range match3Examples {
		t.Run(ex.rules, func(t *testing.T) {
			t.Parallel()
			cases := match3RulesCases(t, ex)
			argv, env := match3ExampleProgram(t, ex)
			for _, protocol := range []string{"stream", "stream steps"} {
				steps := protocol == "stream steps"
				s := startSession(t, argv, append(env, "CASCADE_PROTOCOL="+protocol)...)
				for _, c := range cases {
					want := c.want
					if steps {
						want = c.steps
					}
					if got := askMatch3(s, c, steps); !slices.Equal(got, want) {
						t.Errorf("%s, %s: answer\n%s\nwant\n%s\ncase:\n%s", protocol, c.name,
							strings.Join(got, "\n"), strings.Join(want, "\n"), c.text)
					}
				}
				s.end(0)
			}
		})
	}
}

// TestMatch3ExamplesPlantedSlipIsCaught runs each example with its slip
// planted on the same cases: some must differ from the reference. The
// smallest of them is logged.
func TestMatch3ExamplesPlantedSlipIsCaught(t *testing.T) {
	for _, ex := range match3Examples {
		t.Run(ex.rules, func(t *testing.T) {
			t.Parallel()
			cases := match3RulesCases(t, ex)
			argv, env := match3ExampleProgram(t, ex)
			s := startSession(t, argv, append(env, "CASCADE_PROTOCOL=stream", ex.bug+"=1")...)
			var caught []match3RulesCase
			for _, c := range cases {
				if got := askMatch3(s, c, false); !slices.Equal(got, c.want) {
					caught = append(caught, c)
				}
			}
			s.end(0)
			if len(caught) == 0 {
				t.Fatalf("%s=1: all %d cases answered as the reference does", ex.bug, len(cases))
			}
			smallest := slices.MinFunc(caught, func(a, b match3RulesCase) int { return len(a.text) - len(b.text) })
			t.Logf("%s=1: %d of %d cases differ; the smallest, %s:\n%s", ex.bug, len(caught), len(cases), smallest.name, smallest.text)
		})
	}
}

// TestAdapterCutsMatch3QueuesOutOfTheStream: under a match-3 rule set
// that refills from queues, a case holds, after its specials, each
// column's queue (its length, then its colours) and their specials, and
// the adapter cuts cases by those counts in any layout.
func TestAdapterCutsMatch3QueuesOutOfTheStream(t *testing.T) {
	gym, _ := match3.Lookup("gymmatch3")
	worked, err := os.ReadFile(filepath.Join(root(t), "match3", "testdata", "rules", "gymmatch3.in"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []string{
		strings.SplitN(string(worked), "\n", 2)[1],
		"1 3 2 1\n1 2 1\n0 0 0\n2 1 1\n0\n1 2\n0 0\n\n0\n1 1 1 2\n",
		"2 2 2 0 1 2 2 1 0 0 0 0 3 1 2 1 0 0 0 0\n",
		"1 2 2 0\n1 2\n0 0\n0\n\n0\n",
		"2 1 2 2\n1\n2\n0\n0\n2 1\n1 1 2 1\n",
	}
	var want []string
	for _, c := range cases {
		want = append(want, strconv.Itoa(len(c)))
	}
	p := languages[0].programs(t)
	out, stderr, status := run(t, p.counter, strings.Join(cases, ""),
		append(p.env, "CASCADE_PROTOCOL=stream", "CASCADE_RULES="+gym.String())...)
	if status != 0 {
		t.Fatalf("exit status %d; stderr:\n%s", status, stderr)
	}
	if got := strings.Fields(out); !slices.Equal(got, want) {
		t.Errorf("the texts given to solve have %v bytes, want %v", got, want)
	}
}

const pythonBoardAnswer = `import cascade_stream


def solve(text):
    if text.split()[3] == "0":
        return cascade_stream.Board([[1, 0], [2, 3]])
    return cascade_stream.Steps([5, 7], 7, [None, [[4, 4], [0, 4], [0, 0], [0, 1]]], board=[[4, 4], [0, 4]])


cascade_stream.serve(solve)
`

// TestAdapterPrintsABoardAnswer: a Board, or a Steps with board, is
// printed as the final board's rows, after a line "board" under the step
// protocol, in place of the total (SPEC.md, M16).
func TestAdapterPrintsABoardAnswer(t *testing.T) {
	p := languages[0].programs(t)
	program := filepath.Join(work, "board_answer.py")
	if err := os.WriteFile(program, []byte(pythonBoardAnswer), 0o644); err != nil {
		t.Fatal(err)
	}
	noSwaps := "2 2 3 0\n1 2\n2 3\n0 0\n0 0\n"
	twoSwaps := "2 2 4 2\n1 2\n2 3\n0 0\n0 0\n1 1 1 2\n2 1 2 2\n"
	for _, tc := range []struct {
		protocol, input, want string
	}{
		{"judge", noSwaps, "1 0\n2 3\n"},
		{"steps", noSwaps, "board\n1 0\n2 3\n"},
		{"stream", noSwaps + twoSwaps, "1 0\n2 3\n4 4\n0 4\n"},
		{"stream steps", twoSwaps + noSwaps, "step 1 5\nstep 2 7\n4 4\n0 4\n0 0\n0 1\nboard\n4 4\n0 4\nboard\n1 0\n2 3\n"},
	} {
		out, stderr, status := run(t, []string{"python3", program}, tc.input, append(p.env, "CASCADE_PROTOCOL="+tc.protocol)...)
		if status != 0 || out != tc.want {
			t.Errorf("%s: exit status %d, output\n%s\nwant\n%s\nstderr:\n%s", tc.protocol, status, out, tc.want, stderr)
		}
	}
}
