package main

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

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
)

// emitTries bounds the names emit tries, NAME.txtar, NAME-2.txtar ...,
// before it gives up.
const emitTries = 100

// emit writes the shrunk case of r's divergence to dir as a testscript
// regression and returns its path: GAME-VERDICT-CASE-HASH.txtar, or with
// several programs GAME-PROGRAM-VERDICT-CASE-HASH.txtar, HASH the first 8
// hexadecimal digits of the script's SHA-256. Scripts of different
// programs, or of different failures, emitted with the same seed into
// directories of their own, can then be gathered into one without one
// taking another's name; two of the same name are the same script. It
// never overwrites a file: when NAME.txtar exists it tries NAME-2.txtar
// and so on.
//
// The script pins the reference's answer with cascade score, then runs
// cascade check on the program named by $IMPL against the case and its
// answer, so it fails until that program scores the case right. The
// archive's case.in and case.ans also make it a case set for
// cascade check --cases.
func emit(dir string, r *gameReport) (string, error) {
	d := r.Divergence
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", fmt.Errorf("--emit: %w", err)
	}
	stem := r.game.Name()
	if r.slug != "" {
		// One of several programs: the script is named after it.
		stem += "-" + r.slug
	}
	stem += "-" + slug(d.Found.Verdict.String())
	if d.Index >= 0 {
		stem += fmt.Sprintf("-seed%d-case%d", r.Seed, d.Index)
	} else {
		stem += "-" + slug(strings.TrimPrefix(strings.TrimPrefix(d.Source, "built-in "), "case "))
	}
	data := regression(r)
	sum := sha256.Sum256(data)
	stem += "-" + hex.EncodeToString(sum[:4])
	for i := 1; i <= emitTries; i++ {
		name := stem + ".txtar"
		if i > 1 {
			name = fmt.Sprintf("%s-%d.txtar", stem, i)
		}
		path := filepath.Join(dir, name)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("--emit: %w", err)
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", fmt.Errorf("--emit: %w", err)
		}
		return path, nil
	}
	return "", fmt.Errorf("--emit: %s.txtar and %d more names exist in %s; not overwriting", stem, emitTries-1, dir)
}

// slug lower-cases s and joins its runs of letters a to z and digits
// with single dashes: "Wrong answer on case 3" is "wrong-answer-on-case-3".
func slug(s string) string {
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

// regression is the text of the regression script of r's divergence.
func regression(r *gameReport) []byte {
	d := r.Divergence
	s := d.Shrunk
	var got string
	switch {
	case s.Verdict == conformance.WrongAnswer && !s.Traced:
		got = fmt.Sprintf("answered %d", s.Got)
	case s.Status != "":
		got = fmt.Sprintf("failed: %v, %s", s.Verdict, s.Status)
	default:
		got = fmt.Sprintf("failed: %v, %s", s.Verdict, s.Diff)
	}
	moves := r.game.Step()
	var where string
	switch {
	case d.Op > 0:
		where = fmt.Sprintf("The first diverging %s is %s %d, %s.", moves, moves, d.Op, opText(r.shrunk, d.Op))
	case d.Op == 0:
		where = fmt.Sprintf("It diverges before any %s.", moves)
	}

	var script bytes.Buffer
	comment := func(p string) {
		for _, line := range wrap(p, 72) {
			script.WriteString("# " + line + "\n")
		}
	}
	comment("Check a program, in any language, on this case: put this file in a directory DIR " +
		"of its own and run")
	fmt.Fprintf(&script, "#   cascade check --game %s --impl %s%s --builtin=false --cases DIR --count 0\n", r.game.Name(), shellQuote(r.impl), r.caseFlags())
	files := "case.in and case.ans"
	if d.Leak {
		files = "the NAME.in and NAME.ans files"
	}
	comment("(--cases reads " + files + " below). The check fails until the program scores " +
		"the case right.")
	script.WriteString("#\n")
	comment(fmt.Sprintf("cascade check found this %s case: %s, shrunk from %s. The reference scores it %d; %s %s. %s",
		r.game.Name(), d.Found.Verdict, d.Source, s.Want, r.impl, got, where))
	script.WriteString("#\n")
	comment("As a testscript, the script checks the program named by $IMPL (a command line, split " +
		"like a shell would) against case.ans and the reference, the same way. cascade's own scripts " +
		"set IMPL to the reference.")
	if d.Index >= 0 && !d.Leak {
		script.WriteString("#\n# The case as generated, before shrinking, is replayed by:\n")
		fmt.Fprintf(&script, "#   %s\n", r.replay(d.Index))
	}
	archive := []txtar.File{
		{Name: "case.in", Data: s.Input},
		{Name: "case.ans", Data: fmt.Appendf(nil, "%d\n", s.Want)},
	}
	if d.Leak {
		script.WriteString("#\n")
		why := "The program carries state from case to case."
		if d.History {
			why = "It fails so after copies of itself, and of itself without its " + r.game.Step() + "s, in their place too: " +
				"it depends on the process's history (warm-up, a JIT, its stack or heap), not on what the earlier cases hold. " +
				"Such a failure may come sooner or later on another machine, or another run: when this script passes, it " +
				"does not show that the program is fixed, only that it did not reproduce the failure."
		}
		comment(fmt.Sprintf("It fails only after the %s below, played before it in one process "+
			"(--stream --jobs 1 plays the cases in name order through one process); alone it is accepted. "+
			"%s", input.Count(int64(len(d.Before)), "earlier case", "earlier cases"), why))
		archive = leakFiles(r, d)
	}
	fmt.Fprintf(&script, "\nexec cascade score --game %s --engine reference %s\n", r.game.Name(), archive[len(archive)-2].Name)
	fmt.Fprintf(&script, "stdout '^%d$'\n", s.Want)
	fmt.Fprintf(&script, "exec cascade check --game %s --impl=$IMPL%s --cases . --builtin=false --count 0\n\n", r.game.Name(), r.caseFlags())
	return txtar.Format(&txtar.Archive{Comment: script.Bytes(), Files: archive})
}

// caseFlags are the flags a check of the case needs beyond --impl: the
// protocol of the program, and one process in order for a state leak.
func (r *gameReport) caseFlags() string {
	flags := r.protocol
	if r.Rules != "" {
		// The case is checked under the rule set it diverged under,
		// and the program told it.
		flags += " --rules " + shellQuote(r.Rules)
	}
	if r.Divergence != nil && r.Divergence.Leak {
		return flags + " --jobs 1"
	}
	return flags
}

// leakFiles are the cases of a state leak, in the order they are played:
// the earlier cases, then the failing one, named so that they sort in
// that order, each with the reference's answer.
func leakFiles(r *gameReport, d *conformance.Divergence) []txtar.File {
	n := len(d.Before) + 1
	width := len(fmt.Sprint(n))
	var files []txtar.File
	add := func(i int, what string, in []byte) {
		name := fmt.Sprintf("%0*d-%s", width, i, what)
		var want int64
		if p := parsePuzzle(r.game, in); p != nil {
			want, _ = p.Score(conformance.ReferenceName)
		}
		files = append(files, txtar.File{Name: name + ".in", Data: in}, txtar.File{Name: name + ".ans", Data: fmt.Appendf(nil, "%d\n", want)})
	}
	for i, in := range d.Before {
		add(i+1, "earlier", in)
	}
	add(n, "case", d.Shrunk.Input)
	return files
}

// wrap breaks text into lines of at most width bytes at spaces (a longer
// word gets a line of its own).
func wrap(text string, width int) []string { return wrapWords(strings.Fields(text), width) }

// wrapWords lays words out in lines of at most width bytes, one space
// between two on a line (a longer word gets a line of its own); a word
// may hold spaces of its own, which never break.
func wrapWords(words []string, width int) []string {
	var lines []string
	line := ""
	for _, word := range words {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}

// shellQuote quotes s for a POSIX shell (and for process.SplitWords,
// which splits --impl).
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// checkEmitDir says why no regression script could be written to dir:
// before the run, so that a divergence found late is not lost. dir must
// be a directory that takes new files, or one that can be made there
// (it is made only when a script is written).
func checkEmitDir(dir string) error {
	for d := dir; ; {
		_, err := os.Stat(d)
		if err == nil {
			return writableDir(d)
		}
		parent := filepath.Dir(d)
		if !errors.Is(err, fs.ErrNotExist) || parent == d {
			return cause(err)
		}
		d = parent
	}
}
