package conformance

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/cascade-harness/cascade/input"
)

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

// answerIsText reports whether the game that asks (withAnswerLines)
// has an answer that is not its total: under the step protocol it ends
// with the board line and the answer's lines.
func answerIsText(ctx context.Context) bool {
	_, ok := ctx.Value(answerLinesKey{}).(func([]byte) int)
	return ok
}

// sameText reports whether two answers hold the same words: an answer
// is read as a white-space stream, as a judge reads it.
func sameText(a, b []byte) bool {
	fa, fb := bytes.Fields(a), bytes.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if !bytes.Equal(fa[i], fb[i]) {
			return false
		}
	}
	return true
}

// textAnswer is c as game g reads it: an answer file that is not one
// integer (Case.WantText) is one only for a game whose answer is not
// its total (Game.AnswerText); for another it is the file's error.
func (g *Game[C, T]) textAnswer(c Case) Case {
	if c.WantText != nil && c.Err == nil && g.AnswerText == nil {
		file := c.wantFile
		if c.Source != "" {
			file = strings.TrimSuffix(c.Source, ".in") + path.Ext(c.wantFile)
		}
		c.Err = fmt.Errorf("%s: want one integer, got %s", file, input.Quote(bytes.TrimSpace(c.WantText)))
		c.WantText = nil
	}
	return c
}
