package conformance

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"

	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/samegame"
)

// A Case is a named problem input with the answer it must get: one of the
// built-in cases, or a test of a judge's data read by ReadCases.
type Case struct {
	// Name names the case in reports: "samegame-example", or the file
	// name without its extension for a judge's test.
	Name string
	// Input is the problem input in the statement's format. For a
	// NAME.in that ReadCasesFor read on disk it is the case written
	// again in the game's own format (Puzzle.Format), whose size follows
	// the case, not the file (blank lines and line ends are not kept);
	// or the file as it is, when it is not a valid case and small
	// enough to keep (see ReadCasesFor).
	Input []byte
	// Game is the game ReadCasesFor read a NAME.in as: the one it was
	// given, or the one the file's first line shows, and for a valid
	// SameGame case, SameGame under the rule set its rules line names
	// (Any.Read). It is nil for a
	// file whose first line tells no game, for a member of an archive
	// and for a built-in case: the caller tells their game.
	Game Any
	// Want is the answer; it means something only when HasWant is set.
	Want int64
	// HasWant says the case came with an answer; a case without one is
	// checked against the reference only.
	HasWant bool
	// Source says where ReadCases read the case, for reports:
	// "DIR/NAME.in", or "DIR/ARCHIVE.txtar: NAME.in" for a member of an
	// archive; "" for a built-in case.
	Source string
	// Err says why ReadCases could not make a case of the files, naming
	// the file: an input or answer file that cannot be read or is not a
	// regular file, an answer file that is not one integer, an archive
	// that holds no NAME.in. Such a case is not run; Run reports it
	// (NamedResult.Err) and counts it as a divergence.
	Err error
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
//
// An embedded case with a rules line is a case of its rule set, not of
// the statement's: sameGameCasesUnder selects it. One without a rules
// line whose box is W x H is no case of the statement either, whose
// input opens with N: a program written to the statement could not read
// it.
func sameGameCases() []Case {
	cs := builtinCases("samegame", sample.SameGame())
	cs = slices.DeleteFunc(cs, func(c Case) bool { return !statementCase(c.Input) })
	return append(cs, oneColourBox(300))
}

// statementCase reports whether a SameGame input is in the Color Cubes
// statement's own format: no rules line, and a first line holding N
// alone.
func statementCase(in []byte) bool {
	first, _, _ := bytes.Cut(bytes.TrimLeft(in, " \t\r\n"), []byte("\n"))
	return len(bytes.Fields(first)) == 1 && !hasRulesLine(in)
}

// match3Cases returns the built-in match-3 cases: the statement's three
// samples and every match-3 input of the command's scripts that stays
// inside the statement's limits. Each call returns fresh copies.
func match3Cases() []Case { return builtinCases("match3", sample.Match3()) }

// builtin reads the embedded cases of each game once.
func builtin() map[string][]Case { return builtinValue.Get() }

var builtinValue = lazy.Value[map[string][]Case]{Make: func() map[string][]Case {
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
}}

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
	c := &samegame.Case{W: n, H: n, Board: bytes.Repeat([]byte{1}, n*n), Moves: []samegame.Move{{X: 0, Y: 0}}}
	var b bytes.Buffer
	samegame.Format(&b, c)
	return Case{
		Name:    fmt.Sprintf("samegame-one-colour-%dx%d", n, n),
		Input:   b.Bytes(),
		Want:    samegame.Points(n * n),
		HasWant: true,
	}
}

// readCasesFS reads the .in files of directory dir of fsys with their
// answers; a file that cannot be made a case is an error.
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
	cs := pairCases(files, nil)
	for _, c := range cs {
		if c.Err != nil {
			return nil, c.Err
		}
	}
	return cs, nil
}
