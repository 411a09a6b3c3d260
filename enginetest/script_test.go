package enginetest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// TestScriptCommand runs the scripts' cascade command in process: its
// score plays the engine under test by default and cascade's by name,
// and what it does not take is a usage error, as cascade's is.
func TestScriptCommand(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"score by the engine under test", []string{"score"}, "1\n1\n2\n0 0, 0 0\n", exitOK, "2\n", ""},
		{"score by the reference", []string{"score", "--engine", "reference"}, "1\n1\n2\n0 0, 0 0\n", exitOK, "1\n", ""},
		{"score of another game", []string{"score", "--engine", "reference"}, sampleMatch3, exitOK, "1000\n", ""},
		{"score of the engine under test on another game", []string{"score", "--game", "match3"}, sampleMatch3, exitUsage, "", "--engine wrong: want engine, reference or wrong"},
		{"score of a rejected input", []string{"score"}, "2\n10\n", exitRejected, "", "line 2"},
		{"check of another game", []string{"check", "--game", "match3"}, "", exitUsage, "", "the engine under test, wrong, plays samegame"},
		{"check of the built-in cases", []string{"check"}, "", exitRejected, "FAIL samegame: wrong: ", ""},
		{"another command", []string{"trace"}, "", exitUsage, "", "runs score and check only"},
		{"no command", nil, "", exitUsage, "", "usage: cascade score|check"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := runCommand(cubes.Game, wrongEngine, tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("cascade %q = %d, stdout %q, stderr %q; want %d, stdout with %q, stderr with %q",
					tc.args, code, stdout.String(), stderr.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

// sampleMatch3 is a match-3 input: a 3x3 board, no operations.
const sampleMatch3 = "3 3 3 0\n1 2 3\n2 3 1\n3 1 2\n0 0 0\n0 0 0\n0 0 0\n"

// TestScriptCommandUnderARuleSet runs the scripts' cascade command for
// an engine of jawbreaker: the --rules of the scripts cascade check
// --emit writes under a rule set are taken when they name the engine's
// rule set, and a usage error when they name another; score reads the
// rule set from --rules or from CASCADE_RULES, as cascade's does.
func TestScriptCommandUnderARuleSet(t *testing.T) {
	jaw, _ := samegame.Lookup("jawbreaker")
	g := cubes.Under(jaw)
	right := g.TotalFunc("right", func(c *samegame.Case) (int64, error) { return engine.ScoreSameGame(c), nil })
	const (
		// Two cubes that clear the box: 2 points and jawbreaker's clear
		// bonus of 400; codeabbey scores them 3, benchmark 1000.
		pair      = "1 2\n1\n1\n1\n0 0\n"
		pairRules = "rules jawbreaker\n" + pair
	)
	for _, tc := range []struct {
		name   string
		args   []string
		env    string // CASCADE_RULES
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"check under the engine's rule set", []string{"check", "--game", "samegame", "--rules", jaw.String(), "--builtin=false", "--count", "3"}, "", "", exitOK, "ok samegame: right: 3 cases accepted", ""},
		{"check under its name", []string{"check", "--rules", "jawbreaker", "--stream", "--steps", "--jobs", "1", "--builtin=false", "--count", "1"}, "", "", exitOK, "ok samegame", ""},
		{"check under another rule set", []string{"check", "--rules", "benchmark", "--builtin=false"}, "", "", exitUsage, "", "--rules benchmark: the engine under test, right, plays jawbreaker"},
		{"check under a custom rule set", []string{"check", "--rules", "custom min=2 points=n*(n-1) clear=400 left=max(20-n,0)^2 close=right", "--builtin=false"}, "", "", exitUsage, "", "plays jawbreaker"},
		{"check under a rule set that is none", []string{"check", "--rules", "jaw"}, "", "", exitUsage, "", `unknown rule set "jaw"`},
		{"score by the engine under --rules", []string{"score", "--rules", "jawbreaker"}, "", pair, exitOK, "402\n", ""},
		{"score by the engine of a rules line", []string{"score", "--game", "samegame"}, "", pairRules, exitOK, "402\n", ""},
		{"score by the reference under --rules", []string{"score", "--rules", "benchmark", "--engine", "reference"}, "", pair, exitOK, "1000\n", ""},
		{"score by the reference under CASCADE_RULES", []string{"score", "--engine", "reference"}, "benchmark", pair, exitOK, "1000\n", ""},
		{"score by the engine under another rule set", []string{"score", "--rules", "benchmark"}, "", pair, exitUsage, "", "plays jawbreaker"},
		{"score of a rules line against --rules", []string{"score", "--rules", "benchmark", "--engine", "reference"}, "", pairRules, exitUsage, "", `the rules line says "jawbreaker", but --rules says "benchmark"`},
		{"score under a bad CASCADE_RULES", []string{"score", "--engine", "reference"}, "jaw", pair, exitUsage, "", "CASCADE_RULES: rules: unknown rule set"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(conformance.RulesEnv, tc.env)
			var stdout, stderr bytes.Buffer
			code := runCommand(g, right, tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("cascade %q = %d, stdout %q, stderr %q; want %d, stdout with %q, stderr with %q",
					tc.args, code, stdout.String(), stderr.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}
