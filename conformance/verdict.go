package conformance

import (
	"fmt"
	"strings"
)

// Verdict is the outcome of one case, as a judge would name it.
type Verdict uint8

const (
	// Accepted: the score (and, for an implementation that gives a
	// trace, every move) agrees with the reference.
	Accepted Verdict = iota
	// WrongAnswer: a well-formed answer that disagrees with the reference.
	WrongAnswer
	// RuntimeError: the implementation failed: a non-zero exit status, a
	// death by signal, an error returned or a panic.
	RuntimeError
	// TimeLimit: the implementation used more CPU time than the per-case
	// limit, or ran past the wall-clock limit and was killed.
	TimeLimit
	// BadOutput: the implementation exited normally but its standard
	// output was not exactly one integer.
	BadOutput
)

var verdictNames = [...]string{"accepted", "wrong answer", "runtime error", "time limit exceeded", "bad output"}

func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("verdict(%d)", uint8(v))
}

// RunError is the error of an implementation that gave no usable answer:
// its Verdict is RuntimeError, TimeLimit or BadOutput. Command returns
// it; an in-process implementation may return it too, to choose the
// verdict its failure gets (any other error is a RuntimeError).
type RunError struct {
	Verdict Verdict
	// Status says how the run ended: "exit status 3", "signal: killed",
	// "2.1s of CPU time, limit 2s", or why the output is bad.
	Status string
	// Output is what the implementation wrote to standard output,
	// cut at a few kilobytes; OutputSize is how much it wrote.
	Output     []byte
	OutputSize int
	// Stderr is the tail of what it wrote to standard error, at most a
	// few hundred bytes.
	Stderr []byte
	// Breach says the program broke its protocol (SPEC.md): it exited
	// after a case of a stream, answered twice, or answered only at
	// the end of its input. The case is not at fault, so it is neither
	// run again alone nor shrunk.
	Breach bool
	// Memory says an in-process implementation passed MemoryLimit
	// (memory.go); its call goes on allocating, so the case is neither
	// run again nor shrunk.
	Memory bool
	// Earlier says the failure came on an earlier input of a Replay,
	// not on its last.
	Earlier bool
}

func (e *RunError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v: %s", e.Verdict, e.Status)
	if s := strings.TrimSpace(string(e.Stderr)); s != "" {
		fmt.Fprintf(&b, "; stderr: %s", s)
	}
	return b.String()
}
