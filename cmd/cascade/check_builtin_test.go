package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"cascade/conformance"
	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// builtinDir is where package conformance keeps the cases it embeds.
var builtinDir = filepath.Join("..", "..", "conformance", "testdata", "builtin")

// scriptCase is a valid input found in a script, as conformance embeds it.
type scriptCase struct {
	game, name string
	input      []byte
	want       int64
}

// scriptCases returns every input of the scripts (files NAME.in) that is
// a valid case of either game, match-3 ones inside the statement's
// limits, named after the script (and the file, when the script holds
// several inputs), with the reference's answer. Inputs come in the
// canonical format (samegame.Format, match3.Format): conformance checks
// parsed cases, so scripts that differ only in how the input is written
// (line ends, separators) give one case.
func scriptCases(t *testing.T) []scriptCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "script", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var cs []scriptCase
	for _, f := range files {
		a, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var ins []txtar.File
		for _, file := range a.Files {
			if strings.HasSuffix(file.Name, ".in") && !strings.Contains(file.Name, "/") {
				ins = append(ins, file)
			}
		}
		stem := strings.TrimSuffix(filepath.Base(f), ".txtar")
		for _, in := range ins {
			name := stem
			if len(ins) > 1 {
				name += "-" + strings.TrimSuffix(in.Name, ".in")
			}
			var b bytes.Buffer
			if sc, err := samegame.Parse(bytes.NewReader(in.Data)); err == nil {
				samegame.Format(&b, sc)
				cs = append(cs, scriptCase{"samegame", name, b.Bytes(), reference.PlaySameGame(sc).Total})
			} else if mc, err := match3.Parse(bytes.NewReader(in.Data)); err == nil {
				if ok, _ := mc.InLimits(); ok {
					match3.Format(&b, mc)
					cs = append(cs, scriptCase{"match3", name, b.Bytes(), reference.PlayMatch3(mc).Total})
				}
			}
		}
	}
	return cs
}

// TestBuiltinCasesHoldEveryScriptInput checks that package conformance
// embeds every valid input of the scripts (in canonical form, under
// any name), with the reference's answer,
// so that conformance.TestSameGame, TestMatch3 and "cascade check" run
// the cases the scripts pin. With -update it copies what is missing or
// out of date into conformance/testdata/builtin.
func TestBuiltinCasesHoldEveryScriptInput(t *testing.T) {
	embedded := map[string]map[string]conformance.Case{"samegame": {}, "match3": {}}
	for _, c := range conformance.SameGameCases() {
		embedded["samegame"][c.Name] = c
	}
	for _, c := range conformance.Match3Cases() {
		embedded["match3"][c.Name] = c
	}
	cs := scriptCases(t)
	if len(cs) == 0 {
		t.Fatal("no valid inputs (*.in) in testdata/script")
	}
	// An input is held when some embedded case has the same canonical
	// form and answer, whatever its name: the samples recur in several
	// scripts.
	held := make(map[string]bool)
	for game, m := range embedded {
		for _, c := range m {
			var b bytes.Buffer
			if sc, err := samegame.Parse(bytes.NewReader(c.Input)); game == "samegame" && err == nil {
				samegame.Format(&b, sc)
			} else if mc, err := match3.Parse(bytes.NewReader(c.Input)); game == "match3" && err == nil {
				match3.Format(&b, mc)
			}
			if c.HasWant {
				held[fmt.Sprintf("%s %d %s", game, c.Want, b.Bytes())] = true
			}
		}
	}
	var stale []string
	for _, sc := range cs {
		key := fmt.Sprintf("%s %d %s", sc.game, sc.want, sc.input)
		if held[key] {
			continue
		}
		held[key] = true
		if !*update {
			stale = append(stale, sc.game+"/"+sc.name)
			continue
		}
		dir := filepath.Join(builtinDir, sc.game)
		if err := os.WriteFile(filepath.Join(dir, sc.name+".in"), sc.input, 0o666); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, sc.name+".ans"), fmt.Appendf(nil, "%d\n", sc.want), 0o666); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s/%s.in and .ans", dir, sc.name)
	}
	if len(stale) > 0 {
		slices.Sort(stale)
		t.Errorf("conformance/testdata/builtin lacks or holds stale copies of %d script inputs:\n  %s\n"+
			"run: go test ./cmd/cascade -run TestBuiltinCasesHoldEveryScriptInput -update",
			len(stale), strings.Join(stale, "\n  "))
	}
}
