package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// The built-in engine checked by cascade check plays in process: these
// tests put a broken engine in its place (Game.Engine) and run check in
// process, so no other test may run beside them (none is parallel). A
// game whose Engine is replaced drops GeneratePlayed, as it says: its
// trace is taken for Engine's.

// TestCheckReportsAPanickingEngineAsARuntimeError checks an engine that
// panics on a case of three operations or more: check reports a runtime
// error on a case, shrinks it keeping the panic, and prints it, where it
// crashed with no verdict before.
func TestCheckReportsAPanickingEngineAsARuntimeError(t *testing.T) {
	play, played := gems.Game.Engine, gems.Game.GeneratePlayed
	defer func() { gems.Game.Engine, gems.Game.GeneratePlayed = play, played }()
	gems.Game.GeneratePlayed = nil
	gems.Game.Engine = func(c *match3.Case) match3.Trace {
		if len(c.Ops) >= 3 {
			var a []int
			_ = a[len(a)-1]
		}
		return engine.PlayMatch3(c)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--game", "match3", "--engine", "engine", "--builtin=false", "--seed", "1", "--count", "50", "--coverage=false"}, nil, &stdout, &stderr)
	if code != exitRejected {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitRejected, stdout.String(), stderr.String())
	}
	for _, want := range []string{
		"runtime error on generated case ",
		"crash: panic: runtime error: index out of range [-#]",
		"runtime error: panic: runtime error: index out of range [-1]\nInput:\n",
		"Stderr (tail):\n",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
}

// TestCheckReportsARunawayEngineAsOverItsMemory checks an engine that
// allocates without end on a box of three columns or more: check
// reports "memory limit exceeded" on that case, with the case, and
// stops, where it took the machine's memory before.
func TestCheckReportsARunawayEngineAsOverItsMemory(t *testing.T) {
	play, played, limit := cubes.Game.Engine, cubes.Game.GeneratePlayed, conformance.MemoryLimit
	stop, done := make(chan struct{}), make(chan struct{})
	var sink [][]byte
	defer func() {
		close(stop)
		<-done
		sink = nil
		cubes.Game.Engine, cubes.Game.GeneratePlayed, conformance.MemoryLimit = play, played, limit
		runtime.GC()
	}()
	conformance.MemoryLimit = 64 << 20
	cubes.Game.GeneratePlayed = nil
	once := false
	cubes.Game.Engine = func(c *samegame.Case) samegame.Trace {
		if c.W >= 3 && !once {
			// Up to 256 MiB, then it waits for the test to end, so that
			// the test's own memory stays bounded.
			once = true
			defer close(done)
			for n := 0; n < 256<<20; n += 1 << 20 {
				sink = append(sink, make([]byte, 1<<20))
			}
			<-stop
		}
		return engine.PlaySameGame(c)
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--game", "samegame", "--engine", "engine", "--seed", "1", "--count", "50", "--jobs", "1", "--coverage=false"}, nil, &stdout, &stderr)
	if code != exitRejected {
		t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitRejected, stdout.String(), stderr.String())
	}
	for _, want := range []string{
		"runtime error on built-in case samegame-example\n  not shrunk: the call goes on allocating",
		"runtime error: memory limit exceeded: the Go heap passed 64 MiB while it played this case",
		"\nInput:\n  5\n  14111\n",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, stdout.String())
		}
	}
}
