package conformance

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/cascade-harness/cascade/internal/paint"
	"github.com/cascade-harness/cascade/internal/replay"
)

// Any is a Game with its types hidden, for code that treats every game
// alike and meets cases as input text, as the cascade command does.
// Game.Any returns one; Games lists those registered (Register).
type Any interface {
	// Name names the game: "samegame".
	Name() string
	// Rules is Game.Rules: the canonical form of the rule set the game
	// plays, "" for the statement's rules.
	Rules() string
	// Step is what one move is called: "move", "operation".
	Step() string
	// MaxSize is Game.MaxSize.
	MaxSize() int
	// Recognise reports whether a first line of fields integers starts
	// a case of the game.
	Recognise(fields int) bool
	// RulesLine reports whether the game's inputs may open with a rules
	// line (Game.RulesLine).
	RulesLine() bool
	// KnowsRules reports whether a rules line of these words names a
	// rule set of the game (Game.KnowsRules); false for a game without
	// KnowsRules.
	KnowsRules(words []string) bool
	hasKnowsRules() bool
	// Opening says what the first line of the game's inputs holds
	// (Game.Opening).
	Opening() string
	// Frame reads the rest of a case of a stream (Game.Frame); a game
	// without one reads no streams.
	Frame(f *Framer, head []byte) error
	// Builtin returns the built-in cases.
	Builtin() []Case
	// Confined is Game.Confined; LeftOut is Game.LeftOut, 0 and ""
	// when the game has none.
	Confined() Confine
	LeftOut() (n int, why string)
	// Read parses one input, reporting up to limit problems (0: all).
	// The puzzle's game is the one its case is played as
	// (Game.PlayedAs): a SameGame case read by SameGame is of the rule
	// set its rules line names.
	Read(r io.Reader, limit int) (Puzzle, []error)
	// Parse parses an input held in memory, as Read does.
	Parse(in []byte) (Puzzle, error)
	// Players names the built-in implementations: "engine",
	// "reference".
	Players() []string
	// RunProgram checks a program as Game.Run does, at the score level.
	RunProgram(ctx context.Context, s Scorer, o RunOptions) (*Report, error)
	// RunPrograms checks several programs side by side, as
	// Game.RunAll does, at the score level.
	RunPrograms(ctx context.Context, s []Scorer, o RunOptions) ([]*Report, *Matrix, error)
	// RunPlayer checks the built-in implementation named name.
	RunPlayer(ctx context.Context, name string, o RunOptions) (*Report, error)
	// Knobs are the knobs of the game's generator (Game.Knobs).
	Knobs() []Knob
	// Gen returns one generated case. Without knobs (set empty) it is
	// generated case 0 of the run with the given seed, its knobs drawn
	// as Generate draws them, as cascade check generates it; with
	// knobs, the case Game.GenerateWith draws with those knobs exactly
	// and the others at their defaults. The error names a knob that is
	// unknown or set to a value it does not take.
	Gen(seed uint64, set map[string]string) (Puzzle, error)
	// CoverageItems are the situations of the rules an audit counts
	// (Game.CoverageItems).
	CoverageItems() []CoverageItem
	// Audit audits a judge's cases as Game.Audit does.
	Audit(ctx context.Context, cases []Case, o AuditOptions) (*AuditReport, error)
	// Cover chooses a test set as Game.Cover does.
	Cover(ctx context.Context, o CoverOptions) (*CoverReport, error)
	// StressTests names the stress tests a cover adds, without their
	// numbers: "match3-stress-long-chains".
	StressTests() []string
	// PlantedVariants lists the game's planted variants, in the order of
	// Game.Variants.
	PlantedVariants() []PlantedVariant
}

// A Puzzle is a case of some game, its type hidden.
type Puzzle interface {
	// Game is the puzzle's game.
	Game() Any
	// Size names the size of the case: "N=5, K=12".
	Size() string
	// Steps is the number of moves; StepText describes move i
	// (1-based), "?" when there is no such move.
	Steps() int
	StepText(i int) string
	// Limits says whether the case lies inside the statement's limits,
	// in words: "inside the statement's limits", "outside the
	// statement's limits: n = 60 outside 2..50", "the statement sets no
	// limits".
	Limits() string
	// InLimits reports whether the case lies inside the statement's
	// limits; true when it sets none.
	InLimits() bool
	// Score is the total the built-in implementation named player
	// gives (see Any.Players).
	Score(player string) (int64, bool)
	// WriteSteps writes the play of the built-in implementation named
	// player under the step protocol (see StepTrace), with the board
	// after every step when boards is set (the reference's play then,
	// which holds them). When the game's answer is a board, every
	// step is written with its board, as player plays it, and the
	// answer ends with the board line and player's final board. It
	// reports false when the game has no step protocol or no such
	// player.
	WriteSteps(w io.Writer, player string, boards bool) (bool, error)
	// WriteTrace explains the reference's play of the case for people.
	WriteTrace(w io.Writer)
	// PaintTrace is WriteTrace with the pieces and marks coloured by p.
	PaintTrace(w io.Writer, p paint.Painter)
	// Replay is the replay page's account of the reference's play of
	// the case; nil when the game has none. A board too big for a page
	// (replay.Fits) is an error, said before the case is played.
	Replay() (*replay.Replay, error)
	// Format writes the case in the statement's format.
	Format(w io.Writer) error
	// Profile is the case's coverage and the planted variants it kills
	// (Game.Profile); the case must lie inside the statement's limits.
	Profile() Profile
	// ScorePlanted is the total the planted variant named name (its Name
	// or its Slug) gives the case, as a program built from the variant
	// would print it. The error says the game has no such variant
	// (*UnknownVariant), or that the variant panicked, as a crashing
	// program would.
	ScorePlanted(name string) (int64, error)
	// Answer is what the built-in implementation named player answers
	// the case as a program would print it: its total on a line, or
	// the game's other answer (Game.AnswerText); false when the game
	// has no such implementation. AnswerPlanted is the same of a
	// planted variant, with ScorePlanted's errors.
	Answer(player string) ([]byte, bool)
	AnswerPlanted(name string) ([]byte, error)
}

// GameNamed is the game of Games called name (--game NAME), and whether
// there is one.
func GameNamed(name string) (Any, bool) {
	for _, g := range Games() {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}

// Any returns g with its types hidden.
func (g *Game[C, T]) Any() Any { return anyGame[C, T]{g} }

type anyGame[C, T any] struct{ g *Game[C, T] }

func (a anyGame[C, T]) Name() string    { return a.g.Name }
func (a anyGame[C, T]) Rules() string   { return a.g.Rules }
func (a anyGame[C, T]) Step() string    { return a.g.Step }
func (a anyGame[C, T]) MaxSize() int    { return a.g.MaxSize }
func (a anyGame[C, T]) Builtin() []Case { return a.g.Builtin() }

func (a anyGame[C, T]) Confined() Confine { return a.g.Confined }

func (a anyGame[C, T]) LeftOut() (int, string) {
	if a.g.LeftOut == nil {
		return 0, ""
	}
	return a.g.LeftOut()
}

func (a anyGame[C, T]) Recognise(fields int) bool {
	return a.g.Recognise != nil && a.g.Recognise(fields)
}

func (a anyGame[C, T]) RulesLine() bool { return a.g.RulesLine }

func (a anyGame[C, T]) hasKnowsRules() bool { return a.g.KnowsRules != nil }

func (a anyGame[C, T]) KnowsRules(words []string) bool {
	return a.g.RulesLine && a.g.KnowsRules != nil && a.g.KnowsRules(words)
}

func (a anyGame[C, T]) Opening() string { return a.g.Opening }

func (a anyGame[C, T]) Frame(f *Framer, head []byte) error {
	if a.g.Frame == nil {
		return errors.New(a.g.Name + ": its cases are not read from a stream")
	}
	return a.g.Frame(f, head)
}

func (a anyGame[C, T]) Read(r io.Reader, limit int) (Puzzle, []error) {
	if a.g.ParseAll == nil {
		c, err := a.g.Parse(r)
		if err != nil {
			return nil, []error{err}
		}
		return a.puzzle(c), nil
	}
	c, errs := a.g.ParseAll(r, limit)
	if len(errs) > 0 {
		return nil, errs
	}
	return a.puzzle(c), nil
}

// puzzle is the puzzle of c, a case the game read, with the game it is
// played as.
func (a anyGame[C, T]) puzzle(c C) Puzzle {
	if a.g.PlayedAs != nil {
		return puzzle[C, T]{a.g.PlayedAs(c), c}
	}
	return puzzle[C, T]{a.g, c}
}

func (a anyGame[C, T]) Parse(in []byte) (Puzzle, error) {
	c, err := a.g.Parse(bytes.NewReader(in))
	if err != nil {
		return nil, err
	}
	return a.puzzle(c), nil
}

func (a anyGame[C, T]) Players() []string {
	var names []string
	for _, name := range []string{EngineName, ReferenceName} {
		if _, ok := a.g.Player(name); ok {
			names = append(names, name)
		}
	}
	return names
}

func (a anyGame[C, T]) RunProgram(ctx context.Context, s Scorer, o RunOptions) (*Report, error) {
	return a.g.Run(ctx, a.g.Program(s), o)
}

func (a anyGame[C, T]) RunPrograms(ctx context.Context, s []Scorer, o RunOptions) ([]*Report, *Matrix, error) {
	impls := make([]Impl[C, T], len(s))
	for i, s := range s {
		impls[i] = a.g.Program(s)
	}
	return a.g.RunAll(ctx, impls, o)
}

func (a anyGame[C, T]) RunPlayer(ctx context.Context, name string, o RunOptions) (*Report, error) {
	impl, ok := a.g.Player(name)
	if !ok {
		return nil, &unknownPlayer{a.g.Name, name}
	}
	return a.g.Run(ctx, impl, o)
}

func (a anyGame[C, T]) Knobs() []Knob {
	if a.g.Knobs == nil {
		return nil
	}
	return a.g.Knobs()
}

func (a anyGame[C, T]) Gen(seed uint64, set map[string]string) (Puzzle, error) {
	if len(set) == 0 {
		return puzzle[C, T]{a.g, a.g.Generate(seed, 0, 0)}, nil
	}
	if a.g.GenerateWith == nil {
		return nil, errors.New(a.g.Name + ": the generator takes no knobs")
	}
	c, err := a.g.GenerateWith(seed, set)
	if err != nil {
		return nil, err
	}
	return puzzle[C, T]{a.g, c}, nil
}

type unknownPlayer struct{ game, name string }

func (e *unknownPlayer) Error() string { return e.game + ": no built-in implementation " + e.name }

type puzzle[C, T any] struct {
	g *Game[C, T]
	c C
}

func (p puzzle[C, T]) Game() Any    { return p.g.Any() }
func (p puzzle[C, T]) Size() string { return p.g.Size(p.c) }
func (p puzzle[C, T]) Steps() int   { return p.g.Steps(p.c) }

func (p puzzle[C, T]) StepText(i int) string {
	if i < 1 || i > p.g.Steps(p.c) {
		return "?"
	}
	return p.g.StepText(p.c, i)
}

func (p puzzle[C, T]) Limits() string {
	if p.g.InLimits == nil {
		return "the statement sets no limits"
	}
	if ok, why := p.g.InLimits(p.c); !ok {
		return "outside the statement's limits: " + why
	}
	return "inside the statement's limits"
}

func (p puzzle[C, T]) InLimits() bool {
	if p.g.InLimits == nil {
		return true
	}
	ok, _ := p.g.InLimits(p.c)
	return ok
}

func (p puzzle[C, T]) Score(player string) (int64, bool) {
	if player == EngineName && p.g.EngineTotal != nil {
		return p.g.EngineTotal(p.c), true
	}
	impl, ok := p.g.Player(player)
	if !ok {
		return 0, false
	}
	t, _ := impl.Play(p.c)
	return p.g.Total(t), true
}

func (p puzzle[C, T]) Answer(player string) ([]byte, bool) {
	if p.g.AnswerText == nil {
		total, ok := p.Score(player)
		return append(totalText(total), '\n'), ok
	}
	impl, ok := p.g.Player(player)
	if !ok {
		return nil, false
	}
	t, _ := impl.Play(p.c)
	if text := p.g.answerText(p.c, t); text != nil {
		return text, true
	}
	return append(totalText(p.g.Total(t)), '\n'), true
}

func (p puzzle[C, T]) WriteSteps(w io.Writer, player string, boards bool) (bool, error) {
	if p.g.StepTrace == nil || p.g.StepShape == nil {
		return false, nil
	}
	if p.g.AnswerText != nil {
		return p.writeAnswerSteps(w, player)
	}
	impl, ok := p.g.Player(player)
	if boards {
		impl, ok = p.g.Player(ReferenceName)
	}
	if !ok {
		return false, nil
	}
	if boards && p.g.ReferenceSteps != nil {
		return true, writeReferenceSteps(w, p.g.StepShape(p.c), func(step func(int64, []int32) bool) int64 {
			return p.g.ReferenceSteps(p.c, step)
		}, nil)
	}
	t, _ := impl.Play(p.c)
	return true, WriteSteps(w, p.g.StepShape(p.c), p.g.StepTrace(p.c, t))
}

// writeAnswerSteps is WriteSteps for a game whose answer is not its
// total (AnswerText): every step gives the board after it, as player
// plays it a step at a time (ReferenceSteps, EngineSteps), and the
// answer ends with the board line and player's answer, or with the
// total line for a case whose answer is its total.
func (p puzzle[C, T]) writeAnswerSteps(w io.Writer, player string) (bool, error) {
	impl, ok := p.g.Player(player)
	steps := p.g.ReferenceSteps
	if player == EngineName {
		steps = p.g.EngineSteps
	}
	if !ok || steps == nil {
		return false, nil
	}
	t, _ := impl.Play(p.c)
	return true, writeReferenceSteps(w, p.g.StepShape(p.c), func(step func(int64, []int32) bool) int64 {
		return steps(p.c, step)
	}, p.g.answerText(p.c, t))
}

func (p puzzle[C, T]) WriteTrace(w io.Writer) { p.PaintTrace(w, paint.Painter{}) }

func (p puzzle[C, T]) PaintTrace(w io.Writer, pt paint.Painter) {
	if p.g.WriteTrace != nil {
		p.g.WriteTrace(w, p.c, pt)
	}
}

func (p puzzle[C, T]) Replay() (*replay.Replay, error) {
	if p.g.Replay == nil {
		return nil, nil
	}
	if p.g.StepShape != nil {
		// Said before the reference plays the case, which on such a
		// board takes long for nothing.
		if s := p.g.StepShape(p.c); replay.Fits(s.Rows, s.Cols) != nil {
			return nil, replay.Fits(s.Rows, s.Cols)
		}
	}
	return p.g.Replay(p.c, p.g.Reference(p.c)), nil
}

func (p puzzle[C, T]) Format(w io.Writer) error { return p.g.Format(w, p.c) }

func (a anyGame[C, T]) CoverageItems() []CoverageItem { return a.g.CoverageItems }

func (a anyGame[C, T]) Audit(ctx context.Context, cases []Case, o AuditOptions) (*AuditReport, error) {
	return a.g.Audit(ctx, cases, o)
}

func (p puzzle[C, T]) Profile() Profile { return p.g.Profile(p.c) }
