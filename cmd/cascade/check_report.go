package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/paint"
)

// gameReport is the report of one game with what the command added.
type gameReport struct {
	*conformance.Report
	game     conformance.Any
	impl     string
	casesDir string
	implFlag string // --impl CMD or --engine NAME, quoted for a shell, with protocol
	protocol string // the protocol flags of --impl: "", " --stream --steps"
	started  int    // processes started under --stream
	maxSize  int    // --max-size, 0 if not given
	// time is the game's share of --time, 0 when the run had no time
	// bound.
	time time.Duration
	// shrunk is the shrunk case of the divergence, parsed once for
	// the report; nil when there is none.
	shrunk  conformance.Puzzle
	emitted string // the regression script written, if any
	page    string // its replay page, if written
	emitErr error
	// headed says the first line of the report, gameHeader, was
	// written ahead of the progress lines.
	headed bool
	// paint colours the reference trace.
	paint paint.Painter
	// interrupted says the run was stopped by a signal before it was
	// done: it is not a pass, whatever it checked.
	interrupted bool
	// builtinAsked says the run was to check the built-in cases: a
	// confined game's report counts those it left out.
	builtinAsked bool
	// ruleSet says the game is a rule set of --cases' rules lines,
	// which checks those cases alone (checkFlags.ruleSet): a shard may
	// hold none of them, and has then nothing to check.
	ruleSet bool
	// label is the program's column when several are checked side by
	// side ("A", "B"), and slug names its regression scripts; both are
	// empty for one program.
	label, slug string
	// sampled says --oracle sampled gave the expected answers of the
	// generated cases.
	sampled bool
	// divergences are, in a report cascade merge made, the divergences
	// of the shards as their --json reports hold them, the first first.
	divergences []jsonDiverge
	// shrinkStarted counts those of started that were started to shrink
	// and localise the divergence, not for the check.
	shrinkStarted int
}

// shardText is ", shard K/N" for a shard of a run, "" for a whole run.
func shardText(s conformance.Shard) string {
	if s.Whole() {
		return ""
	}
	return ", shard " + s.String()
}

// replay is the command line that checks generated case i of the run
// alone: every flag that shapes the generation is given.
func (r *gameReport) replay(i int) string {
	line := fmt.Sprintf("cascade check --game %s %s --builtin=false --seed %d --count 1", r.game.Name(), r.implFlag, r.Seed+uint64(i))
	if r.Rules != "" {
		line += " --rules " + shellQuote(r.Rules)
	}
	if r.maxSize > 0 {
		line += fmt.Sprintf(" --max-size %d", r.maxSize)
	}
	if flags := confineText(r.game.Confined()); flags != "" {
		line += " " + flags
	}
	return line
}

// ok reports whether the game passed: nothing diverged and the run was
// not interrupted.
func (r *gameReport) ok() bool { return r.Report.Ok() && !r.interrupted && !r.checkedNothing() }

// checkedNothing reports whether the run ended, uninterrupted, with no
// case checked: every generated case cut off at --time, or none
// generated, and no other case. That is no pass, as pytest's "no tests
// ran" is none; check exits with exitNothing. A rule set of --cases'
// rules lines whose cases all went to other shards asked for nothing.
func (r *gameReport) checkedNothing() bool { return !r.interrupted && r.Cases() == 0 && !r.ruleSet }

// printReport writes the report of one game.
func printReport(w io.Writer, r *gameReport) {
	if !r.headed {
		io.WriteString(w, gameHeader(r.game, r.impl, r.Seed, shardText(r.Shard)))
	}
	if r.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", r.Rules)
	}
	io.WriteString(w, confinedNote(r.game, r.builtinAsked))
	printCases(w, r)
	if d := r.Divergence; d != nil {
		printDivergence(w, r, d)
	}
	printOverrun(w, r)
	printSummary(w, r)
}

// printCases writes what the report of one game says of its cases: of
// each kind, how many were accepted and the built-in and named ones that
// were not, the rate of the generated ones and who played them, and the
// cases cut off, flaky, or on which the engine was wrong.
func printCases(w io.Writer, r *gameReport) {
	for _, kind := range []struct {
		builtin bool
		n       int
		what    string
	}{{true, r.Builtin, "built-in cases"}, {false, r.Named, "cases from " + r.casesDir}} {
		if kind.n == 0 {
			continue
		}
		var lines []string
		notAccepted := 0
		for _, f := range r.Failed {
			if f.Builtin != kind.builtin {
				continue
			}
			if d := r.Divergence; d != nil && d.DoesNotRun && f.Err == nil {
				// Every case failed alike: the divergence says how, once.
				notAccepted++
				continue
			}
			if f.BadFile {
				// The error names the file.
				notAccepted++
				lines = append(lines, fmt.Sprintf("    %v (not run)\n", f.Err))
				continue
			}
			if f.Err != nil {
				notAccepted++
				lines = append(lines, fmt.Sprintf("    %s: %v (not a valid %s input; not run)\n", cmp.Or(f.Source, f.Name), f.Err, r.game.Name()))
				continue
			}
			line := firstLine(f.Result.String())
			if !f.Result.Ok() {
				notAccepted++
			}
			if f.Disputed() {
				line += fmt.Sprintf(" (answer file disputed: it says %d, the reference %d)", f.Answer, f.Reference)
			}
			lines = append(lines, fmt.Sprintf("    %s: %s\n", f.Name, line))
		}
		fmt.Fprintf(w, "  %s: %d of %d accepted\n", kind.what, kind.n-notAccepted, kind.n)
		for _, l := range lines {
			io.WriteString(w, l)
		}
	}
	if r.Generated > 0 {
		fmt.Fprintf(w, "  generated cases: %d in %.1fs, %.0f cases/s, %.0f cells/s\n", r.Generated, r.GenElapsed.Seconds(), r.Rate(), r.CellRate())
		printOracle(w, r, r.Refereed)
	}
	switch check := r.started - r.shrinkStarted; {
	case r.shrinkStarted > 0:
		fmt.Fprintf(w, "  stream: %s started for the check, %d more to shrink and localise the divergence\n",
			input.Count(int64(check), "process", "processes"), r.shrinkStarted)
	case r.started > 0:
		fmt.Fprintf(w, "  stream: %s started\n", input.Count(int64(r.started), "process", "processes"))
	}
	if r.CutOff > 0 {
		fmt.Fprintf(w, "  cut off at --time: %d generated %s still running, neither accepted nor failed\n", r.CutOff, plural(r.CutOff, "case", "cases"))
	}
	if r.Unchecked > 0 {
		fmt.Fprintf(w, "  cut off at --time: %d built-in or named %s not checked; the run does not pass\n", r.Unchecked, plural(r.Unchecked, "case", "cases"))
	}
	for _, fl := range r.Flaky {
		fmt.Fprintf(w, "  flaky: %s: %s at first, accepted when run again\n", fl.Source, firstLine(fl.First.String()))
	}
	printEngineDisagreed(w, r.EngineDisagreed)
	printRuleCoverage(w, r.Report, "")
}

// printOracle says, when --oracle sampled gave the expected answers of
// the generated cases, how many the reference played.
func printOracle(w io.Writer, r *gameReport, refereed int) {
	if r.sampled {
		fmt.Fprintf(w, "  expected answers: the reference played %d of them, the built-in engine the others (--oracle sampled)\n", refereed)
	}
}

// printEngineDisagreed names the generated cases srcs on which the
// built-in engine's answer was not the reference's: a bug of cascade's.
func printEngineDisagreed(w io.Writer, srcs []string) {
	for _, src := range srcs {
		fmt.Fprintf(w, "  cascade's engine disagreed with the reference on %s; the reference's answer counted: please report the case\n", src)
	}
}

// printSummary writes the last line of the report of one game, or of
// one program of several: ok or FAIL, and the cases by verdict.
func printSummary(w io.Writer, r *gameReport) {
	var counts []string
	for v, n := range r.Verdicts {
		if n > 0 {
			counts = append(counts, fmt.Sprintf("%d %v", n, conformance.Verdict(v)))
		}
	}
	status := r.paint.Mark(paint.Good, "ok")
	switch {
	case r.checkedNothing():
		status = r.paint.Mark(paint.Bad, "NONE")
		why := "none generated"
		switch {
		case r.Unchecked > 0:
			why = fmt.Sprintf("every case cut off at --time (%d)", r.Unchecked+r.CutOff)
		case r.CutOff > 0:
			why = fmt.Sprintf("every generated case cut off at --time (%d)", r.CutOff)
		}
		counts = append(counts, "no case checked: "+why)
	case !r.ok():
		status = r.paint.Mark(paint.Bad, "FAIL")
	}
	invalid, disputed, bad := 0, 0, 0
	for _, f := range r.Failed {
		switch {
		case f.BadFile:
			bad++
		case f.Err != nil:
			invalid++
		}
		if f.Disputed() {
			disputed++
		}
	}
	if invalid > 0 {
		counts = append(counts, fmt.Sprintf("%d not valid input", invalid))
	}
	if disputed > 0 {
		counts = append(counts, fmt.Sprintf("%d answer file disputed", disputed))
	}
	if bad > 0 {
		counts = append(counts, fmt.Sprintf("%d bad %s", bad, plural(bad, "file", "files")))
	}
	if len(r.Flaky) > 0 {
		counts = append(counts, fmt.Sprintf("%d flaky", len(r.Flaky)))
	}
	if r.NotRun > 0 {
		why := "after it diverged"
		if r.Divergence == nil {
			why = "(the time ran out first)"
		}
		counts = append(counts, fmt.Sprintf("not run on %d generated %s %s", r.NotRun, plural(r.NotRun, "case", "cases"), why))
	}
	if r.interrupted {
		counts = append(counts, "interrupted")
	}
	what := ""
	if len(counts) > 0 {
		what = " (" + strings.Join(counts, ", ") + ")"
	}
	name := r.game.Name()
	if r.Rules != "" {
		name += " " + strings.Fields(r.Rules)[0]
	}
	if r.label != "" {
		name += " " + r.label
	}
	fmt.Fprintf(w, "%s %s: %d cases%s in %.1fs, seed %d%s\n", status, name, r.Cases(), what, r.Elapsed.Seconds(), r.Seed, shardText(r.Shard))
}

// overrunNote is how far past its share of --time a game may run
// before the report says why.
const overrunNote = time.Second

// printOverrun says why a game ran more than a second past its share of
// --time: the generated cases stop at it, but the built-in cases and
// those of --cases are cut off a quarter of a second past it, and
// shrinking has a limit of its own.
func printOverrun(w io.Writer, r *gameReport) {
	var shrink time.Duration
	if r.Divergence != nil {
		shrink = r.Divergence.Elapsed
	}
	printOverrunAfter(w, r, shrink)
}

// printOverrunAfter is printOverrun for a run whose divergences took
// shrink to shrink and localise: one program's, or several.
func printOverrunAfter(w io.Writer, r *gameReport, shrink time.Duration) {
	if r.time <= 0 || r.interrupted || r.Elapsed <= r.time+overrunNote {
		return
	}
	named := r.Elapsed - r.GenElapsed - shrink
	fmt.Fprintf(w, "  past --time (%v for %s) by %.1fs:", r.time, r.game.Name(), (r.Elapsed - r.time).Seconds())
	var why []string
	if named > r.time {
		why = append(why, fmt.Sprintf("the built-in cases and those of --cases took %.1fs (the last cut off a quarter of a second past --time)", named.Seconds()))
	}
	if shrink > overrunNote {
		why = append(why, fmt.Sprintf("shrinking and localising the divergence took %.1fs (shrinking has a limit of its own, --shrink-time)", shrink.Seconds()))
	}
	if len(why) == 0 {
		why = append(why, "the last generated cases were slow to stop")
	}
	fmt.Fprintf(w, " %s\n", strings.Join(why, "; "))
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func printDivergence(w io.Writer, r *gameReport, d *conformance.Divergence) {
	who := ""
	if r.label != "" {
		who = fmt.Sprintf("%s (%s): ", r.label, r.impl)
	}
	fmt.Fprintf(w, "\n%s%v on %s\n", who, d.Found.Verdict, d.Source)
	if d.DoesNotRun {
		// One report of what every case showed: the case is not at
		// fault, and the program's standard error says why.
		fmt.Fprintf(w, "  the program does not run: it failed every case so, the smallest too (%s); not shrunk\n\n", size(r.game, d.Shrunk.Input))
		fmt.Fprintf(w, "%s\n\n", d.Shrunk.String())
		return
	}
	if d.Index >= 0 && !d.Leak {
		fmt.Fprintf(w, "  replay it alone: %s\n", r.replay(d.Index))
	}
	switch {
	case d.Breach:
		fmt.Fprintf(w, "  not shrunk: the program broke its protocol; the case is not at fault\n\n")
	case d.Found.Memory:
		fmt.Fprintf(w, "  not shrunk: the call goes on allocating (Go cannot stop it), and each candidate would add to it\n\n")
	case d.Leak:
		printLeak(w, r, d)
	default:
		fmt.Fprintf(w, "  shrunk from %s to %s (%v)\n", size(r.game, d.Found.Input), size(r.game, d.Shrunk.Input), d.ShrinkStats)
		if sig := d.Shrunk.Signature; d.Shrunk.Verdict == conformance.RuntimeError && sig != "" {
			fmt.Fprintf(w, "  crash: %s (every case the shrink kept crashed so)\n", sig)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%s\n\n", d.Shrunk.String())

	moves := r.game.Step()
	fs := firstStepOf(r, d)
	fs.print(w, moves)
	if len(d.Shrunk.Input) > traceLimit {
		how := "its whole input is divergence.shrunk.input of the --json report and case.in of the --emit script; save it to FILE and run cascade trace FILE"
		if r.emitted != "" {
			how = "save case.in of " + r.emitted + " to FILE and run cascade trace FILE"
		}
		fmt.Fprintf(w, "\nreference trace: left out, the shrunk case is %d bytes (%s)\n", len(d.Shrunk.Input), how)
	} else {
		printTrace(w, r.shrunk, r.paint)
	}
	if r.emitted != "" {
		fmt.Fprintf(w, "\nregression script: %s\n", r.emitted)
	}
	if r.page != "" {
		fmt.Fprintf(w, "replay page: %s (open it in a browser: the case step by step, the first diverging %s marked)\n", r.page, moves)
	}
	fmt.Fprintln(w)
}

// traceLimit is the largest shrunk input whose trace the report draws.
const traceLimit = 4 << 10

// printTrace writes the reference's trace of p, indented, coloured by
// pt.
func printTrace(w io.Writer, p conformance.Puzzle, pt paint.Painter) {
	fmt.Fprintf(w, "\nreference trace of the shrunk case:\n")
	var b bytes.Buffer
	if p != nil {
		p.PaintTrace(&b, pt)
	}
	for line := range strings.Lines(b.String()) {
		fmt.Fprintf(w, "  %s", line)
	}
}

// failureText is the first line of a failure's report, with its crash's
// signature when it has one.
func failureText(r *conformance.Result) string {
	text := firstLine(r.String())
	if r.Verdict == conformance.RuntimeError && r.Signature != "" {
		text += " (" + r.Signature + ")"
	}
	return text
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// isTerminal reports whether w is a terminal, without a dependency: a
// character device is taken to be one.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressLine returns a Progress function that redraws one line on w,
// a terminal.
func progressLine(w io.Writer, g conformance.Any) func(conformance.Progress) {
	return func(p conformance.Progress) {
		if p.Done {
			fmt.Fprint(w, "\r\033[K")
			return
		}
		fmt.Fprintf(w, "\r\033[K%s", progressText(g, p))
	}
}

// defaultProgress is how often check writes a progress line to a
// standard error that is not a terminal (a pipe, a CI log), unless
// --progress or CASCADE_PROGRESS says otherwise: often enough that a
// log shows the run alive, seldom enough that a long run's log stays
// short.
const defaultProgress = 5 * time.Second

// progressEnv, when set, is the default of --progress: a CI
// configuration sets the interval of every check it runs once, and a
// test of check's output sets 0 so that no line depends on how fast the
// machine is.
const progressEnv = "CASCADE_PROGRESS"

// progressLog returns a Progress function that writes a line of its own
// to w, which is not a terminal, each time it is called but the last:
// the report that follows says the rest. head is written before the
// first line.
func progressLog(w io.Writer, g conformance.Any, head *runHeader) func(conformance.Progress) {
	return func(p conformance.Progress) {
		if !p.Done {
			head.write()
			fmt.Fprintln(w, progressText(g, p))
		}
	}
}

// progressText is one line of progress of game g.
func progressText(g conformance.Any, p conformance.Progress) string {
	if p.Shrinking {
		return fmt.Sprintf("%s: %d cases, %d diverged; shrinking: %d candidates tried", g.Name(), p.Cases, p.Diverged, p.ShrinkTried)
	}
	left := ""
	if p.Left >= 0 {
		left = fmt.Sprintf(", %v left", p.Left.Round(time.Second))
	}
	return fmt.Sprintf("%s: %d cases, %.0f/s, %d diverged%s", g.Name(), p.Cases, p.Rate(), p.Diverged, left)
}

// gameHeader is the first line of the report of game g checked on impl.
func gameHeader(g conformance.Any, impl string, seed uint64, shard string) string {
	return fmt.Sprintf("%s: checking %s, seed %d%s\n", g.Name(), impl, seed, shard)
}

// matrixHeader is the first line of the report of n programs checked
// side by side on game g.
func matrixHeader(g conformance.Any, n int, seed uint64, shard string) string {
	return fmt.Sprintf("%s: checking %d programs side by side, seed %d%s\n", g.Name(), n, seed, shard)
}

// runHeader is the first line of a game's report, written on standard
// output ahead of the run's progress lines when they are logged to a
// standard error that is not a terminal: a pipe or a CI log that takes
// both then reads the header first, not a game's progress before its
// name. The report, printed when the run ends, leaves it out once it is
// written.
type runHeader struct {
	w       io.Writer
	text    string
	once    sync.Once
	written atomic.Bool
}

// write writes the header, once.
func (h *runHeader) write() {
	h.once.Do(func() {
		io.WriteString(h.w, h.text)
		h.written.Store(true)
	})
}

// done reports whether the header was written.
func (h *runHeader) done() bool { return h.written.Load() }
