package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// Result is the outcome of one case.
type Result struct {
	Verdict Verdict
	// Input is the case in the statement's format.
	Input []byte
	// Output is what the implementation answered: what a program
	// printed when that was no usable answer, the score it gave (one
	// line) otherwise, and nothing when it failed without output.
	// A program's output is kept up to a few kilobytes.
	Output []byte
	// OutputSize is the number of bytes the program wrote to standard
	// output, which may be more than Output holds; zero when unknown.
	OutputSize int
	// Got is the implementation's score when it gave one (Accepted or
	// WrongAnswer); Want is the reference's.
	Got, Want int64
	// Traced says the implementation gave a trace, so moves were compared.
	Traced bool
	// Move is, for a traced WrongAnswer, the first move (SameGame) or
	// operation (match-3) where the traces part, 1-based, or 0 when only
	// the endgame or total differ; it is -1 otherwise.
	Move int
	// Diff describes a WrongAnswer: the first difference of the traces
	// when traced, of the totals otherwise.
	Diff string
	// Status says, for RuntimeError, TimeLimit and BadOutput, how the run
	// ended or why its output is bad.
	Status string
	// Stderr is the tail of the program's standard error, for a program
	// that gave no usable answer.
	Stderr []byte
	// Elapsed is the time the implementation took.
	Elapsed time.Duration
}

// Ok reports whether the case was accepted.
func (r *Result) Ok() bool { return r.Verdict == Accepted }

// CheckSameGame plays c on impl and on the reference and compares them:
// move by move when impl is also a SameGame (it is then played at that
// level only), on the total score otherwise.
//
// The error is not a verdict: it reports a case that fails Validate, an
// implementation without SameGame (errors.ErrUnsupported) and the end of
// ctx. Any other failure of impl, a panic included, is a verdict.
func CheckSameGame(ctx context.Context, impl SameGameScorer, c *samegame.Case) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, fmt.Errorf("invalid SameGame case: %w", err)
	}
	tr, _ := impl.(SameGame)
	var play func(*samegame.Case) (samegame.Trace, error)
	if tr != nil {
		play = tr.PlaySameGame
	}
	return check(ctx, c, samegame.Format, reference.PlaySameGame,
		func(t samegame.Trace) int64 { return t.Total }, samegame.Diff,
		impl.ScoreSameGame, play)
}

// CheckMatch3 is CheckSameGame for match-3 with poker: operation by
// operation and on the endgame when impl is also a Match3, on the total
// score otherwise.
func CheckMatch3(ctx context.Context, impl Match3Scorer, c *match3.Case) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, fmt.Errorf("invalid match-3 case: %w", err)
	}
	tr, _ := impl.(Match3)
	var play func(*match3.Case) (match3.Trace, error)
	if tr != nil {
		play = tr.PlayMatch3
	}
	return check(ctx, c, match3.Format, reference.PlayMatch3,
		func(t match3.Trace) int64 { return t.Total }, match3.Diff,
		impl.ScoreMatch3, play)
}

// check is the game-independent part of CheckSameGame and CheckMatch3.
// play is nil for an implementation at the score level only.
func check[C, T any](ctx context.Context, c C,
	format func(io.Writer, C) error,
	oracle func(C) T,
	total func(T) int64,
	diff func(got, want T) (int, string),
	score func(context.Context, C) (int64, error),
	play func(C) (T, error),
) (Result, error) {
	var in bytes.Buffer
	format(&in, c)
	want := oracle(c)
	res := Result{Input: in.Bytes(), Want: total(want), Move: -1, Traced: play != nil}

	start := time.Now()
	var got T
	err := guard(func() error {
		var err error
		if play != nil {
			got, err = play(c)
			res.Got = total(got)
		} else {
			res.Got, err = score(ctx, c)
		}
		return err
	})
	res.Elapsed = time.Since(start)

	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) || errors.Is(err, errors.ErrUnsupported) {
			return Result{}, err
		}
		res.Got = 0
		res.Verdict = RuntimeError
		res.Status = err.Error()
		if re, ok := errors.AsType[*RunError](err); ok {
			res.Verdict, res.Status = re.Verdict, re.Status
			res.Output, res.Stderr, res.OutputSize = re.Output, re.Stderr, re.OutputSize
		}
		return res, nil
	}

	res.Output = strconv.AppendInt(nil, res.Got, 10)
	res.Output = append(res.Output, '\n')
	if play != nil {
		res.Move, res.Diff = diff(got, want)
	} else if res.Got != res.Want {
		res.Diff = fmt.Sprintf("total: got %d, want %d", res.Got, res.Want)
	}
	if res.Diff != "" {
		res.Verdict = WrongAnswer
	}
	return res, nil
}

// guard runs f, turning a panic into an error: a crashing in-process
// implementation is a runtime error of that implementation, not of the
// harness.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return f()
}
