package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/cascade-harness/cascade/conformance"
)

// The --json report: one object, with a report per game checked.
type jsonReport struct {
	OK bool `json:"ok"`
	// Interrupted says a signal stopped the run, maybe before any game
	// ran (while --cases was read); OK is then false.
	Interrupted bool `json:"interrupted"`
	// Error is the error that ended the run early (exit status 2), if
	// any; OK is then false.
	Error string `json:"error,omitempty"`
	// Run holds the flags that choose the cases of the run: the same in
	// every shard of one run, which cascade merge checks.
	Run   jsonRun    `json:"run"`
	Games []jsonGame `json:"games"`
	// Matrices are there when several programs were checked side by
	// side: one for each game, and Games holds a report for each
	// program.
	Matrices []jsonMatrix `json:"matrices,omitempty"`
}

// jsonRun is the flags that choose the cases a run checks.
type jsonRun struct {
	// Count is --count; null when it was not given, so that --time
	// alone bounded the run.
	Count *int `json:"count"`
	// TimeSeconds is --time, 0 when --count alone bounded the run.
	TimeSeconds float64 `json:"time_seconds"`
	MaxSize     int     `json:"max_size,omitempty"`
	Builtin     bool    `json:"builtin"`
	// Oracle is --oracle.
	Oracle string `json:"oracle"`
	// Cases is --cases, the directory as given.
	Cases string `json:"cases,omitempty"`
	// Shard is --shard; absent for a whole run, and in the report cascade
	// merge makes of its shards.
	Shard *jsonShard `json:"shard,omitempty"`
	// Protocol is the protocol of --impl's programs, as CASCADE_PROTOCOL
	// names it; absent for the judge protocol.
	Protocol string `json:"protocol,omitempty"`
	// Legal and UsualBox are --legal and --usual-box.
	Legal    bool `json:"legal,omitempty"`
	UsualBox bool `json:"usual_box,omitempty"`
}

type jsonShard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// jsonChecked names the cases a run checked: the built-in and --cases
// cases in the order of the run, and the generated cases' indices, as
// runs of indices Step apart (a shard's N).
type jsonChecked struct {
	Builtin   []string    `json:"builtin"`
	Named     []string    `json:"named"`
	Generated jsonIndices `json:"generated"`
}

// jsonIndices is a set of generated case indices: each pair [a, b] of
// Runs stands for a, a+Step, ..., b.
type jsonIndices struct {
	Step int      `json:"step"`
	Runs [][2]int `json:"runs"`
}

// jsonMatrix is the verdicts of several programs on one game: the
// cases some program did not get accepted, each with every program's
// verdict, in the order of Programs. The others are counted.
type jsonMatrix struct {
	Game string `json:"game"`
	// Rules is the SameGame rule set of the programs' reports, as in
	// theirs: a run with --cases files of other rule sets has a matrix
	// for each.
	Rules     string        `json:"rules,omitempty"`
	Seed      uint64        `json:"seed"`
	Programs  []jsonProgram `json:"programs"`
	Builtin   int           `json:"builtin"`
	Named     int           `json:"named"`
	Generated int           `json:"generated"`
	// CutOff counts the generated cases every program given them was
	// cut off on at --time.
	CutOff int `json:"cut_off,omitempty"`
	// Unchecked counts the built-in and named cases left unchecked when
	// --time ran out.
	Unchecked int `json:"unchecked,omitempty"`
	// AcceptedByAll counts the cases not in Cases: accepted by every
	// program that ran them.
	AcceptedByAll int              `json:"accepted_by_all"`
	Cases         []jsonMatrixCase `json:"cases"`
}

// jsonProgram is a column of the matrix.
type jsonProgram struct {
	Label string `json:"label"`
	Impl  string `json:"impl"`
	OK    bool   `json:"ok"`
}

type jsonMatrixCase struct {
	Source string `json:"source"`
	Name   string `json:"name,omitempty"`
	File   string `json:"file,omitempty"`
	// Index is a generated case's number, -1 for another case.
	Index int `json:"index"`
	// Verdicts are the programs' verdicts, "not run" for a program that
	// had diverged before the case, "cut off" at --time, and "accepted
	// (flaky)" for a case accepted when run again.
	Verdicts []string `json:"verdicts"`
	Invalid  string   `json:"invalid,omitempty"`
	BadFile  string   `json:"bad_file,omitempty"`
	Disputed bool     `json:"disputed,omitempty"`
	// Answer is the disputed answer file's, Reference the reference's.
	Answer    *int64 `json:"answer,omitempty"`
	Reference *int64 `json:"reference,omitempty"`
}

type jsonGame struct {
	Game  string `json:"game"`
	Rules string `json:"rules,omitempty"` // the SameGame rule set, canonical form; absent: the statement's
	// CasesOnly says the game is a rule set of --cases' rules lines
	// that is none of --rules: it checks those --cases files alone, no
	// built-in nor generated case.
	CasesOnly   bool   `json:"cases_only,omitempty"`
	Impl        string `json:"impl"`
	Program     string `json:"program,omitempty"` // its label, when several programs were checked
	Seed        uint64 `json:"seed"`
	OK          bool   `json:"ok"`
	Interrupted bool   `json:"interrupted,omitempty"`
	Cases       int    `json:"cases"`
	Builtin     int    `json:"builtin"`
	Named       int    `json:"named"`
	Generated   int    `json:"generated"`
	NotRun      int    `json:"not_run,omitempty"` // generated cases other programs ran after its divergence
	// BuiltinLeftOut counts the built-in cases --legal or --usual-box
	// left out, and BuiltinLeftOutWhy says why, for each reason how
	// many.
	BuiltinLeftOut    int    `json:"builtin_left_out,omitempty"`
	BuiltinLeftOutWhy string `json:"builtin_left_out_why,omitempty"`
	// CutOff counts the generated cases stopped at --time, neither
	// accepted nor failed, and not in Cases.
	CutOff int `json:"cut_off,omitempty"`
	// Unchecked counts the built-in and named cases not checked when
	// --time ran out: not started, or cut off. A run that leaves one
	// does not pass.
	Unchecked      int            `json:"unchecked,omitempty"`
	Verdicts       map[string]int `json:"verdicts"`
	ElapsedSeconds float64        `json:"elapsed_seconds"`
	// GeneratedSeconds is the time spent on generated cases, of which
	// CasesPerSecond is the rate (of all cases when none was generated).
	GeneratedSeconds float64 `json:"generated_seconds"`
	CasesPerSecond   float64 `json:"cases_per_second"`
	// GeneratedCells and GeneratedMoves count the cells of the boards
	// and the moves of the generated cases; CellsPerSecond and
	// MovesPerSecond are their rates, over GeneratedSeconds.
	GeneratedCells int64       `json:"generated_cells"`
	GeneratedMoves int64       `json:"generated_moves"`
	CellsPerSecond float64     `json:"cells_per_second"`
	MovesPerSecond float64     `json:"moves_per_second"`
	Checked        jsonChecked `json:"checked"`
	// Refereed counts the generated cases the reference played (see
	// --oracle); EngineDisagreed names those on which the built-in
	// engine's answer was not the reference's, a bug of cascade's.
	Refereed        int          `json:"refereed"`
	EngineDisagreed []string     `json:"engine_disagreed,omitempty"`
	Failed          []jsonNamed  `json:"failed,omitempty"`
	Flaky           []jsonFlaky  `json:"flaky,omitempty"`
	Divergence      *jsonDiverge `json:"divergence,omitempty"`
	// OtherDivergences are, in a report cascade merge made, the
	// divergences of the shards after the first, Divergence.
	OtherDivergences []jsonDiverge `json:"other_divergences,omitempty"`
	// Coverage is the rule coverage of the cases checked; absent with
	// --coverage=false.
	Coverage *jsonCoverage `json:"coverage,omitempty"`
}

type jsonNamed struct {
	Name   string `json:"name"`
	Source string `json:"source,omitempty"`
	// Builtin tells a built-in case from one of --cases.
	Builtin bool `json:"builtin,omitempty"`
	// Result is absent when the input is not valid (Invalid).
	Result    *jsonResult `json:"result,omitempty"`
	Reference int64       `json:"reference"`
	// Answer is the answer file's, when there is one.
	Answer   *int64 `json:"answer,omitempty"`
	Disputed bool   `json:"disputed"`
	Invalid  string `json:"invalid,omitempty"`
	// BadFile says why the case could not be read from --cases.
	BadFile string `json:"bad_file,omitempty"`
}

// jsonFlaky is a case that failed and was accepted when run again.
type jsonFlaky struct {
	Source string     `json:"source"`
	First  jsonResult `json:"first"`
}

type jsonResult struct {
	Verdict string `json:"verdict"`
	Input   string `json:"input"`
	Output  string `json:"output"`
	Got     int64  `json:"got"`
	Want    int64  `json:"want"`
	Diff    string `json:"diff,omitempty"`
	Status  string `json:"status,omitempty"`
	Stderr  string `json:"stderr,omitempty"`
	// Breach says the program broke its protocol on the case; Leak
	// that the case failed only after earlier cases of its process;
	// History, with Leak, that it fails so after other earlier cases
	// too, whatever they hold: the process's history, not state carried
	// from those cases.
	Breach  bool `json:"breach,omitempty"`
	Leak    bool `json:"leak,omitempty"`
	History bool `json:"history,omitempty"`
	// Signature is a crash's signature: the last line of its standard
	// error that names an error, numbers and addresses blurred.
	Signature string `json:"signature,omitempty"`
	// Board draws, under the step protocol, the program's board beside
	// the reference's at the first diverging step, when they differ.
	Board string `json:"board,omitempty"`
}

type jsonDiverge struct {
	Source string `json:"source"`
	Index  int    `json:"index"`
	// Replay is the command line that checks a generated case alone.
	Replay string `json:"replay,omitempty"`
	// Shard is the shard that found it, in a report cascade merge made.
	Shard  string     `json:"shard,omitempty"`
	Found  jsonResult `json:"found"`
	Shrunk jsonResult `json:"shrunk"`
	// The first diverging step of the shrunk case: first_op and the
	// fields after it.
	firstStep
	// Breach says the program broke its protocol: the case was not
	// shrunk. Leak says the case fails only after earlier cases of its
	// stream process: Before holds the fewest of them found, in the
	// order played, shrunk from BeforeFound. History says the case
	// fails so after copies of itself, and of itself without its moves,
	// in their place too: the process's history, not a state leak.
	Breach      bool     `json:"breach,omitempty"`
	Leak        bool     `json:"leak,omitempty"`
	History     bool     `json:"history,omitempty"`
	Before      []string `json:"before,omitempty"`
	BeforeFound int      `json:"before_found,omitempty"`
	Emitted     string   `json:"emitted,omitempty"`
	// ElapsedSeconds is the time spent shrinking and localising.
	ElapsedSeconds float64 `json:"elapsed_seconds"`
}

func toJSONResult(r *conformance.Result) jsonResult {
	return jsonResult{
		Verdict:   r.Verdict.String(),
		Input:     string(r.Input),
		Output:    string(r.Output),
		Got:       r.Got,
		Want:      r.Want,
		Diff:      r.Diff,
		Status:    r.Status,
		Stderr:    string(r.Stderr),
		Breach:    r.Breach,
		Leak:      r.Leak,
		History:   r.History,
		Signature: r.Signature,
		Board:     r.Board,
	}
}

// writeJSON writes to path the report of a run of check with the flags
// f: the reports of the games checked (of each program on each game),
// the matrices of several programs, and runErr, the error that ended the
// run, if any; interrupted says a signal stopped the run before any game
// did.
func writeJSON(path string, f *checkFlags, reports []*gameReport, matrices []*gameMatrix, runErr error, interrupted bool) error {
	return saveJSON(path, buildJSON(f, reports, matrices, runErr, interrupted))
}

// buildJSON is the report writeJSON writes.
func buildJSON(f *checkFlags, reports []*gameReport, matrices []*gameMatrix, runErr error, interrupted bool) jsonReport {
	out := jsonReport{OK: runErr == nil && !interrupted, Interrupted: interrupted, Run: runJSON(f), Games: []jsonGame{}}
	if runErr != nil {
		out.Error = runErr.Error()
	}
	for _, r := range reports {
		g := jsonGame{
			Game:             r.game.Name(),
			Rules:            r.Rules,
			CasesOnly:        r.ruleSet,
			Impl:             r.impl,
			Program:          r.label,
			Seed:             r.Seed,
			OK:               r.ok(),
			Interrupted:      r.interrupted,
			Cases:            r.Cases(),
			Builtin:          r.Builtin,
			Named:            r.Named,
			Generated:        r.Generated,
			CutOff:           r.CutOff,
			Unchecked:        r.Unchecked,
			NotRun:           r.NotRun,
			Verdicts:         make(map[string]int),
			ElapsedSeconds:   r.Elapsed.Seconds(),
			GeneratedSeconds: r.GenElapsed.Seconds(),
			CasesPerSecond:   r.Rate(),
			GeneratedCells:   r.GenCells,
			GeneratedMoves:   r.GenMoves,
			CellsPerSecond:   r.CellRate(),
			MovesPerSecond:   r.MoveRate(),
			Checked: jsonChecked{
				Builtin:   append([]string{}, r.BuiltinNames...),
				Named:     append([]string{}, r.NamedNames...),
				Generated: indicesJSON(&r.GenIndices, r.Shard),
			},
			Refereed:        r.Refereed,
			EngineDisagreed: r.EngineDisagreed,
			Coverage:        coverageJSON(r.Report),
		}
		if r.builtinAsked {
			g.BuiltinLeftOut, g.BuiltinLeftOutWhy = r.game.LeftOut()
		}
		for v, n := range r.Verdicts {
			g.Verdicts[conformance.Verdict(v).String()] = n
		}
		for _, f := range r.Failed {
			jn := jsonNamed{Name: f.Name, Source: f.Source, Builtin: f.Builtin, Reference: f.Reference, Disputed: f.Disputed()}
			switch {
			case f.BadFile:
				jn.BadFile = f.Err.Error()
			case f.Err != nil:
				jn.Invalid = f.Err.Error()
			default:
				res := toJSONResult(&f.Result)
				jn.Result = &res
			}
			if f.HasAnswer {
				jn.Answer = &f.Answer
			}
			g.Failed = append(g.Failed, jn)
		}
		for _, fl := range r.Flaky {
			g.Flaky = append(g.Flaky, jsonFlaky{fl.Source, toJSONResult(&fl.First)})
		}
		if d := r.Divergence; d != nil {
			g.Divergence = &jsonDiverge{
				Source:         d.Source,
				Index:          d.Index,
				Found:          toJSONResult(&d.Found),
				Shrunk:         toJSONResult(&d.Shrunk),
				firstStep:      firstStepOf(r, d),
				Breach:         d.Breach,
				Leak:           d.Leak,
				History:        d.History,
				BeforeFound:    d.BeforeFound,
				Emitted:        r.emitted,
				ElapsedSeconds: d.Elapsed.Seconds(),
			}
			for _, in := range d.Before {
				g.Divergence.Before = append(g.Divergence.Before, string(in))
			}
			if d.Index >= 0 {
				g.Divergence.Replay = r.replay(d.Index)
			}
		}
		out.OK = out.OK && g.OK
		out.Interrupted = out.Interrupted || r.interrupted
		out.Games = append(out.Games, g)
	}
	for _, m := range matrices {
		out.Matrices = append(out.Matrices, toJSONMatrix(m))
	}
	return out
}

// saveJSON writes out, a --json report of any command, to path.
func saveJSON(path string, out any) error {
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o666); err != nil {
		return fmt.Errorf("--json: %w", err)
	}
	return nil
}

// checkJSONPath says why no report could be written to path: before the
// run, so that a long run does not end in a report it cannot write. The
// file must be writable, or its directory exist and take new files.
func checkJSONPath(path string) error {
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return errors.New("is a directory")
	case err == nil:
		if err := syscall.Access(path, canWrite); err != nil {
			return err
		}
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return cause(err)
	}
	dir := filepath.Dir(path)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("no such directory %s", dir)
	}
	return writableDir(dir)
}

func toJSONMatrix(m *gameMatrix) jsonMatrix {
	jm := jsonMatrix{
		Game:          m.game.Name(),
		Rules:         m.game.Rules(),
		Seed:          m.Seed,
		Builtin:       m.Builtin,
		Named:         m.Named,
		Generated:     m.Generated,
		CutOff:        m.CutOff,
		Unchecked:     m.Unchecked,
		AcceptedByAll: m.Accepted,
		Cases:         []jsonMatrixCase{},
	}
	for _, r := range m.reports {
		jm.Programs = append(jm.Programs, jsonProgram{Label: r.label, Impl: r.impl, OK: r.ok()})
	}
	for _, row := range m.Rows {
		jc := jsonMatrixCase{Source: row.Source, Name: row.Name, File: row.File, Index: row.Index}
		for _, c := range row.Cells {
			jc.Verdicts = append(jc.Verdicts, c.String())
		}
		switch {
		case row.BadFile:
			jc.BadFile = row.Err.Error()
		case row.Err != nil:
			jc.Invalid = row.Err.Error()
		case row.Disputed:
			jc.Disputed = true
			jc.Answer, jc.Reference = &row.Answer, &row.Reference
		}
		jm.Cases = append(jm.Cases, jc)
	}
	return jm
}

// runJSON is what the flags f say of the cases checked.
func runJSON(f *checkFlags) jsonRun {
	run := jsonRun{MaxSize: f.maxSize, Builtin: f.builtin, Oracle: f.oracle.String(), Cases: f.cases,
		Legal: f.confine.Legal, UsualBox: f.confine.UsualBox}
	if f.set["count"] {
		run.Count = &f.count
	}
	if !f.set["count"] || f.set["time"] {
		run.TimeSeconds = f.time.Seconds()
	}
	if !f.shard.Whole() {
		run.Shard = &jsonShard{f.shard.K, f.shard.N}
	}
	if p := (conformance.Protocol{Stream: f.stream, Steps: f.steps}); p != (conformance.Protocol{}) {
		run.Protocol = p.String()
	}
	return run
}

// indicesJSON writes the indices of a shard's generated cases as runs of
// its N, of a whole run's as runs of 1.
func indicesJSON(s *conformance.Indices, shard conformance.Shard) jsonIndices {
	step := max(shard.N, 1)
	return jsonIndices{Step: step, Runs: append([][2]int{}, s.Runs(step)...)}
}
