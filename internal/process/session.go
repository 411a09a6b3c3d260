package process

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// MaxLine bounds a line of a session's answer: no answer of either game
// needs one longer, and a program that writes without a line end is cut
// off here.
const MaxLine = 1 << 20

// closeGrace is how long a session's program has to answer once its
// input is closed, seen waiting on it (to tell a program that reads to
// the end of its input from one that hangs), and to exit once its
// session is closed.
const closeGrace = 500 * time.Millisecond

// quietWait is how long a session's program must wait on its input,
// with the whole input read and nothing runnable, before the session
// takes that for what the program does, not for a pause of the machine:
// long enough to span several looks (lookEvery), short beside any
// wall-clock limit.
const quietWait = 200 * time.Millisecond

// lookEvery is the time between two looks at what a session's program
// waits on (see wait).
const lookEvery = 40 * time.Millisecond

// A Session is one process of a program that answers many inputs, one
// after another, on the same standard input and output: the stream
// protocol. Ask writes an input and reads the answer, line by line, until
// a line the caller's done function takes for the last one; the next
// input is written only then. A Session is for one goroutine at a time.
//
// The limits of Program.Run hold per input: the CPU time the process
// used from its last answer (from its start, for the first input) to
// the end of this one's (on Linux from /proc; elsewhere none is
// measured and only the wall-clock limit holds) against the Program's
// Timeout, and the wall-clock limit from the writing, past which the
// program goes on only while it computes (see pastWall), the CPU time
// of its descendants then counted too. Whenever an answer does not come
// back whole, in time and alone, the session ends: its process group
// is killed, with what left the group when the caller is a subreaper,
// as Run does.
type Session struct {
	p     *Program
	cmd   *exec.Cmd
	in    *os.File // the write end of the program's standard input
	out   *os.File // the read end of its standard output
	err   *lockedTail
	errC  *collector // reads the program's standard error into err
	pipes pipes      // its pipes, as waitOf looks for them
	limit time.Duration
	// cg is the program's cgroup, whose CPU time is that of all it
	// starts; nil where it has none, and stat, /proc/PID/stat, which
	// also says when it ends (see exiting), is read instead, with its
	// descendants' (see cpuTime).
	cg   *cgroup
	stat *os.File
	kids *os.File // its main thread's children (see kidsCPU)
	kbuf []byte   // what the descendants' stat files are read into
	// statBuf is what stat is read into, wrote what reports the end of
	// the writing of an input: kept from input to input.
	statBuf []byte
	wrote   chan error
	// writeNow says the input is non-blocking: what its pipe takes at
	// once is written without a goroutine.
	writeNow bool

	exited chan struct{} // closed once the program has been waited for
	state  *os.ProcessState

	buf     []byte        // read and not yet taken: the start of the next answer
	chunk   []byte        // what a read reads into, kept from read to read
	answers int           // inputs answered
	cpu     time.Duration // the CPU time used when the last answer came
	dead    bool
	ended   sync.Once
}

// A Reply is how one input of a session went.
type Reply struct {
	// Answer holds the lines of the answer, each ending in a line end,
	// when it came back whole; otherwise what had come of it, up to
	// StdoutLimit bytes. Size is the number of bytes of it read.
	Answer []byte
	Size   int
	// Before is the number of inputs the session had answered before
	// this one.
	Before int
	// CPU is the CPU time the process used on the input; Limit the
	// limit on it.
	CPU, Limit time.Duration
	// WallKilled says the process was killed by the wall clock, at
	// Wall: WallLimit(Limit), or later for a program that went on
	// computing past it (see pastWall).
	WallKilled bool
	Wall       time.Duration
	// AtCeiling says the wall clock killed it at Ceiling(Limit).
	AtCeiling bool
	// AtEOF says the answer came only once the program's input was
	// closed, which the session does when the program has read the
	// whole input and waits, blocked, on a read for more: the program
	// reads to the end of its input, as no stream program may.
	AtEOF bool
	// Stalled says the program wrote part of an answer (a step line, a
	// line without its end), then read the whole input and waited,
	// blocked, on a read for more: the rest of its answer never came.
	Stalled bool
	// Closed says the program closed its standard output while it ran
	// on, before its answer was whole.
	Closed bool
	// InputClosed says the session closed the program's input before
	// the answer came, having seen it read the whole input and wait on
	// a read for more.
	InputClosed bool
	// Long says the answer ran past the caller's limit, or a line of it
	// past MaxLine; it was cut off there.
	Long bool
	// Extra is output that came after the answer, before the next input
	// was written: a second answer.
	Extra []byte
	// Unread says the program answered without reading the whole of
	// its input, and had not read it by the wall-clock limit.
	Unread bool
	// Early says the answer came before the program had read any of
	// the input: it wrote it before it was asked, at its start (seen
	// before the first input was written) or with none of the input
	// read. Answer holds it.
	Early bool
	// Ended says the program ended before its answer was whole, with
	// State ("exit status 0", "signal: killed"), and Exited and
	// ExitCode as Outcome has them.
	Ended    bool
	Exited   bool
	ExitCode int
	State    string
	// Stderr is the end of what the process wrote to standard error in
	// its life, at most StderrTail bytes.
	Stderr []byte
}

// Ok reports whether the answer came back whole, alone, in time and
// before the program ended.
func (r *Reply) Ok() bool {
	return !r.TimedOut() && !r.AtEOF && !r.Long && !r.Ended && r.Extra == nil && !r.Unread && !r.Stalled && !r.Closed && !r.Early
}

// TimedOut reports whether the input went past its limits.
func (r *Reply) TimedOut() bool { return r.WallKilled || r.CPU > r.Limit }

// TimeText says which limit the input went past, as Outcome.String does.
func (r *Reply) TimeText() string {
	return Outcome{CPU: r.CPU, Limit: r.Limit, WallKilled: r.WallKilled, Wall: r.Wall, AtCeiling: r.AtCeiling}.String()
}

// Start starts the program for a session. The error is that of Path, or
// os/exec's when the program cannot be started.
func (p *Program) Start() (*Session, error) {
	path, err := p.Path()
	if err != nil {
		return nil, err
	}
	mk := func() *exec.Cmd {
		cmd := exec.Command(path)
		cmd.Args = p.Args
		cmd.Env = p.environ()
		cmd.SysProcAttr = sysProcAttr()
		return cmd
	}
	cmd, e, cg, err := startPiped(mk, newCgroup())
	if err != nil {
		return nil, err
	}
	inW, outR, errR := e.in, e.out, e.err
	s := &Session{p: p, in: inW, out: outR, err: new(lockedTail), limit: p.limit(), exited: make(chan struct{}),
		pipes: pipes{in: pipeOf(inW), out: pipeOf(outR), err: pipeOf(errR)}, cg: cg}
	s.cmd = cmd
	s.errC = collect(errR, s.err, make([]byte, errRead))
	s.stat = openStat(cmd.Process.Pid)
	if cg == nil {
		s.kids = openChildren(cmd.Process.Pid)
	}
	s.statBuf, s.wrote, s.writeNow = make([]byte, statSize), make(chan error, 1), nonBlocking(inW)
	go func() {
		cmd.Wait()
		s.state = cmd.ProcessState
		close(s.exited)
		// Wakes a read that waits on output that will not come.
		outR.SetReadDeadline(time.Now())
	}()
	return s, nil
}

// Pid is the process id of the session's program.
func (s *Session) Pid() int { return s.cmd.Process.Pid }

// Alive reports whether the session's program is running. One that
// has exited by itself may still be asked: the reply says how it ended.
func (s *Session) Alive() bool {
	if s.dead {
		return false
	}
	select {
	case <-s.exited:
		return false
	default:
		return true
	}
}

// Answered is the number of inputs the session has answered.
func (s *Session) Answered() int { return s.answers }

// Ask writes input to the program and reads its answer: the lines it
// writes, each given to done, until done takes one for the last, or
// until limit bytes (no bound when 0) have come without it. Blank lines
// are given to done too. With last set, the program's input is closed
// once input is written: it is the last input of the session.
//
// The error is ctx's, as it is, when ctx ends first (the session then
// ends), or that of a session already ended by a reply or Close.
// Everything else is in the Reply; unless Reply.Ok, the session has
// ended. A program that exited by itself after its last answer is asked
// all the same: the reply says how it ended, as if it had ended on this
// input, whichever came first.
func (s *Session) Ask(ctx context.Context, input []byte, limit int, last bool, done func(line []byte) bool) (Reply, error) {
	if s.dead {
		return Reply{}, errors.New("session: the program has ended")
	}
	r := Reply{Before: s.answers, Limit: s.limit}
	// Output before the input is written belongs to the last answer;
	// before the first, to none.
	if s.drain(); len(bytes.TrimSpace(s.buf)) > 0 {
		if s.answers > 0 {
			r.Extra = bytes.Clone(s.buf[:min(len(s.buf), StdoutLimit)])
		} else {
			r.Early = true
			r.Answer, r.Size = cutOutput(nil, s.buf)
		}
		s.kill()
		return s.finish(r), nil
	}
	// An input's CPU time runs from the last answer, the first's from
	// the start, as the judge protocol has it: what the process does
	// between two cases counts for the next, and so does what anything
	// it started does.
	cpu0 := s.cpu
	start := time.Now()
	wrote := s.write(input, last)
	wall := start.Add(WallLimit(s.limit))
	tick := lookEveryOf(s.limit)
	over := newPastWall(start, 0)
	overtime := false
	var answer []byte
	scanned := 0 // bytes of s.buf already given to done, as whole lines
	if s.chunk == nil {
		s.chunk = make([]byte, 32<<10)
	}
	chunk := s.chunk
	closedAt := time.Time{}
	nextCPU := start.Add(tick)
	nextLook := start.Add(lookEvery)
	var quietSince time.Time // since when the program has waited on its input
	for {
		// Whole lines read so far.
		for {
			nl := bytes.IndexByte(s.buf[scanned:], '\n')
			if nl < 0 {
				break
			}
			line := s.buf[scanned : scanned+nl]
			scanned += nl + 1
			if done(bytes.TrimSuffix(line, []byte("\r"))) {
				answer = append(answer, s.buf[:scanned]...)
				s.buf = append(s.buf[:0], s.buf[scanned:]...)
				r.Answer, r.Size = answer, len(answer)
				s.cpu = max(s.cpu, s.cpuTime())
				r.CPU = s.cpu - cpu0
				s.answers++
				switch {
				case !closedAt.IsZero():
					r.AtEOF = true
				case r.CPU > r.Limit:
				case len(wrote) > 0 && len(input) > 0 && unread(s.in) == len(input):
					// Not a byte of the case read: written before it
					// was asked.
					r.Early = true
				default:
					if s.drain(); len(bytes.TrimSpace(s.buf)) > 0 {
						r.Extra = bytes.Clone(s.buf[:min(len(s.buf), StdoutLimit)])
					}
				}
				if r.Ok() {
					// An answer before the whole input was read leaves
					// the rest for the next input to be read as.
					r.Unread = !s.written(wrote, wall)
				}
				if !r.Ok() {
					s.kill()
				}
				<-wrote
				return s.finish(r), nil
			}
		}
		if scanned > 0 {
			answer = append(answer, s.buf[:scanned]...)
			s.buf = append(s.buf[:0], s.buf[scanned:]...)
			scanned = 0
		}
		// Blank lines count too: every byte of an answer is bounded,
		// by MaxLine when the caller sets no limit.
		if len(s.buf) > MaxLine || len(answer)+len(s.buf) > cmp.Or(limit, MaxLine) {
			r.Long = true
			r.Answer, r.Size = cutOutput(answer, s.buf)
			s.kill()
			<-wrote
			return s.finish(r), nil
		}

		if err := ctx.Err(); err != nil {
			s.kill()
			<-wrote
			s.finish(r)
			return Reply{}, err
		}
		now := time.Now()
		if !now.Before(nextCPU) {
			nextCPU = now.Add(tick)
			r.CPU = s.cpuUsed(cpu0)
			if now.Sub(start) >= s.limit {
				// From the time limit on, what it waits on too, for
				// the wall clock to judge (see pastWall).
				over.look(waitOf(s.Pid(), s.cg, s.pipes), r.CPU, len(wrote) == 0, now)
			}
		}
		if r.CPU > r.Limit {
			r.Answer, r.Size = cutOutput(answer, s.buf)
			s.kill()
			<-wrote
			return s.finish(r), nil
		}
		if closedAt.IsZero() && !last && !now.Before(nextLook) {
			nextLook = now.Add(lookEvery)
			if !s.waitsForInput(wrote) {
				quietSince = time.Time{}
			} else if quietSince.IsZero() {
				quietSince = now
			} else if now.Sub(quietSince) >= quietWait {
				if len(bytes.TrimSpace(answer)) > 0 || len(bytes.TrimSpace(s.buf)) > 0 {
					r.Stalled = true
					r.Answer, r.Size = cutOutput(answer, s.buf)
					r.CPU = s.cpuUsed(cpu0)
					s.kill()
					<-wrote
					return s.finish(r), nil
				}
				// Does it answer once its input ends? Then it reads
				// to the end of its input.
				closedAt, r.InputClosed = now, true
				wall = later(wall, now.Add(closeGrace))
				s.in.Close()
			}
		}
		if !now.Before(wall) {
			// Past the wall-clock limit, or the grace of a closed
			// input, a program that computes goes on: its CPU time
			// decides, not the machine's load, up to the ceiling.
			r.CPU = s.cpuUsed(cpu0)
			over.look(waitOf(s.Pid(), s.cg, s.pipes), r.CPU, len(wrote) == 0, now)
			if r.CPU <= r.Limit && over.goesOn(now) && now.Sub(start) < Ceiling(s.limit) {
				overtime = true
				wall = now.Add(tick)
			} else {
				if r.CPU <= r.Limit {
					r.WallKilled, r.Wall = true, wall.Sub(start)
					r.AtCeiling = now.Sub(start) >= Ceiling(s.limit)
					if overtime {
						r.Wall = now.Sub(start).Round(10 * time.Millisecond)
					}
				}
				r.Answer, r.Size = cutOutput(answer, s.buf)
				s.kill()
				<-wrote
				return s.finish(r), nil
			}
		}
		wait := tick
		if ctx.Done() != nil {
			wait = min(wait, 50*time.Millisecond)
		}
		deadline := now.Add(wait)
		if wall.Before(deadline) {
			deadline = wall
		}
		if closedAt.IsZero() && !last && nextLook.Before(deadline) {
			deadline = nextLook
		}
		n, err := readSome(s.out, chunk, deadline)
		s.buf = append(s.buf, chunk[:n]...)
		switch {
		case err == nil, errors.Is(err, os.ErrDeadlineExceeded) && !s.hasExited():
		default:
			// The output is closed or the program has ended: whatever
			// it wrote is read by now, or held open by what it left.
			s.readRest()
			if s.takeLines(&answer, done) {
				continue
			}
			r.Answer, r.Size = cutOutput(answer, s.buf)
			r.CPU = s.cpuUsed(cpu0)
			// The output is closed, yet the program may be on its way
			// out, ended before it is waited for: the kill below, ours,
			// must not be taken for its end, nor its end for a closed
			// output. A kill does not change how a process that has
			// ended already ended.
			r.Closed = !s.hasExited() && !exiting(s.stat)
			if r.Closed {
				select {
				case <-s.exited:
					r.Closed = false
				case <-time.After(pipeGrace):
					r.Closed = !s.hasExited() && !exiting(s.stat)
				}
			}
			s.kill()
			<-wrote
			r.Ended = !r.Closed
			if st := s.state; st != nil && r.Ended {
				r.Exited, r.ExitCode, r.State = st.Exited(), st.ExitCode(), st.String()
			}
			return s.finish(r), nil
		}
	}
}

// cpuTime is the CPU time the program has used, with everything it
// started: its cgroup's, or, where it has none, its own (see cpuTime)
// and that of its live descendants, read from /proc.
func (s *Session) cpuTime() time.Duration {
	if cpu, ok := s.cg.cpu(s.statBuf); ok {
		return cpu
	}
	cpu := readCPU(s.stat, s.statBuf)
	return cpu + kidsCPU(s.Pid(), s.statBuf, s.kids, &s.kbuf)
}

// cpuUsed is the CPU time used since the reading cpu0.
func (s *Session) cpuUsed(cpu0 time.Duration) time.Duration {
	return max(s.cpuTime()-cpu0, 0)
}

// write writes input to the program, closing its input then when last
// is set, and returns the channel that reports the end of the writing,
// with its error. What the pipe takes at once is written here; the rest,
// when the program has yet to read enough of it, by a goroutine, so that
// Ask reads the answer meanwhile. Each Ask takes the report from the
// channel before it returns, so one channel serves every input.
func (s *Session) write(input []byte, last bool) chan error {
	var n int
	var err error
	if s.writeNow {
		n, err = writeNow(s.in, input)
	}
	if n == len(input) || err != nil {
		if last {
			s.in.Close()
		}
		s.wrote <- err
		return s.wrote
	}
	go func() {
		_, err := s.in.Write(input[n:])
		if last {
			s.in.Close()
		}
		s.wrote <- err
	}()
	return s.wrote
}

// waitsForInput reports whether the program has read the whole of the
// input being written, which reports on wrote when it is written, and
// waits, blocked, on a read for more, nothing of it runnable.
func (s *Session) waitsForInput(wrote chan error) bool {
	if len(wrote) == 0 || unread(s.in) != 0 {
		return false
	}
	w := waitOf(s.Pid(), s.cg, s.pipes)
	return (w.input || w.pipeRead) && !w.runnable && !w.disk && !w.vfork && !w.stopped && !w.writing
}

// later is the later of two times.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// written reports whether the writing of an input, which reports on
// wrote, ends by the deadline; the report is put back for the caller.
func (s *Session) written(wrote chan error, deadline time.Time) bool {
	select {
	case err := <-wrote:
		wrote <- err
		return true
	default:
	}
	t := time.NewTimer(time.Until(deadline))
	defer t.Stop()
	select {
	case err := <-wrote:
		wrote <- err
		return true
	case <-t.C:
		return false
	}
}

// takeLines reports whether s.buf holds a whole line that done takes
// for the last of an answer (without taking it: Ask's loop does).
func (s *Session) takeLines(answer *[]byte, done func([]byte) bool) bool {
	if len(s.buf) > 0 && s.buf[len(s.buf)-1] != '\n' {
		// A last line without its line end, at the end of output.
		s.buf = append(s.buf, '\n')
	}
	for rest := s.buf; ; {
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			return false
		}
		if done(bytes.TrimSuffix(rest[:nl], []byte("\r"))) {
			return true
		}
		rest = rest[nl+1:]
	}
}

// hasExited reports whether the program has been waited for.
func (s *Session) hasExited() bool {
	select {
	case <-s.exited:
		return true
	default:
		return false
	}
}

// drain reads what the program has written and not been read, without
// waiting, whatever read deadline has passed.
func (s *Session) drain() {
	var chunk [4 << 10]byte
	for len(s.buf) <= StdoutLimit {
		n, _ := readNow(s.out, chunk[:])
		if n == 0 {
			return
		}
		s.buf = append(s.buf, chunk[:n]...)
	}
}

// readRest reads what is left of the output once the program has ended:
// all it wrote, and what comes for at most pipeGrace more, since what
// it left behind may hold the pipe open.
func (s *Session) readRest() { s.readUntil(pipeGrace, MaxLine) }

// readUntil reads the output until its end or until more than most
// bytes are held: what the pipe holds, however late the reading comes,
// and what comes for at most wait more.
func (s *Session) readUntil(wait time.Duration, most int) {
	if s.chunk == nil {
		s.chunk = make([]byte, 32<<10)
	}
	deadline := time.Now().Add(wait)
	for len(s.buf) <= most {
		n, err := readSome(s.out, s.chunk, deadline)
		s.buf = append(s.buf, s.chunk[:n]...)
		if err != nil {
			return
		}
	}
}

// cutOutput is what a Reply keeps of an answer that did not come back
// whole: its first StdoutLimit bytes, and the size read.
func cutOutput(answer, rest []byte) ([]byte, int) {
	all := append(answer, rest...)
	return bytes.Clone(all[:min(len(all), StdoutLimit)]), len(all)
}

// finish fills in what every Reply carries.
func (s *Session) finish(r Reply) Reply {
	r.Stderr = s.err.bytes()
	return r
}

// Close ends the session: it closes the program's input, gives it a
// moment to exit, and kills its process group and what left it. It
// returns the output the program wrote after its last answer, at most
// StdoutLimit bytes, and how it ended (State as Outcome has it, empty
// when it had to be killed). Close may be called more than once.
func (s *Session) Close() (rest []byte, state string) {
	if !s.dead {
		s.in.Close()
		s.readUntil(closeGrace, StdoutLimit)
		select {
		case <-s.exited:
			state = s.state.String()
		case <-time.After(closeGrace):
		}
	}
	s.kill()
	if len(bytes.TrimSpace(s.buf)) > 0 {
		rest = bytes.Clone(s.buf[:min(len(s.buf), StdoutLimit)])
	}
	return rest, state
}

// kill ends the session at once: the process group and what left it.
func (s *Session) kill() {
	s.dead = true
	s.ended.Do(func() {
		pid := s.Pid()
		killGroup(pid)
		s.in.Close()
		<-s.exited
		killGroup(pid)
		end(pid)
		s.cg.remove()
		s.errC.finish(time.Now().Add(pipeGrace))
		// What it wrote before it ended is Close's to report.
		s.drain()
		s.out.Close()
		if s.stat != nil {
			s.stat.Close()
		}
		if s.kids != nil {
			s.kids.Close()
		}
	})
}

// environ is the environment of a run: the caller's, with Env added;
// nil, the caller's as it is, when Env is empty. It is made once.
func (p *Program) environ() []string {
	p.envOnce.Do(func() {
		if len(p.Env) > 0 {
			p.env = append(os.Environ(), p.Env...)
		}
	})
	return p.env
}

// lockedTail is a tailWriter that a session's collector of standard
// error writes to while the session reads it.
type lockedTail struct {
	mu sync.Mutex
	w  tailWriter
}

func (t *lockedTail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.w.Write(p)
}

func (t *lockedTail) bytes() []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return clone(t.w.bytes())
}

var _ io.Writer = (*lockedTail)(nil)

// String says how the session's program is run, for errors.
func (s *Session) String() string { return fmt.Sprintf("session of %v (pid %d)", s.p, s.Pid()) }
