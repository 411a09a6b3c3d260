package conformance

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

// reportLimit bounds the Input block of a report; cases are shrunk
// before they are shown, so a longer block is cut with a note.
const reportLimit = 4 << 10

// Limits on the Output block: a program's output is one integer when
// right, and a screenful of what it printed instead says enough.
const (
	outputLines = 10
	outputBytes = 512
)

// String reports r the way a judge shows a failed test: the verdict and
// what went wrong on the first line, then Input, Output and Want blocks,
// and the Stderr tail when there is one. An accepted case is one line.
func (r *Result) String() string {
	var b strings.Builder
	b.WriteString(r.Verdict.String())
	switch {
	case r.Verdict == Accepted && r.WantText != nil:
		b.WriteString(": the answer")
		return b.String()
	case r.Verdict == Accepted:
		fmt.Fprintf(&b, ": %d", r.Got)
		return b.String()
	case r.Diff != "":
		fmt.Fprintf(&b, ": %s", r.Diff)
	case r.Status != "":
		fmt.Fprintf(&b, ": %s", r.Status)
	}
	switch {
	case r.History:
		b.WriteString(" (only after earlier cases in the same process, whatever they hold: accepted alone)")
	case r.Leak:
		b.WriteString(" (only after earlier cases in the same process: accepted alone)")
	}
	b.WriteByte('\n')
	block(&b, "Input", r.Input, reportLimit, -1, len(r.Input))
	block(&b, "Output", r.Output, outputBytes, outputLines, max(r.OutputSize, len(r.Output)))
	want := fmt.Appendf(nil, "%d\n", r.Want)
	if r.WantText != nil {
		want = r.WantText
	}
	block(&b, "Want", want, reportLimit, -1, 0)
	if r.Board != "" {
		block(&b, "Boards", []byte(r.Board), reportLimit, -1, 0)
	}
	if len(r.Stderr) > 0 {
		block(&b, "Stderr (tail)", r.Stderr, reportLimit, -1, len(r.Stderr))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// block writes a titled block, each line indented by two spaces: at most
// maxBytes bytes of body and maxLines lines (no bound when negative).
// When it shows less than size bytes, the whole of what was written, it
// ends with a note.
func block(b *strings.Builder, title string, body []byte, maxBytes, maxLines, size int) {
	fmt.Fprintf(b, "%s:\n", title)
	if len(body) > maxBytes {
		body = body[:maxBytes]
	}
	if maxLines >= 0 {
		for i, n := 0, 0; i < len(body); i++ {
			if body[i] == '\n' {
				if n++; n == maxLines {
					body = body[:i+1]
					break
				}
			}
		}
	}
	cut := len(body) < size
	body = bytes.TrimRight(body, "\n")
	if len(body) == 0 {
		b.WriteString("  (nothing)\n")
		return
	}
	for line := range bytes.SplitSeq(body, []byte("\n")) {
		b.WriteString("  ")
		b.Write(line)
		b.WriteByte('\n')
	}
	if cut {
		fmt.Fprintf(b, "  ... (%d bytes, cut)\n", size)
	}
}

// Report is the account of a run.
type Report struct {
	// Game is "samegame" or "match3"; Impl names the implementation.
	Game, Impl string
	// Rules is the rule set the cases were played under (Game.Rules);
	// empty for the statement's.
	Rules string
	// Seed is RunOptions.Seed.
	Seed uint64
	// Builtin, Named and Generated count the cases checked of each kind
	// (Named: RunOptions.Cases).
	Builtin, Named, Generated int
	// CutOff counts the generated cases still running when
	// RunOptions.Time ran out (and CutOffGrace after): stopped, and
	// counted nowhere else, since they were neither accepted nor failed.
	CutOff int
	// Unchecked counts the built-in and named cases not checked when
	// RunOptions.Time ran out: not started, or cut off CutOffGrace
	// after. A run that leaves any is not Ok: those are the cases it
	// was asked to check.
	Unchecked int
	// NotRun counts, in a run of several implementations (RunAll), the
	// generated cases another implementation was checked on and this one
	// was not: it had diverged before them (or, after a flaky case, the
	// time ran out before it caught up). Zero for Run.
	NotRun int
	// Verdicts counts the cases by verdict, indexed by Verdict.
	Verdicts [BadOutput + 1]int
	// Elapsed is the time the run took, shrinking included;
	// GenElapsed the part spent on generated cases (and
	// Divergence.Elapsed the part spent on the divergence).
	Elapsed, GenElapsed time.Duration
	// Failed lists the built-in and named cases that were not accepted,
	// whose answer disagrees with the reference, whose input is not a
	// valid case, or that could not be read, in order.
	Failed []NamedResult
	// Divergence is the first case not accepted, shrunk and localised;
	// nil when every case was accepted.
	Divergence *Divergence
	// Flaky lists the cases that got a time limit or a runtime error
	// but were accepted when run again; they count as accepted in
	// Verdicts and are no divergence, but a program whose verdict
	// changes from run to run deserves a look.
	Flaky []FlakyCase

	// Shard is RunOptions.Shard: the part of the run's cases checked.
	Shard Shard
	// BuiltinNames and NamedNames name the built-in and named cases
	// checked, in order, and GenIndices holds the indices of the
	// generated cases checked (Generated of them): which cases of the
	// run the report covers, so that the reports of its shards can be
	// put together.
	BuiltinNames, NamedNames []string
	GenIndices               Indices
	// GenCells and GenMoves count the cells of the boards and the moves
	// of the generated cases checked: with GenElapsed, the rate of a run
	// whose cases are not all of one size (CellRate, MoveRate).
	GenCells, GenMoves int64
	// Refereed counts the generated cases the reference played: all of
	// them with OracleReference; with OracleSampled, the ones sampled
	// and the ones the implementation did not get accepted.
	Refereed int
	// EngineDisagreed names the generated cases, sampled by
	// OracleSampled, on which the engine's answer was not the
	// reference's: a bug of cascade's engine, which the reference's
	// answer overruled.
	EngineDisagreed []string

	// Coverage counts, for every coverage item of the game in the
	// order of Game.CoverageItems, the cases checked that reached it
	// and how often in all (see Game.Coverage): the rule coverage of
	// the run. nil when the game counts no items or the run read none
	// (RunOptions.NoCoverage).
	Coverage []ItemCount
	// CoverageBrief counts the cases whose coverage was read from the
	// engine's trace alone, the reference not having played them
	// (OracleSampled): on those, only what a trace without Detail
	// shows is counted (the specials that went off, the shapes of
	// blocks and the columns that close are not).
	CoverageBrief int
}

// FlakyCase is a case whose first run failed and whose second was
// accepted.
type FlakyCase struct {
	// Source says where the case came from, as Divergence.Source does.
	Source string
	// First is the check of the first run.
	First Result
}

// Cases is the number of cases checked.
func (r *Report) Cases() int { return r.Builtin + r.Named + r.Generated }

// Rate is the number of generated cases checked per second, or of all
// cases when none was generated.
func (r *Report) Rate() float64 {
	if r.Generated > 0 {
		return rate(r.Generated, r.GenElapsed)
	}
	return rate(r.Cases(), r.Elapsed)
}

// CellRate is the number of cells of the generated cases' boards
// checked per second.
func (r *Report) CellRate() float64 { return rate64(r.GenCells, r.GenElapsed) }

// MoveRate is the number of moves of the generated cases checked per
// second.
func (r *Report) MoveRate() float64 { return rate64(r.GenMoves, r.GenElapsed) }

// Ok reports whether nothing diverged: every case accepted and every
// answer file agreeing with the reference.
func (r *Report) Ok() bool { return r.Divergence == nil && len(r.Failed) == 0 && r.Unchecked == 0 }

// NamedResult is the outcome of a built-in or named case.
type NamedResult struct {
	Name string
	// Source is Case.Source: where the case was read.
	Source string
	// Builtin tells a built-in case from one of RunOptions.Cases.
	Builtin bool
	// Result compares the implementation with the reference; it is the
	// zero Result when Err is set.
	Result Result
	// Reference is the reference's answer, Result.Want.
	Reference int64
	// Answer is the case's own answer (an answer file's), when
	// HasAnswer is set. A case whose answer disagrees with the
	// reference is Disputed: the implementation is still judged
	// against the reference.
	Answer    int64
	HasAnswer bool
	// AnswerText is the case's answer file when it is not one integer
	// (Case.WantText), which Disputed compares with the reference's
	// answer (Result.WantText).
	AnswerText []byte
	// Err says why the case was not run: its input is not a valid case
	// of the game, or, when BadFile is set, it could not be read from
	// its files (Case.Err).
	Err     error
	BadFile bool
}

// Disputed reports whether the case's answer disagrees with the
// reference's.
func (n *NamedResult) Disputed() bool {
	if n.Err == nil && n.AnswerText != nil {
		return !sameText(n.AnswerText, n.Result.WantText)
	}
	return n.Err == nil && n.HasAnswer && n.Answer != n.Reference
}

// Divergence is a case an implementation did not get accepted, as found
// and shrunk, with the first move or operation where it parts from the
// reference.
type Divergence struct {
	// Source says where the case came from: "generated case 17 (seed
	// 42)", "built-in case samegame-example", "case 01".
	Source string
	// Index is the generated case's number, -1 for another case.
	Index int
	// Found is the check of the case as found; Shrunk of the smallest
	// case found that still fails the same way: the same verdict, and
	// for a wrong answer a first diverging step of the same kind, for a
	// crash the same signature, for bad output the same fault (a
	// missing total line is not a missing answer).
	Found, Shrunk Result
	// ShrinkStats account for the shrinking.
	ShrinkStats ShrinkStats
	// Breach says the program broke its protocol on the case
	// (Result.Breach): the case was not shrunk, nor its step searched.
	Breach bool
	// DoesNotRun says the program got no case accepted and failed the
	// smallest case Run could give it the same way: it does not run at
	// all. Shrunk is then the check of that smallest case; nothing was
	// shrunk, nor its step searched.
	DoesNotRun bool
	// Leak says the case fails only after earlier cases in the same
	// stream process (Result.Leak). Before is then the shortest
	// sequence of them found that still makes it fail, oldest first,
	// shrunk from BeforeFound cases in LeakTried replays; then each case
	// of it was shrunk, the failing one first (Shrunk, still accepted
	// alone), then each earlier one, ShrinkStats summing the shrinks.
	Leak        bool
	Before      [][]byte
	BeforeFound int
	LeakTried   int
	// History says the failing case, played after as many copies of
	// itself, and again after as many of itself cut before its first
	// step, failed exactly as after Before (the same failure, and for a
	// wrong answer the same answer): what the earlier cases held does
	// not matter, only that the process answered them. It is a
	// dependence on the process's history (warm-up, a JIT, its stack or
	// heap, a count of cases), not state carried from those cases.
	// HistoryTried counts the replays run to tell (0 when the run ended
	// first); with History false and HistoryTried > 0, other earlier
	// cases in their place did not make it fail so: what they held
	// matters.
	History      bool
	HistoryTried int
	// Op is the first move (SameGame) or operation (match-3) of the
	// shrunk case, 1-based, whose prefix fails as the shrunk case does
	// while the prefix before it does not (it is accepted, or fails
	// another way: another crash, say); 0 when the case without moves
	// already fails so, and -1 when the search failed (see OpErr).
	Op int
	// OpErr is the error of the search for Op, if any; it wraps
	// ErrInconsistent when the implementation answered a prefix
	// differently when asked again.
	OpErr error
	// Otherwise is the check of the shortest cut of the shrunk case,
	// after OtherwiseAt moves, that the search for Op looked at and
	// found failing another way (another crash, say), and so passed
	// over. Otherwise is the zero Result (accepted) when the search
	// found none, or did not run.
	Otherwise   Result
	OtherwiseAt int
	// AtOp is the check of the shrunk case cut after move Op, the
	// shortest prefix that fails so; its Want is the reference's
	// answer on that prefix.
	AtOp Result
	// NotReproduced says the case was accepted when checked again after
	// shrinking: the implementation answers it differently from run to
	// run (flaky, or slowed by load). Op is then -1.
	NotReproduced bool
	// Elapsed is the time spent on the divergence once found: shrinking,
	// bounded by RunOptions.ShrinkTime, then the checks of the shrunk
	// case and the search for Op.
	Elapsed time.Duration
}
