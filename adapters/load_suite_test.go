package adapters_test

import (
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// conformanceUnderLimits selects conformance's tests that run programs
// under time limits: Command's runs and verdicts, Check of a command,
// the floods of the stream protocol, a stream per job, the example of
// NewCommand. The rest of the package checks Go values and would only
// add minutes of CPU.
const conformanceUnderLimits = `^(TestCommand|TestCheck|TestWallLimit|TestStream|TestRunOfAStreamCommand|` +
	`TestProgramOfAJudgeCommand|TestReportCutsAFloodOfOutput|ExampleNewCommand)`

// suiteRuns builds pkg's test binary and returns a run of each of its
// tests that match the regular expression run, each in a process of its
// own, as go test runs it: in the package's directory.
func suiteRuns(t *testing.T, pkg, run string) []*loadRun {
	t.Helper()
	bin := filepath.Join(work, strings.ReplaceAll(pkg, "/", "-")+".test")
	dir := filepath.Join(root(t), pkg)
	build := exec.Command("go", "test", "-c", "-o", bin, "./"+pkg)
	build.Dir = root(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Errorf("go test -c ./%s: %v\n%s", pkg, err, out)
		return nil
	}
	list := exec.Command(bin, "-test.list", run)
	list.Dir = dir
	out, err := list.Output()
	if err != nil {
		t.Errorf("%s -test.list %s: %v", bin, run, err)
		return nil
	}
	var runs []*loadRun
	for name := range strings.FieldsSeq(string(out)) {
		if strings.HasPrefix(name, "Benchmark") {
			continue
		}
		runs = append(runs, &loadRun{
			name:  pkg + "/" + name,
			group: pkg,
			unit:  "tests",
			argv:  []string{bin, "-test.count=1", "-test.v", "-test.run", "^" + regexp.QuoteMeta(name) + "$"},
			dir:   dir,
			count: suiteCount,
		})
	}
	if len(runs) == 0 {
		t.Errorf("%s -test.list %s: no test", bin, run)
	}
	return runs
}

var (
	topLevelRun = regexp.MustCompile(`(?m)^=== RUN   [^/\s]+$`)
	passLine    = regexp.MustCompile(`(?m)^PASS$`)
	skipLine    = regexp.MustCompile(`(?m)^\s*--- SKIP: .*$`)
)

// suiteCount reads the -test.v output of a test binary run on one test:
// it ran, it passed, nothing failed. A skip is a note.
func suiteCount(out string) (int, []string, error) {
	n := len(topLevelRun.FindAllString(out, -1))
	switch {
	case strings.Contains(out, "--- FAIL"), !passLine.MatchString(out):
		return n, nil, errors.New("the output does not read PASS")
	case n != 1:
		return n, nil, errors.New("want one test run")
	}
	var notes []string
	for _, line := range skipLine.FindAllString(out, -1) {
		notes = append(notes, strings.TrimSpace(line))
	}
	return n, notes, nil
}
