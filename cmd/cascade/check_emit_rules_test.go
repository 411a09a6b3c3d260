package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/enginetest"
	"github.com/cascade-harness/cascade/samegame"
)

// emitRuleSet is a rule set the emitted scripts are written under, and
// the protocol of the program they were found on.
type emitRuleSet struct {
	name, rules string
	protocol    []string
}

// emitRuleSets are every named rule set and a custom one that differs
// from codeabbey in every setting; half of them are checked under
// --stream, whose flag the scripts carry too.
func emitRuleSets() []emitRuleSet {
	var sets []emitRuleSet
	for i, r := range samegame.Named() {
		var proto []string
		if i%2 == 1 {
			proto = []string{"--stream"}
		}
		sets = append(sets, emitRuleSet{r.Name, r.Name, proto})
	}
	return append(sets, emitRuleSet{"custom", "custom min=3 points=n^2 clear=7 left=-n end=list close=right", []string{"--stream"}})
}

// plantedBug is the bug of the program the scripts are found on.
const plantedBug = "cubes do not fall"

// emittedDirEnv names, for TestEmittedScriptsGoEngine, the directory
// that holds a directory of emitted scripts per rule set, and
// emittedEngineEnv the engine it checks: right or wrong.
const (
	emittedDirEnv    = "CASCADE_TEST_EMITTED_DIR"
	emittedEngineEnv = "CASCADE_TEST_EMITTED_ENGINE"
	// enginetestCommand is set by enginetest.Scripts in the environment
	// of the test binary run again as the scripts' cascade command,
	// which has the script's environment, not this test's.
	enginetestCommand = "CASCADE_ENGINETEST_COMMAND"
)

// TestEmittedScriptsRunUnderEveryRuleSet writes, with cascade check
// --emit, the regression script of a program that lets no cube fall,
// under each named rule set and a custom one, and runs it: under
// cascade's own check it passes for a right program and fails for the
// wrong one, and under enginetest.Scripts it passes for a right Go
// engine of the rule set and fails for a wrong one.
func TestEmittedScriptsRunUnderEveryRuleSet(t *testing.T) {
	if testing.Short() {
		t.Skip("checks and shrinks under every rule set, and runs the test binary again")
	}
	base := t.TempDir()
	for _, rs := range emitRuleSets() {
		t.Run(rs.name, func(t *testing.T) {
			dir := filepath.Join(base, rs.name)
			planted := "cascade score --engine planted:" + conformance.Slug(plantedBug)
			args := append([]string{"check", "--game", "samegame", "--rules", rs.rules,
				"--impl", strings.Join(append([]string{planted}, rs.protocol...), " ")}, rs.protocol...)
			args = append(args, "--builtin=false", "--seed", "1", "--count", "300", "--jobs", "1", "--emit", dir)
			var stdout, stderr bytes.Buffer
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitRejected {
				t.Fatalf("cascade %q = %d, want %d\n%s%s", args, code, exitRejected, stdout.Bytes(), stderr.Bytes())
			}
			scripts, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
			if len(scripts) != 1 {
				t.Fatalf("--emit wrote %q, want one script\n%s", scripts, stdout.Bytes())
			}
			script, _ := os.ReadFile(scripts[0])
			if r, _ := samegame.Lookup(rs.name); !r.IsDefault() && !bytes.Contains(script, []byte("--rules ")) {
				t.Errorf("the script of %s checks without --rules:\n%s", rs.name, script)
			}
			right := strings.Join(append([]string{"cascade score"}, rs.protocol...), " ")
			wrong := strings.Join(append([]string{planted}, rs.protocol...), " ")
			if log, failed := runEmitted(dir, right); failed {
				t.Errorf("under cascade check, the script fails for %s:\n%s\n%s", right, script, log)
			}
			if log, failed := runEmitted(dir, wrong); !failed {
				t.Errorf("under cascade check, the script passes for %s:\n%s\n%s", wrong, script, log)
			}
		})
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, engine := range []string{"right", "wrong"} {
		cmd := exec.Command(exe, "-test.run=^TestEmittedScriptsGoEngine$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), emittedDirEnv+"="+base, emittedEngineEnv+"="+engine)
		out, err := cmd.CombinedOutput()
		for _, rs := range emitRuleSets() {
			verdict := "PASS"
			if engine == "wrong" {
				verdict = "FAIL"
			}
			if want := fmt.Sprintf("--- %s: TestEmittedScriptsGoEngine/%s ", verdict, rs.name); !bytes.Contains(out, []byte(want)) {
				t.Errorf("under enginetest.Scripts with the %s engine, no line %q (err %v):\n%s", engine, want, err, out)
			}
		}
		if (err == nil) != (engine == "right") {
			t.Errorf("under enginetest.Scripts with the %s engine: %v\n%s", engine, err, out)
		}
	}
}

// TestEmittedScriptsGoEngine runs the scripts that
// TestEmittedScriptsRunUnderEveryRuleSet wrote under enginetest.Scripts,
// each rule set's against a Go engine of cubes.Under it,
// right or with the bug the scripts were found on; and it is the
// scripts' cascade command.
func TestEmittedScriptsGoEngine(t *testing.T) {
	base, which := os.Getenv(emittedDirEnv), os.Getenv(emittedEngineEnv)
	if base == "" && os.Getenv(enginetestCommand) == "" {
		t.Skip("run by TestEmittedScriptsRunUnderEveryRuleSet")
	}
	for _, rs := range emitRuleSets() {
		t.Run(rs.name, func(t *testing.T) {
			r, err := samegame.ParseRules(rs.rules)
			if err != nil {
				t.Fatal(err)
			}
			g := cubes.Under(r)
			impl := g.TotalFunc("right", func(c *samegame.Case) (int64, error) { return engine.ScoreSameGame(c), nil })
			if which == "wrong" || os.Getenv("IMPL") == "wrong" {
				// The command runs in the script's environment, where
				// IMPL is the engine's name.
				impl = g.Func("wrong", plantedPlay(t, g))
			}
			enginetest.Scripts(t, g, impl, filepath.Join(base, rs.name))
		})
	}
}

// plantedPlay is the play of g's planted variant plantedBug.
func plantedPlay(t *testing.T, g *conformance.Game[*samegame.Case, samegame.Trace]) func(*samegame.Case) (samegame.Trace, error) {
	for _, v := range g.Variants() {
		if v.Name == plantedBug {
			return func(c *samegame.Case) (samegame.Trace, error) { return v.Play(c), nil }
		}
	}
	t.Fatalf("%s has no planted variant %q", g.Name, plantedBug)
	return nil
}

// runEmitted runs the scripts of dir with cascade (this test binary) as
// the command and IMPL the program they check, and reports whether one
// failed, with the log.
func runEmitted(dir, impl string) (string, bool) {
	st := &scriptT{}
	func() {
		defer st.stop()
		testscript.RunT(st, testscript.Params{
			Dir: dir,
			Setup: func(env *testscript.Env) error {
				env.Setenv("IMPL", impl)
				return nil
			},
		})
	}()
	return st.log.String(), st.failed
}

// scriptT is a testscript.T that records a failure rather than failing
// the test, for a script that should fail.
type scriptT struct {
	log    strings.Builder
	failed bool
}

// stopped is what scriptT panics with to stop a script, as
// testing.T.FailNow stops a test's goroutine.
type stopped struct{}

func (t *scriptT) stop() {
	if r := recover(); r != nil && r != (stopped{}) {
		panic(r)
	}
}

func (t *scriptT) Skip(a ...any) {
	t.Log(append([]any{"skipped:"}, a...)...)
	panic(stopped{})
}

func (t *scriptT) Fatal(a ...any) {
	t.Log(a...)
	t.FailNow()
}

func (t *scriptT) FailNow() {
	t.failed = true
	panic(stopped{})
}

func (t *scriptT) Parallel()     {}
func (t *scriptT) Log(a ...any)  { fmt.Fprintln(&t.log, a...) }
func (t *scriptT) Verbose() bool { return true }

func (t *scriptT) Run(name string, f func(testscript.T)) {
	defer t.stop()
	fmt.Fprintf(&t.log, "script %s:\n", name)
	f(t)
}
