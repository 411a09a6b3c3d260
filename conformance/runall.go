package conformance

import (
	"context"
	"errors"
	"maps"
	"slices"
)

// RunAll checks several implementations side by side, as Run checks
// one, on the same cases: the built-in cases, o.Cases, then generated
// cases, each generated once (case i from o.Seed+i, whatever runs at
// once) and played once by the reference, then checked on every
// implementation in turn. It goes on until every implementation has
// diverged or o.Count or o.Time runs out, the time covering them all.
//
// An implementation that did not get a case accepted is not run on the
// generated cases after the first it failed (those of its cases that
// were already running finish); the others go on, and Report.NotRun
// counts what it was not given. A built-in or named case it failed
// means it is run on no generated case, as with Run. A time limit or a
// runtime error is run again first, as Run does, and a case accepted
// then is flaky.
//
// Each implementation's first divergence is then shrunk and localised
// with that implementation, one after the other (each with its own
// o.ShrinkTime), into its Report's Divergence. The reports come in the
// order of impls; the Matrix holds the verdicts of every implementation
// on the cases some implementation did not get accepted, and counts the
// others.
//
// The error reports an implementation that plays nothing and the end of
// ctx; with the end of ctx the reports and the matrix so far come back
// too.
func (g *Game[C, T]) RunAll(ctx context.Context, impls []Impl[C, T], o RunOptions) ([]*Report, *Matrix, error) {
	if len(impls) == 0 {
		return nil, nil, errors.New("conformance: RunAll: no implementation to check")
	}
	r := &gameRun[C, T]{g: g}
	for i, impl := range impls {
		r.progs = append(r.progs, &program[C, T]{impl: impl, col: i})
	}
	return r.run(ctx, o)
}

// Matrix is the account of RunAll across its implementations: a
// column for each implementation, a row for each case some
// implementation did not get accepted, or whose answer file disagrees
// with the reference, or whose input could not be run. The cases every
// implementation that ran them accepted are counted, not listed.
type Matrix struct {
	// Game is the game's name; Impls name the implementations, the
	// columns, in the order RunAll was given them.
	Game  string
	Impls []string
	// Seed is RunOptions.Seed.
	Seed uint64
	// Builtin, Named and Generated count the cases checked of each
	// kind, each once however many implementations ran it; a generated
	// case counts once some implementation finished it. CutOff counts
	// the generated cases every implementation given them was cut off
	// on at RunOptions.Time, Unchecked the built-in and named cases it
	// left unchecked (Report.Unchecked).
	Builtin, Named, Generated, CutOff, Unchecked int
	// Accepted counts the cases that are not in Rows: accepted by every
	// implementation that ran them.
	Accepted int
	// Rows are the other cases: the built-in and named ones in order,
	// then the generated ones by index.
	Rows []MatrixRow
}

// Cases is the number of cases checked.
func (m *Matrix) Cases() int { return m.Builtin + m.Named + m.Generated }

// MatrixRow is one case of a Matrix, with the outcome of each
// implementation.
type MatrixRow struct {
	// Source says where the case came from, as Divergence.Source does:
	// "built-in case samegame-example", "case 01", "generated case 17
	// (seed 42)".
	Source string
	// Name is the name of a built-in or named case (Case.Name), File
	// where a named case was read (Case.Source); Index is a generated
	// case's number, -1 for another case.
	Name, File string
	Index      int
	// Builtin tells a built-in case from one of RunOptions.Cases.
	Builtin bool
	// Cells are the outcomes, one for each implementation, in the order
	// of Matrix.Impls.
	Cells []Cell
	// Err says why the case was not run (NamedResult.Err); BadFile that
	// it could not be read.
	Err     error
	BadFile bool
	// Disputed says the case's answer, Answer, disagrees with the
	// reference's, Reference (NamedResult.Disputed).
	Disputed          bool
	Answer, Reference int64
}

// Cell is one implementation's outcome on one case of a Matrix.
type Cell struct {
	// Ran says the implementation was checked on the case, with
	// Verdict. It was not when it had diverged on an earlier case, when
	// the case could not be run (MatrixRow.Err) and when it was cut off
	// (CutOff).
	Ran     bool
	Verdict Verdict
	// Flaky says the case got a time limit or a runtime error first and
	// was accepted when run again (Report.Flaky).
	Flaky  bool
	CutOff bool
}

// String names the outcome: the verdict, "accepted (flaky)", "cut off",
// "not run".
func (c Cell) String() string {
	switch {
	case c.CutOff:
		return "cut off"
	case !c.Ran:
		return "not run"
	case c.Flaky:
		return c.Verdict.String() + " (flaky)"
	}
	return c.Verdict.String()
}

// genRow makes the matrix row of generated case i, which an
// implementation did not get accepted; r.mu is held. An implementation
// given the case in an earlier batch accepted it, or the row would be
// there already.
func (r *gameRun[C, T]) genRow(i int) *MatrixRow {
	row := &MatrixRow{Source: generatedSource(i, r.matrix.Seed), Index: i, Cells: make([]Cell, len(r.progs))}
	for _, q := range r.progs {
		if i < q.from {
			row.Cells[q.col] = Cell{Ran: true, Verdict: Accepted}
		}
	}
	r.genRows[i] = row
	return row
}

// finishMatrix adds to the matrix the rows of the generated cases some
// implementation did not get accepted (not the ones accepted when run
// again), in order, and counts the cases accepted by all; it notes in
// each report the generated cases it was not given.
func (r *gameRun[C, T]) finishMatrix() {
	r.mu.Lock()
	defer r.mu.Unlock()
	m := r.matrix
	for _, i := range slices.Sorted(maps.Keys(r.genRows)) {
		row := r.genRows[i]
		if slices.ContainsFunc(row.Cells, func(c Cell) bool { return c.Ran && c.Verdict != Accepted }) {
			m.Rows = append(m.Rows, *row)
		}
	}
	r.genRows = nil
	m.Accepted = m.Cases() - len(m.Rows)
	for _, p := range r.progs {
		p.rep.NotRun = m.Generated - p.rep.Generated - p.cutShared
	}
}
