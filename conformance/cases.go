package conformance

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/txtar"

	"cascade/input"
	"cascade/internal/sample"
	"cascade/samegame"
)

// A Case is a named problem input with the answer it must get: one of the
// built-in cases, or a test of a judge's data read by ReadCases.
type Case struct {
	// Name names the case in reports: "samegame-example", or the file
	// name without its extension for a judge's test.
	Name string
	// Input is the problem input in the statement's format.
	Input []byte
	// Want is the answer; it means something only when HasWant is set.
	Want int64
	// HasWant says the case came with an answer; a case without one is
	// checked against the reference only.
	HasWant bool
	// Source says where ReadCases read the case, for reports:
	// "DIR/NAME.in", or "DIR/ARCHIVE.txtar: NAME.in" for a member of an
	// archive; "" for a built-in case.
	Source string
}

// The built-in cases are the statements' documented examples (package
// internal/sample holds them, the one copy in the tree) and the cases
// embedded from testdata/builtin/GAME/NAME.in with NAME.ans: the inputs
// of the command's scripts (each pins a ruling) and a few tricky cases.
// The answers are the reference's; the package tests check that they
// still are.
//
//go:embed testdata/builtin
var builtinFS embed.FS

// sameGameCases returns the built-in SameGame cases, the fixed part of
// SameGame.Test and SameGame.Run: the statement's example, every
// SameGame input of the command's scripts, and a box of 300 x 300 cubes of
// one colour removed by one click, worth 4050045000 points, more than 32
// bits hold. Each call returns fresh copies.
func sameGameCases() []Case {
	cs := builtinCases("samegame", sample.SameGame)
	return append(cs, oneColourBox(300))
}

// match3Cases returns the built-in match-3 cases: the statement's three
// samples and every match-3 input of the command's scripts that stays
// inside the statement's limits. Each call returns fresh copies.
func match3Cases() []Case { return builtinCases("match3", sample.Match3) }

// builtin reads the embedded cases of each game once.
var builtin = sync.OnceValue(func() map[string][]Case {
	m := make(map[string][]Case)
	dirs, err := fs.ReadDir(builtinFS, "testdata/builtin")
	if err == nil {
		for _, d := range dirs {
			var cs []Case
			if cs, err = readCasesFS(builtinFS, path.Join("testdata/builtin", d.Name())); err != nil {
				break
			}
			m[d.Name()] = cs
		}
	}
	if err != nil {
		// The embedded files are fixed at build time and the package
		// tests read every one of them.
		panic(fmt.Sprintf("conformance: built-in cases: %v", err))
	}
	return m
})

// builtinCases returns fresh copies of the built-in cases of a game: its
// documented examples first, then those embedded in its directory.
func builtinCases(dir string, documented []sample.Example) []Case {
	var cs []Case
	for _, ex := range documented {
		cs = append(cs, Case{Name: ex.Name, Input: []byte(ex.Input), Want: ex.Want, HasWant: true})
	}
	for _, c := range builtin()[dir] {
		c.Input = bytes.Clone(c.Input)
		cs = append(cs, c)
	}
	return cs
}

// oneColourBox is an n x n box of colour 1 with one click: one group of
// n*n cubes.
func oneColourBox(n int) Case {
	c := &samegame.Case{N: n, Board: bytes.Repeat([]byte{1}, n*n), Moves: []samegame.Move{{X: 0, Y: 0}}}
	var b bytes.Buffer
	samegame.Format(&b, c)
	return Case{
		Name:    fmt.Sprintf("samegame-one-colour-%dx%d", n, n),
		Input:   b.Bytes(),
		Want:    samegame.Points(n * n),
		HasWant: true,
	}
}

// ReadCases reads a judge's test data from dir: every NAME.in with its
// answer in NAME.ans (or else NAME.out), and every NAME.txtar archive,
// whose members are read the same way (a case is then named
// NAME/MEMBER). An input without an answer file is still a case, checked
// against the reference only. Cases come sorted by name; subdirectories
// are not read.
func ReadCases(dir string) ([]Case, error) {
	cs, err := readCasesFS(os.DirFS(dir), ".")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	for i := range cs {
		cs[i].Source = filepath.Join(dir, cs[i].Name+".in")
	}
	archives, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	for _, name := range archives {
		a, err := txtar.ParseFile(name)
		if err != nil {
			return nil, err
		}
		files := make(map[string][]byte)
		for _, f := range a.Files {
			files[f.Name] = f.Data
		}
		more, err := pairCases(files)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		stem := strings.TrimSuffix(filepath.Base(name), ".txtar")
		for i := range more {
			more[i].Source = name + ": " + more[i].Name + ".in"
			more[i].Name = stem + "/" + more[i].Name
		}
		cs = append(cs, more...)
	}
	slices.SortFunc(cs, func(a, b Case) int { return strings.Compare(a.Name, b.Name) })
	return cs, nil
}

// readCasesFS reads the .in files of directory dir of fsys with their
// answers.
func readCasesFS(fsys fs.FS, dir string) ([]Case, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	files := make(map[string][]byte)
	for _, e := range entries {
		ext := path.Ext(e.Name())
		if e.IsDir() || ext != ".in" && ext != ".ans" && ext != ".out" {
			continue
		}
		data, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		files[e.Name()] = data
	}
	return pairCases(files)
}

// pairCases makes a Case of every NAME.in among files, with the answer
// in NAME.ans or else NAME.out.
func pairCases(files map[string][]byte) ([]Case, error) {
	var cs []Case
	for name, data := range files {
		stem, ok := strings.CutSuffix(name, ".in")
		if !ok {
			continue
		}
		c := Case{Name: stem, Input: data}
		for _, ext := range []string{".ans", ".out"} {
			ans, ok := files[stem+ext]
			if !ok {
				continue
			}
			want, err := strconv.ParseInt(string(bytes.TrimSpace(ans)), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s%s: want one integer, got %s", stem, ext, input.Quote(bytes.TrimSpace(ans)))
			}
			c.Want, c.HasWant = want, true
			break
		}
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b Case) int { return strings.Compare(a.Name, b.Name) })
	return cs, nil
}
