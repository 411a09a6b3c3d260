package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/process"
)

// gameMatrix is the report of several programs checked side by side on
// one game (--impl given more than once): the matrix of their verdicts
// and a report for each.
type gameMatrix struct {
	*conformance.Matrix
	game     conformance.Any
	casesDir string
	// reports are the programs' reports in the order of --impl, each
	// with its label and slug.
	reports []*gameReport
	// headed says the first line of the report, matrixHeader, was
	// written ahead of the progress lines.
	headed bool
}

// checkPrograms runs the check of one game, one of n that share --time,
// on every program of --impl side by side, with the cases of --cases
// that go to it, and writes a regression script for each program that diverged
// when --emit asks for them. The report is nil when nothing could run;
// the error is not nil when the run ended in one (not an interrupt,
// which the reports note).
func checkPrograms(ctx context.Context, f *checkFlags, g conformance.Any, n int, named []conformance.Case, stderr io.Writer, head *runHeader) (*gameMatrix, error) {
	o := runOptions(f, g, n, named, stderr, head)
	programs, err := f.programsFor(g)
	if err != nil {
		return nil, err
	}
	scorers := make([]conformance.Scorer, len(programs))
	for i, p := range programs {
		scorers[i] = p
	}
	reps, m, err := g.RunPrograms(ctx, scorers, o)
	interrupted := errors.Is(err, context.Canceled)
	if reps == nil && interrupted {
		m = &conformance.Matrix{Game: g.Name(), Seed: f.seed}
		for range programs {
			reps = append(reps, &conformance.Report{Game: g.Name(), Seed: f.seed})
		}
	}
	if reps == nil {
		return nil, err
	}
	if interrupted {
		err = nil
	}
	gm := &gameMatrix{Matrix: m, game: g, casesDir: f.cases, headed: head.done()}
	slugs := programSlugs(f.impls)
	for i, rep := range reps {
		gr := newGameReport(f, g, rep, o.Time, f.impls[i])
		gr.label, gr.slug = columnLabel(i), slugs[i]
		gr.interrupted = interrupted
		gr.emitAsked(f)
		gm.reports = append(gm.reports, gr)
	}
	return gm, err
}

// columnLabel names the program of column i of the matrix: A to Z, then
// AA, AB and so on.
func columnLabel(i int) string {
	label := ""
	for i++; i > 0; i = (i - 1) / 26 {
		label = string(rune('A'+(i-1)%26)) + label
	}
	return label
}

// programSlugs name the regression scripts of the programs whose command
// lines are lines: the words of each that are not flags, directories
// left out ('python3 sol/a.py' is python3-a-py), made unique with the
// program's label when two would be alike.
func programSlugs(lines []string) []string {
	const maxSlug = 40
	slugs := make([]string, len(lines))
	seen := make(map[string]int)
	for i, line := range lines {
		words, _ := process.SplitWords(line)
		var parts []string
		for _, w := range words {
			if !strings.HasPrefix(w, "-") {
				parts = append(parts, filepath.Base(w))
			}
		}
		s := conformance.Slug(strings.Join(parts, " "))
		if len(s) > maxSlug {
			s = strings.TrimRight(s[:maxSlug], "-")
		}
		if s == "" {
			s = "program"
		}
		slugs[i] = s
		seen[s]++
	}
	for i, s := range slugs {
		if seen[s] > 1 {
			slugs[i] = s + "-" + strings.ToLower(columnLabel(i))
		}
	}
	return slugs
}

// printMatrixHead writes the opening lines of a report of several
// programs, check's or merge's: the programs with their labels, then the
// built-in and named cases accepted by every program. It returns how many
// generated cases some program did not get accepted.
func printMatrixHead(w io.Writer, m *gameMatrix, run string) (genRows int) {
	if !m.headed {
		io.WriteString(w, matrixHeader(m.game, len(m.reports), m.Seed, run))
	}
	if rules := m.game.Rules(); rules != "" {
		fmt.Fprintf(w, "rules: %s\n", rules)
	}
	for _, r := range m.reports {
		fmt.Fprintf(w, "  %s: %s\n", r.label, r.impl)
	}
	var builtinRows, namedRows int
	for _, row := range m.Rows {
		switch {
		case row.Index >= 0:
			genRows++
		case row.Builtin:
			builtinRows++
		default:
			namedRows++
		}
	}
	if m.Builtin > 0 {
		fmt.Fprintf(w, "  built-in cases: %d of %d accepted by every program\n", m.Builtin-builtinRows, m.Builtin)
	}
	if m.Named > 0 {
		fmt.Fprintf(w, "  cases from %s: %d of %d accepted by every program\n", m.casesDir, m.Named-namedRows, m.Named)
	}
	return genRows
}

// printMatrixReport writes the report of several programs on one game:
// the programs and their labels, the cases of each kind, a table of the
// cases some program did not get accepted with each program's verdict,
// each program's divergence, and a summary line for each program.
func printMatrixReport(w io.Writer, m *gameMatrix) {
	first := m.reports[0]
	genRows := printMatrixHead(w, m, shardText(first.Shard))
	io.WriteString(w, confinedNote(m.game, first.builtinAsked))
	if m.Generated > 0 {
		rate := 0.0
		if s := first.GenElapsed.Seconds(); s > 0 {
			rate = float64(m.Generated) / s
		}
		fmt.Fprintf(w, "  generated cases: %d in %.1fs, %.0f cases/s; %d accepted by every program that ran them\n", m.Generated, first.GenElapsed.Seconds(), rate, m.Generated-genRows)
		refereed := 0
		for _, r := range m.reports {
			refereed = max(refereed, r.Refereed)
		}
		printOracle(w, first, refereed)
	}
	for _, r := range m.reports {
		if r.CutOff > 0 {
			fmt.Fprintf(w, "  cut off at --time: %s: %d generated %s still running, neither accepted nor failed\n", r.label, r.CutOff, plural(r.CutOff, "case", "cases"))
		}
		if r.Unchecked > 0 {
			fmt.Fprintf(w, "  cut off at --time: %s: %d built-in or named %s not checked; the run does not pass\n", r.label, r.Unchecked, plural(r.Unchecked, "case", "cases"))
		}
	}
	for _, r := range m.reports {
		for _, fl := range r.Flaky {
			fmt.Fprintf(w, "  flaky: %s: %s: %s at first, accepted when run again\n", r.label, fl.Source, firstLine(fl.First.String()))
		}
	}
	var disagreed []string
	for _, r := range m.reports {
		for _, src := range r.EngineDisagreed {
			if !slices.Contains(disagreed, src) {
				disagreed = append(disagreed, src)
			}
		}
	}
	printEngineDisagreed(w, disagreed)
	printMatrixCoverage(w, m.reports)
	printMatrix(w, m)

	var shrink time.Duration
	diverged := false
	for _, r := range m.reports {
		if d := r.Divergence; d != nil {
			printDivergence(w, r, d)
			shrink += d.Elapsed
			diverged = true
		}
	}
	if len(m.Rows) > 0 && !diverged {
		fmt.Fprintln(w)
	}
	printOverrunAfter(w, first, shrink)
	for _, r := range m.reports {
		printSummary(w, r)
	}
}

// printMatrix writes the table of the cases some program did not get
// accepted: a row for each, a column for each program, and a note for a
// case that was not run or whose answer file is disputed.
func printMatrix(w io.Writer, m *gameMatrix) {
	if len(m.Rows) == 0 {
		return
	}
	table := [][]string{{"case"}}
	for _, r := range m.reports {
		table[0] = append(table[0], r.label)
	}
	notes := []string{""}
	for _, row := range m.Rows {
		line := []string{row.Source}
		if row.Index >= 0 {
			line[0] = fmt.Sprintf("generated case %d", row.Index)
		}
		for _, c := range row.Cells {
			line = append(line, c.String())
		}
		table = append(table, line)
		note := ""
		switch {
		case row.BadFile:
			note = fmt.Sprintf("(bad file: %v)", row.Err)
		case row.Err != nil:
			note = fmt.Sprintf("(not a valid %s input: %v)", m.game.Name(), row.Err)
		case row.Disputed:
			note = fmt.Sprintf("(answer file disputed: it says %d, the reference %d)", row.Answer, row.Reference)
		}
		notes = append(notes, note)
	}
	widths := make([]int, len(table[0]))
	for _, line := range table {
		for j, cell := range line {
			widths[j] = max(widths[j], len(cell))
		}
	}
	fmt.Fprintln(w)
	for i, line := range table {
		var b strings.Builder
		b.WriteString("  ")
		for j, cell := range line {
			if j > 0 {
				b.WriteString("  ")
			}
			fmt.Fprintf(&b, "%-*s", widths[j], cell)
		}
		if notes[i] != "" {
			b.WriteString("  " + notes[i])
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
