package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/cascade-harness/cascade/internal/process"
)

// A Protocol says how a program under test meets cascade (SPEC.md,
// "Programs under test"). The zero Protocol is the judge protocol: one
// process per case, one integer back.
type Protocol struct {
	// Stream: one long-lived process takes case after case, answering
	// each on a line of its own before the next is written.
	Stream bool
	// Steps: the answer is the running total after every step, boards
	// optional, then the total (see StepTrace).
	Steps bool
}

// String names p as the environment variable CASCADE_PROTOCOL does:
// "judge", "stream", "steps", "stream steps".
func (p Protocol) String() string {
	switch {
	case p.Stream && p.Steps:
		return "stream steps"
	case p.Stream:
		return "stream"
	case p.Steps:
		return "steps"
	}
	return "judge"
}

// ProtocolEnv is the environment variable that tells a program the
// protocol it is run under (Protocol.String).
const ProtocolEnv = "CASCADE_PROTOCOL"

// historyLimit bounds the inputs the stream processes of a command keep,
// all together, of the cases they answered, to replay them when one
// fails only after them: a process that goes past it drops its oldest
// first. One bound for all, since a bound per process grows with
// --jobs: 16 MB a process took a long check with --jobs 8 to 173 MB
// against the command's bound of 64 MB, and at the default --jobs
// filled the collector's soft limit, which then ran every few
// milliseconds (docs/reliability.md).
const historyLimit = 8 << 20

// An Answer is what a program answered for one input, as the protocol
// has it.
type Answer struct {
	// Output is the answer as written: one line, or under the step
	// protocol its step lines up to the total line.
	Output []byte
	// Before holds, under the stream protocol, the inputs the same
	// process answered before this one, oldest first (the last
	// inputs historyLimit leaves it); nil for a fresh process.
	Before [][]byte
	// Dropped is the number of earlier inputs of the process that
	// Before no longer holds.
	Dropped int
}

// A Programmer is a program under test that speaks a Protocol, as
// Command does: Game.Program checks it through Answer and Replay.
type Programmer interface {
	Scorer
	// Protocol is the protocol the program speaks.
	Protocol() Protocol
	// Answer has the program answer input, its output bounded by limit
	// bytes (0: the protocol's own bound). A program that gives no
	// usable answer yields a *RunError with the verdict.
	Answer(ctx context.Context, input []byte, limit int) (Answer, error)
	// Replay has a fresh process answer inputs, one after another, and
	// returns its answer to the last; a failure on an earlier one is a
	// *RunError that says so. Without Protocol.Stream there must be
	// one input.
	Replay(ctx context.Context, inputs [][]byte, limit int) (Answer, error)
}

// stream is a process of a Command under the stream protocol, with the
// inputs it answered.
type stream struct {
	s       *process.Session
	history [][]byte
	held    int // bytes in history
	dropped int
	cut     int // inputs dropped since history was last copied
}

// Protocol is the protocol the command's program speaks.
func (c *Command) Protocol() Protocol { return Protocol{Stream: c.Stream, Steps: c.Steps} }

// done is the function that tells the last line of an answer to input
// under the command's protocol: the first line that is not blank, or
// under an answer of several lines (answerLinesOf, Game.AnswerLines) the
// last of them; under the step protocol the total line, or under an
// answer of several lines the last of those after the board line (or a
// total line before it, which the answer's check then finds out of
// place).
func (c *Command) done(ctx context.Context, input []byte) func([]byte) bool {
	if c.Steps {
		if !answerIsText(ctx) {
			return isTotalLine
		}
		want, seen, ended := answerLinesOf(ctx, input), 0, false
		return func(line []byte) bool {
			switch {
			case ended:
				if len(bytes.TrimSpace(line)) > 0 {
					seen++
				}
				return seen >= want
			case isTotalLine(line):
				return true
			}
			ended = isBoardLine(line)
			return false
		}
	}
	want, seen := answerLinesOf(ctx, input), 0
	return func(line []byte) bool {
		if len(bytes.TrimSpace(line)) > 0 {
			seen++
		}
		return seen >= want
	}
}

// take returns an idle process of the command, or a fresh one. An idle
// process whose program has exited since its last answer is taken all
// the same: asked the case, its reply says how it ended, a breach of the
// protocol, as when it ends after the case is written. A fresh process
// in its place would let the machine's speed decide the verdict.
func (c *Command) take(ctx context.Context) (*stream, error) {
	c.mu.Lock()
	if n := len(c.idle); n > 0 {
		st := c.idle[n-1]
		c.idle = c.idle[:n-1]
		c.mu.Unlock()
		return st, nil
	}
	c.mu.Unlock()
	s, err := c.start(ctx)
	if err != nil {
		return nil, err
	}
	return &stream{s: s}, nil
}

// start starts a fresh process of the program, counted in Started,
// and in StartedShrinking when ctx is a shrink's (forShrinking).
func (c *Command) start(ctx context.Context) (*process.Session, error) {
	s, err := c.program().Start()
	if err == nil {
		c.mu.Lock()
		c.started++
		if ctx.Value(shrinkingKey{}) != nil {
			c.shrinking++
		}
		c.mu.Unlock()
	}
	return s, err
}

// shrinkingKey marks the context of a shrink, so that the processes
// started for it are told from those of the check.
type shrinkingKey struct{}

// forShrinking is ctx marked as a shrink's: what a stream program
// starts under it is counted in StartedShrinking too.
func forShrinking(ctx context.Context) context.Context {
	return context.WithValue(ctx, shrinkingKey{}, true)
}

// put gives back a process that may take another case.
func (c *Command) put(st *stream) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.idle = append(c.idle, st)
}

// Started is the number of processes the command has started under the
// stream protocol, StartedShrinking's included.
func (c *Command) Started() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.started
}

// StartedShrinking is the number of the processes of Started that were
// started for a divergence once found: to shrink it, to replay a state
// leak's cases, to find its first diverging step. The others were
// started for the check.
func (c *Command) StartedShrinking() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.shrinking
}

// Close ends the command's idle stream processes, and what they started.
// A Command is still usable after Close: the next case starts a fresh
// process.
func (c *Command) Close() error {
	c.mu.Lock()
	idle := c.idle
	c.idle = nil
	c.mu.Unlock()
	for _, st := range idle {
		st.s.Close()
		c.forget(st)
	}
	return nil
}

// Answer has the program answer input under the command's protocol.
func (c *Command) Answer(ctx context.Context, input []byte, limit int) (Answer, error) {
	if !c.Stream {
		return c.answerAlone(ctx, input, limit)
	}
	st, err := c.take(ctx)
	if err != nil {
		return Answer{}, startError(ctx, err)
	}
	r, err := st.s.Ask(ctx, input, limit, false, c.done(ctx, input))
	if err != nil {
		c.forget(st)
		return Answer{}, err
	}
	a := Answer{Before: st.history[:len(st.history):len(st.history)], Dropped: st.dropped}
	if err := c.replyError(r); err != nil {
		// The process has ended (a Reply that is not Ok ends it).
		c.forget(st)
		return a, err
	}
	a.Output = r.Answer
	c.remember(st, input)
	c.put(st)
	return a, nil
}

// remember adds input to the history of the process st, and drops its
// oldest inputs while the command's processes hold more than
// historyLimit bytes, all but the last. The history is cut from the
// front, never changed in place: an Answer's Before shares it. It is
// copied once it has dropped as many inputs as it holds, so that what
// it dropped is let go of at a cost of one copy an input.
func (c *Command) remember(st *stream, input []byte) {
	st.history = append(st.history, input)
	st.held += len(input)
	c.mu.Lock()
	c.held += len(input)
	over := c.held - historyLimit
	c.mu.Unlock()
	n, freed := 0, 0
	for freed < over && n < len(st.history)-1 {
		freed += len(st.history[n])
		n++
	}
	if n == 0 {
		return
	}
	st.history = st.history[n:]
	st.held -= freed
	st.dropped += n
	st.cut += n
	if st.cut >= len(st.history) {
		st.history, st.cut = append([][]byte(nil), st.history...), 0
	}
	c.mu.Lock()
	c.held -= freed
	c.mu.Unlock()
}

// forget takes the history of st, a process that is done with, out of
// the command's.
func (c *Command) forget(st *stream) {
	c.mu.Lock()
	c.held -= st.held
	c.mu.Unlock()
}

// Replay has a fresh process answer inputs in turn, and returns its
// answer to the last. Under the stream protocol the process's input is
// then closed, and output it writes after its last answer is a second
// answer, bad output.
func (c *Command) Replay(ctx context.Context, inputs [][]byte, limit int) (Answer, error) {
	if len(inputs) == 0 {
		return Answer{}, errors.New("replay: no input")
	}
	if !c.Stream {
		if len(inputs) != 1 {
			return Answer{}, fmt.Errorf("replay of %d inputs: %w without the stream protocol", len(inputs), errors.ErrUnsupported)
		}
		return c.answerAlone(ctx, inputs[0], limit)
	}
	s, err := c.start(ctx)
	if err != nil {
		return Answer{}, startError(ctx, err)
	}
	defer s.Close()
	var r process.Reply
	for i, in := range inputs {
		r, err = s.Ask(ctx, in, limit, false, c.done(ctx, in))
		if err != nil {
			return Answer{}, err
		}
		if err := c.replyError(r); err != nil {
			if i < len(inputs)-1 {
				re, _ := errors.AsType[*RunError](err)
				return Answer{}, &RunError{Verdict: re.Verdict, Status: fmt.Sprintf("on case %d of %d replayed: %s", i+1, len(inputs), re.Status), Stderr: re.Stderr, Earlier: true}
			}
			return Answer{Before: inputs[:i:i]}, err
		}
	}
	a := Answer{Output: r.Answer, Before: inputs[: len(inputs)-1 : len(inputs)-1]}
	if rest, _ := s.Close(); rest != nil {
		return a, secondAnswer(r.Answer, rest, r.Stderr)
	}
	return a, nil
}

// answerAlone runs the program once on input, as the judge protocol
// does, keeping up to limit bytes of its output.
func (c *Command) answerAlone(ctx context.Context, input []byte, limit int) (Answer, error) {
	o, err := c.outcome(ctx, input, limit)
	if err != nil {
		return Answer{}, err
	}
	if o.StdoutSize > len(o.Stdout) {
		return Answer{}, &RunError{Verdict: BadOutput, Status: fmt.Sprintf("output longer than %d bytes", len(o.Stdout)),
			Output: o.Stdout, OutputSize: o.StdoutSize, Stderr: o.Stderr}
	}
	return Answer{Output: o.Stdout}, nil
}

// startError is the error of a process that could not be started: ctx's
// when it has ended, a runtime error of the program otherwise.
func startError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return &RunError{Verdict: RuntimeError, Status: err.Error()}
}

// replyError is the *RunError of a reply that is no usable answer, nil
// for one that is.
func (c *Command) replyError(r process.Reply) error {
	if r.Ok() {
		return nil
	}
	fail := func(v Verdict, breach bool, status string) error {
		return &RunError{Verdict: v, Breach: breach, Status: status, Output: r.Answer, OutputSize: r.Size, Stderr: r.Stderr}
	}
	switch {
	case r.AtEOF:
		return fail(BadOutput, true, "gave no answer until its input was closed: a stream program answers each case as soon as it has read it (does it read to the end of input? then drop --stream)")
	case r.Closed:
		return fail(BadOutput, true, "closed its output without answering, and ran on: a stream program answers every case, and its output stays open until its input ends")
	case r.Stalled && c.Steps:
		return fail(BadOutput, false, fmt.Sprintf("no total line after answer line %d: the program waited for more input instead", bytes.Count(r.Answer, []byte("\n"))))
	case r.Stalled:
		return fail(BadOutput, false, fmt.Sprintf("wrote %q without a line end, then waited for more input", cut(bytes.TrimSpace(r.Answer), 40)))
	case r.TimedOut():
		return fail(TimeLimit, false, r.TimeText())
	case r.Early:
		return fail(BadOutput, true, fmt.Sprintf("wrote %q before it was asked a case, without reading any of it: a stream program answers each case once it has read it", cut(bytes.TrimSpace(r.Answer), 40)))
	case r.Extra != nil:
		return secondAnswer(r.Answer, r.Extra, r.Stderr)
	case r.Unread:
		return fail(BadOutput, true, "answered before it had read the whole case, and read no more of it: a stream program reads each case to its end")
	case r.Long:
		return fail(BadOutput, false, fmt.Sprintf("output longer than %d bytes without an answer's last line", r.Size))
	case r.Ended && r.InputClosed:
		// It read the whole case and waited for more: it reads the
		// case as longer than it is.
		return fail(BadOutput, false, fmt.Sprintf("read the whole case, then waited for more input without answering (at the end of input: %s)", r.State))
	case r.Ended && r.Exited && r.ExitCode == 0 && r.Before == 1:
		return fail(BadOutput, true, "exited after its first case without answering the next: is it a stream program? drop --stream")
	case r.Ended && r.Exited && r.ExitCode == 0 && r.Before > 1:
		return fail(BadOutput, true, fmt.Sprintf("exited after %d cases without answering the next (exit status 0)", r.Before))
	case r.Ended && r.Exited && r.ExitCode == 0:
		if c.Steps {
			return fail(BadOutput, false, "exited without a total line")
		}
		return fail(BadOutput, false, "no output, want one integer")
	}
	return fail(RuntimeError, false, r.State)
}

// secondAnswer is the breach of a program that wrote extra after its
// answer to one case.
func secondAnswer(answer, extra, stderr []byte) *RunError {
	out := append(bytes.Clone(answer), extra...)
	return &RunError{Verdict: BadOutput, Breach: true, Output: out, OutputSize: len(out), Stderr: stderr,
		Status: fmt.Sprintf("printed more than one answer for one case: then %q", cut(bytes.TrimSpace(extra), 40))}
}

// scoreOf reads the total of an answer under the command's protocol.
func (c *Command) scoreOf(a Answer) (int64, error) {
	out := a.Output
	if c.Steps {
		lines := bytes.Split(bytes.TrimRight(out, "\n"), []byte("\n"))
		last := bytes.Fields(lines[len(lines)-1])
		if len(last) != 2 || string(last[0]) != "total" {
			return 0, &RunError{Verdict: BadOutput, Status: "no total line", Output: out, OutputSize: len(out)}
		}
		out = last[1]
	}
	v, why := parseScore(out, false)
	if why != "" {
		return 0, &RunError{Verdict: BadOutput, Status: why, Output: a.Output, OutputSize: len(a.Output)}
	}
	return v, nil
}

// totalText is the answer line of a score, for Result.Output.
func totalText(v int64) []byte { return strconv.AppendInt(nil, v, 10) }
