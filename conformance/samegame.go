package conformance

import (
	"errors"
	"io"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/internal/paint"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// SameGame is SameGame ("Color Cubes"): click a group of same-coloured
// cubes, it disappears, cubes fall, empty columns close up.
var SameGame = &Game[*samegame.Case, samegame.Trace]{
	Name:     "samegame",
	Step:     "move",
	Parse:    samegame.Parse,
	ParseAll: samegame.ParseAll,
	Format:   samegame.Format,
	Header:   sameGameHeader,
	Validate: func(c *samegame.Case) error {
		if c == nil {
			return errNoCase
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

	Reference:   reference.PlaySameGame,
	Engine:      engine.PlaySameGame,
	EngineTotal: engine.ScoreSameGame,
	Referee:     reference.PlaySameGameBrief,
	Total:       func(t samegame.Trace) int64 { return t.Total },
	Diff:        samegame.Diff,
	StepKind:    sameGameStepKind,
	WriteTrace: func(w io.Writer, c *samegame.Case, t samegame.Trace, p paint.Painter) {
		samegame.WriteTrace(w, c, t, p)
	},
	Replay: sameGameReplay,
	StepShape: func(c *samegame.Case) BoardShape {
		return BoardShape{Rows: c.H, Cols: c.W, Layers: 1, Digits: true}
	},
	StepTrace: sameGameStepTrace,

	Decode:    func(data []byte) *samegame.Case { return casegen.DecodeSameGameUnder(samegame.Rules{}, data) },
	Encode:    func(c *samegame.Case) ([]byte, bool) { return casegen.EncodeSameGameUnder(samegame.Rules{}, c) },
	Generate:  generateSameGame,
	MaxSize:   4000,
	Passes:    sameGamePasses,
	Builtin:   sameGameCases,
	Recognise: func(fields int) bool { return fields == 1 || fields == 2 },

	Knobs:        func() []Knob { return casegen.SameGameKnobTable().Knobs() },
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

// errNoCase is what Validate says of a nil case: a cut that left nothing.
var errNoCase = errors.New("no case")

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
	return generateSameGameWithUnder(samegame.Rules{}, seed, set)
}

// generateSameGameWithUnder is generateSameGameWith under the rule set
// rules.
func generateSameGameWithUnder(rules samegame.Rules, seed uint64, set map[string]string) (*samegame.Case, error) {
	o, err := casegen.SameGameKnobTable().Options(set)
	if err != nil {
		return nil, err
	}
	if !rules.IsCodeAbbey() {
		o.Rules = rules
	}
	o.NewPlayer = engineSameGame
	return casegen.SameGame(caseRand(seed, 0), o), nil
}

// sameGameStepTrace is the step protocol's account of t: the points of
// the moves summed, and the box after each move when t has Detail.
func sameGameStepTrace(c *samegame.Case, t samegame.Trace) StepTrace {
	st := StepTrace{Running: make([]int64, len(t.Moves)), Total: t.Total}
	var sum int64
	for i, m := range t.Moves {
		sum += m.Points
		st.Running[i] = sum
	}
	if t.Detail != nil {
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
