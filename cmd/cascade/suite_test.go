package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

// TestSuiteWritesEveryGamesFullSuite checks what cascade suite
// promises, for each game, on the suite of seed 1 with its stress tests:
// it has at most 20 tests, the stress tests last; cascade audit of it
// kills every variant that counts; the engine, run as a program, passes
// cascade check on it; and every variant that counts, run as a program
// (cascade score --engine planted:VARIANT), fails it as a judge sees it,
// an answer that differs from a .ans file or a crash.
//
// The variants run as a judge runs them, not through cascade check: a
// check of a failing program shrinks its case with hundreds of runs, and
// eighty of those took minutes. What check makes of a variant run so is
// pinned by suite-planted-engine.txtar; that the suite's cases kill each
// variant is audit's verdict above; what this adds is that the
// program each slug names gives the answers audit killed. Writing the
// full suites takes most of a minute of CPU, so go test -short leaves
// it out.
func TestSuiteWritesEveryGamesFullSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("writes both games' full suites, stress tests included: most of a minute")
	}
	// Mostly one core's work: beside the scripts, which mostly wait on
	// their programs.
	t.Parallel()
	if _, err := exec.LookPath("cascade"); err != nil {
		t.Fatalf("cascade is not on PATH (testscript.Main puts it there): %v", err)
	}
	for _, g := range conformance.Games() {
		dir := filepath.Join(t.TempDir(), "tests")
		var stdout, stderr bytes.Buffer
		if code := run([]string{"suite", "--game", g.Name(), "--out", dir, "--seed", "1"}, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("cascade suite --game %s: exit %d\n%s%s", g.Name(), code, stdout.Bytes(), stderr.Bytes())
		}
		ins, _ := filepath.Glob(filepath.Join(dir, "*.in"))
		if len(ins) == 0 || len(ins) > conformance.DefaultCoverMax {
			t.Errorf("cascade suite --game %s wrote %d tests, want 1 to %d", g.Name(), len(ins), conformance.DefaultCoverMax)
		}
		stress := g.StressTests()
		for i, name := range stress {
			if at := len(ins) - len(stress) + i; at < 0 || filepath.Base(ins[at])[3:] != name+".in" {
				t.Errorf("cascade suite --game %s: stress test %s is not test %d of %d:\n%s", g.Name(), name, at+1, len(ins), stdout.Bytes())
			}
			line := `(?m)^  [0-9][0-9]-` + regexp.QuoteMeta(name) + ` +` + stressSizes[name] + `; kills [0-9]+$`
			if !regexp.MustCompile(line).Match(stdout.Bytes()) {
				t.Errorf("cascade suite --game %s: no line %s:\n%s", g.Name(), line, stdout.Bytes())
			}
		}
		stdout.Reset()
		if code := run([]string{"audit", dir}, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("cascade audit of the %s suite: exit %d\n%s%s", g.Name(), code, stdout.Bytes(), stderr.Bytes())
		}
		if m := regexp.MustCompile(`(?m)^mutation score: (\d+) of (\d+) variants killed \(100\.0%\)$`).FindSubmatch(stdout.Bytes()); m == nil || !bytes.Equal(m[1], m[2]) {
			t.Errorf("cascade audit of the %s suite does not kill every variant:\n%s", g.Name(), stdout.Bytes())
		}
		if g.Name() == "match3" && !regexp.MustCompile(`(?m)^  limit-50x50 +3 +3$`).Match(stdout.Bytes()) {
			t.Errorf("cascade audit of the match3 suite does not count its three 50x50 stress tests at the limits:\n%s", stdout.Bytes())
		}

		impl := "cascade score --game " + g.Name() + " --engine " + conformance.EngineName
		out, err := exec.Command("cascade", "check", "--game", g.Name(), "--cases", dir, "--count", "0", "--builtin=false", "--jobs", "1", "--impl", impl).CombinedOutput()
		if err != nil {
			t.Errorf("%s: the engine as a program fails the suite: %v\n%s", g.Name(), err, out)
		}

		var wg sync.WaitGroup
		sem := make(chan struct{}, 2)
		for _, v := range g.PlantedVariants() {
			if !v.Counts() {
				continue // no test inside the statement's limits can kill it
			}
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				if !failsSuite(t, g.Name(), plantedPrefix+v.Slug, ins) {
					t.Errorf("%s: planted variant %q, run as a program, gets every test of the suite right", g.Name(), v.Name)
				}
			})
		}
		wg.Wait()
	}
}

// stressSizes are the sizes cascade suite prints for its stress tests:
// the statements' limits, or past them where the rulings ask for more.
var stressSizes = map[string]string{
	"samegame-stress-many-clicks":   `N=700, K=1500`,
	"samegame-stress-deep-group":    `N=1000, K=100`,
	"match3-stress-long-chains":     `50x50, k=3, q=1000`,
	"match3-stress-colour-specials": `50x50, k=5, q=1000`,
	"match3-stress-k100":            `50x50, k=100, q=1000`,
}

// failsSuite runs cascade score --engine engine on the tests ins, in
// order, until one gets another answer than its .ans file or does not
// exit 0; it says whether one did.
func failsSuite(t *testing.T, game, engine string, ins []string) bool {
	for _, in := range ins {
		want, err := os.ReadFile(in[:len(in)-len(".in")] + ".ans")
		if err != nil {
			t.Error(err)
			return false
		}
		got, err := exec.Command("cascade", "score", "--game", game, "--engine", engine, in).Output()
		if _, crashed := errors.AsType[*exec.ExitError](err); crashed {
			return true
		}
		if err != nil {
			t.Errorf("cascade score --engine %s %s: %v", engine, in, err)
			return false
		}
		if !bytes.Equal(got, want) {
			return true
		}
	}
	return false
}

func TestSuiteRefusesAnOutThatHoldsFilesAndLeavesThemAlone(t *testing.T) {
	dir := t.TempDir()
	judge := filepath.Join(dir, "01.in")
	if err := os.WriteFile(judge, []byte("1\n1\n0\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"suite", "--game", "samegame", "--out", dir, "--stress=false"}, nil, &stdout, &stderr); code != exitUsage {
		t.Errorf("cascade suite --out DIR with a file in it: exit %d, want %d", code, exitUsage)
	}
	entries, _ := os.ReadDir(dir)
	if data, _ := os.ReadFile(judge); len(entries) != 1 || string(data) != "1\n1\n0\n" {
		t.Errorf("cascade suite touched a directory of test data: %d entries, 01.in %q", len(entries), data)
	}
}
