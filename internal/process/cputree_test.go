//go:build linux

package process

import (
	"context"
	"testing"
)

// TestRunCountsTheCPUTimeOfADoubleFork has a program leave a child that
// computes for ever behind a double fork, out of its tree, and sleep:
// the child's CPU time is the run's all the same, which ends at the
// CPU limit, not at the wall-clock limit with the sleeper's CPU time.
func TestRunCountsTheCPUTimeOfADoubleFork(t *testing.T) {
	t.Parallel() // computes past the time limit
	if err := Subreap(); err != nil {
		t.Skip(err)
	}
	p := sh(t, `(sh -c 'while :; do :; done' &); sleep 1000`)
	p.Timeout = burnTimeout
	o := mustRun(t, p, "")
	if !o.TimedOut() || o.CPU <= o.Limit || o.WallKilled {
		t.Errorf("%v: want more CPU time than %v, not killed by the wall clock", o, o.Limit)
	}
}

// TestSessionCountsAWorkersCPUTimeFromTheFirstByte has a stream program
// hand each case to a worker it started, which computes some 50 to 150 ms of
// CPU time on it, under a limit of 20 ms: the worker's CPU time counts
// from the first byte of the case, so the answer, in time by the wall
// clock, is past the limit.
func TestSessionCountsAWorkersCPUTimeFromTheFirstByte(t *testing.T) {
	dir := t.TempDir()
	s := session(t, `mkfifo "$0/a" "$0/b"
sh -c 'while read x < "$0/a"; do `+starvedWork+`echo done > "$0/b"; done' "$0" &
while read line; do echo go > "$0/a"; read r < "$0/b"; echo 7; done`, burnTimeout, dir)
	r, err := s.Ask(context.Background(), []byte("1\n"), 0, false, anyLine)
	if err != nil {
		t.Fatal(err)
	}
	if !r.TimedOut() || r.CPU <= r.Limit {
		t.Errorf("Ask = %+v; want more CPU time than %v, the worker's counted", r, r.Limit)
	}
}
