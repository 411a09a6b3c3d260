package enginetest

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// hangEnv asks the test binary, run again, to fuzz hangingEngine
// (TestFuzzNamesTheCaseAnEngineHangsOn).
const hangEnv = "ENGINETEST_HANGING_ENGINE"

// hangingEngine scores as the engine does, but never answers a case
// whose box holds a cube of colour 2.
var hangingEngine = cubes.Game.TotalFunc("hangs-on-2", func(c *samegame.Case) (int64, error) {
	if holdsTwo(c) {
		select {}
	}
	return engine.ScoreSameGame(c), nil
})

func holdsTwo(c *samegame.Case) bool { return bytes.IndexByte(c.Board, 2) >= 0 }

// FuzzHangingEngine is Fuzz on hangingEngine, when the test binary is
// run again for it. The engine never returns on the cases it hangs on,
// so its short limit decides nothing a slow machine could change.
func FuzzHangingEngine(f *testing.F) {
	if os.Getenv(hangEnv) == "" {
		f.Skip("run by TestFuzzNamesTheCaseAnEngineHangsOn")
	}
	impl := hangingEngine
	impl.Limit = 200 * time.Millisecond
	Fuzz(f, cubes.Game, impl)
}

// TestFuzzNamesTheCaseAnEngineHangsOn runs FuzzHangingEngine on its
// first seed, under plain go test and under go test -fuzz, whose worker
// is given up as hung when a call of the target runs 10 seconds: each
// fails the target with the case the engine hangs on, shrunk, and the
// verdict.
func TestFuzzNamesTheCaseAnEngineHangsOn(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"go test", []string{"-test.run=^FuzzHangingEngine$/^seed#0$"}},
		{"go test -fuzz", []string{"-test.run=^$", "-test.fuzz=^FuzzHangingEngine$", "-test.fuzztime=1x", "-test.parallel=1", "-test.fuzzcachedir=" + t.TempDir()}},
	} {
		cmd := exec.Command(exe, append(tc.args, "-test.count=1")...)
		cmd.Env = append(os.Environ(), hangEnv+"=1")
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Errorf("%s: FuzzHangingEngine passed:\n%s", tc.name, out)
			continue
		}
		for _, want := range []string{
			"samegame: hangs-on-2: time limit exceeded\n",
			"time limit exceeded: no answer within 200ms",
		} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s: the failure lacks %q:\n%s", tc.name, want, out)
			}
		}
		_, in, _ := strings.Cut(string(out), "(save it as case.in):\n")
		in, _, _ = strings.Cut(in, "Replay it")
		var lines []string
		for line := range strings.Lines(in) {
			lines = append(lines, strings.TrimSpace(line))
		}
		c, err := samegame.Parse(strings.NewReader(strings.Join(lines, "\n")))
		if err != nil {
			t.Errorf("%s: the case reported does not parse: %v\n%s", tc.name, err, out)
		} else if !holdsTwo(c) {
			t.Errorf("%s: the case reported holds no 2, which the engine answers:\n%s", tc.name, out)
		}
	}
}
