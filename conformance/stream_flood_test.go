package conformance_test

import (
	"context"
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
)

// TestStreamFloodsStayInBoundedMemory has stream programs flood every
// output there is, past any bound, and checks that each case ends with
// the verdict of its flood while cascade allocates under 64 MB: every
// byte a program writes counts against a bound, whatever its shape.
// What was allocated bounds the heap's peak from above, as the 200 MB
// line of ReadCases is measured.
func TestStreamFloodsStayInBoundedMemory(t *testing.T) {
	if _, err := exec.LookPath("yes"); err != nil {
		t.Skip("no yes")
	}
	in := []byte("1\n1\n1\n0 0\n") // one move
	for _, tc := range []struct {
		name   string
		args   []string
		steps  bool
		want   conformance.Verdict
		status string
	}{
		{"blank lines", []string{"sh", "-c", `read l; exec yes ""`}, false, conformance.BadOutput, "output longer than"},
		{"blank lines under steps", []string{"sh", "-c", `read l; exec yes ""`}, true, conformance.BadOutput, "output longer than"},
		// It reads a line first, as the others do: yes alone may write
		// before the case is written, another breach, as timing has it.
		{"step lines", []string{"sh", "-c", `read l; exec yes "step 1 1"`}, true, conformance.BadOutput, "output longer than"},
		{"boards", []string{"sh", "-c", `read l; echo step 1 1; exec yes 1`}, true, conformance.BadOutput, "output longer than"},
		// Standard error floods until the CPU limit (or, should the
		// machine starve it, the wall-clock limit) ends it.
		{"stderr", []string{"sh", "-c", `read l; yes >&2`}, false, conformance.TimeLimit, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.want == conformance.TimeLimit && testing.Short() {
				t.Skip("floods until the CPU limit, seconds of it under load")
			}
			cmd := &conformance.Command{Args: tc.args, Stream: true, Steps: tc.steps, Timeout: 300 * time.Millisecond}
			defer cmd.Close()
			limit := 0
			if tc.steps {
				limit = conformance.StepLimit(1, in)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, err := cmd.Answer(context.Background(), in, limit)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%v; %d bytes allocated", err, alloc)
			re, ok := errors.AsType[*conformance.RunError](err)
			if !ok || re.Verdict != tc.want || !strings.Contains(re.Status, tc.status) {
				t.Errorf("Answer = %v, want %v: %s...", err, tc.want, tc.status)
			}
			if alloc > 64<<20 {
				t.Errorf("allocated %d bytes, want under 64 MB", alloc)
			}
		})
	}
}
