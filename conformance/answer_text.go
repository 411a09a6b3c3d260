package conformance

import "context"

// answerText is the answer a program prints to case c for trace t: the
// game's AnswerText, or nil when the answer is the total.
func (g *Game[C, T]) answerText(c C, t T) []byte {
	if g.AnswerText == nil || g.JudgeAnswer == nil {
		return nil
	}
	return g.AnswerText(c, t)
}

// answerLinesKey carries the game's AnswerLines in the context of the
// programs it asks (withAnswerLines), for Command.done.
type answerLinesKey struct{}

// withAnswerLines is ctx carrying g's AnswerLines, when it has one.
func (g *Game[C, T]) withAnswerLines(ctx context.Context) context.Context {
	if g.AnswerLines == nil || ctx.Value(answerLinesKey{}) != nil {
		return ctx
	}
	return context.WithValue(ctx, answerLinesKey{}, g.AnswerLines)
}

// answerLinesOf is how many lines, not blank, the answer to input
// takes, as the game that asks says (withAnswerLines): 1 by default.
func answerLinesOf(ctx context.Context, input []byte) int {
	f, ok := ctx.Value(answerLinesKey{}).(func([]byte) int)
	if !ok {
		return 1
	}
	return max(f(input), 1)
}
