//go:build linux

package process

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// Programs that wait for ever on what is not the caller: each must be
// judged at its wall-clock limit, never waited for without end, under
// Run and under a session. None can finish, so no load lets one pass.
var noEnd = []struct{ name, script string }{
	// A write end of its own input, held: closing the input gives no
	// end of file, so the read is a wait on itself, not on the caller.
	{"holds its own input", `exec 3>/proc/self/fd/0; cat >/dev/null`},
	// Stopped by a signal, and never let go.
	{"stopped", `kill -STOP $$`},
	// Asleep in a child, waited for.
	{"waits on a sleeping child", `sleep 1000`},
}

// vforkPause builds a program whose vfork child calls pause(): the
// parent waits in state D, not runnable for all that, and never uses
// more CPU time. The test is skipped without a C compiler.
func vforkPause(t *testing.T) string {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "vfork.c")
	const prog = "#include <unistd.h>\nint main(void) { if (vfork() == 0) { pause(); _exit(0); } return 0; }\n"
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "vfork")
	if out, err := exec.Command(cc, "-o", bin, src).CombinedOutput(); err != nil {
		t.Skipf("cc: %v: %s", err, out)
	}
	return bin
}

// noEndBound bounds the wait for a run that must end by the wall clock:
// past the ceiling of a run of the tests' time limit, which ends any
// run however the machine treats it.
var noEndBound = Ceiling(testTimeout) + time.Minute

// TestRunEndsEveryWaitOnItselfAtTheWallClockLimit runs each program of
// noEnd, and one whose vfork child pauses: each is killed by the wall
// clock, which on an idle machine takes a few seconds. The test waits
// up to noEndBound: on a machine so loaded that the judge's own looks
// are late, ending takes longer, and a run that never ends is still
// told from one that ends late.
func TestRunEndsEveryWaitOnItselfAtTheWallClockLimit(t *testing.T) {
	progs := map[string]*Program{}
	for _, tc := range noEnd {
		progs[tc.name] = sh(t, tc.script)
	}
	progs["vfork child paused"] = &Program{Args: []string{vforkPause(t)}, Timeout: testTimeout}
	for name, p := range progs {
		t.Run(name, func(t *testing.T) {
			t.Parallel() // waits for the wall-clock limit
			ctx, cancel := context.WithTimeout(context.Background(), noEndBound)
			defer cancel()
			o, err := p.Run(ctx, []byte("1\n"))
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("still running after %v: the wall clock never ended it", noEndBound)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !o.WallKilled || o.Exited {
				t.Errorf("%v: want killed by the wall clock", o)
			}
		})
	}
}

// TestSessionEndsEveryWaitOnItselfAtTheWallClockLimit is the same for a
// session, each program having read its case.
func TestSessionEndsEveryWaitOnItselfAtTheWallClockLimit(t *testing.T) {
	scripts := map[string]string{}
	for _, tc := range noEnd {
		scripts[tc.name] = "read a; " + tc.script
	}
	scripts["vfork child paused"] = "read a; exec " + vforkPause(t)
	for name, script := range scripts {
		for _, last := range []bool{false, true} {
			t.Run(name, func(t *testing.T) {
				t.Parallel() // waits for the wall-clock limit
				s := session(t, script, testTimeout)
				ctx, cancel := context.WithTimeout(context.Background(), noEndBound)
				defer cancel()
				start := time.Now()
				r, err := s.Ask(ctx, []byte("1\n"), 0, last, anyLine)
				if errors.Is(err, context.DeadlineExceeded) {
					t.Fatalf("still running after %v: the wall clock never ended it", noEndBound)
				}
				if err != nil {
					t.Fatal(err)
				}
				if !r.WallKilled {
					t.Errorf("Ask = %+v after %v; want killed by the wall clock", r, time.Since(start))
				}
			})
		}
	}
}
