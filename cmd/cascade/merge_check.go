package main

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
)

// A report given to merge is untrusted input: a file may have been
// edited, cut short or made up. Before merge reads a field, checkShard
// checks it against the run the report claims to belong to: the counts
// against each other and against --count, the generated cases' indices
// against the shard and the run, the names of the cases against those
// checked. What merge then does takes time and memory bounded by the
// size of the reports, whatever numbers they hold.

// A badReport is a report of check whose fields do not hold together.
type badReport struct {
	file  string
	field string // the path of the field in the JSON: games[0].checked
	why   string
}

func (e *badReport) Error() string {
	return fmt.Sprintf("%s: %s: %s", e.file, e.field, e.why)
}

// bad is the *badReport of field of s's file, its why made of format.
func (s *shardReport) bad(field, format string, a ...any) error {
	return &badReport{s.file, field, fmt.Sprintf(format, a...)}
}

// maxCount bounds every count and generated index in a report: far
// beyond what a run checks (2^48 cases at a million a second is nine
// years), and small enough that sums over the shards cannot overflow.
const maxCount = 1 << 48

// checkShard checks the fields of s.rep that merge reads; the error is
// a *badReport.
func checkShard(s *shardReport) error {
	run := &s.rep.Run
	switch {
	case run.Count != nil && (*run.Count < 0 || *run.Count > maxCount):
		return s.bad("run.count", "%d: want 0 to 2^48", *run.Count)
	case run.MaxSize < 0:
		return s.bad("run.max_size", "%d: want 0 or more", run.MaxSize)
	case run.Oracle != conformance.OracleReference.String() && run.Oracle != conformance.OracleSampled.String():
		return s.bad("run.oracle", "%q: want %s or %s", run.Oracle, conformance.OracleReference, conformance.OracleSampled)
	}
	if err := s.checkSeconds("run.time_seconds", run.TimeSeconds); err != nil {
		return err
	}
	if sh := run.Shard; sh != nil && (sh.N < 1 || sh.K < 1 || sh.K > sh.N) {
		return s.bad("run.shard", "%d/%d: want K/N with 1 <= K <= N", sh.K, sh.N)
	}
	for i := range s.rep.Games {
		if err := checkGameReport(s, i); err != nil {
			return err
		}
	}
	return checkMatrices(s)
}

// checkGameReport checks the report of game i of s.
func checkGameReport(s *shardReport, i int) error {
	g := &s.rep.Games[i]
	at := fmt.Sprintf("games[%d]", i)
	game, err := checkRules(s, g, at)
	if err != nil {
		return err
	}
	game = confinedAs(s.rep.Run, game, g.Rules, g.CasesOnly)
	for _, c := range []struct {
		name string
		n    int
	}{
		{"cases", g.Cases}, {"builtin", g.Builtin}, {"named", g.Named}, {"generated", g.Generated},
		{"not_run", g.NotRun}, {"cut_off", g.CutOff}, {"unchecked", g.Unchecked}, {"refereed", g.Refereed},
	} {
		if c.n < 0 || c.n > maxCount {
			return s.bad(at+"."+c.name, "%d: want 0 to 2^48", c.n)
		}
	}
	for _, c := range []struct {
		name string
		n    int64
	}{{"generated_cells", g.GeneratedCells}, {"generated_moves", g.GeneratedMoves}} {
		if c.n < 0 || c.n > maxCount {
			return s.bad(at+"."+c.name, "%d: want 0 to 2^48", c.n)
		}
	}
	if g.CasesOnly && g.Builtin+g.Generated > 0 {
		// merge counts on no other case for such a game (printCoverage).
		if g.Builtin > 0 {
			return s.bad(at+".builtin", "%d built-in cases in a game that checks only its --cases files", g.Builtin)
		}
		return s.bad(at+".generated", "%d generated cases in a game that checks only its --cases files", g.Generated)
	}
	if g.Builtin+g.Named+g.Generated != g.Cases {
		return s.bad(at+".cases", "%d, but builtin %d + named %d + generated %d make %d", g.Cases, g.Builtin, g.Named, g.Generated, g.Builtin+g.Named+g.Generated)
	}
	if g.GeneratedCells > 0 && g.GeneratedCells < int64(g.Generated) {
		// A report that counts cells counts a cell at least for each
		// generated case: none holds fewer.
		return s.bad(at+".generated_cells", "%d: fewer than the %d generated cases, each of a cell at least", g.GeneratedCells, g.Generated)
	}
	if g.Refereed > g.Generated {
		return s.bad(at+".refereed", "%d of %d generated cases", g.Refereed, g.Generated)
	}
	if len(g.EngineDisagreed) > g.Generated {
		return s.bad(at+".engine_disagreed", "%d of %d generated cases", len(g.EngineDisagreed), g.Generated)
	}
	if err := s.checkSeconds(at+".elapsed_seconds", g.ElapsedSeconds); err != nil {
		return err
	}
	if err := s.checkSeconds(at+".generated_seconds", g.GeneratedSeconds); err != nil {
		return err
	}

	// Each case checked has a verdict, but those not run: an input that
	// is not valid, a file that could not be read.
	notRun := 0
	for j, f := range g.Failed {
		if f.BadFile != "" || f.Invalid != "" {
			notRun++
		} else if f.Result == nil {
			return s.bad(fmt.Sprintf("%s.failed[%d]", at, j), "case %s: no result, no bad_file, no invalid", f.Name)
		} else if err := s.checkResult(fmt.Sprintf("%s.failed[%d].result", at, j), f.Result); err != nil {
			return err
		}
	}
	run := notRun
	for v, n := range g.Verdicts {
		if !isVerdict(v) {
			return s.bad(at+".verdicts", "%q: no such verdict", v)
		}
		if n < 0 || n > maxCount {
			return s.bad(at+".verdicts", "%s %d: want 0 to 2^48", v, n)
		}
		run += n
	}
	if run != g.Cases {
		return s.bad(at+".verdicts", "%d cases with a verdict and %d not run, of %d cases", run-notRun, notRun, g.Cases)
	}
	if len(g.Flaky) > g.Cases {
		return s.bad(at+".flaky", "%d of %d cases", len(g.Flaky), g.Cases)
	}
	for j := range g.Flaky {
		if err := s.checkResult(fmt.Sprintf("%s.flaky[%d].first", at, j), &g.Flaky[j].First); err != nil {
			return err
		}
	}

	builtin, err := caseNames(s, g.Checked.Builtin, g.Builtin, at+".checked.builtin", "builtin")
	if err != nil {
		return err
	}
	named, err := caseNames(s, g.Checked.Named, g.Named, at+".checked.named", "named")
	if err != nil {
		return err
	}
	gen := &g.Checked.Generated
	if err := checkIndices(s, gen, g.Generated, at+".checked.generated"); err != nil {
		return err
	}
	// checked is whether the built-in or named case name was checked.
	checked := func(isBuiltin bool, name string) bool {
		if isBuiltin {
			return builtin[name]
		}
		return named[name]
	}
	listed := make(map[string]bool)
	for j, f := range g.Failed {
		if !checked(f.Builtin, f.Name) {
			return s.bad(fmt.Sprintf("%s.failed[%d]", at, j), "case %q is not among the cases checked", f.Name)
		}
		key := fmt.Sprint(f.Builtin, f.Name)
		if listed[key] {
			return s.bad(fmt.Sprintf("%s.failed[%d]", at, j), "case %q listed twice", f.Name)
		}
		listed[key] = true
	}
	// A divergence is on a case the shard checked.
	divs := g.OtherDivergences
	if g.Divergence != nil {
		divs = append([]jsonDiverge{*g.Divergence}, divs...)
	}
	for j, d := range divs {
		field := at + ".divergence"
		if j > 0 {
			field = fmt.Sprintf("%s.other_divergences[%d]", at, j-1)
		}
		switch {
		case d.Index >= 0:
			if !gen.has(d.Index) {
				return s.bad(field+".index", "%d: not among the generated cases checked", d.Index)
			}
		case d.Index < -1:
			return s.bad(field+".index", "%d: want -1 or a generated case's", d.Index)
		default:
			if !checked(sourceCase(d.Source)) {
				return s.bad(field+".source", "%q is not among the cases checked", d.Source)
			}
		}
		switch {
		case d.Op < -1 || d.Op > maxCount:
			return s.bad(field+".first_op", "%d: want -1 to 2^48", d.Op)
		case d.PassedOverAt < 0 || d.PassedOverAt > maxCount:
			return s.bad(field+".passed_over_at", "%d: want 0 to 2^48", d.PassedOverAt)
		}
		if err := s.checkSeconds(field+".elapsed_seconds", d.ElapsedSeconds); err != nil {
			return err
		}
		if err := s.checkResult(field+".found", &d.Found); err != nil {
			return err
		}
		if err := s.checkResult(field+".shrunk", &d.Shrunk); err != nil {
			return err
		}
	}
	return checkCoverage(s, g.Coverage, game, g.Cases, at+".coverage")
}

// caseNames checks the names of the built-in or named cases checked,
// which must be n and distinct, and returns them as a set.
func caseNames(s *shardReport, names []string, n int, field, count string) (map[string]bool, error) {
	if len(names) != n {
		return nil, s.bad(field, "%d names, but %s says %d cases", len(names), count, n)
	}
	set := make(map[string]bool, len(names))
	for _, name := range names {
		if set[name] {
			return nil, s.bad(field, "case %q named twice", name)
		}
		set[name] = true
	}
	return set, nil
}

// checkIndices checks the indices of the generated cases checked: n of
// them, in runs Step apart that do not overlap, each index under --count
// and, in a shard K/N, one of the shard's (K-1 mod N, Step N).
func checkIndices(s *shardReport, idx *jsonIndices, n int, field string) error {
	shard := s.shard
	switch {
	case shard.N > 1 && idx.Step != shard.N:
		return s.bad(field+".step", "%d in shard %v: want %d", idx.Step, shard, shard.N)
	case idx.Step < 1 || idx.Step > maxCount:
		return s.bad(field+".step", "%d: want 1 or more", idx.Step)
	}
	step := idx.Step
	count := s.rep.Run.Count
	last := make(map[int]int) // the last index of the runs of each residue
	total := 0
	for j, r := range idx.Runs {
		at := fmt.Sprintf("%s.runs[%d]", field, j)
		a, b := r[0], r[1]
		switch {
		case a < 0 || b < a:
			return s.bad(at, "[%d, %d]: want 0 <= a <= b", a, b)
		case b > maxCount:
			return s.bad(at, "[%d, %d]: index past 2^48", a, b)
		case count != nil && b >= *count:
			return s.bad(at, "[%d, %d]: index %d past --count %d", a, b, b, *count)
		case (b-a)%step != 0:
			return s.bad(at, "[%d, %d]: not a run of step %d", a, b, step)
		case shard.N > 1 && a%shard.N != shard.K-1:
			return s.bad(at, "[%d, %d]: case %d is not in shard %v", a, b, a, shard)
		case j > 0 && a <= idx.Runs[j-1][0]:
			return s.bad(at, "[%d, %d] after [%d, %d]: want the runs in increasing order", a, b, idx.Runs[j-1][0], idx.Runs[j-1][1])
		}
		if prev, ok := last[a%step]; ok && a <= prev {
			return s.bad(at, "[%d, %d]: case %d is in an earlier run too", a, b, a)
		}
		last[a%step] = b
		total += (b-a)/step + 1
		if total > n {
			return s.bad(field, "more indices than the %d generated cases", n)
		}
	}
	if total != n {
		return s.bad(field, "%d indices, but generated says %d cases", total, n)
	}
	return nil
}

// has reports whether i is among the indices.
func (idx *jsonIndices) has(i int) bool {
	step := max(idx.Step, 1)
	for _, r := range idx.Runs {
		if r[0] <= i && i <= r[1] && (i-r[0])%step == 0 {
			return true
		}
	}
	return false
}

// len is the number of indices.
func (idx *jsonIndices) len() int {
	n := 0
	for _, r := range idx.Runs {
		n += (r[1]-r[0])/max(idx.Step, 1) + 1
	}
	return n
}

// checkMatrices checks the matrices of s: check writes one for each
// game it checked with several programs, in the order of the games, and
// the reports of its programs, one after the other. Each matrix is that
// of the next reports of several programs: as many as it has columns, of
// its game and rule set, its labels and programs theirs.
func checkMatrices(s *shardReport) error {
	next := 0 // the next report of several programs
	nextReport := func() int {
		for ; next < len(s.rep.Games); next++ {
			if s.rep.Games[next].Program != "" {
				next++
				return next - 1
			}
		}
		return -1
	}
	for i := range s.rep.Matrices {
		mx := &s.rep.Matrices[i]
		at := fmt.Sprintf("matrices[%d]", i)
		if len(mx.Programs) == 0 {
			return s.bad(at+".programs", "no program")
		}
		for j, p := range mx.Programs {
			gi := nextReport()
			if gi < 0 {
				return s.bad(fmt.Sprintf("%s.programs[%d]", at, j), "program %s: no report of several programs left for it", p.Label)
			}
			g := &s.rep.Games[gi]
			switch {
			case mx.Game != g.Game:
				return s.bad(at+".game", "%q against %q of games[%d]", mx.Game, g.Game, gi)
			case mx.Rules != g.Rules:
				return s.bad(at+".rules", "%q against %q of games[%d]", mx.Rules, g.Rules, gi)
			case mx.Seed != g.Seed:
				return s.bad(at+".seed", "%d against %d of games[%d]", mx.Seed, g.Seed, gi)
			case p.Label != g.Program:
				return s.bad(fmt.Sprintf("%s.programs[%d].label", at, j), "%q against %q of games[%d]", p.Label, g.Program, gi)
			case p.Impl != g.Impl:
				return s.bad(fmt.Sprintf("%s.programs[%d].impl", at, j), "%q against %q of games[%d]", p.Impl, g.Impl, gi)
			}
		}
		if err := checkMatrix(s, i); err != nil {
			return err
		}
	}
	if gi := nextReport(); gi >= 0 {
		return s.bad(fmt.Sprintf("games[%d].program", gi), "%q: a report of several programs with no matrix", s.rep.Games[gi].Program)
	}
	return nil
}

// checkMatrix checks the counts and verdicts of matrix i of s, whose
// programs checkMatrices matched with their reports.
func checkMatrix(s *shardReport, i int) error {
	mx := &s.rep.Matrices[i]
	at := fmt.Sprintf("matrices[%d]", i)
	programs := len(mx.Programs)
	for _, c := range []struct {
		name string
		n    int
	}{{"builtin", mx.Builtin}, {"named", mx.Named}, {"generated", mx.Generated}, {"cut_off", mx.CutOff}, {"unchecked", mx.Unchecked}, {"accepted_by_all", mx.AcceptedByAll}} {
		if c.n < 0 || c.n > maxCount {
			return s.bad(at+"."+c.name, "%d: want 0 to 2^48", c.n)
		}
	}
	if all := mx.Builtin + mx.Named + mx.Generated; mx.AcceptedByAll+len(mx.Cases) > all {
		return s.bad(at+".cases", "%d accepted by all and %d listed, of %d cases", mx.AcceptedByAll, len(mx.Cases), all)
	}
	for j, c := range mx.Cases {
		if len(c.Verdicts) != programs {
			return s.bad(fmt.Sprintf("%s.cases[%d].verdicts", at, j), "%d verdicts for %d programs", len(c.Verdicts), programs)
		}
		if c.Index < -1 || c.Index > maxCount {
			return s.bad(fmt.Sprintf("%s.cases[%d].index", at, j), "%d: want -1 or a generated case's", c.Index)
		}
		for _, v := range c.Verdicts {
			if !isCell(v) {
				return s.bad(fmt.Sprintf("%s.cases[%d].verdicts", at, j), "%q: no such verdict", v)
			}
		}
	}
	return nil
}

// isVerdict reports whether name is a verdict's.
func isVerdict(name string) bool {
	for v := conformance.Accepted; v <= conformance.BadOutput; v++ {
		if v.String() == name {
			return true
		}
	}
	return false
}

// isCell reports whether s is a verdict of the matrix (Cell.String).
func isCell(s string) bool {
	name, _ := strings.CutSuffix(s, " (flaky)")
	return s == "cut off" || s == "not run" || isVerdict(name)
}
