package cubes

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
)

const sameGameBox = "2\n11\n12\n1\n0 0\n"

// TestSameGameUnderRejectsAnotherRulesLine holds Under to what
// "the same rule set" means: the same name and settings of play, the
// generation settings aside; codeabbey is a rule set like the others, a
// rules line that says it included.
func TestSameGameUnderRejectsAnotherRulesLine(t *testing.T) {
	for _, tc := range []struct {
		name, under, input string
		line               int // of the conflict; 0: none
	}{
		{"no rules line", "benchmark", sameGameBox, 0},
		{"its own name", "benchmark", "rules benchmark\n" + sameGameBox, 0},
		{"its own, with generation settings", "benchmark", "rules benchmark size=6x5 colours=3\n" + sameGameBox, 0},
		{"another name", "benchmark", "rules swellfoop\n" + sameGameBox, 1},
		{"its settings as custom", "benchmark", "rules custom min=2 points=(n-2)^2 clear=1000\n" + sameGameBox, 1},
		{"codeabbey under benchmark", "benchmark", "rules codeabbey\n" + sameGameBox, 1},
		{"benchmark under codeabbey", "codeabbey", "rules benchmark\n" + sameGameBox, 1},
		{"codeabbey under codeabbey", "codeabbey", "rules codeabbey\n" + sameGameBox, 0},
		{"custom under the same custom", "custom min=2", "rules custom min=2\n" + sameGameBox, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := Under(mustRules(t, tc.under)).Any()
			_, err := g.Parse([]byte(tc.input))
			rc, ok := errors.AsType[*conformance.RulesConflict](err)
			switch {
			case tc.line == 0 && err != nil:
				t.Errorf("Parse under %s = %v, want no error", tc.under, err)
			case tc.line > 0 && !ok:
				t.Errorf("Parse under %s = %v, want a *RulesConflict", tc.under, err)
			case ok && rc.Line != tc.line:
				t.Errorf("Parse under %s: conflict on line %d, want %d", tc.under, rc.Line, tc.line)
			}
		})
	}
}

// TestSameGameReadsACaseAsItsRuleSet checks that a puzzle SameGame reads
// is of the game its rules line names, the one it is judged by, and
// that every read of one rule set gives the one game.
func TestSameGameReadsACaseAsItsRuleSet(t *testing.T) {
	p, err := Game.Any().Parse([]byte("rules benchmark\n" + sameGameBox))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Game().Rules(), mustRules(t, "benchmark").String(); got != want {
		t.Errorf("game of a benchmark case plays %q, want %q", got, want)
	}
	q, err := Game.Any().Parse([]byte("rules benchmark size=6x5\n" + sameGameBox))
	if err != nil {
		t.Fatal(err)
	}
	if p.Game() != q.Game() {
		t.Error("two benchmark cases are of two games")
	}
	if r, err := Game.Any().Parse([]byte(sameGameBox)); err != nil || r.Game() != Game.Any() {
		t.Errorf("a case without a rules line: %v, game %v; want SameGame", err, r)
	}
}

// TestReadCasesReportsAConflictingRulesLine checks that ReadCasesFor
// does not keep a small case whose rules line conflicts as an input that
// is not valid: Case.Err is the conflict, named for the file.
func TestReadCasesReportsAConflictingRulesLine(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "b.in"), []byte("rules benchmark\n"+sameGameBox), 0o666); err != nil {
		t.Fatal(err)
	}
	cs, err := conformance.ReadCasesFor(dir, Under(mustRules(t, "lx")).Any())
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 {
		t.Fatalf("ReadCasesFor read %d cases, want 1", len(cs))
	}
	if _, ok := errors.AsType[*conformance.RulesConflict](cs[0].Err); !ok {
		t.Errorf("ReadCasesFor: case error %v, want a *RulesConflict", cs[0].Err)
	}
}
