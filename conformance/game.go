package conformance

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/cascade-harness/cascade/internal/knob"
	"github.com/cascade-harness/cascade/internal/paint"
	"github.com/cascade-harness/cascade/internal/replay"
)

// A Game describes one game to the harness, once: how its inputs are read
// and written, how the reference and the engine play them, how traces are
// compared, how cases are generated and shrunk, and which cases are built
// in. Everything else in the package (Check, Run, Test, Shrink, Localise)
// is written once against a Game, and so is the command; the game
// families (package cubes, package gems) make the Games. C is the game's case type, a
// pointer such as *samegame.Case, and T its trace type.
//
// A new game needs only a Game value: the package tests define a toy game
// in a test file and check, shrink and localise it with no other code.
type Game[C, T any] struct {
	// Name names the game in flags, file names and reports: "samegame".
	Name string
	// Rules names the rule set the game's cases are played under, as
	// reports show it (cubes.Under); empty: the statement's rules.
	Rules string
	// PlayedAs is the game a case this game read is played as, when
	// the case says so itself: SameGame's reads a case's rules line
	// and gives cubes.Under that rule set, so that a puzzle's game
	// (Puzzle.Game) is the one its case is judged by. nil: this game.
	PlayedAs func(C) *Game[C, T]
	// Step is what one move of a case is called in reports: "move",
	// "operation".
	Step string

	// Parse reads one input in the statement's format; a rejected input
	// is an error that names the line (an *input.Error).
	Parse func(io.Reader) (C, error)
	// ParseAll is Parse reporting up to limit problems (0: all) where
	// the input's shape lets it go on; nil means Parse's one problem.
	ParseAll func(r io.Reader, limit int) (C, []error)
	// Format writes a case in the statement's format, as Parse reads it.
	Format func(io.Writer, C) error
	// Header is the start of what Format writes of c that a program
	// under test does not read: SameGame's rules line, since a program
	// learns the rules from RulesEnv. nil: none.
	Header func(c C) []byte
	// Validate reports why a case is not a valid input, nil when it is.
	Validate func(C) error
	// InLimits reports whether a valid case lies inside the statement's
	// limits and, when not, why; nil: the statement sets no limits. A
	// case inside them shrinks only to cases inside them too.
	InLimits func(C) (bool, string)
	// Clone returns a deep copy of a case.
	Clone func(C) C
	// Size names the size of a case in reports: "N=5, K=12".
	Size func(C) string

	// Steps is the number of moves of a case; Prefix returns a copy
	// with only the first i; StepText describes move i (1-based) for a
	// report: "(0 0)", "(3, 2) <-> (4, 2)".
	Steps    func(C) int
	Prefix   func(C, int) C
	StepText func(C, int) string

	// Reference plays a case by the literal rules: the oracle. Engine
	// plays it fast; nil when the game has no engine. A generated case
	// that GeneratePlayed gives with the engine's trace is not played
	// by Engine again, not even when the engine is the implementation
	// checked: a game that replaces Engine drops GeneratePlayed.
	Reference func(C) T
	Engine    func(C) T
	// EngineTotal is Total(Engine(c)) without the trace: what cascade
	// score prints, at less cost. nil: Total of Engine's trace.
	EngineTotal func(C) int64
	// Referee is Reference without what Diff ignores (Detail): all a
	// check compares, at less cost. nil: Reference.
	Referee func(C) T
	// Total is the final score of a trace.
	Total func(T) int64
	// Diff compares two traces: the first step (1-based) where got
	// parts from want, 0 when only the end of the game differs, -1 when
	// they agree, with a description.
	Diff func(got, want T) (step int, msg string)
	// StepKind names the kind of step i (1-based; 0 is the end of the
	// game) of a case whose reference trace is t: "click on a group",
	// "invalid swap: no run", "hand". A shrunk wrong answer keeps the
	// kind of its first diverging step, so that it shows the same bug
	// as the case it came from. nil: every step is alike.
	StepKind func(c C, t T, i int) string
	// DiffKind is StepKind for an implementation that gives a trace,
	// got, which parts from the reference's, want, at step i: it may
	// look at what differs there, so that a step whose own scores are
	// wrong is told from one where only what follows it (a hand) is.
	// nil: StepKind of want.
	DiffKind func(c C, got, want T, i int) string
	// WriteTrace plays a case with the reference and explains it for
	// people, step by step, boards drawn (cascade trace), the pieces and
	// marks coloured by the painter (the zero Painter: plain text); nil:
	// the game has no such view.
	WriteTrace func(io.Writer, C, paint.Painter)
	// StepShape is the shape of c's board in the step protocol, and
	// StepTrace the step protocol's account of t, a trace of c: the
	// running totals, and the boards when t has a board for every step
	// (see StepTrace). nil: the game has no step protocol.
	StepShape func(c C) BoardShape
	StepTrace func(c C, t T) StepTrace
	// ReferenceSteps, when not nil, plays c with the reference a step
	// at a time and calls step after each with the running total and
	// the board after it, laid out as StepShape says, in a buffer that
	// the next step reuses, until step returns false; it returns the
	// final total (of the steps played). It is how the reference's
	// boards are written and compared without holding one per step.
	// nil: they come from StepTrace of Reference's trace.
	ReferenceSteps func(c C, step func(running int64, board []int32) bool) (total int64)
	// EngineSteps is ReferenceSteps played by the engine: how cascade
	// score --steps writes the engine's boards where the step protocol
	// asks for every one (a game whose answer is a board, AnswerText).
	// nil: the engine's steps are StepTrace of its trace.
	EngineSteps func(c C, step func(running int64, board []int32) bool) (total int64)

	// AnswerText is, for a case c whose answer is not its total (a
	// match-3 rule set's answer=board), the answer a program prints
	// for trace t, each line ended; nil, or nil returned: the total.
	// JudgeAnswer then reads a program's output out and compares it
	// with want's answer: "" when they agree, else why not, the first
	// difference named (a board's first cell); bad says out is no
	// answer at all (BadOutput) rather than a wrong one (WrongAnswer).
	// AnswerLines is the number of lines, not blank, of the answer to
	// a program's input in (the case as the program reads it), from
	// which the stream protocol knows where an answer ends; nil: 1.
	// Under the step protocol the answer to a case whose answer is not
	// its total (a board, the only such answer there is) gives the
	// board after every step (StepShape), and ends with the line
	// "board" and the answer, which JudgeAnswer reads, in place of the
	// total line; the AnswerLines after that line end it.
	AnswerText  func(c C, t T) []byte
	JudgeAnswer func(c C, want T, out []byte) (why string, bad bool)
	AnswerLines func(in []byte) int
	// Replay is the replay page's account of a case whose reference
	// trace is t (Detail filled): the boards, the marked cells and the
	// scores step by step (cascade trace --html); nil: the game has no
	// replay page.
	Replay func(c C, t T) *replay.Replay

	// Generate returns generated case i of the run with the given seed.
	// It depends on seed+i alone, so that a run is reproduced by its
	// seed whatever runs at once; maxSize, when positive, bounds the
	// sides of the case.
	Generate func(seed uint64, i, maxSize int) C
	// GeneratePlayed is Generate with Engine's trace of the case, taken
	// from the play the generator aimed the case's moves on (the
	// engine's): one play gives the case and the engine's answer. false:
	// no such play (the generator fell back to the reference, or aimed
	// on none), and Engine plays the case. nil: Generate, then Engine.
	// A game whose Engine is replaced must drop it.
	GeneratePlayed func(seed uint64, i, maxSize int) (C, T, bool)
	// PlayedDetail says that GeneratePlayed's trace holds Detail from
	// which Coverage reads what it reads from Reference's trace: a case
	// checked on it is covered as fully as the reference's play would
	// cover it, and the reference plays it only as the sample of
	// OracleSampled has it (see OracleSampled).
	PlayedDetail bool
	// MaxSize is the largest maxSize worth generating: beyond it a case
	// takes too much memory and time to be worth a check.
	MaxSize int
	// Knobs are the knobs of the game's generator as a command line sets
	// them (cascade gen), each with the values it takes; nil: none. A
	// function, so that a program that generates nothing does not build
	// them at start-up.
	Knobs func() []Knob
	// GenerateWith returns the case drawn from seed with the knobs of set
	// (name to value, as Knobs describes them) exactly as given and every
	// other knob at the generator's default, not drawn as Generate draws
	// them. An unknown knob, or a value it does not take, is an error
	// that names the knob. nil: the game has no knobs.
	GenerateWith func(seed uint64, set map[string]string) (C, error)
	// Decode turns a native fuzzer's bytes, any bytes at all, into a
	// valid case, small and aimed (casegen.DecodeSameGame); Encode
	// writes a case as bytes that Decode turns back into it, false
	// when the case lies beyond what Decode makes. nil: the game has
	// no native fuzz target (enginetest.Fuzz).
	Decode func([]byte) C
	Encode func(C) ([]byte, bool)
	// Passes are the ways a shrink makes a case smaller or simpler, in
	// order of payoff (see Shrink).
	Passes []Pass[C]
	// Builtin returns the built-in cases, fresh copies on every call.
	Builtin func() []Case
	// Confined says how the game's generated, decoded and shrunk cases
	// are confined (cubes.Member); the zero value: not at all.
	Confined Confine
	// LeftOut says how many built-in cases of the game this one was
	// confined from Builtin leaves out, and why; nil: none.
	LeftOut func() (n int, why string)
	// Recognise reports whether the first non-empty line of an input,
	// of fields integers, starts a case of this game; nil: never.
	Recognise func(fields int) bool
	// RulesLine says that the game's inputs may open with a rules line
	// ("rules NAME key=value ..."). Recognise and NextCase take an input
	// that opens with the word rules for a case of the first game
	// registered whose KnowsRules takes its words, or else of the first
	// game registered whose inputs may open with a rules line and that
	// has no KnowsRules.
	RulesLine bool
	// KnowsRules reports whether a rules line whose words, after the
	// word rules, are words (the rule set's name, then its first
	// key=value settings, as many as were read) names a rule set of the
	// game. nil: the game takes any rules line no other game knows,
	// when RulesLine is set.
	KnowsRules func(words []string) bool
	// Opening says what the first line of the game's inputs holds, for
	// the message that tells no game from a first line: "1 or 2
	// (SameGame: N or W H)".
	Opening string
	// Frame reads the rest of one case of a stream, whose first
	// non-empty line, head, f has read, through f: the lines the case's
	// own counts say it holds, and no more (NextCase). Its error says
	// the stream ends inside the case or a count is not one. nil: the
	// game's cases are not read from streams.
	Frame func(f *Framer, head []byte) error
	// CoverPlan is the game's plan for Cover: the tiers of candidates a
	// cover picks its tests from and the stress tests it adds, made when
	// a cover asks for them. It is used under the statement's rules and
	// unconfined only (Rules "" and a zero Confined); nil, or a game
	// under another rule set: one tier of generated cases, sides up to
	// 8, and no stress test.
	CoverPlan func() CoverPlan[C]

	// CoverageItems are the situations of the rules an audit counts, in
	// the order its report lists them (see Audit); nil: none.
	CoverageItems []CoverageItem
	// Coverage reads from case c and the reference's trace t of it
	// (Detail filled) how often c reaches each of CoverageItems, and
	// which planted variants c leaves idle. nil: an audit counts
	// nothing and plays every variant on every case.
	Coverage func(c C, t T) Coverage
	// Variants returns the game's planted variants (package planted),
	// whose share killed by a set of cases is an audit's mutation
	// score; nil: none.
	Variants func() []Variant[C, T]
	// Rulings returns the game's rulings in SPEC.md's order (package
	// planted), each of which an audit lists with its variants; nil: an
	// audit lists none.
	Rulings func() []Ruling
}

// A Knob is one knob of a game's generator as a command line sets it:
// its flag's name, what it does and the values it takes.
type Knob = knob.Knob

// Confine says how a game's generated, decoded and shrunk cases are
// confined, for engines that take only some of the cases the rules
// allow. The zero value confines nothing.
type Confine struct {
	// Legal makes every move one the game calls legal (for SameGame, a
	// click that removes a group of at least the rule set's minimum),
	// and ends a case's moves when no legal one is left.
	Legal bool
	// UsualBox makes every board the rule set's usual one, for engines
	// built for one board size.
	UsualBox bool
}

// parse reads an input held in memory.
func (g *Game[C, T]) parse(in []byte) (C, error) { return g.Parse(bytes.NewReader(in)) }

// format writes c to memory as a program under test reads it: without
// the Header. It is written through a buffer kept for the next case
// (formatBuffers), and copied out once at its size: a check formats
// every case it generates.
func (g *Game[C, T]) format(c C) []byte {
	fb := formatBuffers.Get().(*formatBuffer)
	defer func() {
		// A big case's buffer goes with it, not held for small ones.
		if fb.b.Cap() <= 1<<20 {
			formatBuffers.Put(fb)
		}
	}()
	fb.b.Reset()
	fb.w.Reset(&fb.b)
	g.Format(fb.w, c)
	fb.w.Flush()
	out := fb.b.Bytes()
	if g.Header != nil {
		out = bytes.TrimPrefix(out, g.Header(c))
	}
	return bytes.Clone(out)
}

// A formatBuffer is what format writes a case through. The games'
// Format functions write through a bufio.Writer, and bufio.NewWriter
// takes one already as big as it would make as it is: the 4 KB it
// would allocate for each case are this one's.
type formatBuffer struct {
	b bytes.Buffer
	w *bufio.Writer
}

var formatBuffers = sync.Pool{New: func() any {
	fb := new(formatBuffer)
	fb.w = bufio.NewWriterSize(&fb.b, 4<<10)
	return fb
}}

// file is in, the input of c as format wrote it, with c's Header: the
// whole case, as a file cascade writes holds it.
func (g *Game[C, T]) file(c C, in []byte) []byte {
	if g.Header == nil {
		return in
	}
	h := g.Header(c)
	if len(h) == 0 {
		return in
	}
	return append(append([]byte(nil), h...), in...)
}

// cells is the number of cells of c's board (StepShape), 0 when the
// game gives no shape.
func (g *Game[C, T]) cells(c C) int {
	if g.StepShape == nil {
		return 0
	}
	s := g.StepShape(c)
	return s.Rows * s.Cols
}

// valid reports whether c is a valid case.
func (g *Game[C, T]) valid(c C) bool { return g.Validate(c) == nil }

// briefReference plays c as the oracle of a check: Referee, or
// Reference when the game has none.
func (g *Game[C, T]) briefReference(c C) T {
	if g.Referee != nil {
		return g.Referee(c)
	}
	return g.Reference(c)
}

// diffKind is DiffKind, or stepKind of want when the game has none.
func (g *Game[C, T]) diffKind(c C, got, want T, i int) string {
	if g.DiffKind == nil {
		return g.stepKind(c, want, i)
	}
	return g.DiffKind(c, got, want, i)
}

// stepKind is StepKind, or "" when the game has none.
func (g *Game[C, T]) stepKind(c C, t T, i int) string {
	if g.StepKind == nil {
		return ""
	}
	return g.StepKind(c, t, i)
}

// An Impl is an implementation under test of a game with cases C and
// traces T. It meets the harness at one of two levels:
//
//	trace level  Play    the trace of a case: Go code, compared step by step
//	score level  Score   the total of an input in the statement's format:
//	                     any program (Command), compared on the total
//
// Play is used when it is set. Game.Func and Game.Program make the usual
// ones.
type Impl[C, T any] struct {
	// Name names the implementation in reports.
	Name string
	// Play gives the trace of a case; Trace.Detail-like fields that the
	// game's Diff ignores are optional. An error or a panic is a runtime
	// error; a *RunError chooses its verdict.
	Play func(C) (T, error)
	// Score gives the total score of one input; it stops when ctx is
	// done. Used when Play is nil.
	Score func(ctx context.Context, input []byte) (int64, error)
	// Prog is a program under the stream or the step protocol, used
	// instead of Score when set: its answers are read as its protocol
	// has them, a case that fails in a stream is run again alone, and
	// one that passes alone is a state leak (see Result.Leak).
	Prog Programmer
	// Answers is the program of Score, when it is a Programmer, which
	// answers a case whose answer is not its total (Game.AnswerText)
	// under the judge protocol: Score reads one integer only.
	Answers Programmer
	// Limit bounds the time an in-process implementation (Play, and the
	// Score and Prog of TotalFunc and StepFunc) takes on one case: past
	// it the case is a time limit exceeded, and the call is abandoned.
	// Go cannot stop a goroutine, so the call goes on running, and its
	// goroutine leaks, until it returns, if ever; the implementation is
	// called again for the next case (or to shrink this one) meanwhile.
	// Zero: no limit in Check and Run, DefaultLimit in Test,
	// enginetest.FuzzLimit in enginetest.Fuzz. A program's limit is its
	// Command's.
	Limit time.Duration
	// engine says Play is the game's Engine (Player): a generated case
	// whose moves were aimed on the engine (Game.GeneratePlayed) has its
	// play already, which is taken for this one.
	engine bool
}

func (i Impl[C, T]) String() string {
	if i.Name == "" {
		return "implementation"
	}
	return i.Name
}

// A Scorer is the score level of the seam, for any game: the total score
// of one input in the statement's format. Command is one.
type Scorer interface {
	Score(ctx context.Context, input []byte) (int64, error)
}

// Func is the implementation that plays with play, at the trace level.
func (g *Game[C, T]) Func(name string, play func(C) (T, error)) Impl[C, T] {
	return Impl[C, T]{Name: name, Play: play}
}

// Program is the implementation that s scores, at the score level: a
// program run as a Command, typically. A Programmer that speaks the
// stream or the step protocol (a Command with Stream or Steps) is
// checked through it, as `cascade check --stream --steps` checks it.
func (g *Game[C, T]) Program(s Scorer) Impl[C, T] {
	impl := Impl[C, T]{Name: fmt.Sprint(s), Score: s.Score}
	if p, ok := s.(Programmer); ok {
		impl.Answers = p
		if p.Protocol() != (Protocol{}) {
			impl.Prog = p
		}
	}
	return impl
}

// steps reports whether impl answers under the step protocol.
func (i Impl[C, T]) steps() bool { return i.Prog != nil && i.Prog.Protocol().Steps }

// Player is the built-in implementation named name, "engine" or
// "reference", and whether there is one.
func (g *Game[C, T]) Player(name string) (Impl[C, T], bool) {
	var play func(C) T
	switch name {
	case EngineName:
		play = g.Engine
	case ReferenceName:
		play = g.Reference
	}
	if play == nil {
		return Impl[C, T]{}, false
	}
	impl := g.Func(name, func(c C) (T, error) { return play(c), nil })
	impl.engine = name == EngineName
	return impl, true
}

// The built-in implementations every game has: the fast engine and the
// reference, the literal reading of the rules every check compares with
// (checking it against itself pins nothing but shows the harness at
// work).
const (
	EngineName    = "engine"
	ReferenceName = "reference"
)
