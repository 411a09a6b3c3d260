// Package process runs an external program once on an input and says how
// it ended, so that a program under test can neither hang its caller,
// flood its memory, nor leave processes behind.
//
// # Running a program
//
// A Program is a command (Args, run directly: no shell is involved) with
// a time limit (Timeout, DefaultTimeout when zero). Program.Run writes
// the input to the program's standard input, waits for it and returns an
// Outcome:
//
//	p := &process.Program{Args: []string{"./solve", "samegame"}}
//	o, err := p.Run(ctx, input)
//	switch {
//	case err != nil:       // not found, not started, or ctx ended
//	case o.TimedOut():     // past the CPU-time or the wall-clock limit
//	case !o.Exited || o.ExitCode != 0: // failed; o.String() says how
//	default:               // o.Stdout is what it printed
//	}
//
// # Many inputs, one process
//
// Program.Start starts a Session: one process that answers input after
// input on the same pipes (the stream protocol). Session.Ask writes an
// input and reads the answer line by line until the caller's function
// takes a line for its last; the next input is written only then. The
// limits hold per input, on the CPU time the process used since its
// last answer (read from /proc/PID/stat on Linux) and on the wall-clock
// time since the input was written. A program seen in /proc to have
// read the whole input and to wait on it for more, blocked in a read or
// in epoll_wait, poll or select on it, has its input closed, to tell a
// program that reads to the end of its input from one that hangs. An
// answer that does not come back whole, in time and alone (output
// after it, before the next input, is a second answer) ends the
// session, its process group killed as a run's is. Session.Close closes
// the input, reads what the program still writes and ends it.
//
// SplitWords turns a command line into Args the way a POSIX shell splits
// a simple command, without running a shell.
//
// # Limits
//
// The time limit is on CPU time (user and system, of the program and of
// everything it started), so that a loaded machine does not make a
// correct program fail: a program that waits for the processor uses
// none. On Linux each run and session is put, as it starts, in a cgroup
// (v2) of its own where the caller may make one: whatever the program
// starts, by a double fork or in a session of its own, is in it, its
// CPU time counted to the microsecond, dead or alive, and killed with
// it. Elsewhere the CPU time is that of the program, of the children it
// waited for and of its live descendants, read from /proc. From the
// time limit on, the CPU time is read, and the program killed as soon
// as it passes the limit; a run that ends sooner reads nothing (a
// session reads it once a case).
//
// The wall clock ends only a program that is not computing, judged over
// time, not from one look (see pastWall): at the wall-clock limit,
// WallLimit(Timeout), a program that was seen runnable, or using CPU
// time, or waiting on the caller (to write its input, to read its
// output) within the last second goes on, its CPU time deciding, up to
// Ceiling(Timeout); one that has shown none of these for a second and
// four looks is killed: asleep, stopped by a signal, waiting on the
// child of its vfork (state D, as the disk's is, which goes on), or
// reading an input it holds open itself. Outcome reports both, and
// TimedOut tells whether either was passed.
//
// Output is kept within bounds whatever the program writes: the first
// StdoutLimit bytes of standard output, with the total size, and the last
// StderrTail bytes of standard error, where a crash message usually is.
// The program is never cut off mid-write: what is over the bound is
// counted and dropped. What it wrote before it ended is never lost,
// however late the caller gets to read it.
//
// # Processes
//
// The program runs in a process group of its own. The whole group is
// killed at the wall-clock limit, when ctx ends, and when the program
// exits, so that nothing it started in the background outlives the run.
// A background process that holds the output pipes open delays the end
// of a run by at most a tenth of a second, the only output waited for.
//
// A process can leave its group (setsid, a daemon's double fork). Once
// Subreap has made the caller a child subreaper (Linux), such a process
// comes back to the caller when its parent ends, and is killed at the
// end of the run, or of the next run to end when several run at once;
// every child that is not a run under way, nor in a run's group, is
// taken for one.
//
// On Linux the program also gets a parent-death signal, SIGKILL: if the
// caller dies, even killed by SIGKILL, the program dies with it. Its own
// children do not inherit the signal, and with the caller gone nothing
// is left to kill them. Programs are started from one thread that lives
// as long as the process, since the signal follows the thread that
// started the program.
//
// The process-group handling makes the package Unix-only.
package process
