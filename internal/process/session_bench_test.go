package process

import (
	"context"
	"fmt"
	"os/exec"
	"testing"

	"github.com/cascade-harness/cascade/internal/testenv"
)

// BenchmarkSessionAsk is one input and its answer through a session of
// cat, which answers a line as soon as it has read it: the session's own
// cost per input, the program's next to nothing. cpu-µs/op is the CPU
// time the session's side takes per input (the benchmark's process,
// cat apart), where the operating system reports it: the least a check
// of a stream program spends on a case besides generating and judging
// it, whatever the program.
//
//	go test -run '^$' -bench SessionAsk -benchmem ./internal/process/
func BenchmarkSessionAsk(b *testing.B) {
	if _, err := exec.LookPath("cat"); err != nil {
		b.Skip("no cat")
	}
	s, err := (&Program{Args: []string{"cat"}}).Start()
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	in := []byte("12345\n")
	ctx := context.Background()
	b.ReportAllocs()
	cpu0, measured := testenv.OwnCPU()
	for b.Loop() {
		if r, err := s.Ask(ctx, in, 0, false, anyLine); err != nil || !r.Ok() {
			b.Fatalf("%+v, %v", r, err)
		}
	}
	if cpu, ok := testenv.OwnCPU(); measured && ok {
		b.ReportMetric(float64((cpu-cpu0).Nanoseconds())/1e3/float64(b.N), "cpu-µs/op")
	}
}

func TestSessionAskAllocatesOnlyTheAnswer(t *testing.T) {
	if _, err := exec.LookPath("cat"); err != nil {
		t.Skip("no cat")
	}
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	s, err := (&Program{Args: []string{"cat"}}).Start()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	in := []byte("12345\n")
	ctx := context.Background()
	var failed error
	allocs := testing.AllocsPerRun(200, func() {
		if r, err := s.Ask(ctx, in, 0, false, anyLine); err != nil || !r.Ok() {
			failed = fmt.Errorf("Ask = %+v, %v", r, err)
		}
	})
	if failed != nil {
		t.Fatal(failed)
	}
	// The answer is the caller's to keep; the write, the reading of the
	// CPU time and the look for more output reuse what the session holds.
	if allocs > 2 {
		t.Errorf("Ask of a line through cat: %v allocations, want at most 2 (the answer)", allocs)
	}
}
