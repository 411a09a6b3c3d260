package adapters_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

// The example engines of the match-3 rule sets (adapters/python), each
// run under cascade check itself, --rules naming its rule set: accepted
// on the rule set's worked example and generated cases, under the stream
// protocol and the stream and step protocols (the board after every
// operation compared with the reference's, or under answer=board the
// final board); and with its planted slip switched on (an environment
// variable), a divergence found, shrunk to a small case and reported.

// match3Example is an example engine of a match-3 rule set.
type match3Example struct {
	rules  string // the rule set's name
	script string // under adapters/python
	bug    string // the environment variable that plants its slip
	steps  bool   // its cases have operations, each a step to check
}

var match3Examples = []match3Example{
	{rules: "gymmatch3", script: "example_gymmatch3.py", bug: "GYMMATCH3_BUG", steps: true},
	// swaps=none: the answer is the settled board, and no step leads
	// to it.
	{rules: "leetcode723", script: "example_leetcode723.py", bug: "LEETCODE723_BUG"},
}

// checkMatch3Example runs cascade check on ex under its rule set, one
// job, seed 1, with flags, and returns its output and exit status.
func checkMatch3Example(t *testing.T, ex match3Example, env []string, flags ...string) (string, int) {
	t.Helper()
	p := languages[0].programs(t)
	program := "python3 '" + filepath.Join(root(t), "adapters", "python", ex.script) + "'"
	// A plain Python engine takes up to a second or two of CPU time on
	// the biggest generated boards (50x50, a thousand swaps), near the
	// default limit: a generous one keeps the verdict on the answers.
	args := append([]string{"check", "--rules", ex.rules, "--impl", program, "--jobs", "1", "--seed", "1", "--timeout", "20s"}, flags...)
	cmd := exec.Command(filepath.Join(work, "cascade"), args...)
	cmd.Env = environment(append(p.env, env...)...)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("cascade %s: %v", strings.Join(args, " "), err)
	}
	return string(out), cmd.ProcessState.ExitCode()
}

// accepted matches the last line of a check that passed: the cases
// checked, all accepted.
var accepted = regexp.MustCompile(`(?m)^ok match3 ([a-z0-9]+): ([0-9]+) cases \(([0-9]+) accepted\)`)

// TestCascadeCheckAcceptsTheMatch3Examples: each example engine passes
// cascade check under its rule set, its built-in case and 100 generated
// ones under --stream, and where its cases have operations 40 under
// --stream --steps, every case accepted and one process started (a
// fifth of the generated cases under go test -short).
func TestCascadeCheckAcceptsTheMatch3Examples(t *testing.T) {
	loadFixture(t)
	for _, ex := range match3Examples {
		t.Run(ex.rules, func(t *testing.T) {
			t.Parallel()
			for _, c := range []struct {
				count string
				flags []string
			}{
				{shortCount("100", "20"), []string{"--stream"}},
				{shortCount("40", "8"), []string{"--stream", "--steps"}},
			} {
				if len(c.flags) > 1 && !ex.steps {
					continue
				}
				out, status := checkMatch3Example(t, ex, nil, append([]string{"--count", c.count}, c.flags...)...)
				m := accepted.FindStringSubmatch(out)
				if status != 0 || m == nil || m[1] != ex.rules || m[2] != m[3] || !strings.Contains(out, "  stream: 1 process started\n") {
					t.Errorf("--count %s %s: exit status %d, want 0 and every case accepted:\n%s", c.count, strings.Join(c.flags, " "), status, out)
					continue
				}
				if want, _ := strconv.Atoi(c.count); len(c.flags) == 1 {
					if n, _ := strconv.Atoi(m[2]); n <= want {
						t.Errorf("--count %d: %d cases checked, want the built-in ones and %d generated:\n%s", want, n, want, out)
					}
				}
			}
		})
	}
}

// shrunk matches the line of a check's report that gives the size of the
// shrunk case: its sides and its number of operations.
var shrunk = regexp.MustCompile(`(?m)^  shrunk from .* to ([0-9]+)x([0-9]+), k=[0-9]+, q=([0-9]+) `)

// TestCascadeCheckCatchesAndShrinksTheMatch3ExamplesSlip: with its slip
// planted, each example engine fails cascade check under its rule set: a
// wrong answer, shrunk to at most 16 cells and 2 operations, reported
// with the case (its rules line first) and the reference's trace.
func TestCascadeCheckCatchesAndShrinksTheMatch3ExamplesSlip(t *testing.T) {
	loadFixture(t)
	for _, ex := range match3Examples {
		t.Run(ex.rules, func(t *testing.T) {
			t.Parallel()
			out, status := checkMatch3Example(t, ex, []string{ex.bug + "=1"}, "--count", "100", "--stream")
			if status != 1 || !strings.Contains(out, "\nwrong answer: ") || !strings.Contains(out, "\nFAIL match3 "+ex.rules+": ") {
				t.Fatalf("%s=1: exit status %d, want 1 with a wrong answer:\n%s", ex.bug, status, out)
			}
			m := shrunk.FindStringSubmatch(out)
			if m == nil {
				t.Fatalf("%s=1: the report gives no shrunk case:\n%s", ex.bug, out)
			}
			rows, _ := strconv.Atoi(m[1])
			cols, _ := strconv.Atoi(m[2])
			ops, _ := strconv.Atoi(m[3])
			if rows*cols > 16 || ops > 2 {
				t.Errorf("%s=1: shrunk to %dx%d with %d operations, want at most 16 cells and 2 operations:\n%s", ex.bug, rows, cols, ops, out)
			}
			if !strings.Contains(out, "\nInput:\n  rules "+ex.rules+"\n") || !strings.Contains(out, "\nreference trace of the shrunk case:\n") {
				t.Errorf("%s=1: the report does not give the shrunk case with its rules line and the reference's trace:\n%s", ex.bug, out)
			}
			t.Logf("%s=1: shrunk to %dx%d with %d operations", ex.bug, rows, cols, ops)
		})
	}
}

// TestAdapterCutsMatch3QueuesOutOfTheStream: under a match-3 rule set
// that refills from queues, a case holds, after its specials, each
// column's queue (its length, then its colours) and their specials, and
// every language's adapter cuts cases by those counts in any layout.
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
	eachLanguage(t, func(t *testing.T, p programs) {
		out, stderr, status := run(t, p.counter, strings.Join(cases, ""),
			append(p.env, "CASCADE_PROTOCOL=stream", "CASCADE_RULES="+gym.String())...)
		if status != 0 {
			t.Fatalf("exit status %d; stderr:\n%s", status, stderr)
		}
		if got := strings.Fields(out); !slices.Equal(got, want) {
			t.Errorf("the texts given to solve have %v bytes, want %v", got, want)
		}
	})
}

// TestAdapterPrintsABoardAnswer: under a rule set whose answer is the
// board, every language's adapter prints a final board where the total
// would be (SPEC.md, M16): its rows alone, or under the step protocol
// after the step lines and a line "board". The counter echoes each
// case's start board as its final board, after a step per operation;
// under bevymatch3 the cases hold queues, which the adapter must read
// to cut them.
func TestAdapterPrintsABoardAnswer(t *testing.T) {
	bevy, _ := match3.Lookup("bevymatch3")
	lc, _ := match3.Lookup("leetcode723")
	noSwaps := "2 2 3 0\n1 2\n2 3\n0 0\n0 0\n1 3\n0\n0\n"
	twoSwaps := "2 3 4 2\n1 2 3\n4 1 2\n0 0 0\n0 0 0\n2 1 2 0 1 4\n0 0 0\n1 1 1 2\n2 1 2 2\n"
	cases := []struct {
		rules           match3.Rules
		protocol, input string
		want            string
	}{
		{bevy, "judge", noSwaps, "1 2\n2 3\n"},
		{bevy, "steps", noSwaps, "board\n1 2\n2 3\n"},
		{bevy, "stream", noSwaps + twoSwaps, "1 2\n2 3\n1 2 3\n4 1 2\n"},
		{bevy, "stream steps", twoSwaps + noSwaps, "step 1 1\nstep 2 2\nboard\n1 2 3\n4 1 2\nboard\n1 2\n2 3\n"},
		{lc, "stream", "2 2 3 0\n1 2\n2 3\n0 0\n0 0\n1 3 2 0 1 1 2 0 0 0\n", "1 2\n2 3\n1 1 2\n"},
	}
	eachLanguage(t, func(t *testing.T, p programs) {
		for _, tc := range cases {
			out, stderr, status := run(t, p.counter, tc.input,
				append(p.env, "CASCADE_PROTOCOL="+tc.protocol, "CASCADE_RULES="+tc.rules.String(), "COUNTER_BOARD=1")...)
			if status != 0 || out != tc.want {
				t.Errorf("%s, %s: exit status %d, output\n%s\nwant\n%s\nstderr:\n%s", tc.rules.Name, tc.protocol, status, out, tc.want, stderr)
			}
		}
	})
}
