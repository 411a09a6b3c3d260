package conformance

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/cascade-harness/cascade/internal/process"
)

// DefaultTimeout is the per-case time limit of a Command whose Timeout is
// zero.
const DefaultTimeout = process.DefaultTimeout

// WallLimit is the wall-clock limit of a run whose time limit, on CPU
// time, is timeout: three times the limit, and at least a second more
// than it. A program that sleeps or waits past it is killed; one that
// computes is judged on the CPU time it used, so a loaded machine does
// not turn a correct program into a time limit exceeded.
func WallLimit(timeout time.Duration) time.Duration { return process.WallLimit(timeout) }

// Command is the score level of the seam for a program run once per case:
// it writes the case in the statement's format to the program's standard
// input and reads the score, one integer, from its standard output. It is
// a SameGameScorer and a Match3Scorer; the program decides which game it
// plays. A Command is safe for concurrent use.
//
// The program runs directly, with no shell, in a process group of its
// own. Its time limit is on CPU time; when it runs past the wall-clock
// limit (WallLimit) and is not computing, the whole group is killed;
// when it ends, whatever it left behind in the group is killed too, so
// no process outlives the case. Package internal/process does the
// running; Command reads the score and names the verdict.
type Command struct {
	// Args is the program and its arguments. A program name without a
	// slash is looked up in PATH when the command first runs. Args must
	// not change once the command has run.
	Args []string
	// Timeout is the per-case time limit on CPU time (user and system,
	// of the program and of the children it waited for); zero means
	// DefaultTimeout. A run that is not computing is killed at
	// WallLimit(Timeout) of wall-clock time. Timeout must not change once
	// the command has run.
	Timeout time.Duration
	// Stream and Steps choose the protocol (see Protocol); both false
	// is the judge protocol. Under Stream the command keeps a process
	// for each goroutine that checks at once; Close ends them. They
	// must not change once the command has run.
	Stream, Steps bool
	// Env is more environment for the program, "KEY=value" each: under a
	// SameGame rule set, RulesEnv. It must not change once the command
	// has run.
	Env []string

	once sync.Once
	prog *process.Program

	mu      sync.Mutex // guards what follows
	idle    []*stream  // processes waiting for a case
	held    int        // bytes of the processes' histories (historyLimit)
	started int        // processes started under the stream protocol
	// shrinking counts those of started that a shrink started.
	shrinking int
}

// NewCommand returns a Command for a command line split into words by
// process.SplitWords, with the given per-case time limit (zero for
// DefaultTimeout). It reports an empty line, a line process.SplitWords rejects
// and a program that cannot be found.
func NewCommand(line string, timeout time.Duration) (*Command, error) {
	args, err := process.SplitWords(line)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", line, err)
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("command %q: %w", line, process.ErrNoProgram)
	}
	// A Program of its own for the look-up: the Command's takes Timeout
	// when it first runs, so that it may still be set until then.
	if _, err := (&process.Program{Args: args}).Path(); err != nil {
		return nil, fmt.Errorf("command: %w", err)
	}
	return &Command{Args: args, Timeout: timeout}, nil
}

func (c *Command) String() string { return fmt.Sprintf("%q", c.Args) }

func (c *Command) program() *process.Program {
	c.once.Do(func() {
		c.prog = &process.Program{Args: c.Args, Timeout: c.Timeout,
			Env: append([]string{ProtocolEnv + "=" + c.Protocol().String()}, c.Env...)}
	})
	return c.prog
}

// Score runs the program on input, a problem in the statement's
// format, whatever the game, and returns the score it printed. A program that gives no usable
// answer yields a *RunError with the verdict; the context's error is
// returned as it is when ctx ends before the program does.
func (c *Command) Score(ctx context.Context, input []byte) (int64, error) {
	if c.Stream || c.Steps {
		a, err := c.Answer(ctx, input, 0)
		if err != nil {
			return 0, err
		}
		return c.scoreOf(a)
	}
	o, err := c.outcome(ctx, input, 0)
	if err != nil {
		return 0, err
	}
	score, why := parseScore(o.Stdout, o.StdoutSize > len(o.Stdout))
	if why != "" {
		return 0, &RunError{Verdict: BadOutput, Status: why, Output: o.Stdout, OutputSize: o.StdoutSize, Stderr: o.Stderr}
	}
	return score, nil
}

// outcome runs the program once on input, as the judge protocol does,
// keeping keep bytes of its output (StdoutLimit when 0), and returns
// how the run ended when it exited with status 0 in time;
// otherwise the *RunError with its verdict, or ctx's error as it is.
func (c *Command) outcome(ctx context.Context, input []byte, keep int) (process.Outcome, error) {
	p := c.program()
	if _, err := p.Path(); err != nil {
		return process.Outcome{}, fmt.Errorf("command: %w", err)
	}
	o, err := p.RunKeeping(ctx, input, keep)
	if err != nil {
		if ctx.Err() != nil {
			return o, ctx.Err()
		}
		// Found but not started: a program that cannot run.
		return o, &RunError{Verdict: RuntimeError, Status: err.Error()}
	}
	fail := func(v Verdict, status string) (process.Outcome, error) {
		return o, &RunError{Verdict: v, Status: status, Output: o.Stdout, OutputSize: o.StdoutSize, Stderr: o.Stderr}
	}
	switch {
	case o.TimedOut():
		// Even after a clean exit: the answer came too late.
		return fail(TimeLimit, o.String())
	case !o.Exited || o.ExitCode != 0:
		return fail(RuntimeError, o.String())
	}
	return o, nil
}

// parseScore reads exactly one integer, white space around it allowed.
// An integer is an optional minus sign and decimal digits. over reports
// output past what was kept, which no score needs: one takes at most 20
// bytes.
func parseScore(out []byte, over bool) (int64, string) {
	if over {
		return 0, fmt.Sprintf("output longer than %d bytes, want one integer", process.StdoutLimit)
	}
	s := bytes.TrimSpace(out)
	if len(s) == 0 {
		return 0, "no output, want one integer"
	}
	digits := s
	if digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || bytes.ContainsFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) {
		return 0, fmt.Sprintf("output %q is not one integer", cut(s, 40))
	}
	v, err := strconv.ParseInt(string(s), 10, 64)
	if err != nil {
		return 0, fmt.Sprintf("output %q does not fit in 64 bits", cut(s, 40))
	}
	return v, ""
}

func cut(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + "..."
}
