package enginetest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// guideDoc is the guide whose set-up and test file TestGoAPIGuide runs.
const guideDoc = "../docs/go-api.md"

// TestGoAPIGuide follows docs/go-api.md as a new user would, offline: a
// module outside the tree, beside a clone of cascade, from an empty
// module cache that only the guide's go mod download in the clone fills
// (from the module cache of this machine, standing in for the network),
// runs the guide's set-up commands, then, with the guide's complete test
// file and a Jawbreaker engine (testdata/guide/jawbreaker.go, its points
// from the guide's points.go), its test commands: the engine checked in
// process under the jawbreaker rules, fuzzed, put to a gopter property,
// and run against the regression scripts that cascade check --rules
// jawbreaker --emit writes. With the planted bug of the guide's
// points.go, the tests pass and the guide's fuzz command fails as the
// guide shows, keeping a regression script, on which the next go test
// fails; with the guide's fixed points.go, both commands pass, the kept
// script among the tests. The commands, the test file, the two
// points.go, the fuzz report, the rule sets' file (built in a package of
// its own) and the go.mod the guide shows are read from the guide, so
// that the two cannot drift apart.
func TestGoAPIGuide(t *testing.T) {
	doc, err := os.ReadFile(guideDoc)
	if err != nil {
		t.Fatal(err)
	}
	g, err := readGuide(string(doc))
	if err != nil {
		t.Fatalf("%s: %v", guideDoc, err)
	}
	engine, err := os.ReadFile(filepath.Join("testdata", "guide", "jawbreaker.go"))
	if err != nil {
		t.Fatal(err)
	}
	goEnv := goEnvOf(t, "GOCACHE", "GOMODCACHE")
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := g.script(string(engine))
	if err := os.WriteFile(filepath.Join(dir, "guide.txtar"), []byte(script), 0o666); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("GOCACHE", goEnv["GOCACHE"])
			env.Setenv("GOTOOLCHAIN", "local")
			// The network: the module cache of this machine, served
			// as a proxy. Only the guide's go mod download uses it.
			env.Setenv("NETWORK", "file://"+filepath.ToSlash(filepath.Join(goEnv["GOMODCACHE"], "cache", "download")))
			env.Setenv("CASCADE_ROOT", root)
			return nil
		},
	})
}

// The guide quotes the report of a StepFunc engine that folds the
// end-of-game term into its running total as cascade words it.
func TestGoAPIGuideQuotesTheFoldedEndTermReport(t *testing.T) {
	doc, err := os.ReadFile(guideDoc)
	if err != nil {
		t.Fatal(err)
	}
	bench, _ := samegame.Lookup("benchmark")
	g := cubes.Under(bench)
	folded := g.StepFunc("folded", func(c *samegame.Case) (conformance.StepTrace, error) {
		total := engine.ScoreSameGame(c)
		return conformance.StepTrace{Running: []int64{total}, Total: total}, nil
	})
	c, err := g.Parse(strings.NewReader("1 2\n1\n1\n1\n0 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Check(context.Background(), folded, c)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(res.String(), "\n")
	msg := strings.TrimPrefix(first, "wrong answer: ")
	if text := strings.Join(strings.Fields(string(doc)), " "); !strings.Contains(text, "`"+msg+"`") {
		t.Errorf("%s does not quote the report %q", guideDoc, msg)
	}
}

// guide is what TestGoAPIGuide reads from the guide.
type guide struct {
	setUp, run    []string // the commands of its two blocks
	testFile      string   // the complete test file
	points, fixed string   // points.go with its planted bug, and fixed
	fuzzReport    []string // the lines of the fuzz report it shows
	ruleSets      string   // the file of the rule sets section
	requires      []string // the require lines of the go.mod it shows
}

var (
	guideFence = regexp.MustCompile("(?ms)^```(\\S*)([^\\n]*)\\n(.*?)^```")
	requireRe  = regexp.MustCompile(`(?m)^\t(\S+ v\S+(?: // indirect)?)$`)
)

// readGuide reads the blocks TestGoAPIGuide runs: the two console blocks
// covered by it, the go fence of jawbreaker_test.go and the go.mod fence.
func readGuide(doc string) (guide, error) {
	var g guide
	var blocks [][]string
	for _, m := range guideFence.FindAllStringSubmatch(doc, -1) {
		lang, info, body := m[1], strings.Fields(m[2]), m[3]
		switch {
		case lang == "console" && len(info) == 1 && info[0] == "covered-by=TestGoAPIGuide":
			var cmds []string
			for _, line := range strings.Split(body, "\n") {
				if cmd, ok := strings.CutPrefix(line, "$ "); ok {
					cmds = append(cmds, cmd)
				}
			}
			blocks = append(blocks, cmds)
		case lang == "go" && len(info) == 1 && info[0] == "file=jawbreaker_test.go":
			g.testFile = body
		case lang == "go" && len(info) == 1 && info[0] == "file=rulesets.go":
			g.ruleSets = body
		case lang == "go" && len(info) == 1 && info[0] == "file=points.go":
			g.points = body
		case lang == "go" && len(info) == 2 && info[0] == "file=points.go" && info[1] == "fixed":
			g.fixed = body
		case lang == "text" && len(info) == 1 && info[0] == "fuzz-report":
			g.fuzzReport = strings.Split(strings.TrimSuffix(body, "\n"), "\n")
		case lang == "go.mod":
			for _, r := range requireRe.FindAllStringSubmatch(body, -1) {
				g.requires = append(g.requires, r[1])
			}
		}
	}
	switch {
	case len(blocks) != 2:
		return g, fmt.Errorf("%d console blocks covered-by=TestGoAPIGuide, want 2: the set-up and the test run", len(blocks))
	case g.testFile == "":
		return g, fmt.Errorf("no ```go file=jawbreaker_test.go fence")
	case g.ruleSets == "":
		return g, fmt.Errorf("no ```go file=rulesets.go fence")
	case g.points == "" || g.fixed == "":
		return g, fmt.Errorf("no ```go file=points.go fence, or no ```go file=points.go fixed fence")
	case len(g.fuzzReport) == 0:
		return g, fmt.Errorf("no ```text fuzz-report fence")
	case len(g.requires) == 0:
		return g, fmt.Errorf("no ```go.mod fence with require lines")
	}
	g.setUp, g.run = blocks[0], blocks[1]
	return g, nil
}

// script is the testscript that follows the guide: its set-up commands,
// the emission of regression scripts, its test commands, and checks of
// what ran.
func (g guide) script(engine string) string {
	var b strings.Builder
	b.WriteString(`# Generated by TestGoAPIGuide from docs/go-api.md.

[short] skip 'builds cascade and a module from an empty module cache'

env GOMODCACHE=$WORK/modcache
env GOPROXY=$NETWORK
env GOFLAGS=-modcacherw
env GOBIN=$WORK/bin
env PATH=$WORK/bin${:}$PATH
symlink cascade -> $CASCADE_ROOT
cd user

# The guide's set-up.
`)
	for _, cmd := range g.setUp {
		writeGuideCommand(&b, cmd)
	}
	b.WriteString(`
# The regression script of a program that lets no cube fall, under the
# jawbreaker rules.
! exec cascade check --rules jawbreaker --impl 'cascade score --engine planted:cubes-do-not-fall' --builtin=false --seed 1 --count 300 --jobs 1 --emit testdata/script
exec sh -c 'ls testdata/script/samegame-wrong-answer-seed1-case0-*.txtar'

# The guide's test run, on the engine with its planted bug: the tests
# pass, and the fuzzer fails as the guide shows and keeps the case as a
# regression script.
`)
	for _, cmd := range g.run {
		if !strings.Contains(cmd, " -fuzz ") {
			writeGuideCommand(&b, cmd)
			continue
		}
		b.WriteString("! ")
		writeGuideCommand(&b, cmd)
		for _, line := range g.fuzzReport {
			if line = strings.TrimRight(line, " "); line != "..." {
				fmt.Fprintf(&b, "stdout '%s'\n", reportLine(line))
			}
		}
	}
	b.WriteString(`exec ls testdata/script
stdout -count=1 '^samegame-wrong-answer-[0-9a-f]{16}\.txtar$'

# The next go test runs the kept script, and fails on it.
! exec go test -count=1 -run '^TestRegressions$' -v .
stdout '^    --- FAIL: TestRegressions/samegame-wrong-answer-[0-9a-f]{16} '
stdout '^    --- PASS: TestRegressions/samegame-wrong-answer-seed1-case0-[0-9a-f]{8} '

# Fixed, the guide's test run passes, the kept script among its tests.
cp ../fixed-points.go points.go
`)
	for _, cmd := range g.run {
		writeGuideCommand(&b, cmd)
	}
	b.WriteString(`
# What ran, and the go.mod it left.
exec go build ./...
exec go test -count=1 -v ./...
stdout '^--- PASS: TestJawbreaker '
stdout '^--- PASS: TestJawbreakerSteps '
stdout '^    --- PASS: FuzzJawbreaker/seed#0 '
stdout '^    --- PASS: TestRegressions/samegame-wrong-answer-seed1-case0-[0-9a-f]{8} '
stdout '^    --- PASS: TestRegressions/samegame-wrong-answer-[0-9a-f]{16} '
stdout '^    --- PASS: FuzzJawbreaker/[0-9a-f]{16} '
stdout '^--- PASS: TestScoreIsPointsAndBonus '
grep '^replace github.com/cascade-harness/cascade => ../cascade$' go.mod
`)
	for _, r := range g.requires {
		fmt.Fprintf(&b, "grep '^\\t%s$' go.mod\n", regexp.QuoteMeta(r))
	}
	fmt.Fprintf(&b, `
-- user/go.mod --
module example.com/jawbreaker

go 1.26
-- user/jawbreaker.go --
%s-- user/points.go --
%s-- fixed-points.go --
%s-- user/jawbreaker_test.go --
%s-- user/rulesets/rulesets.go --
%s`, engine, g.points, g.fixed, g.testFile, g.ruleSets)
	return b.String()
}

// writeGuideCommand writes a command of the guide as testscript runs it:
// an export as env lines, anything else run by sh.
func writeGuideCommand(b *strings.Builder, cmd string) {
	if vars, ok := strings.CutPrefix(cmd, "export "); ok {
		for _, v := range strings.Fields(vars) {
			fmt.Fprintf(b, "env %s\n", v)
		}
		return
	}
	fmt.Fprintf(b, "exec sh -c '%s'\n", strings.ReplaceAll(cmd, "'", "''"))
}

// reportLine is the regular expression of a line of a report the guide
// shows, "..." in it standing for any text.
func reportLine(line string) string {
	parts := strings.Split(line, "...")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(regexp.QuoteMeta(p), "'", "''")
	}
	return "^" + strings.Join(parts, ".*") + "$"
}
