package gems

import (
	"io"
	"slices"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/internal/paint"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

func init() { Game.PlayedAs = playedAs }

// Game is match-3 with poker ("Lines and Poker"): swap two pieces, runs
// of three vanish, pieces fall, cascades chain, specials explode, and
// every five valid operations score a poker hand. It reads a case's
// rules line and plays the case under that rule set (Under).
var Game = &conformance.Game[*match3.Case, match3.Trace]{
	Name:     "match3",
	Step:     "operation",
	Parse:    match3.Parse,
	ParseAll: match3.ParseAll,
	Format:   match3.Format,
	Validate: func(c *match3.Case) error {
		if c == nil {
			return conformance.ErrNoCase
		}
		return c.Validate()
	},
	InLimits: (*match3.Case).InLimits,
	Clone:    (*match3.Case).Clone,
	Size:     (*match3.Case).Size,

	Steps: func(c *match3.Case) int { return len(c.Ops) },
	Prefix: func(c *match3.Case, i int) *match3.Case {
		p := c.Clone()
		p.Ops = p.Ops[:i]
		return p
	},
	StepText: func(c *match3.Case, i int) string { return c.Ops[i-1].Text() },

	Reference:   reference.PlayMatch3Summary,
	Engine:      engine.PlayMatch3,
	EngineTotal: engine.ScoreMatch3,
	Referee:     reference.PlayMatch3Brief,
	Total:       func(t match3.Trace) int64 { return t.Total },
	Diff:        match3.Diff,
	StepKind:    match3StepKind,
	DiffKind:    match3DiffKind,
	WriteTrace:  writeMatch3Trace,
	Replay:      match3Replay,
	StepShape: func(c *match3.Case) conformance.BoardShape {
		return conformance.BoardShape{Rows: c.Rows, Cols: c.Cols, Layers: 2}
	},
	StepTrace:      match3StepTrace,
	ReferenceSteps: match3ReferenceSteps,

	Decode:   casegen.DecodeMatch3,
	Encode:   casegen.EncodeMatch3,
	Generate: generateMatch3,

	GeneratePlayed: generateMatch3Played,
	PlayedDetail:   true,
	MaxSize:        1000,
	Passes:         match3Passes,
	Builtin:        match3Cases,
	Recognise:      func(fields int) bool { return fields >= 4 },
	RulesLine:      true,
	KnowsRules:     knowsRules,
	Frame:          frame,
	Opening:        "4 (match-3: n m k q)",
	CoverPlan:      match3CoverPlan,

	Knobs:        func() []conformance.Knob { return casegen.Match3KnobTable().Knobs() },
	GenerateWith: generateMatch3With,

	CoverageItems: match3CoverageItems,
	Coverage:      match3Coverage,
	Variants:      match3Variants,
	Rulings:       planted.Match3Rulings,
}

// The kinds of step of match-3 (match3StepKind); an invalid operation's
// kind is match3Invalid followed by its reason in brackets.
const (
	match3Endgame   = "the endgame"
	match3Invalid   = "an invalid operation"
	match3WithHand  = "a valid operation with a hand"
	match3ValidStep = "a valid operation"
)

// match3StepKind tells apart an invalid operation of each kind and a
// valid one, with or without a hand after it; the end of the game is the
// endgame bonuses and the total.
func match3StepKind(_ *match3.Case, t match3.Trace, i int) string {
	if i < 1 || i > len(t.Ops) {
		return match3Endgame
	}
	r := t.Ops[i-1]
	if r.Validity != match3.Valid {
		return match3Invalid + " (" + r.Validity.String() + ")"
	}
	if r.Hand.Kind != match3.NoHand {
		return match3WithHand
	}
	return match3ValidStep
}

// match3DiffKind is match3StepKind of want, except that a valid
// operation with a hand whose own result (its rounds, scores and main
// colours) got has wrong is a valid operation: the bug is in the
// operation, not in the hand that happens to follow it, and a shrink
// may leave the hand behind.
func match3DiffKind(c *match3.Case, got, want match3.Trace, i int) string {
	kind := match3StepKind(c, want, i)
	if kind != match3WithHand || i > len(got.Ops) {
		return kind
	}
	g, w := got.Ops[i-1], want.Ops[i-1]
	g.Hand = w.Hand
	if g != w {
		return match3ValidStep
	}
	return kind
}

// generateMatch3With draws a case from seed with the knobs of set exactly
// as given and the others at casegen's defaults (its zero options), from
// the source of case 0 of seed, as generateMatch3 draws it.
func generateMatch3With(seed uint64, set map[string]string) (*match3.Case, error) {
	o, err := casegen.Match3KnobTable().Options(set)
	if err != nil {
		return nil, err
	}
	o.NewPlayer = engineMatch3
	return casegen.Match3(casegen.CaseRand(seed, 0), o), nil
}

// match3StepTrace is the step protocol's account of t: each operation's
// elimination, combination and chain scores summed, with every hand as
// it is earned; the endgame bonuses only in the total; and the board
// after each operation when t has Detail, its colours, then its
// specials. A summary (reference.PlayMatch3Summary) has no board but
// the last, and gives no boards.
func match3StepTrace(c *match3.Case, t match3.Trace) conformance.StepTrace {
	st := conformance.StepTrace{Running: make([]int64, len(t.Ops)), Total: t.Total}
	sum := t.Start.Score() // the settle's, under start=score
	for i, r := range t.Ops {
		sum += r.Score() + r.Hand.Score
		st.Running[i] = sum
	}
	if len(t.Detail) == len(t.Ops) && !slices.ContainsFunc(t.Detail, func(d match3.Detail) bool { return d.Board == nil }) {
		st.Boards = make([][]int32, len(t.Ops))
		for i, d := range t.Detail {
			b := make([]int32, 2*len(d.Board))
			for j, p := range d.Board {
				b[j], b[len(d.Board)+j] = int32(p.Colour), int32(p.Special)
			}
			st.Boards[i] = b
		}
	}
	return st
}

// writeMatch3Trace plays c with the reference and writes its trace as
// match3.WriteTrace does, each operation with its rounds and the board
// after it as the operation is played, so that no board is kept per
// operation.
func writeMatch3Trace(w io.Writer, c *match3.Case, p paint.Painter) {
	g := reference.NewMatch3Brief(c)
	tw := match3.NewTraceWriter(w, c, p)
	board := make([]match3.Piece, c.Rows*c.Cols)
	if res, rounds := g.Start(); res.Rounds > 0 {
		tw.Start(res, rounds, match3Board(g, c, board))
	}
	for _, s := range c.Ops {
		res := g.Apply(s)
		tw.Operation(res, g.Rounds(), match3Board(g, c, board))
	}
	tw.End(g.Trace())
}

// match3ReferenceSteps plays c with the reference an operation at a
// time and calls step after each with the running total and the board
// after it, its colours, then its specials, until step returns false.
func match3ReferenceSteps(c *match3.Case, step func(running int64, board []int32) bool) int64 {
	g := reference.NewMatch3Brief(c)
	board := make([]match3.Piece, c.Rows*c.Cols)
	start, _ := g.Start()
	playSteps(c, start, g.Apply, func() []match3.Piece { return match3Board(g, c, board) }, step)
	return g.Trace().Total
}

// match3Board fills board with g's board as it stands, laid out like
// match3.Case.Board, and returns it.
func match3Board(g *reference.Match3, c *match3.Case, board []match3.Piece) []match3.Piece {
	for x := range c.Rows {
		for y := range c.Cols {
			board[x*c.Cols+y] = g.At(match3.Cell{X: x + 1, Y: y + 1})
		}
	}
	return board
}

// match3Variants are the planted variants an audit plays: those check
// finds (planted.Match3) and those whose bug no generated case reaches
// (planted.Match3Beyond), which an audit lists apart.
func match3Variants() []conformance.Variant[*match3.Case, match3.Trace] {
	return append(planted.Match3(), planted.Match3Beyond()...)
}

// header is Game.Header: the rules line Format writes of c, empty under
// thupc. A program under test learns the rule set from
// conformance.RulesEnv and reads the case without it.
func header(c *match3.Case) []byte {
	if line := match3.RulesLine(c.Rules); line != "" {
		return []byte(line)
	}
	return nil
}
