package cubes

import (
	"io"
	"slices"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/internal/paint"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// Game is SameGame ("Color Cubes") under the statement's rules
// (codeabbey): click a group of same-coloured cubes, it disappears,
// cubes fall, empty columns close up. It reads a case's rules line and
// plays the case under that rule set (Under).
var Game = &conformance.Game[*samegame.Case, samegame.Trace]{
	Name:     "samegame",
	Step:     "move",
	Parse:    samegame.Parse,
	ParseAll: samegame.ParseAll,
	Format:   samegame.Format,
	Header:   sameGameHeader,
	Validate: func(c *samegame.Case) error {
		if c == nil {
			return conformance.ErrNoCase
		}
		return c.Validate()
	},
	Clone: (*samegame.Case).Clone,
	Size:  (*samegame.Case).Size,

	Steps: func(c *samegame.Case) int { return len(c.Moves) },
	Prefix: func(c *samegame.Case, i int) *samegame.Case {
		p := c.Clone()
		p.Moves = p.Moves[:i]
		return p
	},
	StepText: func(c *samegame.Case, i int) string { return c.Moves[i-1].String() },

	Reference:   reference.PlaySameGameSummary,
	Engine:      engine.PlaySameGame,
	EngineTotal: engine.ScoreSameGame,
	Referee:     reference.PlaySameGameBrief,
	Total:       func(t samegame.Trace) int64 { return t.Total },
	Diff:        samegame.Diff,
	StepKind:    sameGameStepKind,
	WriteTrace:  writeSameGameTrace,
	Replay:      sameGameReplay,
	StepShape: func(c *samegame.Case) conformance.BoardShape {
		return conformance.BoardShape{Rows: c.H, Cols: c.W, Layers: 1, Digits: true}
	},
	StepTrace:      sameGameStepTrace,
	ReferenceSteps: sameGameReferenceSteps,

	Decode:   func(data []byte) *samegame.Case { return casegen.DecodeSameGameUnder(samegame.Rules{}, data) },
	Encode:   func(c *samegame.Case) ([]byte, bool) { return casegen.EncodeSameGameUnder(samegame.Rules{}, c) },
	Generate: generateSameGame,

	GeneratePlayed: generateSameGamePlayed,
	PlayedDetail:   true,
	MaxSize:        4000,
	Passes:         sameGamePasses,
	Builtin:        sameGameCases,
	Recognise:      func(fields int) bool { return fields == 1 || fields == 2 },
	RulesLine:      true,
	Frame:          frame,
	Opening:        "1 or 2 (SameGame: N or W H)",
	CoverPlan:      sameGameCoverPlan,

	Knobs:        func() []conformance.Knob { return casegen.SameGameKnobTable().Knobs() },
	GenerateWith: generateSameGameWith,

	CoverageItems: sameGameCoverageItems,
	Coverage:      sameGameCoverage,
	Variants:      planted.SameGame,
	Rulings:       planted.SameGameRulings,
}

// sameGameHeader is the rules line Format writes of c, empty under
// codeabbey.
func sameGameHeader(c *samegame.Case) []byte {
	if line := samegame.RulesLine(c.Rules); line != "" {
		return []byte(line)
	}
	return nil
}

// The kinds of step of SameGame (sameGameStepKind).
const (
	sameGameTotal      = "the total"
	sameGameEmptyClick = "a click on an empty cell"
	sameGameCubeClick  = "a click on a cube"
	sameGameBelowMin   = "a click on a group below the minimum"
)

// sameGameStepKind tells a click on an empty cell from one on a cube;
// the end of the game is the total alone. Finer kinds (a single cube, a
// group) would keep a case from shrinking past a bug that shows on both.
func sameGameStepKind(_ *samegame.Case, t samegame.Trace, i int) string {
	if i < 1 || i > len(t.Moves) {
		return sameGameTotal
	}
	switch m := t.Moves[i-1]; {
	case m.Colour == 0:
		return sameGameEmptyClick
	case m.Removed == 0:
		return sameGameBelowMin
	}
	return sameGameCubeClick
}

// generateSameGameWith draws a case from seed with the knobs of set exactly
// as given and the others at casegen's defaults (its zero options), from
// the source of case 0 of seed, as generateSameGame draws it.
func generateSameGameWith(seed uint64, set map[string]string) (*samegame.Case, error) {
	return generator{}.generateWith(seed, set)
}

// sameGameStepTrace is the step protocol's account of t: the points of
// the moves summed, and the box after each move when t has Detail with
// a box for every move (reference.PlaySameGame; a summary has one for
// the last move only).
func sameGameStepTrace(c *samegame.Case, t samegame.Trace) conformance.StepTrace {
	st := conformance.StepTrace{Running: make([]int64, len(t.Moves)), Total: t.Total}
	var sum int64
	for i, m := range t.Moves {
		sum += m.Points
		st.Running[i] = sum
	}
	if len(t.Detail) == len(t.Moves) && !slices.ContainsFunc(t.Detail, func(d samegame.Detail) bool { return d.Board == nil }) {
		st.Boards = make([][]int32, len(t.Moves))
		for i, d := range t.Detail {
			b := make([]int32, len(d.Board))
			for j, v := range d.Board {
				b[j] = int32(v)
			}
			st.Boards[i] = b
		}
	}
	return st
}

// writeSameGameTrace plays c with the reference and writes its trace as
// samegame.WriteTrace does, each move with the box after it as the move
// is played, so that nothing is kept per move: neither a box nor a
// result.
func writeSameGameTrace(w io.Writer, c *samegame.Case, p paint.Painter) {
	g := reference.NewSameGameStepwise(c)
	tw := samegame.NewTraceWriter(w, c, p)
	board := make([]uint8, c.W*c.H)
	var total int64
	for _, m := range c.Moves {
		res := g.Apply(m)
		total += res.Points
		tw.Move(res, sameGameBoard(g, c, board))
	}
	end := g.End()
	tw.Finish(end, total+end)
}

// sameGameReferenceSteps plays c with the reference a move at a time and
// calls step after each with the running total and the box after it,
// until step returns false.
func sameGameReferenceSteps(c *samegame.Case, step func(running int64, board []int32) bool) int64 {
	g := reference.NewSameGameStepwise(c)
	board := make([]uint8, c.W*c.H)
	steps := make([]int32, c.W*c.H)
	var running int64
	for _, m := range c.Moves {
		running += g.Apply(m).Points
		for i, v := range sameGameBoard(g, c, board) {
			steps[i] = int32(v)
		}
		if !step(running, steps) {
			break
		}
	}
	return running + g.End()
}

// sameGameBoard fills board with g's box as it stands, laid out like
// samegame.Case.Board, and returns it.
func sameGameBoard(g *reference.SameGame, c *samegame.Case, board []uint8) []uint8 {
	for row := range c.H {
		for x := range c.W {
			board[row*c.W+x] = g.At(x, c.H-1-row)
		}
	}
	return board
}
