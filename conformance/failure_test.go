package conformance_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// twoPointBugs is SameGame with two planted bugs on steps of two kinds:
// a click on an empty cell scores a point, and a single cube two.
var twoPointBugs = cubes.Game.Func("two-point-bugs", func(c *samegame.Case) (samegame.Trace, error) {
	return reference.SameGameRules{Points: func(n int) int64 {
		switch n {
		case 0:
			return 1
		case 1:
			return 2
		}
		return samegame.Points(n)
	}}.Play(c), nil
})

// kindOf is the kind of the first step where impl parts from the
// reference on c, or its verdict when that is no wrong answer.
func kindOf(t *testing.T, impl conformance.Impl[*samegame.Case, samegame.Trace], c *samegame.Case) string {
	t.Helper()
	res, err := cubes.Game.Check(context.Background(), impl, c)
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != conformance.WrongAnswer {
		return res.Verdict.String()
	}
	return res.Kind
}

func TestRunShrinksAWrongAnswerToOneOfTheSameKind(t *testing.T) {
	ctx := context.Background()
	kinds := make(map[string]bool)
	drifted := 0
	for _, seed := range []uint64{100, 200, 300, 400, 500, 600} {
		rep, err := cubes.Game.Run(ctx, twoPointBugs, conformance.RunOptions{Seed: seed, Count: 500, NoBuiltin: true, Jobs: 1})
		if err != nil || rep.Divergence == nil {
			t.Fatalf("seed %d: SameGame.Run(two-point-bugs) = %+v, %v; want a divergence", seed, rep, err)
		}
		d := rep.Divergence
		kinds[d.Found.Kind] = true
		shrunk, err := cubes.Game.ParseInput(d.Shrunk.Input)
		if err != nil {
			t.Fatal(err)
		}
		if d.Found.Kind == "" || d.Shrunk.Verdict != conformance.WrongAnswer || d.Shrunk.Kind != d.Found.Kind || kindOf(t, twoPointBugs, shrunk) != d.Found.Kind {
			t.Errorf("seed %d: found on %q, shrunk to %v on %q; want the same kind", seed, d.Found.Kind, &d.Shrunk, d.Shrunk.Kind)
		}

		// Shrunk on its verdict alone, the same case may end on the
		// other bug: that is what the test guards against.
		found, err := cubes.Game.ParseInput(d.Found.Input)
		if err != nil {
			t.Fatal(err)
		}
		loose, _ := cubes.Game.Shrink(ctx, found, func(c *samegame.Case) bool {
			res, err := cubes.Game.Check(ctx, twoPointBugs, c)
			return err == nil && res.Verdict == conformance.WrongAnswer
		}, conformance.ShrinkOptions{})
		if kindOf(t, twoPointBugs, loose) != d.Found.Kind {
			drifted++
		}
	}
	if len(kinds) < 2 {
		t.Errorf("divergences found on %v only; the test needs both bugs", kinds)
	}
	if drifted == 0 {
		t.Error("no case shrunk on its verdict alone ends on the other bug; the test shows nothing")
	}
}

// twoCrashes crashes on more than ten moves and, failing that, on a box
// of side 20 or more, with panics whose messages hold numbers.
var twoCrashes = cubes.Game.Func("two-crashes", func(c *samegame.Case) (samegame.Trace, error) {
	if len(c.Moves) > 10 {
		panic(fmt.Sprintf("too many moves: %d", len(c.Moves)))
	}
	if c.W >= 20 {
		panic(fmt.Sprintf("runtime error: index %d out of range [20]", c.W))
	}
	return reference.PlaySameGame(c), nil
})

func TestRunShrinksACrashToOneWithTheSamePanicWhateverItsNumbers(t *testing.T) {
	c := &samegame.Case{W: 30, H: 30, Board: make([]uint8, 30*30)}
	for i := range c.Board {
		c.Board[i] = uint8(1 + i%3)
	}
	for i := range 40 {
		c.Moves = append(c.Moves, samegame.Move{X: i % 30, Y: (7 * i) % 30})
	}
	rep, err := cubes.Game.Run(context.Background(), twoCrashes, conformance.RunOptions{Cases: []conformance.Case{{Name: "crash", Input: cubes.Game.FormatInput(c)}}, Count: -1, NoBuiltin: true})
	if err != nil || rep.Divergence == nil {
		t.Fatalf("SameGame.Run(two-crashes) = %+v, %v; want a divergence", rep, err)
	}
	d := rep.Divergence
	got, err := cubes.Game.ParseInput(d.Shrunk.Input)
	if err != nil {
		t.Fatal(err)
	}
	// The moves go one by one only if "too many moves: 40" and "too
	// many moves: 11" count as the same panic; the box goes only if the
	// shrink keeps to that panic rather than the other.
	if d.Shrunk.Verdict != conformance.RuntimeError || d.Shrunk.Status != "panic: too many moves: 11" || len(got.Moves) != 11 || got.W != 1 {
		t.Errorf("shrunk to N = %d, %d moves, %v; want a box of side 1, 11 moves and the same panic", got.W, len(got.Moves), &d.Shrunk)
	}
}

func TestSignatureOfARuntimeErrorBlursOnlyItsNumbers(t *testing.T) {
	for _, tc := range []struct{ status, want string }{
		{"panic: runtime error: index 25 out of range [20]", "panic: runtime error: index # out of range [#]"},
		{"panic: too many moves: 1234", "panic: too many moves: #"},
		{"exit status 2", "exit status 2"},
		{"signal: segmentation fault", "signal: segmentation fault"},
	} {
		if got := conformance.SignatureOf(conformance.Result{Verdict: conformance.RuntimeError, Status: tc.status}); got != tc.want {
			t.Errorf("signatureOf(%q) = %q, want %q", tc.status, got, tc.want)
		}
	}
	a := conformance.SignatureOf(conformance.Result{Status: "panic: index 3 out of range"})
	if b := conformance.SignatureOf(conformance.Result{Status: "panic: index 300 out of range"}); a != b || strings.Contains(a, "3") {
		t.Errorf("signatureOf tells %q from %q", a, b)
	}
}

func TestBadKindKeepsTheFaultAndBlursWhatTheOutputHeld(t *testing.T) {
	same := [][2]string{
		{"no total line after answer line 6: the program waited for more input instead",
			"no total line after answer line 1: the program waited for more input instead"},
		{`output "abc" is not one integer`, `output "12 \"13\"" is not one integer`},
		{"read the whole case, then waited for more input without answering (at the end of input: exit status 0)",
			"read the whole case, then waited for more input without answering (at the end of input: signal: killed)"},
		{`answer line 3: "step x 4": want step I RUNNING`, `answer line 1: "totl 4": want step I RUNNING`},
	}
	for _, p := range same {
		if a, b := conformance.BadKind(p[0]), conformance.BadKind(p[1]); a != b {
			t.Errorf("badKind(%q) = %q, badKind(%q) = %q; want the same", p[0], a, p[1], b)
		}
	}
	differ := [][2]string{
		{"no total line after answer line 6: the program waited for more input instead",
			"read the whole case, then waited for more input without answering (at the end of input: exit status 0)"},
		{`output "abc" is not one integer`, `output "99999999999999999999" does not fit in 64 bits`},
		{"answer line 2: step 3 where step 2 was due", "answer line 2: total after 1 of 2 steps"},
	}
	for _, p := range differ {
		if a, b := conformance.BadKind(p[0]), conformance.BadKind(p[1]); a == b {
			t.Errorf("badKind(%q) = badKind(%q) = %q; want them told apart", p[0], p[1], a)
		}
	}
	found := conformance.Result{Verdict: conformance.BadOutput, Status: "no total line after answer line 6: the program waited for more input instead"}
	other := conformance.Result{Verdict: conformance.BadOutput, Status: "read the whole case, then waited for more input without answering (at the end of input: exit status 0)"}
	if conformance.HowOf(found) == conformance.HowOf(other) {
		t.Errorf("howOf tells no total line from no answer: both %q", conformance.HowOf(found))
	}
}

func TestCrashSignatureIsTheLastLineThatNamesAnError(t *testing.T) {
	for _, tc := range []struct{ lang, stderr, want string }{
		{"python", "Traceback (most recent call last):\n  File \"solve.py\", line 12, in <module>\n    print(cols[x][y])\nIndexError: list index out of range\n",
			"IndexError: list index out of range"},
		{"python eof", "Traceback (most recent call last):\n  File \"solve.py\", line 3, in <module>\n    k = int(input())\nEOFError: EOF when reading a line\n",
			"EOFError: EOF when reading a line"},
		{"java", "Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index 5 out of bounds for length 5\n\tat Main.click(Main.java:40)\n\tat Main.main(Main.java:12)\n",
			"Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: Index # out of bounds for length #"},
		{"c++ assert", "solve: solve.cpp:31: int main(): Assertion `x < n' failed.\n", "solve: solve.cpp:#: int main(): Assertion `x < n' failed."},
		{"sanitizer", "==4711==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014 at pc 0x55d\n    #0 0x55d in main solve.cpp:12\nSUMMARY: AddressSanitizer: heap-buffer-overflow solve.cpp:12 in main\n==4711==ABORTING\n",
			"SUMMARY: AddressSanitizer: heap-buffer-overflow solve.cpp:# in main"},
		{"go", "panic: runtime error: index out of range [5] with length 5\n\ngoroutine 1 [running]:\nmain.main()\n\t/tmp/x/main.go:9 +0x1d\nexit status 2\n",
			"panic: runtime error: index out of range [#] with length #"},
		{"node", "/tmp/s.js:4\n  x.y.z;\n    ^\n\nTypeError: Cannot read properties of undefined (reading 'z')\n    at Object.<anonymous> (/tmp/s.js:4:7)\n    at node:internal/main/run_main_module:28:49\n\nNode.js v20.11.0\n",
			"TypeError: Cannot read properties of undefined (reading 'z')"},
		{"asan, its head kept before the tail", "SUMMARY: AddressSanitizer: heap-buffer-overflow file.cc:91 in bfs\n...\n  Global redzone:          f9\n  ASan internal:           fe\n  Left alloca redzone:     ca\n==12==ABORTING\n",
			"SUMMARY: AddressSanitizer: heap-buffer-overflow file.cc:# in bfs"},
		{"ubsan", "solve.cpp:7:9: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\nSUMMARY: UndefinedBehaviorSanitizer: undefined-behavior solve.cpp:7:9 in \n",
			"SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior solve.cpp:#:# in"},
		{"msan", "==9==WARNING: MemorySanitizer: use-of-uninitialized-value\n    #0 0x4 in main solve.cpp:10:7\nSUMMARY: MemorySanitizer: use-of-uninitialized-value solve.cpp:10:7 in main\nExiting\n",
			"SUMMARY: MemorySanitizer: use-of-uninitialized-value solve.cpp:#:# in main"},
		{"go, a runtime frame in the tail", "panic: runtime error: index out of range [5] with length 5\n...\nruntime.goPanicIndex(0x5, 0x5)\n\t/usr/local/go/src/runtime/panic.go:115 +0x33\nmain.main()\n\t/tmp/x/main.go:9 +0x1d\nexit status 2\n",
			"panic: runtime error: index out of range [#] with length #"},
		{"java stack overflow, frames alone in the tail", "Exception in thread \"main\" java.lang.StackOverflowError\n...\n\tat Main.fill(Main.java:40)\n\tat Main.fill(Main.java:40)\n",
			"Exception in thread \"main\" java.lang.StackOverflowError"},
		{"no error named", "oops\n", ""},
	} {
		if got := conformance.CrashSignature([]byte(tc.stderr)); got != tc.want {
			t.Errorf("%s: crashSignature = %q, want %q", tc.lang, got, tc.want)
		}
	}
}

// TestBadKindBlursAsTheRegularExpressionsWould holds blurQuoted and
// dropAsides to the regular expressions they stand for, on strings made
// of the characters that matter to them.
func TestBadKindBlursAsTheRegularExpressionsWould(t *testing.T) {
	quoted := regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	aside := regexp.MustCompile(` ?\([^()]*\)`)
	rnd := rand.New(rand.NewPCG(1, 2))
	const alphabet = `"\() a1`
	for range 20000 {
		b := make([]byte, rnd.IntN(12))
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := conformance.BlurQuoted(s), quoted.ReplaceAllString(s, `"…"`); got != want {
			t.Fatalf("blurQuoted(%q) = %q, want %q", s, got, want)
		}
		if got, want := conformance.DropAsides(s), aside.ReplaceAllString(s, ""); got != want {
			t.Fatalf("dropAsides(%q) = %q, want %q", s, got, want)
		}
	}
}
