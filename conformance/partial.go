package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
)

// TotalFunc is the implementation whose play of a case gives its final
// total only, as a program under the judge protocol prints it.
func (g *Game[C, T]) TotalFunc(name string, total func(C) (int64, error)) Impl[C, T] {
	return Impl[C, T]{Name: name, Score: func(ctx context.Context, input []byte) (int64, error) {
		_, v, err := playInput(ctx, g, input, total)
		return v, err
	}}
}

// playInput reads input, a case the harness wrote, and returns it with
// play's account of it (call: a panic is an error, and so a runtime
// error, as for Impl.Play).
func playInput[C, T, V any](ctx context.Context, g *Game[C, T], input []byte, play func(C) (V, error)) (C, V, error) {
	var zero V
	c, err := g.parse(input)
	if err != nil {
		return c, zero, fmt.Errorf("%s: the harness wrote a case it cannot read: %w", g.Name, err)
	}
	v, err := call(ctx, func() (V, error) { return play(c) })
	return c, v, err
}

// StepFunc is the implementation whose play of a case gives the step
// protocol's account of it (StepTrace): the running total after every
// move and the final total, and, where it gives one, the board after a
// move, laid out as the game's StepShape says (SameGame: N rows of N
// colours, the top row first, 0 an empty cell). For a game whose answer
// is a board (Game.AnswerText) it gives the board after every move and
// the final board in StepTrace.Answer. It is checked as a program under
// the step protocol is (Command.Steps).
func (g *Game[C, T]) StepFunc(name string, steps func(C) (StepTrace, error)) Impl[C, T] {
	p := &stepFunc[C, T]{g: g, name: name, steps: steps}
	return Impl[C, T]{Name: name, Score: p.Score, Prog: p}
}

// stepFunc is a Go function made a Programmer under the step protocol:
// its StepTrace is written as a program's answer would be.
type stepFunc[C, T any] struct {
	g     *Game[C, T]
	name  string
	steps func(C) (StepTrace, error)
}

func (p *stepFunc[C, T]) String() string     { return p.name }
func (p *stepFunc[C, T]) Protocol() Protocol { return Protocol{Steps: true} }

func (p *stepFunc[C, T]) Score(ctx context.Context, input []byte) (int64, error) {
	_, t, err := playInput(ctx, p.g, input, p.steps)
	return t.Total, err
}

func (p *stepFunc[C, T]) Answer(ctx context.Context, input []byte, _ int) (Answer, error) {
	c, t, err := playInput(ctx, p.g, input, p.steps)
	if err != nil {
		return Answer{}, err
	}
	if p.g.StepShape == nil {
		return Answer{}, fmt.Errorf("%s: %w: the game has no step protocol", p.g.Name, errors.ErrUnsupported)
	}
	shape := p.g.StepShape(c)
	for i, b := range t.Boards {
		if b != nil && len(b) != shape.cells() {
			return Answer{}, &RunError{Verdict: BadOutput,
				Status: fmt.Sprintf("board after %s %d holds %d cells, want %d", p.g.Step, i+1, len(b), shape.cells())}
		}
	}
	var b bytes.Buffer
	WriteSteps(&b, shape, t)
	return Answer{Output: b.Bytes()}, nil
}

// Replay answers the one input a fresh process would: a Go function
// keeps no process, so there is no stream to replay.
func (p *stepFunc[C, T]) Replay(ctx context.Context, inputs [][]byte, limit int) (Answer, error) {
	if len(inputs) != 1 {
		return Answer{}, fmt.Errorf("%s: replay of %d inputs without the stream protocol", p.name, len(inputs))
	}
	return p.Answer(ctx, inputs[0], limit)
}
