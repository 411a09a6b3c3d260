package conformance

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/cascade-harness/cascade/input"
)

// ReadCases reads a judge's test data from dir: every NAME.in with its
// answer in NAME.ans (or else NAME.out), and every NAME.txtar archive,
// whose members are read the same way (a case is then named
// NAME/MEMBER). An input without an answer file is still a case, checked
// against the reference only. Cases come sorted by name; subdirectories
// are not read. Each NAME.in is read as the game its first line shows:
// it is ReadCasesFor(dir, nil).
//
// One bad file does not stop the others: a case whose files cannot be
// made a case (see Case.Err), and an archive that holds none, come back
// with Err set, named for the case or the archive. Only files that are
// regular files are read: a named pipe, say, is reported, not waited on.
// The error says that dir itself cannot be read.
func ReadCases(dir string) ([]Case, error) { return ReadCasesFor(dir, nil) }

// ReadCasesFor is ReadCases reading every NAME.in as game g, or, when g
// is nil, as the game its first line shows (Recognise).
//
// A NAME.in is read as a stream through the game's parser, never held
// whole, so that a huge file costs the memory of its case and no more,
// and one that is not valid is settled where its first problem shows,
// however long the file goes on: a 200 MB row under SameGame's header
// 2 is rejected in its first bytes. A valid one becomes its case written
// again (Case.Input). One that is not valid, or whose first line tells
// no game, and that is at most 64 KB is kept as it is, so that the
// caller reports it as it reports any input that does not parse (Run
// names the line and says the input is not valid); a bigger one is not
// kept: Case.Err says why it is not valid, naming the file and the line.
// A SameGame input whose rules line names another rule set than g's is
// not kept either: Case.Err is the *RulesConflict, named for the file.
//
// Answer files are one integer: one of more than 4 KB is not read on
// and is reported (Case.Err). Archives are read whole.
func ReadCasesFor(dir string, g Any) ([]Case, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	files := make(map[string][]byte)
	games := make(map[string]Any)
	unread := make(map[string]error)
	buf := make([]byte, keepInvalid+1)
	var cs []Case
	for _, e := range entries {
		name := e.Name()
		ext := path.Ext(name)
		if e.IsDir() || ext != ".in" && ext != ".ans" && ext != ".out" && ext != ".txtar" {
			continue
		}
		file := filepath.Join(dir, name)
		var data []byte
		var err error
		switch ext {
		case ".txtar":
			data, err = readFile(file, -1)
			cs = append(cs, readArchive(file, data, err)...)
			continue
		case ".in":
			data, games[name], err = readInput(file, g, buf)
		default:
			data, err = readFile(file, maxAnswer)
		}
		if err != nil {
			unread[name] = err
			continue
		}
		files[name] = data
	}
	for _, c := range pairCases(files, unread) {
		c.Source = filepath.Join(dir, c.Name+".in")
		c.Game = games[c.Name+".in"]
		if c.Err != nil && filepath.Clean(dir) != "." {
			// The error starts with the file's name.
			c.Err = fmt.Errorf("%s%c%w", filepath.Clean(dir), filepath.Separator, c.Err)
		}
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b Case) int { return strings.Compare(a.Name, b.Name) })
	return cs, nil
}

// keepInvalid is the size up to which ReadCasesFor keeps an input that is
// not valid as it is, and maxAnswer the size of the largest answer file
// it reads.
const (
	keepInvalid = 64 << 10
	maxAnswer   = 4 << 10
)

// readInput reads the input file as a case of game g, or of the game its
// first line shows when g is nil, and returns it written again in the
// game's format, with the game it is played as (Any.Read): SameGame
// under the rule set of its rules line. A rules line that names another
// rule set than g's is the error, a *RulesConflict. An input that is not valid, or that
// tells no game (game nil), comes back as it is when it is at most
// keepInvalid bytes long; when it is longer, the error says why it is
// not valid, without naming the file, and game is still the game told. buf holds keepInvalid+1 bytes: the
// start of the file is read into it.
func readInput(file string, g Any, buf []byte) (in []byte, game Any, err error) {
	f, err := openRegular(file)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	n, err := io.ReadFull(f, buf)
	whole := err == io.EOF || err == io.ErrUnexpectedEOF
	if err != nil && !whole {
		return nil, nil, cause(err)
	}
	var r io.Reader = bytes.NewReader(buf[:n])
	if !whole {
		r = io.MultiReader(r, f)
	}
	// rejected returns the input as it is when it was read whole, or
	// else why it is not valid.
	rejected := func(game Any, why error) ([]byte, Any, error) {
		if whole {
			return bytes.Clone(buf[:n]), game, nil
		}
		return nil, game, cause(why)
	}
	if g == nil {
		if g, r, err = Recognise(r); err != nil {
			return rejected(nil, err)
		}
	}
	p, errs := g.Read(r, 1)
	if len(errs) > 0 {
		if _, ok := errors.AsType[*RulesConflict](errs[0]); ok {
			// Not an input that is not valid but a case of another
			// rule set: the caller says so, whatever its size.
			return nil, g, errs[0]
		}
		return rejected(g, errs[0])
	}
	var b bytes.Buffer
	if err := p.Format(&b); err != nil {
		return nil, nil, err
	}
	return b.Bytes(), p.Game(), nil
}

// Recognise tells the game of an input from its first non-empty line:
// the game whose Any.Recognise takes the number of integers on it (one
// or two integers are SameGame's N or W H; four or more are match-3's n m
// k q, a match-3 input may hold its whole stream on one line), or
// for a line that opens with the word rules, the first game whose
// inputs may open with a rules line (Game.RulesLine). It returns a reader that
// still yields the whole input. However many blank lines come first and
// however long the first line is, it keeps only a count of those lines
// and the first line's first four tokens (of a rules line, its first
// rulesWords), each of at most input.MaxToken bytes. The error names the
// line.
func Recognise(r io.Reader) (Any, io.Reader, error) {
	g, r := rulesLineGame(r)
	if g != nil {
		return g, r, nil
	}
	s := input.NewScanner(r)
	var seen []byte // the tokens read, as the parser will see them again
	fields, line := 0, 0
	for fields < 4 && (fields == 0 || s.More()) {
		tok, ok := s.Token()
		if !ok {
			break
		}
		if _, err := strconv.Atoi(string(tok)); err != nil || s.Cut() {
			return nil, nil, input.Errorf(s.Line(), "cannot tell the game: %s is not an integer (use --game)", s.Quote(tok))
		}
		if fields > 0 {
			seen = append(seen, ' ')
		}
		seen = append(seen, tok...)
		fields, line = fields+1, s.Line()
	}
	switch {
	case s.Err() != nil:
		return nil, nil, s.Err()
	case fields == 0 && s.Line() == 0:
		return nil, nil, input.Errorf(1, "input is empty")
	case fields == 0:
		return nil, nil, input.Errorf(1, "input holds only blank lines")
	}
	for _, g := range Games() {
		if g.Recognise(fields) {
			return g, s.Replay(seen), nil
		}
	}
	return nil, nil, input.Errorf(line, "cannot tell the game from %d integers: want %s (use --game)", fields, openings())
}

// readArchive makes cases of the members of the txtar archive file,
// whose content is data, or could not be read when err is set.
func readArchive(file string, data []byte, err error) []Case {
	stem := strings.TrimSuffix(filepath.Base(file), ".txtar")
	if err == nil {
		members := archiveFiles(data)
		files := make(map[string][]byte)
		for _, f := range members {
			files[f.Name] = f.Data
		}
		cs := pairCases(files, nil)
		for i := range cs {
			cs[i].Source = file + ": " + cs[i].Name + ".in"
			cs[i].Name = stem + "/" + cs[i].Name
			if cs[i].Err != nil {
				cs[i].Err = fmt.Errorf("%s: %w", file, cs[i].Err)
			}
		}
		if len(cs) > 0 {
			return cs
		}
		err = errors.New("holds no NAME.in file")
		if len(members) == 0 {
			err = errors.New("not a txtar archive: no -- NAME -- line")
		}
	}
	return []Case{{Name: stem, Source: file, Err: fmt.Errorf("%s: %w", file, err)}}
}

// readFile reads file, which must be a regular file (openRegular), and
// of at most max bytes when max is not negative. The error says why
// not, without naming the file.
func readFile(file string, max int64) ([]byte, error) {
	f, err := openRegular(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if max >= 0 {
		r = io.LimitReader(f, max+1)
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, cause(err)
	}
	if max >= 0 && int64(len(data)) > max {
		return nil, fmt.Errorf("want one integer, got %s", input.QuoteStart(bytes.TrimLeft(data, " \t\r\n")))
	}
	return data, nil
}

// openRegular opens file, which must be a regular file: it is opened
// without waiting, so that a named pipe is reported rather than waited
// on. The error says why not, without naming the file.
func openRegular(file string) (*os.File, error) {
	f, err := os.OpenFile(file, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, cause(err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, cause(err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("not a regular file (%s)", fileKind(st.Mode()))
	}
	return f, nil
}

// cause is the cause of an error of package os, without the operation
// and the file it names.
func cause(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// fileKind names the kind of file a mode describes, for an error.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return m.Type().String()
}

// pairCases makes a Case of every NAME.in among files and unread, the
// files that could not be read with why, with the answer in NAME.ans or
// else NAME.out. A case whose input or answer file could not be read, or
// whose answer file is not one integer, has Err set, naming the file.
func pairCases(files map[string][]byte, unread map[string]error) []Case {
	var cs []Case
	for name, err := range unread {
		if stem, ok := strings.CutSuffix(name, ".in"); ok {
			cs = append(cs, Case{Name: stem, Err: fmt.Errorf("%s: %w", name, err)})
		}
	}
	for name, data := range files {
		stem, ok := strings.CutSuffix(name, ".in")
		if !ok {
			continue
		}
		c := Case{Name: stem, Input: data}
		for _, ext := range []string{".ans", ".out"} {
			if err := unread[stem+ext]; err != nil {
				c.Err = fmt.Errorf("%s%s: %w", stem, ext, err)
				break
			}
			ans, ok := files[stem+ext]
			if !ok {
				continue
			}
			want, err := strconv.ParseInt(string(bytes.TrimSpace(ans)), 10, 64)
			if err != nil && isIntegers(ans) {
				// An answer of several integers (a board).
				c.WantText, c.wantFile = bytes.Clone(ans), stem+ext
				break
			}
			if err != nil {
				c.Err = fmt.Errorf("%s%s: want one integer, got %s", stem, ext, input.Quote(bytes.TrimSpace(ans)))
				break
			}
			c.Want, c.HasWant = want, true
			break
		}
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b Case) int { return strings.Compare(a.Name, b.Name) })
	return cs
}

// rulesGame is the game of a rules line whose words, after the word
// rules, are words: the first game registered whose KnowsRules takes
// them, or else the first whose inputs may open with a rules line and
// that has no KnowsRules; nil when none.
func rulesGame(words []string) Any {
	for _, g := range Games() {
		if g.KnowsRules(words) {
			return g
		}
	}
	for _, g := range Games() {
		if g.RulesLine() && !g.hasKnowsRules() {
			return g
		}
	}
	return nil
}

// rulesWords is the most words of a rules line Recognise and NextCase
// read to tell its game: more than any rule set has settings.
const rulesWords = 32

// openings says what the first line of an input of each game registered
// holds: "1 or 2 (SameGame: N or W H) or 4 (match-3: n m k q)".
func openings() string {
	var o []string
	for _, g := range Games() {
		if g.Opening() != "" {
			o = append(o, g.Opening())
		}
	}
	return strings.Join(o, " or ")
}

// rulesLineGame tells the game of an input that opens with a rules
// line from the words of that line (rulesGame), as far as the first
// rulesPeek bytes of text hold them, and returns it, nil when the input
// opens with none or no game knows it, with a reader that still yields
// the whole input.
func rulesLineGame(r io.Reader) (Any, io.Reader) {
	br := bufio.NewReaderSize(r, rulesPeek)
	blank := 0 // the line ends before the first text
	for {
		b, err := br.ReadByte()
		if err != nil {
			break
		}
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			br.UnreadByte()
			break
		}
		if b == '\n' {
			blank++
		}
	}
	r = io.MultiReader(input.LineEnds(blank), br)
	head, _ := br.Peek(rulesPeek)
	line, _, complete := bytes.Cut(head, []byte("\n"))
	words := strings.Fields(string(line))
	if len(words) == 0 || words[0] != "rules" {
		return nil, r
	}
	words = words[1:]
	if !complete && len(head) == rulesPeek {
		// The last word may go on past what was peeked.
		words = words[:len(words)-1]
	}
	return rulesGame(words[:min(len(words), rulesWords)]), r
}

// rulesPeek is how many bytes of a rules line Recognise reads to tell
// its game: more than any rule set's name and first settings.
const rulesPeek = 4096

// isIntegers reports whether ans holds two or more white-space
// separated decimal integers and nothing else: an answer that is not a
// total (Case.WantText).
func isIntegers(ans []byte) bool {
	fields := bytes.Fields(ans)
	if len(fields) < 2 {
		return false
	}
	for _, f := range fields {
		if _, err := strconv.ParseInt(string(f), 10, 64); err != nil {
			return false
		}
	}
	return true
}
