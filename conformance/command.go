package conformance

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"time"

	"cascade/match3"
	"cascade/samegame"
)

// DefaultTimeout is the per-case time limit of a Command whose Timeout is
// zero.
const DefaultTimeout = 2 * time.Second

// WallLimit is the wall-clock limit of a run whose time limit, on CPU
// time, is timeout: three times the limit, and at least a second more
// than it. A program that sleeps or waits past it is killed; one that
// computes is judged on the CPU time it used, so a loaded machine does
// not turn a correct program into a time limit exceeded.
func WallLimit(timeout time.Duration) time.Duration {
	return max(3*timeout, timeout+time.Second)
}

// Limits on what a run keeps of its output.
const (
	// outputLimit bounds the standard output kept. A score takes at most
	// 20 bytes, so anything longer is bad output whatever follows.
	outputLimit = 4 << 10
	// stderrTail is how much of the end of standard error is kept.
	stderrTail = 400
	// pipeGrace is how long a run waits, once the program has exited or
	// been killed, for its output pipes to close: a background process
	// may still hold them open, and is then killed.
	pipeGrace = 100 * time.Millisecond
)

// Command is the score level of the seam for a program run once per case:
// it writes the case in the statement's format to the program's standard
// input and reads the score, one integer, from its standard output. It is
// a SameGameScorer and a Match3Scorer; the program decides which game it
// plays. A Command is safe for concurrent use.
//
// The program runs directly, with no shell, in a process group of its
// own. Its time limit is on CPU time; when it runs past the wall-clock
// limit (WallLimit), the whole group is killed; when it ends, whatever it
// left behind in the group is killed too, so no process outlives the
// case.
type Command struct {
	// Args is the program and its arguments. A program name without a
	// slash is looked up in PATH when the command first runs. Args must
	// not change once the command has run.
	Args []string
	// Timeout is the per-case time limit on CPU time (user and system,
	// of the program and of the children it waited for); zero means
	// DefaultTimeout. A run is killed at WallLimit(Timeout) of wall-clock
	// time.
	Timeout time.Duration

	once    sync.Once
	path    string
	pathErr error
	runs    sync.Pool // of *run, the buffers of one run
}

// NewCommand returns a Command for a command line split into words by
// SplitWords, with the given per-case time limit (zero for
// DefaultTimeout). It reports an empty line, a line SplitWords rejects
// and a program that cannot be found.
func NewCommand(line string, timeout time.Duration) (*Command, error) {
	args, err := SplitWords(line)
	if err != nil {
		return nil, fmt.Errorf("command %q: %w", line, err)
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("command %q: no program named", line)
	}
	c := &Command{Args: args, Timeout: timeout}
	if _, err := c.resolve(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Command) String() string { return fmt.Sprintf("%q", c.Args) }

// resolve finds the program once: a PATH search per case would cost as
// much as a small program's whole run.
func (c *Command) resolve() (string, error) {
	c.once.Do(func() {
		if len(c.Args) == 0 {
			c.pathErr = errors.New("command: no program named")
			return
		}
		c.path, c.pathErr = exec.LookPath(c.Args[0])
		if c.pathErr != nil {
			c.pathErr = fmt.Errorf("command: %w", c.pathErr)
		}
	})
	return c.path, c.pathErr
}

func (c *Command) timeout() time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return DefaultTimeout
}

// run holds the buffers of one run, reused across runs.
type run struct {
	in  bytes.Buffer
	rd  bytes.Reader
	out capWriter
	err tailWriter
}

// ScoreSameGame runs the program on c.
func (c *Command) ScoreSameGame(ctx context.Context, sc *samegame.Case) (int64, error) {
	r := c.get()
	defer c.runs.Put(r)
	samegame.Format(&r.in, sc)
	return c.run(ctx, r)
}

// ScoreMatch3 runs the program on c.
func (c *Command) ScoreMatch3(ctx context.Context, mc *match3.Case) (int64, error) {
	r := c.get()
	defer c.runs.Put(r)
	match3.Format(&r.in, mc)
	return c.run(ctx, r)
}

// Run runs the program on input, a problem in the statement's format,
// and returns the score it printed. A program that gives no usable
// answer yields a *RunError with the verdict; the context's error is
// returned as it is when ctx ends before the program does.
func (c *Command) Run(ctx context.Context, input []byte) (int64, error) {
	r := c.get()
	defer c.runs.Put(r)
	r.in.Write(input)
	return c.run(ctx, r)
}

func (c *Command) get() *run {
	r, _ := c.runs.Get().(*run)
	if r == nil {
		r = new(run)
	}
	r.in.Reset()
	r.out.reset()
	r.err.reset()
	return r
}

func (c *Command) run(ctx context.Context, r *run) (int64, error) {
	path, err := c.resolve()
	if err != nil {
		return 0, err
	}
	limit := c.timeout()
	wall := WallLimit(limit)
	tctx, cancel := context.WithTimeout(ctx, wall)
	defer cancel()

	cmd := exec.CommandContext(tctx, path)
	cmd.Args = c.Args
	r.rd.Reset(r.in.Bytes())
	cmd.Stdin = &r.rd
	cmd.Stdout = &r.out
	cmd.Stderr = &r.err
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return killGroup(cmd.Process.Pid) }
	cmd.WaitDelay = pipeGrace
	if err := cmd.Start(); err != nil {
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return 0, &RunError{Verdict: RuntimeError, Status: err.Error()}
	}
	waitErr := cmd.Wait()
	// The leader is gone; its group lives on while anything it started
	// does, and that is killed now. A group id is not reused while the
	// group has members, so the kill reaches only what the program left.
	killGroup(cmd.Process.Pid)

	if err := ctx.Err(); err != nil {
		return 0, err
	}
	st := cmd.ProcessState
	fail := func(v Verdict, status string) (int64, error) {
		return 0, &RunError{
			Verdict:    v,
			Status:     status,
			Output:     bytes.Clone(r.out.buf),
			OutputSize: r.out.size,
			Stderr:     bytes.Clone(r.err.bytes()),
		}
	}
	var cpu time.Duration
	if st != nil {
		cpu = st.UserTime() + st.SystemTime()
	}
	switch {
	case st == nil:
		return fail(RuntimeError, waitErr.Error())
	case !st.Exited() && tctx.Err() != nil:
		// Killed at the wall-clock limit.
		if cpu > limit {
			return fail(TimeLimit, fmt.Sprintf("%v of CPU time, limit %v (killed after %v)", cpu.Round(time.Millisecond), limit, wall))
		}
		return fail(TimeLimit, fmt.Sprintf("killed after %v of wall-clock time (%v of CPU time, limit %v)", wall, cpu.Round(time.Millisecond), limit))
	case cpu > limit:
		return fail(TimeLimit, fmt.Sprintf("%v of CPU time, limit %v", cpu.Round(time.Millisecond), limit))
	case !st.Exited():
		// Killed by a signal, by itself or the system.
		return fail(RuntimeError, st.String())
	case st.ExitCode() != 0:
		return fail(RuntimeError, st.String())
	}
	score, why := parseScore(r.out.buf, r.out.over)
	if why != "" {
		return fail(BadOutput, why)
	}
	return score, nil
}

// parseScore reads exactly one integer, white space around it allowed.
// An integer is an optional minus sign and decimal digits.
func parseScore(out []byte, over bool) (int64, string) {
	if over {
		return 0, fmt.Sprintf("output longer than %d bytes, want one integer", outputLimit)
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

// killGroup kills the process group led by pid. A group already gone is
// not an error.
func killGroup(pid int) error {
	err := syscall.Kill(-pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// capWriter keeps the first outputLimit bytes written and notes whether
// more came. It never fails, so the program is never cut off mid-write.
type capWriter struct {
	buf  []byte
	over bool
	size int // bytes written
}

func (w *capWriter) Write(p []byte) (int, error) {
	w.size += len(p)
	room := outputLimit - len(w.buf)
	if len(p) > room {
		w.over = true
		w.buf = append(w.buf, p[:room]...)
	} else {
		w.buf = append(w.buf, p...)
	}
	return len(p), nil
}

func (w *capWriter) reset() { w.buf, w.over, w.size = w.buf[:0], false, 0 }

// tailWriter keeps the last stderrTail bytes written.
type tailWriter struct {
	buf []byte
}

func (w *tailWriter) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > stderrTail {
		p = p[len(p)-stderrTail:]
	}
	if len(w.buf)+len(p) > 2*stderrTail {
		w.buf = append(w.buf[:0], w.buf[len(w.buf)-(stderrTail-len(p)):]...)
	}
	w.buf = append(w.buf, p...)
	return n, nil
}

func (w *tailWriter) bytes() []byte {
	if len(w.buf) > stderrTail {
		return w.buf[len(w.buf)-stderrTail:]
	}
	return w.buf
}

func (w *tailWriter) reset() { w.buf = w.buf[:0] }
