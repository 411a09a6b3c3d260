package process

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// DefaultTimeout is the time limit of a Program whose Timeout is zero.
const DefaultTimeout = 2 * time.Second

// WallLimit is the wall-clock limit of a run whose time limit, on CPU
// time, is timeout: three times the limit, and at least a second more
// than it. A program that sleeps or waits past it is killed; one that
// computes is judged on the CPU time it used, so a loaded machine does
// not turn a correct program into one that ran out of time.
func WallLimit(timeout time.Duration) time.Duration {
	return max(3*timeout, timeout+time.Second)
}

// Bounds on what a run keeps of the program's output.
const (
	// StdoutLimit is how much of the start of standard output is kept.
	StdoutLimit = 4 << 10
	// StderrTail is how much of the end of standard error is kept.
	StderrTail = 400
)

// pipeGrace is how long a run waits, once the program has exited or been
// killed, for its output pipes to close: a background process may still
// hold them open, and is then killed.
const pipeGrace = 100 * time.Millisecond

// ErrNoProgram is the error of a Program with no Args.
var ErrNoProgram = errors.New("no program named")

// A Program is a program to run, once per Run, each time on its own
// input. A Program is safe for concurrent use; its fields must not change
// once it has run or its Path has been asked for.
type Program struct {
	// Args is the program and its arguments. A program name without a
	// slash is looked up in PATH, once, when it is first needed.
	Args []string
	// Timeout is the time limit of a run on CPU time; zero means
	// DefaultTimeout. A run that is not computing is killed at
	// WallLimit(Timeout) of wall-clock time (see pastWall).
	Timeout time.Duration
	// Env is added to the caller's environment for the program; nil
	// leaves it as it is.
	Env []string

	once    sync.Once
	envOnce sync.Once
	env     []string
	path    string
	pathErr error
	runs    sync.Pool // of *run, the buffers of one run
}

func (p *Program) String() string { return fmt.Sprintf("%q", p.Args) }

// Path returns the file the program runs from. It is looked up once: a
// PATH search per run would cost as much as a small program's whole run.
// The error is ErrNoProgram, or that of exec.LookPath, which names the
// program and the cause.
func (p *Program) Path() (string, error) {
	p.once.Do(func() {
		if len(p.Args) == 0 {
			p.pathErr = ErrNoProgram
			return
		}
		p.path, p.pathErr = exec.LookPath(p.Args[0])
	})
	return p.path, p.pathErr
}

func (p *Program) limit() time.Duration {
	if p.Timeout > 0 {
		return p.Timeout
	}
	return DefaultTimeout
}

// An Outcome is how a run ended and what the program wrote. Its slices
// are its own.
type Outcome struct {
	// Exited reports whether the program ended by exiting, with ExitCode;
	// otherwise a signal, Signal, killed it and ExitCode is -1.
	Exited   bool
	ExitCode int
	Signal   syscall.Signal
	// State says how the program ended in words, as os.ProcessState
	// does: "exit status 3", "signal: segmentation fault (core dumped)".
	State string

	// CPU is the CPU time the run used, user and system, of the program
	// and of what it started: of everything it started, however, where
	// it ran in a cgroup of its own (Linux, with cgroup v2 writable);
	// otherwise of the children it waited for, and of its descendants
	// as last seen from its time limit on. Limit is the run's limit on it,
	// the Program's Timeout or DefaultTimeout.
	CPU, Limit time.Duration
	// WallKilled reports that the program was killed by the wall clock,
	// not computing, at the wall-clock limit, WallLimit(Limit), or after
	// Wall when it went on computing past it.
	WallKilled bool
	Wall       time.Duration
	// AtCeiling says the wall clock killed the program at Ceiling(Limit),
	// while it went on computing, or starved.
	AtCeiling bool

	// Stdout is the start of what the program wrote to standard output,
	// at most StdoutLimit bytes; StdoutSize is how much it wrote, so
	// StdoutSize > len(Stdout) when some was dropped.
	Stdout     []byte
	StdoutSize int
	// Stderr is the end of what it wrote to standard error, at most
	// StderrTail bytes.
	Stderr []byte
}

// TimedOut reports whether the run went past its limits: it used more CPU
// time than Limit, or was killed at the wall-clock limit. A program that
// did may have exited with status 0 all the same.
func (o Outcome) TimedOut() bool { return o.WallKilled || o.CPU > o.Limit }

// String says how the run ended: for a run past its limits, which limit
// and by how much, "2.1s of CPU time, limit 2s"; otherwise State.
func (o Outcome) String() string {
	cpu := o.CPU.Round(time.Millisecond)
	switch {
	case o.WallKilled && o.AtCeiling && o.CPU <= o.Limit:
		return fmt.Sprintf("killed at its ceiling, after %v of wall-clock time (%v of CPU time, limit %v)", cmp.Or(o.Wall, Ceiling(o.Limit)), cpu, o.Limit)
	case o.WallKilled && o.CPU > o.Limit:
		return fmt.Sprintf("%v of CPU time, limit %v (killed after %v)", cpu, o.Limit, cmp.Or(o.Wall, WallLimit(o.Limit)))
	case o.WallKilled:
		return fmt.Sprintf("killed after %v of wall-clock time (%v of CPU time, limit %v)", cmp.Or(o.Wall, WallLimit(o.Limit)), cpu, o.Limit)
	case o.CPU > o.Limit:
		return fmt.Sprintf("%v of CPU time, limit %v", cpu, o.Limit)
	}
	return o.State
}

// run holds the buffers of one run, reused across runs.
type run struct {
	out capWriter
	err tailWriter
	// outBuf and errBuf are what the output pipes are read through.
	outBuf, errBuf []byte
}

// Run runs the program with stdin as its standard input and waits for it
// and for the process group it leads, which is killed when the program
// ends, with what left the group when the caller is a subreaper (see
// Subreap). A program that fails, crashes or runs out of time is no error:
// the Outcome says so. The error is that of Path when the program cannot
// be found; os/exec's when it cannot be started or waited for, which
// names the program and the cause; and ctx's, as it is, when ctx ends
// before the run does, the group then killed.
func (p *Program) Run(ctx context.Context, stdin []byte) (Outcome, error) {
	return p.RunKeeping(ctx, stdin, 0)
}

// RunKeeping is Run keeping the first keep bytes of standard output
// instead of StdoutLimit (when keep is 0), for an answer longer than a
// score: what is over it is counted and dropped all the same.
func (p *Program) RunKeeping(ctx context.Context, stdin []byte, keep int) (Outcome, error) {
	path, err := p.Path()
	if err != nil {
		return Outcome{}, err
	}
	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	limit := p.limit()

	r, _ := p.runs.Get().(*run)
	if r == nil {
		r = &run{outBuf: make([]byte, 32<<10), errBuf: make([]byte, errRead)}
	}
	defer p.runs.Put(r)
	r.out.reset(keep)
	r.err.reset()

	mk := func() *exec.Cmd {
		c := exec.CommandContext(ctx, path)
		c.Args = p.Args
		c.Env = p.environ()
		c.SysProcAttr = sysProcAttr()
		c.Cancel = func() error { return killGroup(c.Process.Pid) }
		return c
	}
	// The output pipes are read by collectors, and the input is written
	// from a goroutine of the run (see startPiped).
	cmd, e, cg, err := startPiped(mk, newCgroup())
	if err != nil {
		if ctx.Err() != nil {
			return Outcome{}, ctx.Err()
		}
		return Outcome{}, err
	}
	inW, outR, errR := e.in, e.out, e.err
	pid := cmd.Process.Pid
	pp := pipes{in: pipeOf(inW), out: pipeOf(outR), err: pipeOf(errR)}
	wrote := make(chan struct{})
	go func() {
		// A program that does not read it all leaves the writing
		// blocked until the run ends (see below).
		inW.Write(stdin)
		inW.Close()
		close(wrote)
	}()
	outC := collect(outR, &r.out, r.outBuf)
	errC := collect(errR, &r.err, r.errBuf)
	w := watchRun(pid, cg, time.Now(), limit, pp, wrote)
	waitErr := cmd.Wait()
	cpu, wallKilled, wall, ceiling := w.stop()
	// The leader is gone; its group lives on while anything it started
	// does, and that is killed now. A group id is not reused while the
	// group has members, so the kill reaches only what the program left.
	// What left the group is killed by end, when the process is a
	// subreaper, and by the cgroup's end, when it has one.
	killGroup(pid)
	end(pid)
	cg.kill()
	// The rest of the input is not written: what it left behind may
	// hold the pipe open, unread.
	inW.SetWriteDeadline(time.Now())
	<-wrote
	// Whatever the program wrote before it ended is read now.
	grace := time.Now().Add(pipeGrace)
	outC.finish(grace)
	errC.finish(grace)
	// The cgroup's CPU time is that of everything the program started,
	// however it started it, to the end.
	if all, ok := cg.remove(); ok {
		cpu = max(cpu, all)
	}

	if err := ctx.Err(); err != nil {
		return Outcome{}, err
	}
	st := cmd.ProcessState
	if st == nil {
		// The wait itself failed; waitErr says why.
		return Outcome{}, waitErr
	}
	// Any other waitErr is a failure the state already tells.
	o := Outcome{
		Exited:     st.Exited(),
		ExitCode:   st.ExitCode(),
		State:      st.String(),
		CPU:        max(st.UserTime()+st.SystemTime(), cpu),
		Limit:      limit,
		WallKilled: wallKilled && !st.Exited(),
		Wall:       wall,
		AtCeiling:  ceiling && wallKilled && !st.Exited(),
		Stdout:     clone(r.out.buf),
		StdoutSize: r.out.size,
		Stderr:     clone(r.err.bytes()),
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		o.Signal = ws.Signal()
	}
	return o, nil
}

// clone copies b out of the pooled buffers, nil when empty.
func clone(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	return bytes.Clone(b)
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
