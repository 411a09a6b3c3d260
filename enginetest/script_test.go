package enginetest

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
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
			code := runCommand(conformance.SameGame, wrongEngine, tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("cascade %q = %d, stdout %q, stderr %q; want %d, stdout with %q, stderr with %q",
					tc.args, code, stdout.String(), stderr.String(), tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

// sampleMatch3 is a match-3 input: a 3x3 board, no operations.
const sampleMatch3 = "3 3 3 0\n1 2 3\n2 3 1\n3 1 2\n0 0 0\n0 0 0\n0 0 0\n"
