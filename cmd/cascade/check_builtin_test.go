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

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// builtinDirs are where the game families keep the cases they embed,
// by game.
var builtinDirs = map[string]string{
	"samegame": filepath.Join("..", "..", "cubes", "testdata", "builtin"),
	"match3":   filepath.Join("..", "..", "gems", "testdata", "builtin"),
}

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
// canonical format (the game's Format): conformance checks
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
			for _, g := range conformance.Games() {
				p, err := g.Parse(in.Data)
				if err != nil {
					continue
				}
				if p.InLimits() {
					want, _ := p.Score(conformance.ReferenceName)
					cs = append(cs, scriptCase{g.Name(), name, canonical(p), want})
				}
				break
			}
		}
	}
	return cs
}

// canonical is p in the statement's format as the game writes it.
func canonical(p conformance.Puzzle) []byte {
	var b bytes.Buffer
	p.Format(&b)
	return b.Bytes()
}

// TestBuiltinCasesHoldEveryScriptInput checks that package conformance
// embeds every valid input of the scripts (in canonical form, under
// any name), with the reference's answer,
// so that conformance's Game.Test and "cascade check" run
// the cases the scripts pin. With -update it copies what is missing or
// out of date into the game families' testdata/builtin.
func TestBuiltinCasesHoldEveryScriptInput(t *testing.T) {
	cs := scriptCases(t)
	if len(cs) == 0 {
		t.Fatal("no valid inputs (*.in) in testdata/script")
	}
	// An input is held when some embedded case has the same canonical
	// form and answer, whatever its name: the samples recur in several
	// scripts.
	held := make(map[string]bool)
	for _, g := range conformance.Games() {
		for _, c := range g.Builtin() {
			p, err := g.Parse(c.Input)
			if err == nil && c.HasWant {
				held[fmt.Sprintf("%s %d %s", g.Name(), c.Want, canonical(p))] = true
			}
		}
	}
	// An input with a rules line is a case of its rule set: the built-in
	// cases of that rule set hold it.
	for _, sc := range cs {
		c, err := samegame.Parse(bytes.NewReader(sc.input))
		if sc.game != "samegame" || err != nil || c.Rules.IsDefault() {
			continue
		}
		for _, bc := range cubes.Under(c.Rules).Builtin() {
			if b, err := samegame.Parse(bytes.NewReader(bc.Input)); err == nil && bc.HasWant {
				var f bytes.Buffer
				samegame.Format(&f, b)
				held[fmt.Sprintf("samegame %d %s", bc.Want, f.Bytes())] = true
			}
		}
	}
	var stale []string
	for _, sc := range cs {
		if first, _, _ := bytes.Cut(sc.input, []byte("\n")); sc.game == "match3" && bytes.HasPrefix(first, []byte("rules")) {
			// A match-3 input with a rules line is a case of its rule
			// set, whose built-in cases are its worked examples
			// (gems/testdata/rules); its answer may be a board.
			continue
		}
		if first, _, _ := bytes.Cut(sc.input, []byte("\n")); sc.game == "samegame" && !bytes.HasPrefix(first, []byte("rules")) && len(bytes.Fields(first)) == 2 {
			// A W x H box without a rules line is a case of no rule set
			// as it stands: the statement's boxes are N x N, and a
			// program under a rule set reads it with the rules a flag
			// gives.
			continue
		}
		key := fmt.Sprintf("%s %d %s", sc.game, sc.want, sc.input)
		if held[key] {
			continue
		}
		held[key] = true
		if !*update {
			stale = append(stale, sc.game+"/"+sc.name)
			continue
		}
		dir := builtinDirs[sc.game]
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
		t.Errorf("cubes/testdata/builtin or gems/testdata/builtin lacks or holds stale copies of %d script inputs:\n  %s\n"+
			"run: go test ./cmd/cascade -run TestBuiltinCasesHoldEveryScriptInput -update",
			len(stale), strings.Join(stale, "\n  "))
	}
}
