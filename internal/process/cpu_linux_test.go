package process

import (
	"testing"
)

func TestStatCPUAddsTheFourTimesAfterTheName(t *testing.T) {
	// pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt
	// majflt cmajflt utime stime cutime cstime priority ...
	line := []byte("4242 (a (b) c) S 1 4242 4242 0 -1 4194560 120 0 0 0 7 3 20 1 20 0 1 0 100 5000 200\n")
	if got, want := statCPU(line), 31*clockTick; got != want {
		t.Errorf("statCPU = %v, want %v", got, want)
	}
	for _, bad := range []string{"4242 (x) S 1 2 3", "no parenthesis", "4242 (x) S 1 4242 4242 0 -1 4194560 120 0 0 0 7 x3 20 1 20\n"} {
		if got := statCPU([]byte(bad)); got != 0 {
			t.Errorf("statCPU(%q) = %v, want 0", bad, got)
		}
	}
	if allocs := testing.AllocsPerRun(100, func() { statCPU(line) }); allocs != 0 && !raceEnabled {
		t.Errorf("statCPU: %v allocations, want none: a session reads it once a case", allocs)
	}
}
