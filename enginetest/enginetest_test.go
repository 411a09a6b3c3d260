package enginetest

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// emptyClickScoresOne plays c as the engine does, but a click on an empty
// cell scores 1: a bug the built-in case samegame-click-beyond-columns
// pins, and with it the regression script in testdata/script.
func emptyClickScoresOne(c *samegame.Case) (int64, error) {
	t := engine.PlaySameGame(c)
	for _, m := range t.Moves {
		if m.Removed == 0 {
			t.Total++
		}
	}
	return t.Total, nil
}

var (
	rightEngine = cubes.Game.TotalFunc("right", func(c *samegame.Case) (int64, error) {
		return engine.ScoreSameGame(c), nil
	})
	wrongEngine = cubes.Game.TotalFunc("wrong", emptyClickScoresOne)
)

func TestScriptsPassForAnEngineThatScoresRight(t *testing.T) {
	Scripts(t, cubes.Game, rightEngine, "testdata/script")
}

// wrongEnv asks the test binary, run again, to run the scripts against
// wrongEngine (TestScriptsFailForAnEngineThatScoresWrong).
const wrongEnv = "ENGINETEST_WRONG_ENGINE"

// TestScriptsWithTheWrongEngine runs the scripts against wrongEngine
// when the test binary is run again for it, and as the scripts' cascade
// command (whose environment is the script's, without wrongEnv).
func TestScriptsWithTheWrongEngine(t *testing.T) {
	if os.Getenv(wrongEnv) == "" && os.Getenv(commandEnv) == "" {
		t.Skip("run by TestScriptsFailForAnEngineThatScoresWrong")
	}
	Scripts(t, cubes.Game, wrongEngine, "testdata/script")
}

func TestScriptsFailForAnEngineThatScoresWrong(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^TestScriptsWithTheWrongEngine$", "-test.count=1")
	cmd.Env = append(os.Environ(), wrongEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the scripts passed against an engine that scores an empty click 1:\n%s", out)
	}
	for _, want := range []string{
		"samegame-wrong-answer-samegame-click-beyond-columns",
		"wrong answer: total: got 2, want 1",
		"FAIL samegame: wrong: 1 case",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the failing scripts' output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "seed1-case0") {
		t.Errorf("a script the wrong engine passes is reported failing:\n%s", out)
	}
}

func TestExplainShrinksAndNamesTheMove(t *testing.T) {
	in := []byte("2\n11\n11\n2\n0 0, 1 1\n")
	got := Explain(context.Background(), cubes.Game, wrongEngine, in)
	for _, want := range []string{
		"samegame: wrong: wrong answer\n",
		"shrunk from N=2, K=2 to N=1, K=2",
		"first diverging move: 2, (0 0)",
		"\n1\n1\n2\n0 0, 0 0\n",
		"cascade score --game samegame --engine reference case.in",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Explain lacks %q:\n%s", want, got)
		}
	}
}

func TestSeedsDecodeToValidCasesTheExamplesAmongThem(t *testing.T) {
	seeds := Seeds(cubes.Game)
	if len(seeds) < SeedCases {
		t.Fatalf("%d seeds, want the built-in cases and %d generated", len(seeds), SeedCases)
	}
	example := false
	for _, s := range seeds {
		c := cubes.Game.Decode(s)
		if err := c.Validate(); err != nil {
			t.Fatalf("seed %x decodes to an invalid case: %v", s, err)
		}
		example = example || c.W == 5 && len(c.Moves) == 12
	}
	if !example {
		t.Error("no seed decodes to the statement's example (N=5, K=12)")
	}
}

// FuzzEngine is Fuzz on cascade's own engine, which agrees with the
// reference: plain go test runs its seeds.
func FuzzEngine(f *testing.F) {
	Fuzz(f, cubes.Game, rightEngine)
}
