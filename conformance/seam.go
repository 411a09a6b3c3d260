package conformance

import (
	"context"
	"errors"
	"fmt"

	"cascade/match3"
	"cascade/samegame"
)

// The seam has two levels per game. The score level is what every
// implementation gives, a program run as a command included: the total
// score of a case. The trace level is what a Go implementation can give
// besides: the account of every move, so that a disagreement is pinned
// to the first move where it shows. CheckSameGame and CheckMatch3 take
// the score level and look for the trace level on the same value, the
// way io.Copy looks for io.WriterTo.

// SameGameScorer is the score level for SameGame: the total score of a
// case. Implementations that can be interrupted stop when ctx is done.
type SameGameScorer interface {
	ScoreSameGame(ctx context.Context, c *samegame.Case) (int64, error)
}

// Match3Scorer is the score level for match-3 with poker.
type Match3Scorer interface {
	ScoreMatch3(ctx context.Context, c *match3.Case) (int64, error)
}

// SameGame is the trace level for SameGame: the trace of a case, one
// Result per move. Trace.Detail is optional and not compared.
type SameGame interface {
	PlaySameGame(c *samegame.Case) (samegame.Trace, error)
}

// Match3 is the trace level for match-3 with poker: one Result per
// operation and the endgame. Trace.Detail is optional and not compared.
type Match3 interface {
	PlayMatch3(c *match3.Case) (match3.Trace, error)
}

// Funcs adapts Go functions to both levels of the seam: a Funcs value is
// a SameGame, a Match3, a SameGameScorer and a Match3Scorer. A nil
// function means the game is not implemented; playing it returns an
// error wrapping errors.ErrUnsupported.
//
// Method values fit: Funcs{SameGame: solver.PlaySameGame}.
type Funcs struct {
	// Name names the implementation in reports; "" reads "funcs".
	Name     string
	SameGame func(*samegame.Case) (samegame.Trace, error)
	Match3   func(*match3.Case) (match3.Trace, error)
}

func (f Funcs) String() string {
	if f.Name == "" {
		return "funcs"
	}
	return f.Name
}

// PlaySameGame calls f.SameGame.
func (f Funcs) PlaySameGame(c *samegame.Case) (samegame.Trace, error) {
	if f.SameGame == nil {
		return samegame.Trace{}, fmt.Errorf("%v: SameGame: %w", f, errors.ErrUnsupported)
	}
	return f.SameGame(c)
}

// PlayMatch3 calls f.Match3.
func (f Funcs) PlayMatch3(c *match3.Case) (match3.Trace, error) {
	if f.Match3 == nil {
		return match3.Trace{}, fmt.Errorf("%v: match-3: %w", f, errors.ErrUnsupported)
	}
	return f.Match3(c)
}

// ScoreSameGame returns the total of f.SameGame's trace.
func (f Funcs) ScoreSameGame(_ context.Context, c *samegame.Case) (int64, error) {
	t, err := f.PlaySameGame(c)
	return t.Total, err
}

// ScoreMatch3 returns the total of f.Match3's trace.
func (f Funcs) ScoreMatch3(_ context.Context, c *match3.Case) (int64, error) {
	t, err := f.PlayMatch3(c)
	return t.Total, err
}

// infallible turns a function that cannot fail into one that fits Funcs.
func infallible[C, T any](f func(C) T) func(C) (T, error) {
	return func(c C) (T, error) { return f(c), nil }
}
