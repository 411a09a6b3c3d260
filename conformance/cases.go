package conformance

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sync"
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
	// WantText is the answer file when it holds an answer other than
	// one integer (a board, Game.AnswerText): white-space separated
	// integers. HasWant is then false.
	WantText []byte
	// wantFile names the answer file of WantText: "NAME.ans".
	wantFile string
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

// Embedded is a game's built-in cases, embedded by its package in fsys
// under Dir with their answers: the inputs of the command's scripts
// (each pins a ruling) and a few tricky cases, whose answers are the
// reference's, which the game's tests check still are. The zero value
// but for its fields is ready: the files are read once, when first asked
// for, and nothing is made before (a program that reads no built-in case
// pays nothing at start-up).
type Embedded struct {
	FS  fs.FS
	Dir string

	once  sync.Once
	cases []Case
}

// Cases returns fresh copies of the embedded cases (ReadCasesFS). A file
// that is not a case panics: the files are fixed at build time and the
// game's tests read every one of them.
func (e *Embedded) Cases() []Case {
	e.once.Do(func() {
		cs, err := ReadCasesFS(e.FS, e.Dir)
		if err != nil {
			panic(fmt.Sprintf("conformance: built-in cases: %v", err))
		}
		e.cases = cs
	})
	cs := make([]Case, 0, len(e.cases))
	for _, c := range e.cases {
		c.Input = bytes.Clone(c.Input)
		cs = append(cs, c)
	}
	return cs
}

// ReadCasesFS reads the .in files of directory dir of fsys with their
// answers; a file that cannot be made a case is an error.
func ReadCasesFS(fsys fs.FS, dir string) ([]Case, error) {
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
