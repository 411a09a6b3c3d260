package conformance

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cascade-harness/cascade/input"
)

// Regression is the regression script of a divergence: a testscript
// that pins the reference's answer to the shrunk case with cascade
// score, then checks the implementation named by $IMPL on the case with
// cascade check, so that it fails until that implementation scores the
// case right. Its case.in and case.ans also make it a case set for
// cascade check --cases.
//
// cascade check --emit writes one for a program; enginetest writes one
// for a Go engine whose check failed, and enginetest.Scripts runs it
// against the engine.
type Regression struct {
	// Game is the game of the case.
	Game Any
	// Divergence is what the script pins: the shrunk case, its answers
	// and the first diverging step; a state leak's earlier cases too.
	Divergence *Divergence
	// Seed is the seed of the run, which names the script of a
	// generated case.
	Seed uint64
	// Rules is the SameGame rule set the case diverged under, in its
	// text form (Report.Rules); empty for codeabbey and for match-3.
	Rules string
	// Impl names the implementation: a program's command line, an
	// engine's name.
	Impl string
	// Protocol holds the flags of cascade check that name the program's
	// protocol, " --stream --steps" say; empty for the judge protocol.
	Protocol string
	// Slug names the program in the script's name when several are
	// checked side by side; empty for one.
	Slug string
	// Tag, when not empty, ends the script's name in place of where the
	// case came from (seedS-caseI, a case's name).
	Tag string
	// By names what found the case in the script's comment, "cascade
	// check" when empty.
	By string
	// Replay is the command line that replays the case as generated,
	// before it was shrunk, for the script's comment; empty for none.
	Replay string
	// Reuse makes Write take a file of the script's name that already
	// holds the same script for the script written, where otherwise it
	// writes the script again under the next free name: a check that
	// fails the same way run after run keeps one script.
	Reuse bool
}

// regressionTries bounds the names Write tries, NAME.txtar,
// NAME-2.txtar ..., before it gives up.
const regressionTries = 100

// Name is the script's name without .txtar: GAME-VERDICT-CASE, or with
// a Slug GAME-SLUG-VERDICT-CASE, CASE the Tag, or else seedS-caseI-HASH
// for a generated case and NAME-HASH for another, HASH the first 8
// hexadecimal digits of the script's SHA-256: scripts of different
// programs, or of different failures, emitted with the same seed into
// directories of their own, can then be gathered into one without one
// taking another's name; two of the same name are the same script.
func (r *Regression) Name() string {
	d := r.Divergence
	stem := r.Game.Name()
	if r.Slug != "" {
		stem += "-" + r.Slug
	}
	stem += "-" + Slug(d.Found.Verdict.String())
	switch {
	case r.Tag != "":
		stem += "-" + r.Tag
	case d.Index >= 0:
		stem += fmt.Sprintf("-seed%d-case%d", r.Seed, d.Index)
	default:
		stem += "-" + Slug(strings.TrimPrefix(strings.TrimPrefix(d.Source, "built-in "), "case "))
	}
	if r.Tag == "" {
		sum := sha256.Sum256(r.Script())
		stem += "-" + hex.EncodeToString(sum[:4])
	}
	return stem
}

// Write writes the script to dir, made when missing, as Name().txtar
// and returns its path. It never overwrites a file: when NAME.txtar
// exists it tries NAME-2.txtar and so on, unless Reuse is set and the
// file holds the same script, which is then the script written.
func (r *Regression) Write(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	stem := r.Name()
	data := r.Script()
	for i := 1; i <= regressionTries; i++ {
		name := stem + ".txtar"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.txtar", stem, i)
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			if old, err := os.ReadFile(path); r.Reuse && err == nil && bytes.Equal(old, data) {
				return path, nil
			}
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", err
		}
		return path, nil
	}
	return "", fmt.Errorf("%s.txtar and %d more names exist in %s; not overwriting", stem, regressionTries-1, dir)
}

// Slug lower-cases s and joins its runs of letters a to z and digits
// with single dashes: "Wrong answer on case 3" is "wrong-answer-on-case-3".
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// Script is the text of the regression script.
func (r *Regression) Script() []byte {
	d := r.Divergence
	s := d.Shrunk
	var got string
	switch {
	case s.Verdict == WrongAnswer && !s.Traced && s.WantText != nil:
		got = "answered another: " + s.Diff
	case s.Verdict == WrongAnswer && !s.Traced:
		got = fmt.Sprintf("answered %d", s.Got)
	case s.Status != "":
		got = fmt.Sprintf("failed: %v, %s", s.Verdict, s.Status)
	default:
		got = fmt.Sprintf("failed: %v, %s", s.Verdict, s.Diff)
	}
	moves := r.Game.Step()
	var where string
	switch {
	case d.Op > 0:
		step := "?"
		if p, err := r.Game.Parse(s.Input); err == nil {
			step = p.StepText(d.Op)
		}
		where = fmt.Sprintf("The first diverging %s is %s %d, %s.", moves, moves, d.Op, step)
	case d.Op == 0:
		where = fmt.Sprintf("It diverges before any %s.", moves)
	}
	by := r.By
	if by == "" {
		by = "cascade check"
	}

	var script bytes.Buffer
	comment := func(p string) {
		for _, line := range input.Wrap(p, 72) {
			script.WriteString("# " + line + "\n")
		}
	}
	comment("Check a program, in any language, on this case: put this file in a directory DIR " +
		"of its own and run")
	fmt.Fprintf(&script, "#   cascade check --game %s --impl %s%s --builtin=false --cases DIR --count 0\n", r.Game.Name(), shellQuote(r.Impl), r.caseFlags())
	files := "case.in and case.ans"
	if d.Leak {
		files = "the NAME.in and NAME.ans files"
	}
	comment("(--cases reads " + files + " below). The check fails until the program scores " +
		"the case right.")
	script.WriteString("#\n")
	comment(fmt.Sprintf("%s found this %s case: %s, shrunk from %s. The reference scores it %d; %s %s. %s",
		by, r.Game.Name(), d.Found.Verdict, d.Source, s.Want, r.Impl, got, where))
	script.WriteString("#\n")
	comment("As a testscript, the script checks the program named by $IMPL (a command line, split " +
		"like a shell would) against case.ans and the reference, the same way. cascade's own scripts " +
		"set IMPL to the reference.")
	if r.Replay != "" && !d.Leak {
		script.WriteString("#\n# The case as generated, before shrinking, is replayed by:\n")
		fmt.Fprintf(&script, "#   %s\n", r.Replay)
	}
	archive := []txtar.File{
		{Name: "case.in", Data: s.Input},
		{Name: "case.ans", Data: wantText(s)},
	}
	if d.Leak {
		script.WriteString("#\n")
		why := "The program carries state from case to case."
		if d.History {
			why = "It fails so after copies of itself, and of itself without its " + moves + "s, in their place too: " +
				"it depends on the process's history (warm-up, a JIT, its stack or heap), not on what the earlier cases hold."
		}
		comment(fmt.Sprintf("It fails only after the %s below, played before it in one process "+
			"(--stream --jobs 1 plays the cases in name order through one process); alone it is accepted. "+
			"%s", input.Count(int64(len(d.Before)), "earlier case", "earlier cases"), why))
		archive = r.leakFiles()
	}
	fmt.Fprintf(&script, "\nexec cascade score --game %s --engine reference %s\n", r.Game.Name(), archive[len(archive)-2].Name)
	if s.WantText != nil {
		fmt.Fprintf(&script, "cmp stdout %s\n", archive[len(archive)-1].Name)
	} else {
		fmt.Fprintf(&script, "stdout '^%d$'\n", s.Want)
	}
	fmt.Fprintf(&script, "exec cascade check --game %s --impl=$IMPL%s --cases . --builtin=false --count 0\n\n", r.Game.Name(), r.caseFlags())
	return txtar.Format(&txtar.Archive{Comment: script.Bytes(), Files: archive})
}

// caseFlags are the flags a check of the case needs beyond --impl: the
// protocol of the program, the rule set, and one process in order for a
// state leak.
func (r *Regression) caseFlags() string {
	flags := r.Protocol
	if r.Rules != "" {
		// The case is checked under the rule set it diverged under,
		// and the program told it.
		flags += " --rules " + shellQuote(r.Rules)
	}
	if r.Divergence.Leak {
		return flags + " --jobs 1"
	}
	return flags
}

// leakFiles are the cases of a state leak, in the order they are played:
// the earlier cases, then the failing one, named so that they sort in
// that order, each with the reference's answer.
func (r *Regression) leakFiles() []txtar.File {
	d := r.Divergence
	n := len(d.Before) + 1
	width := len(fmt.Sprint(n))
	var files []txtar.File
	add := func(i int, what string, in []byte) {
		name := fmt.Sprintf("%0*d-%s", width, i, what)
		var want int64
		if p, err := r.Game.Parse(in); err == nil {
			want, _ = p.Score(ReferenceName)
		}
		files = append(files, txtar.File{Name: name + ".in", Data: in}, txtar.File{Name: name + ".ans", Data: fmt.Appendf(nil, "%d\n", want)})
	}
	for i, in := range d.Before {
		add(i+1, "earlier", in)
	}
	add(n, "case", d.Shrunk.Input)
	return files
}

// shellQuote quotes s for a POSIX shell (and for process.SplitWords,
// which splits --impl).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// wantText is the answer file of result s: the reference's answer when it
// is not the total (Result.WantText), else the total.
func wantText(s Result) []byte {
	if s.WantText != nil {
		return s.WantText
	}
	return fmt.Appendf(nil, "%d\n", s.Want)
}
