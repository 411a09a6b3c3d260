package conformance_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func TestBuiltinAnswersAreTheReferences(t *testing.T) {
	sg, m3 := cubes.Game.Builtin(), gems.Game.Builtin()
	if len(sg) < 10 || len(m3) < 10 {
		t.Fatalf("%d SameGame and %d match-3 built-in cases, want at least 10 of each", len(sg), len(m3))
	}
	if sg[0].Name != "samegame-example" || m3[0].Name != "match3-sample-1" {
		t.Errorf("first built-in cases %s and %s, want the documented examples first", sg[0].Name, m3[0].Name)
	}
	for _, bc := range sg {
		c, err := samegame.Parse(bytes.NewReader(bc.Input))
		if err != nil {
			t.Errorf("%s: %v", bc.Name, err)
			continue
		}
		if got := reference.PlaySameGame(c).Total; !bc.HasWant || got != bc.Want {
			t.Errorf("%s: the reference scores %d, the answer is %d (%v)", bc.Name, got, bc.Want, bc.HasWant)
		}
	}
	for _, bc := range m3 {
		c, err := match3.Parse(bytes.NewReader(bc.Input))
		if err != nil {
			t.Errorf("%s: %v", bc.Name, err)
			continue
		}
		if ok, why := c.InLimits(); !ok {
			t.Errorf("%s: outside the statement's limits: %s", bc.Name, why)
		}
		if got := reference.PlayMatch3(c).Total; !bc.HasWant || got != bc.Want {
			t.Errorf("%s: the reference scores %d, the answer is %d (%v)", bc.Name, got, bc.Want, bc.HasWant)
		}
	}
}

func TestBuiltinDocumentedExamplesAreTheStatements(t *testing.T) {
	builtin := map[string]conformance.Case{}
	for _, bc := range slices.Concat(cubes.Game.Builtin(), gems.Game.Builtin()) {
		builtin[bc.Name] = bc
	}
	for _, ex := range slices.Concat(sample.SameGame(), sample.Match3()) {
		bc, ok := builtin[ex.Name]
		if !ok {
			t.Errorf("no built-in case %s", ex.Name)
			continue
		}
		if string(bc.Input) != ex.Input || !bc.HasWant || bc.Want != ex.Want {
			t.Errorf("built-in case %s = %q, answer %d (%t); want the statement's %q, answer %d", ex.Name, bc.Input, bc.Want, bc.HasWant, ex.Input, ex.Want)
		}
	}
}

func TestBuiltinCasesHoldAnOverflowingGroup(t *testing.T) {
	for _, bc := range cubes.Game.Builtin() {
		if bc.Want > 1<<31-1 {
			return
		}
	}
	t.Error("no built-in SameGame case scores more than 2^31-1")
}

func TestBuiltinCasesAreFreshCopies(t *testing.T) {
	a := cubes.Game.Builtin()
	a[0].Input[0] = 'x'
	if b := cubes.Game.Builtin(); b[0].Input[0] == 'x' {
		t.Error("changing a returned case changed the built-in one")
	}
}

func TestReadCasesPairsInputsWithAnswers(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("a.in", "1\n1\n0\n")
	write("a.ans", " 0 \n")
	write("b.in", "1\n2\n0\n")
	write("b.out", "5\n")
	write("c.in", "1\n3\n0\n")
	write("notes.txt", "not a case\n")
	write("r.txtar", "comment\n-- case.in --\n1\n4\n0\n-- case.ans --\n9\n")
	cs, err := conformance.ReadCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range cs {
		got = append(got, c.Name+" "+strings.TrimSpace(string(c.Input[2:3]))+" "+map[bool]string{true: "want", false: "none"}[c.HasWant]+" "+string(rune('0'+c.Want)))
	}
	want := []string{"a 1 want 0", "b 2 want 5", "c 3 none 0", "r/case 4 want 9"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("ReadCases = %q, want %q", got, want)
	}

	if _, err := conformance.ReadCases(filepath.Join(dir, "nosuch")); err == nil {
		t.Error("ReadCases of a missing directory: no error")
	}
}

func TestReadCasesReportsEveryBadFileAndReadsTheRest(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("good.in", "1\n1\n0\n")
	write("good.ans", "0\n")
	write("word.in", "1\n1\n0\n")
	write("word.ans", "zero\n")
	write("two.in", "1\n1\n0\n")
	write("two.ans", "0\n0\n")
	write("notes.txtar", "no archive here\n")
	write("scripts.txtar", "-- case.txt --\n1\n")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.Symlink("nowhere.in", filepath.Join(dir, "broken.in")))
	must(os.Symlink("loop.in", filepath.Join(dir, "loop.in")))
	must(syscall.Mkfifo(filepath.Join(dir, "pipe.in"), 0o666))
	must(os.Mkdir(filepath.Join(dir, "sub.in"), 0o777))

	done := make(chan struct{})
	var cs []conformance.Case
	var err error
	go func() {
		defer close(done)
		cs, err = conformance.ReadCases(dir)
	}()
	select {
	case <-done:
	case <-time.After(hang):
		t.Fatalf("ReadCases still reading after %v: it waits on the named pipe", hang)
	}
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"broken":  dir + "/broken.in: no such file or directory",
		"good":    "",
		"loop":    dir + "/loop.in: too many levels of symbolic links",
		"notes":   dir + "/notes.txtar: not a txtar archive: no -- NAME -- line",
		"pipe":    dir + "/pipe.in: not a regular file (a named pipe)",
		"scripts": dir + "/scripts.txtar: holds no NAME.in file",
		// Several integers may be a board: the game that plays the case
		// says (Game.AnswerText), not ReadCases.
		"two":  "",
		"word": dir + `/word.ans: want one integer, got "zero"`,
	}
	got := make(map[string]string)
	for _, c := range cs {
		if c.Name == "two" && string(c.WantText) != "0\n0\n" {
			t.Errorf("case two: WantText %q, want the answer file's \"0\\n0\"", c.WantText)
		}
		got[c.Name] = ""
		if c.Err != nil {
			got[c.Name] = c.Err.Error()
		}
	}
	for name, w := range want {
		if g, ok := got[name]; !ok || g != w {
			t.Errorf("case %s: error %q (found %t), want %q", name, g, ok, w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("cases %v, want those of %v", got, want)
	}
}
