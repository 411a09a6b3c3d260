package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/paint"
)

// printMerged writes the merged report, game by game, as check writes
// its report, without the shrunk cases' traces: the --json reports hold
// no shrinking statistics nor trace.
func printMerged(w io.Writer, m *merged, pt paint.Painter) {
	games := m.out.Games
	for len(games) > 0 {
		g := &games[0]
		if g.Program == "" {
			printMergedGame(w, m, reportFromJSON(g, m.out.Run, pt), g)
			games = games[1:]
			continue
		}
		// Several programs side by side: the reports of the game's
		// programs, as many as its matrix has, of its game and rule
		// set (checkMatrices), and its matrix.
		mx := m.matrix(g.Game, g.Rules)
		if mx == nil {
			games = games[1:]
			continue
		}
		var reports []*gameReport
		for len(reports) < len(mx.Programs) && len(games) > 0 && games[0].Game == g.Game && games[0].Rules == g.Rules {
			reports = append(reports, reportFromJSON(&games[0], m.out.Run, pt))
			games = games[1:]
		}
		printMergedMatrix(w, m, matrixFromJSON(mx, reports), g)
	}
}

// matrix is the merged matrix of game under rules, nil when there is
// none.
func (m *merged) matrix(game, rules string) *jsonMatrix {
	for i := range m.out.Matrices {
		if mx := &m.out.Matrices[i]; mx.Game == game && mx.Rules == rules {
			return mx
		}
	}
	return nil
}

// text is ", N shards merged", or "" for the one report of a whole
// run.
func (m *merged) text() string {
	if m.n == 1 {
		return ""
	}
	return fmt.Sprintf(", %d shards merged", m.n)
}

// printMergedGame writes the merged report of one program on one game,
// g.
func printMergedGame(w io.Writer, m *merged, r *gameReport, g *jsonGame) {
	fmt.Fprintf(w, "%s: checking %s, seed %d%s\n", r.game.Name(), r.impl, r.Seed, m.text())
	if r.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", r.Rules)
	}
	io.WriteString(w, confinedNote(r.game, m.out.Run.Builtin && !g.CasesOnly))
	printCases(w, r)
	printCoverage(w, m, g)
	for _, d := range r.divergences {
		printMergedDivergence(w, r, d)
	}
	printSummary(w, r)
}

// printMergedMatrix writes the merged report of several programs on one
// game, g that of the first program.
func printMergedMatrix(w io.Writer, m *merged, gm *gameMatrix, g *jsonGame) {
	genRows := printMatrixHead(w, gm, m.text())
	io.WriteString(w, confinedNote(gm.game, m.out.Run.Builtin && !g.CasesOnly))
	if gm.Generated > 0 {
		fmt.Fprintf(w, "  generated cases: %d; %d accepted by every program that ran them\n", gm.Generated, gm.Generated-genRows)
	}
	printCoverage(w, m, g)
	printMatrixCoverage(w, gm.reports)
	printMatrix(w, gm)
	for _, r := range gm.reports {
		for _, d := range r.divergences {
			printMergedDivergence(w, r, d)
		}
	}
	for _, r := range gm.reports {
		printSummary(w, r)
	}
}

// printCoverage says, for shards merged, whether they checked every case
// of the run once: so when --count bounds it and the shards checked the
// generated cases of g, each once (no two shards hold the same case),
// and for a game of --cases files alone (g.CasesOnly), which generates
// none, whatever bounds the run, unless it was interrupted.
func printCoverage(w io.Writer, m *merged, g *jsonGame) {
	if m.n == 1 {
		return
	}
	count := m.out.Run.Count
	gen := &g.Checked.Generated
	// The indices are under --count (checkShard): as many as it says
	// are all of them.
	switch {
	case g.CasesOnly && g.Interrupted:
		fmt.Fprintf(w, "  shards: %d of %d, interrupted: %d %s of %s checked\n", m.n, m.n, g.Named, plural(g.Named, "case", "cases"), cmp.Or(m.out.Run.Cases, "--cases"))
	case g.CasesOnly, count != nil && gen.len() == *count:
		fmt.Fprintf(w, "  shards: %d of %d, every case of the run checked once\n", m.n, m.n)
	case count != nil:
		fmt.Fprintf(w, "  shards: %d of %d, %d of the %d generated cases checked\n", m.n, m.n, gen.len(), *count)
	default:
		fmt.Fprintf(w, "  shards: %d of %d; --time bounded the run: each shard checked the generated cases it reached\n", m.n, m.n)
	}
}

// printMergedDivergence writes a divergence a shard found, as the shard's
// report gives it: where it was found, the command line that replays it,
// the shrunk case with both answers, the first diverging step and the
// regression script the shard wrote.
func printMergedDivergence(w io.Writer, r *gameReport, d jsonDiverge) {
	who := ""
	if r.label != "" {
		who = fmt.Sprintf("%s (%s): ", r.label, r.impl)
	}
	from := ""
	if d.Shard != "" {
		from = ", shard " + d.Shard
	}
	fmt.Fprintf(w, "\n%s%s on %s%s\n", who, d.Found.Verdict, d.Source, from)
	if d.Replay != "" {
		fmt.Fprintf(w, "  replay it alone: %s\n", d.Replay)
	}
	shrunk := resultFromJSON(d.Shrunk)
	fmt.Fprintf(w, "\n%s\n\n", shrunk.String())
	d.firstStep.print(w, r.game.Step())
	if d.Emitted != "" {
		fmt.Fprintf(w, "regression script: %s (written by the shard)\n", d.Emitted)
	}
	fmt.Fprintln(w)
}

// reportFromJSON is the report of one game in a --json report, made
// again for check's printing; divergences holds its divergences.
func reportFromJSON(g *jsonGame, run jsonRun, pt paint.Painter) *gameReport {
	rep := &conformance.Report{
		Game:            g.Game,
		Rules:           g.Rules,
		Impl:            g.Impl,
		Seed:            g.Seed,
		Builtin:         g.Builtin,
		Named:           g.Named,
		Generated:       g.Generated,
		CutOff:          g.CutOff,
		Unchecked:       g.Unchecked,
		NotRun:          g.NotRun,
		Elapsed:         seconds(g.ElapsedSeconds),
		GenElapsed:      seconds(g.GeneratedSeconds),
		GenCells:        g.GeneratedCells,
		GenMoves:        g.GeneratedMoves,
		Refereed:        g.Refereed,
		EngineDisagreed: g.EngineDisagreed,
	}
	for v := range rep.Verdicts {
		rep.Verdicts[v] = g.Verdicts[conformance.Verdict(v).String()]
	}
	for _, f := range g.Failed {
		nr := conformance.NamedResult{Name: f.Name, Source: f.Source, Builtin: f.Builtin, Reference: f.Reference}
		switch {
		case f.BadFile != "":
			nr.Err, nr.BadFile = errors.New(f.BadFile), true
		case f.Invalid != "":
			nr.Err = errors.New(f.Invalid)
		case f.Result != nil:
			nr.Result = resultFromJSON(*f.Result)
		}
		if f.Answer != nil {
			nr.Answer, nr.HasAnswer = *f.Answer, true
		}
		rep.Failed = append(rep.Failed, nr)
	}
	for _, fl := range g.Flaky {
		rep.Flaky = append(rep.Flaky, conformance.FlakyCase{Source: fl.Source, First: resultFromJSON(fl.First)})
	}
	coverageFromJSON(g.Coverage, rep)
	r := &gameReport{Report: rep, game: confinedAs(run, gameOf(g.Game, g.Rules), g.Rules, g.CasesOnly), impl: g.Impl, label: g.Program, casesDir: run.Cases, interrupted: g.Interrupted, ruleSet: g.CasesOnly, paint: pt}
	if r.casesDir == "" {
		r.casesDir = "--cases"
	}
	if g.Divergence != nil {
		// The summary line tells a divergence from none.
		rep.Divergence = &conformance.Divergence{Source: g.Divergence.Source, Index: g.Divergence.Index}
		r.divergences = append([]jsonDiverge{*g.Divergence}, g.OtherDivergences...)
	}
	return r
}

// matrixFromJSON is the matrix of a --json report, made again for
// check's printing, with the reports of its programs.
func matrixFromJSON(mx *jsonMatrix, reports []*gameReport) *gameMatrix {
	m := &conformance.Matrix{Game: mx.Game, Seed: mx.Seed, Builtin: mx.Builtin, Named: mx.Named, Generated: mx.Generated, CutOff: mx.CutOff, Unchecked: mx.Unchecked, Accepted: mx.AcceptedByAll}
	for _, c := range mx.Cases {
		row := conformance.MatrixRow{Source: c.Source, Name: c.Name, File: c.File, Index: c.Index, Builtin: strings.HasPrefix(c.Source, "built-in case "), Disputed: c.Disputed}
		for _, v := range c.Verdicts {
			row.Cells = append(row.Cells, cellFromJSON(v))
		}
		switch {
		case c.BadFile != "":
			row.Err, row.BadFile = errors.New(c.BadFile), true
		case c.Invalid != "":
			row.Err = errors.New(c.Invalid)
		}
		if c.Answer != nil && c.Reference != nil {
			row.Answer, row.Reference = *c.Answer, *c.Reference
		}
		m.Rows = append(m.Rows, row)
	}
	gm := &gameMatrix{Matrix: m, game: gameOf(mx.Game, mx.Rules), reports: reports}
	if len(reports) > 0 {
		// The programs' reports are of the game the matrix is of.
		gm.game = reports[0].game
	}
	if len(reports) > 0 {
		gm.casesDir = reports[0].casesDir
	}
	return gm
}

// cellFromJSON reads a verdict of the matrix as Cell.String writes it.
func cellFromJSON(s string) conformance.Cell {
	switch s {
	case "cut off":
		return conformance.Cell{CutOff: true}
	case "not run":
		return conformance.Cell{}
	}
	name, flaky := strings.CutSuffix(s, " (flaky)")
	return conformance.Cell{Ran: true, Verdict: verdictNamed(name), Flaky: flaky}
}

// resultFromJSON is a check of a --json report, made again.
func resultFromJSON(r jsonResult) conformance.Result {
	return conformance.Result{
		Verdict: verdictNamed(r.Verdict),
		Input:   []byte(r.Input),
		Output:  []byte(r.Output),
		Got:     r.Got,
		Want:    r.Want,
		Diff:    r.Diff,
		Status:  r.Status,
		Stderr:  []byte(r.Stderr),
		Move:    -1,
	}
}

// verdictNamed is the verdict whose String is name; a name that is none
// is a runtime error, which is no pass.
func verdictNamed(name string) conformance.Verdict {
	for v := conformance.Accepted; v <= conformance.BadOutput; v++ {
		if v.String() == name {
			return v
		}
	}
	return conformance.RuntimeError
}
