package adapters_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// searchCheck runs cascade check of the search engine's example,
// python/example_search.py, under the benchmark rules with flags, one
// job, seed 1, its variables env set; it returns the output, the exit
// status and the --json report.
func searchCheck(t *testing.T, env []string, flags ...string) (string, int, searchReport) {
	t.Helper()
	loadFixture(t)
	p, _ := pythonOnly(t)
	example := filepath.Join(root(t), "adapters", "python", "example_search.py")
	report := filepath.Join(t.TempDir(), "report.json")
	args := append([]string{"check", "--rules", "benchmark", "--impl", "python3 '" + example + "'", "--stream",
		"--jobs", "1", "--seed", "1", "--json", report}, flags...)
	cmd := exec.Command(filepath.Join(work, "cascade"), args...)
	cmd.Env = environment(append(p.env, env...)...)
	out, err := cmd.CombinedOutput()
	status := 0
	if exit, ok := err.(*exec.ExitError); ok {
		status = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("cascade %s: %v", strings.Join(args, " "), err)
	}
	var rep searchReport
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatalf("cascade %s: no --json report: %v\n%s", strings.Join(args, " "), err, out)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("cascade %s: --json report: %v", strings.Join(args, " "), err)
	}
	return string(out), status, rep
}

// searchReport is what the tests read of check's --json report.
type searchReport struct {
	Games []struct {
		BuiltinLeftOut int `json:"builtin_left_out"`
		Divergence     *struct {
			Shrunk struct {
				Verdict string `json:"verdict"`
				Input   string `json:"input"`
			} `json:"shrunk"`
		} `json:"divergence"`
	} `json:"games"`
}

// TestSearchEngineNeedsLegalClicks checks the search engine's example,
// which asserts on a click that removes nothing, as a search engine
// does: without --legal it fails on its assertion; with --legal (and
// with --usual-box, where it also asserts a 15x15 board) it passes, no
// false alarm; a planted wrong clear bonus is caught and shrunk to a
// case whose every click removes a group of 2 or more.
func TestSearchEngineNeedsLegalClicks(t *testing.T) {
	out, status, rep := searchCheck(t, nil, "--count", "100")
	if status != 1 || !strings.Contains(out, "AssertionError: move (#, #) on ") {
		t.Errorf("without --legal: exit status %d, want 1 with the engine's assertion:\n%s", status, out)
	}

	out, status, rep = searchCheck(t, nil, "--legal", "--count", shortCount("300", "60"))
	if status != 0 || !strings.Contains(out, "\nok samegame benchmark: ") {
		t.Errorf("with --legal: exit status %d, want 0:\n%s", status, out)
	}
	if rep.Games[0].BuiltinLeftOut == 0 {
		t.Errorf("with --legal: no built-in case left out, want the one with a click below the minimum")
	}

	out, status, _ = searchCheck(t, []string{"SEARCH_FIXED_BOARD=1"}, "--legal", "--usual-box", "--count", "30", "--builtin=false")
	if status != 0 || !strings.Contains(out, "\nok samegame benchmark: 30 cases") {
		t.Errorf("with --legal --usual-box on a fixed board: exit status %d, want 0:\n%s", status, out)
	}

	out, status, rep = searchCheck(t, []string{"SEARCH_BUG=bonus"}, "--legal", "--count", "300")
	d := rep.Games[0].Divergence
	if status != 1 || d == nil || d.Shrunk.Verdict != "wrong answer" {
		t.Fatalf("a wrong clear bonus: exit status %d, want 1 with a wrong answer:\n%s", status, out)
	}
	c, err := samegame.Parse(strings.NewReader(d.Shrunk.Input))
	if err != nil {
		t.Fatalf("shrunk input: %v\n%s", err, d.Shrunk.Input)
	}
	g := reference.NewSameGame(c)
	for i, m := range c.Moves {
		if res := g.Apply(m); res.Removed < 2 {
			t.Errorf("shrunk case: click %d %v removes %d cubes, want 2 or more:\n%s", i+1, m, res.Removed, d.Shrunk.Input)
		}
	}
	if len(c.Moves) == 0 || c.W*c.H > 6 {
		t.Errorf("shrunk to %dx%d with %d clicks, want a small box and a click:\n%s", c.W, c.H, len(c.Moves), d.Shrunk.Input)
	}
}
