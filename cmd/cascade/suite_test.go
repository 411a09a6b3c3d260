package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

// TestSuiteWritesEveryGamesFullSuite checks what cascade suite
// promises: for each game, the suite of seed 1, stress tests included,
// has at most 20 tests, and cascade audit of it kills every variant
// that counts; then every such variant, run as a program
// (cascade score --engine planted:VARIANT), fails cascade check on it,
// and the engine run the same way passes. The checks run two at a time;
// the whole takes a few minutes, so go test -short leaves it out.
func TestSuiteWritesEveryGamesFullSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("writes both games' full suites and checks every planted variant against them: minutes")
	}
	if _, err := exec.LookPath("cascade"); err != nil {
		t.Fatalf("cascade is not on PATH (testscript.Main puts it there): %v", err)
	}
	for _, g := range conformance.Games {
		dir := filepath.Join(t.TempDir(), "tests")
		var stdout, stderr bytes.Buffer
		if code := run([]string{"suite", "--game", g.Name(), "--out", dir, "--seed", "1"}, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("cascade suite --game %s: exit %d\n%s%s", g.Name(), code, stdout.Bytes(), stderr.Bytes())
		}
		ins, _ := filepath.Glob(filepath.Join(dir, "*.in"))
		if len(ins) == 0 || len(ins) > conformance.DefaultCoverMax {
			t.Errorf("cascade suite --game %s wrote %d tests, want 1 to %d", g.Name(), len(ins), conformance.DefaultCoverMax)
		}
		stdout.Reset()
		if code := run([]string{"audit", dir}, nil, &stdout, &stderr); code != exitOK {
			t.Fatalf("cascade audit of the %s suite: exit %d\n%s%s", g.Name(), code, stdout.Bytes(), stderr.Bytes())
		}
		if m := regexp.MustCompile(`(?m)^mutation score: (\d+) of (\d+) variants killed \(100\.0%\)$`).FindSubmatch(stdout.Bytes()); m == nil || !bytes.Equal(m[1], m[2]) {
			t.Errorf("cascade audit of the %s suite does not kill every variant:\n%s", g.Name(), stdout.Bytes())
		}

		check := func(engine string) (int, string) {
			impl := "cascade score --game " + g.Name() + " --engine " + engine
			cmd := exec.Command("cascade", "check", "--game", g.Name(), "--cases", dir, "--count", "0", "--builtin=false", "--jobs", "1", "--impl", impl)
			out, err := cmd.CombinedOutput()
			if exit, ok := errors.AsType[*exec.ExitError](err); ok {
				return exit.ExitCode(), string(out)
			}
			if err != nil {
				t.Fatalf("%s: %v", impl, err)
			}
			return 0, string(out)
		}
		if code, out := check(conformance.EngineName); code != exitOK {
			t.Errorf("%s: the engine as a program fails the suite: exit %d\n%s", g.Name(), code, out)
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
				if code, out := check(plantedPrefix + v.Slug); code != exitRejected || !strings.Contains(out, "FAIL "+g.Name()+":") {
					t.Errorf("%s: planted variant %q passes the suite (exit %d, want 1):\n%s", g.Name(), v.Name, code, out)
				}
			})
		}
		wg.Wait()
	}
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
