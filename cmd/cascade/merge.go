package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
)

var mergeCommand = &command{
	name:    "merge",
	summary: "put together the --json reports of check's shards",
	help: `Usage: cascade merge [--json FILE] REPORT.json...

Merge puts together the --json reports of the shards of one run of
cascade check (check --shard K/N on N machines, each with the same flags
and --seed) into the report of the whole run. It prints, for each game,
the report as check prints it, without the shrunk cases: the built-in
and --cases cases not accepted, the generated cases, the divergence of
each shard with its replay line, and the summary line, whose time is the
longest shard's. --json FILE writes the merged report in check's
format.

With --count, the merged report is the one the whole run writes, apart
from the times: the same cases, each checked once, the same verdicts
and summary line. That holds while every case is accepted: the whole
run stops at its first generated case not accepted, a shard at its own
first. When shards diverged, the merged report's divergence is the first
(a built-in or --cases case before a generated one, then the lowest
index), and the others follow it (other_divergences in --json). With
--time each shard checked the cases it reached, and the merged report
counts what they did.

Merge checks that the reports belong together: each is a report of
cascade check --json; they name the same games, rule sets, programs and
seeds, and the same --count, --time, --max-size, --builtin and --oracle;
their shards are 1/N to N/N of one N, each given once (a report without
--shard is a whole run, 1/1); no case was checked by two of them. A
report is untrusted: every field merge reads is checked against the run
it claims to belong to (counts that add up, generated cases that are the
shard's and under --count, each once, a matrix that of its programs'
reports, of their game and rule set, a rule set's canonical form, the
game's coverage items, times from 0 to 292 years), and one that does not
hold is named with the file and the field. The merged --json gives the
generated cases as runs of step 1, or as the shards' own runs of step N
when the shards did not check as far as one another.

Flags:
  --json FILE      write the merged report to FILE, whose directory must
                   exist, checked before the reports are read
  --color WHEN     colour ok and FAIL: auto (the default) when standard
                   output is a terminal and NO_COLOR is not set, always,
                   or never

Exit status: 0 every shard got every case accepted; 1 a shard did not (a
case not accepted, an answer file disputed, a bad file in --cases), was
interrupted or ended in an error, a report's fields do not hold
together, or the merged report could not be written; 2 usage error: no
report, a file that cannot be read or is not a report of check, reports
of different runs, a shard missing or given twice, a case checked twice.

Example, after four shards of check --seed 7 --count 40000 --json shardK.json:
  cascade merge --json report.json shard1.json shard2.json shard3.json shard4.json
`,
	run: runMerge,
}

func runMerge(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cascade merge", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	out := fs.String("json", "", "")
	var color colorMode
	addColorFlag(fs, &color)
	usage := func(format string, a ...any) int { return c.usagef(stderr, format, a...) }
	if code, ok := c.parseFlags(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() == 0 {
		return usage("no report to merge")
	}
	if *out != "" {
		if err := checkJSONPath(*out); err != nil {
			return usage("--json %s: %v", *out, err)
		}
	}
	var shards []*shardReport
	for _, file := range fs.Args() {
		s, err := readShard(file)
		if _, ok := errors.AsType[*badReport](err); ok {
			fmt.Fprintf(stderr, "cascade merge: %v\n", err)
			return exitRejected
		}
		if err != nil {
			return usage("%v", err)
		}
		shards = append(shards, s)
	}
	m, err := merge(shards)
	if err != nil {
		return usage("%v", err)
	}
	printMerged(stdout, m, painter(color, stdout))
	code := exitOK
	if !m.out.OK {
		code = exitRejected
	}
	for _, s := range m.shards {
		if s.rep.Error != "" {
			fmt.Fprintf(stderr, "cascade merge: shard %v (%s) ended in an error: %s\n", s.shard, s.file, s.rep.Error)
		}
	}
	if *out != "" {
		if err := saveJSON(*out, m.out); err != nil {
			fmt.Fprintf(stderr, "cascade merge: %v\n", err)
			return exitRejected
		}
	}
	return code
}

// shardReport is one report given to merge.
type shardReport struct {
	file  string
	rep   jsonReport
	shard conformance.Shard // {1, 1} for a whole run
}

// maxReport is the size of the largest report merge reads: a report
// holds the inputs of the cases it lists, which may be big, but not
// this big.
const maxReport = 1 << 30

// readShard reads the --json report of check in file. The error is a
// *badReport when the file is a report of check whose fields do not
// hold together.
func readShard(file string) (*shardReport, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, cause(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxReport+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, cause(err))
	}
	if len(data) > maxReport {
		return nil, fmt.Errorf("%s: not a report of cascade check --json: larger than %d MiB", file, maxReport>>20)
	}
	return parseShard(file, data)
}

// parseShard reads data, the content of file, as a --json report of
// check, and checks every field merge reads (checkShard).
func parseShard(file string, data []byte) (*shardReport, error) {
	// A report of check has both; a report of audit, or any other JSON
	// object, is not one.
	var keys struct {
		Run   json.RawMessage `json:"run"`
		Games json.RawMessage `json:"games"`
	}
	s := &shardReport{file: file, shard: conformance.Shard{K: 1, N: 1}}
	if err := json.Unmarshal(data, &keys); err != nil {
		return nil, fmt.Errorf("%s: not a report of cascade check --json: %v", file, err)
	}
	if keys.Run == nil || keys.Games == nil {
		return nil, fmt.Errorf("%s: not a report of cascade check --json: no run or games", file)
	}
	if err := json.Unmarshal(data, &s.rep); err != nil {
		return nil, fmt.Errorf("%s: not a report of cascade check --json: %v", file, err)
	}
	if sh := s.rep.Run.Shard; sh != nil {
		s.shard = conformance.Shard{K: sh.K, N: sh.N}
	}
	if err := checkShard(s); err != nil {
		return nil, err
	}
	return s, nil
}

// maxListed is the most missing shards an error names.
const maxListed = 64

// merged is the report merge made of the shards.
type merged struct {
	shards []*shardReport // in the order of their K
	n      int            // the shards' N
	out    jsonReport
}

// merge checks that the shards belong to one run and puts their reports
// together; the error says why they do not belong together.
func merge(shards []*shardReport) (*merged, error) {
	n := shards[0].shard.N
	byK := make(map[int]*shardReport)
	for _, s := range shards {
		if s.shard.N != n {
			return nil, fmt.Errorf("%s is shard %v, %s shard %v: not shards of one run", shards[0].file, shards[0].shard, s.file, s.shard)
		}
		if t := byK[s.shard.K]; t != nil {
			return nil, fmt.Errorf("shard %v given twice: %s and %s", s.shard, t.file, s.file)
		}
		byK[s.shard.K] = s
		if why := sameRun(shards[0], s); why != "" {
			return nil, fmt.Errorf("%s and %s are not shards of one run: %s", shards[0].file, s.file, why)
		}
	}
	if n > len(byK) {
		// N is the file's, any number: the missing shards are named
		// when they are few.
		if n > maxListed {
			return nil, fmt.Errorf("%d shards of %d missing: merge needs every shard of the run", n-len(byK), n)
		}
		var missing []string
		for k := 1; k <= n; k++ {
			if byK[k] == nil {
				missing = append(missing, fmt.Sprintf("%d/%d", k, n))
			}
		}
		return nil, fmt.Errorf("shard %s missing: merge needs every shard of the run", strings.Join(missing, ", "))
	}
	m := &merged{n: n}
	for k := 1; k <= n; k++ {
		m.shards = append(m.shards, byK[k])
	}

	// The games of the run: those of a shard that ran to its end (one
	// interrupted or ended by an error may stop short of the last game).
	runShard := m.shards[0]
	complete := func(s *shardReport) bool { return s.rep.Error == "" && !s.rep.Interrupted }
	for _, s := range m.shards {
		if complete(s) || len(s.rep.Games) > len(runShard.rep.Games) {
			runShard = s
			if complete(s) {
				break
			}
		}
	}
	games := runShard.rep.Games
	for _, s := range m.shards {
		if why := sameGames(games, s.rep.Games, complete(s)); why != "" {
			return nil, fmt.Errorf("%s and %s are not shards of one run: %s", m.shards[0].file, s.file, why)
		}
	}

	first := m.shards[0].rep
	m.out = jsonReport{OK: true, Run: first.Run, Games: []jsonGame{}}
	m.out.Run.Shard = nil
	for _, s := range m.shards {
		m.out.Interrupted = m.out.Interrupted || s.rep.Interrupted
		if s.rep.Error != "" && m.out.Error == "" {
			m.out.Error = fmt.Sprintf("shard %v (%s): %s", s.shard, s.file, s.rep.Error)
		}
	}
	for i := range games {
		parts := make([]*jsonGame, n)
		for k, s := range m.shards {
			if i < len(s.rep.Games) {
				parts[k] = &s.rep.Games[i]
			}
		}
		g, err := mergeGame(parts, m.shards)
		if err != nil {
			return nil, err
		}
		m.out.OK = m.out.OK && g.OK
		m.out.Games = append(m.out.Games, g)
	}
	if m.out.Error != "" || m.out.Interrupted {
		m.out.OK = false
	}
	// A shard's matrices are those of its games (checkMatrices), which
	// are the run's: each is matched by its game and rule set.
	for _, want := range runShard.rep.Matrices {
		parts := make([]*jsonMatrix, n)
		for k, s := range m.shards {
			parts[k] = s.matrix(want.Game, want.Rules)
		}
		mx, err := mergeMatrix(parts, m.shards)
		if err != nil {
			return nil, err
		}
		m.out.Matrices = append(m.out.Matrices, mx)
	}
	return m, nil
}

// sameRun says how the runs of two reports differ in the flags that
// choose their cases, "" when they do not.
func sameRun(a, b *shardReport) string {
	x, y := a.rep.Run, b.rep.Run
	count := func(c *int) string {
		if c == nil {
			return "no --count"
		}
		return fmt.Sprintf("--count %d", *c)
	}
	switch {
	case count(x.Count) != count(y.Count):
		return count(x.Count) + " against " + count(y.Count)
	case x.TimeSeconds != y.TimeSeconds:
		return fmt.Sprintf("--time %gs against %gs", x.TimeSeconds, y.TimeSeconds)
	case x.MaxSize != y.MaxSize:
		return fmt.Sprintf("--max-size %d against %d", x.MaxSize, y.MaxSize)
	case x.Builtin != y.Builtin:
		return fmt.Sprintf("--builtin=%v against --builtin=%v", x.Builtin, y.Builtin)
	case x.Oracle != y.Oracle:
		return fmt.Sprintf("--oracle %s against %s", x.Oracle, y.Oracle)
	case x.Legal != y.Legal || x.UsualBox != y.UsualBox:
		return fmt.Sprintf("%q against %q", confineText(conformance.Confine{Legal: x.Legal, UsualBox: x.UsualBox}), confineText(conformance.Confine{Legal: y.Legal, UsualBox: y.UsualBox}))
	}
	return ""
}

// sameGames says how the games of a shard differ from those of the run,
// "" when they do not; a shard that did not run to its end may hold
// fewer.
func sameGames(run, shard []jsonGame, complete bool) string {
	if len(shard) > len(run) || complete && len(shard) < len(run) {
		return fmt.Sprintf("%d game reports against %d", len(run), len(shard))
	}
	for i, g := range shard {
		r := run[i]
		switch {
		case g.Game != r.Game:
			return fmt.Sprintf("game %s against %s", r.Game, g.Game)
		case g.Rules != r.Rules:
			return fmt.Sprintf("%s: rules %q against %q", g.Game, r.Rules, g.Rules)
		case g.CasesOnly != r.CasesOnly:
			return fmt.Sprintf("%s: cases_only %v against %v", gameTitle(g.Game, g.Rules), r.CasesOnly, g.CasesOnly)
		case g.Impl != r.Impl || g.Program != r.Program:
			return fmt.Sprintf("%s: %s against %s", g.Game, strings.TrimSpace(r.Program+" "+r.Impl), strings.TrimSpace(g.Program+" "+g.Impl))
		case g.Seed != r.Seed:
			return fmt.Sprintf("%s: seed %d against %d", g.Game, r.Seed, g.Seed)
		}
	}
	return ""
}

// mergeGame puts together the reports of one game (of one program) of
// the shards, parts[k] that of shards[k], nil when the shard stopped
// before the game.
func mergeGame(parts []*jsonGame, shards []*shardReport) (jsonGame, error) {
	var proto *jsonGame
	for _, p := range parts {
		if p != nil {
			proto = p
			break
		}
	}
	out := jsonGame{Game: proto.Game, Rules: proto.Rules, CasesOnly: proto.CasesOnly, Impl: proto.Impl, Program: proto.Program, Seed: proto.Seed, OK: true, Verdicts: make(map[string]int)}
	// Every shard leaves out the same built-in cases, counted whole.
	out.BuiltinLeftOut, out.BuiltinLeftOutWhy = proto.BuiltinLeftOut, proto.BuiltinLeftOutWhy
	n := len(parts)
	var covs []*jsonCoverage
	for _, p := range parts {
		if p != nil {
			covs = append(covs, p.Coverage)
		}
	}
	out.Coverage = mergeCoverage(covs)
	var builtin, named [][]string
	gen := make([]jsonIndices, n)
	for k, p := range parts {
		if p == nil {
			out.OK, out.Interrupted = false, true
			builtin, named = append(builtin, nil), append(named, nil)
			continue
		}
		out.OK = out.OK && p.OK
		out.Interrupted = out.Interrupted || p.Interrupted
		out.Builtin += p.Builtin
		out.Named += p.Named
		out.Generated += p.Generated
		out.GeneratedCells += p.GeneratedCells
		out.GeneratedMoves += p.GeneratedMoves
		out.Cases += p.Cases
		out.NotRun += p.NotRun
		out.CutOff += p.CutOff
		out.Unchecked += p.Unchecked
		out.Refereed += p.Refereed
		for v, c := range p.Verdicts {
			out.Verdicts[v] += c
		}
		out.ElapsedSeconds = max(out.ElapsedSeconds, p.ElapsedSeconds)
		out.GeneratedSeconds = max(out.GeneratedSeconds, p.GeneratedSeconds)
		builtin = append(builtin, p.Checked.Builtin)
		named = append(named, p.Checked.Named)
		gen[k] = p.Checked.Generated
		out.EngineDisagreed = append(out.EngineDisagreed, p.EngineDisagreed...)
		out.Flaky = append(out.Flaky, p.Flaky...)
	}
	if out.GeneratedSeconds > 0 {
		out.CellsPerSecond = float64(out.GeneratedCells) / out.GeneratedSeconds
		out.MovesPerSecond = float64(out.GeneratedMoves) / out.GeneratedSeconds
	}
	switch {
	case out.Generated > 0 && out.GeneratedSeconds > 0:
		out.CasesPerSecond = float64(out.Generated) / out.GeneratedSeconds
	case out.Generated == 0 && out.ElapsedSeconds > 0:
		out.CasesPerSecond = float64(out.Cases) / out.ElapsedSeconds
	}
	bpos, err := interleave(builtin, n, 0)
	if err != nil {
		return jsonGame{}, fmt.Errorf("%s: built-in %w", out.Game, err)
	}
	npos, err := interleave(named, n, len(bpos))
	if err != nil {
		return jsonGame{}, fmt.Errorf("%s: %w", out.Game, err)
	}
	out.Checked = jsonChecked{Builtin: sortedNames(bpos), Named: sortedNames(npos), Generated: uniteIndices(n, gen)}

	// The failed cases in the order of the whole run, then the
	// divergences, the first of the whole run first.
	place := func(builtin bool, name string) int {
		if builtin {
			return bpos[name]
		}
		return len(bpos) + npos[name]
	}
	var divs []jsonDiverge
	for k, p := range parts {
		if p == nil {
			continue
		}
		out.Failed = append(out.Failed, p.Failed...)
		if d := p.Divergence; d != nil {
			dd := *d
			if n > 1 {
				dd.Shard = shards[k].shard.String()
			}
			divs = append(divs, dd)
		}
		divs = append(divs, p.OtherDivergences...)
	}
	slices.SortStableFunc(out.Failed, func(a, b jsonNamed) int { return place(a.Builtin, a.Name) - place(b.Builtin, b.Name) })
	divPlace := func(d jsonDiverge) int {
		if d.Index >= 0 {
			return len(bpos) + len(npos) + d.Index
		}
		return place(sourceCase(d.Source))
	}
	slices.SortStableFunc(divs, func(a, b jsonDiverge) int { return divPlace(a) - divPlace(b) })
	if len(divs) > 0 {
		out.Divergence = &divs[0]
		out.OtherDivergences = divs[1:]
	}
	return out, nil
}

// interleave places the names of the built-in or named cases each shard
// checked, lists[k] those of shard k+1 of n, in the order of the whole
// run: shard K took the cases at places K-1, K-1+n, ... of the run's
// list, in which the first of these names is at place offset. The
// places are counted from offset; the error names a case two shards
// checked.
func interleave(lists [][]string, n, offset int) (map[string]int, error) {
	pos := make(map[string]int)
	for k, names := range lists {
		first := ((k-offset)%n + n) % n // the first place of shard k+1, from offset
		for t, name := range names {
			if _, ok := pos[name]; ok {
				return nil, fmt.Errorf("case %s checked by two shards", name)
			}
			pos[name] = first + t*n
		}
	}
	return pos, nil
}

// sortedNames lists the names of pos by their places.
func sortedNames(pos map[string]int) []string {
	names := make([]string, 0, len(pos))
	for name := range pos {
		names = append(names, name)
	}
	slices.SortFunc(names, func(a, b string) int { return pos[a] - pos[b] })
	return names
}

// mergeMatrix puts together the matrices of one game of several
// programs, parts[k] that of shards[k], nil when the shard stopped before
// it.
func mergeMatrix(parts []*jsonMatrix, shards []*shardReport) (jsonMatrix, error) {
	var proto *jsonMatrix
	for _, p := range parts {
		if p != nil {
			proto = p
			break
		}
	}
	out := jsonMatrix{Game: proto.Game, Rules: proto.Rules, Seed: proto.Seed, Cases: []jsonMatrixCase{}}
	for _, p := range proto.Programs {
		out.Programs = append(out.Programs, jsonProgram{Label: p.Label, Impl: p.Impl, OK: true})
	}
	n := len(parts)
	var builtin, named [][]string
	for k, p := range parts {
		if p == nil {
			for i := range out.Programs {
				out.Programs[i].OK = false
			}
			builtin, named = append(builtin, nil), append(named, nil)
			continue
		}
		if p.Game != out.Game || p.Rules != out.Rules || len(p.Programs) != len(out.Programs) {
			return jsonMatrix{}, fmt.Errorf("%s and %s are not shards of one run: their matrices differ", shards[0].file, shards[k].file)
		}
		for i, q := range p.Programs {
			out.Programs[i].OK = out.Programs[i].OK && q.OK
		}
		out.Builtin += p.Builtin
		out.Named += p.Named
		out.Generated += p.Generated
		out.CutOff += p.CutOff
		out.Unchecked += p.Unchecked
		out.AcceptedByAll += p.AcceptedByAll
		out.Cases = append(out.Cases, p.Cases...)
		var b, nm []string
		for _, s := range shards[k].rep.Games {
			if s.Game == out.Game && s.Rules == out.Rules && s.Program != "" {
				b, nm = s.Checked.Builtin, s.Checked.Named
				break
			}
		}
		builtin, named = append(builtin, b), append(named, nm)
	}
	bpos, err := interleave(builtin, n, 0)
	if err != nil {
		return jsonMatrix{}, fmt.Errorf("%s: built-in %w", out.Game, err)
	}
	npos, err := interleave(named, n, len(bpos))
	if err != nil {
		return jsonMatrix{}, fmt.Errorf("%s: %w", out.Game, err)
	}
	place := func(c jsonMatrixCase) int {
		switch {
		case c.Index >= 0:
			return len(bpos) + len(npos) + c.Index
		case strings.HasPrefix(c.Source, "built-in case "):
			return bpos[c.Name]
		}
		return len(bpos) + npos[c.Name]
	}
	slices.SortStableFunc(out.Cases, func(a, b jsonMatrixCase) int { return place(a) - place(b) })
	return out, nil
}

// matrix is s's matrix of game under rules, nil when the shard stopped
// before it.
func (s *shardReport) matrix(game, rules string) *jsonMatrix {
	for i := range s.rep.Matrices {
		if mx := &s.rep.Matrices[i]; mx.Game == game && mx.Rules == rules {
			return mx
		}
	}
	return nil
}

// sourceCase reads a named case's divergence source, as conformance
// writes it ("built-in case NAME" or "case NAME"): whether the case is
// built in, and its name.
func sourceCase(source string) (builtin bool, name string) {
	if name, ok := strings.CutPrefix(source, "built-in case "); ok {
		return true, name
	}
	return false, strings.TrimPrefix(source, "case ")
}
