package enginetest

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// recorder is a conformance.TB that records what Test reports.
type recorder struct {
	ctx            context.Context
	errors, fatals []string
}

func (r *recorder) Helper()                  {}
func (r *recorder) Context() context.Context { return r.ctx }
func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recorder) Fatalf(format string, args ...any) {
	r.fatals = append(r.fatals, fmt.Sprintf(format, args...))
}

// panicking plays as the engine does, but indexes an empty slice on a
// case of three operations or more.
func panicking(c *match3.Case) (match3.Trace, error) {
	if len(c.Ops) >= 3 {
		var a []int
		_ = a[len(a)-1]
	}
	return engine.PlayMatch3(c), nil
}

// TestAPanickingEngineGetsARuntimeErrorOnItsCase checks an engine that
// panics: Test reports a runtime error with the panic's message on each
// case it panics on, its input among the report, and shrinks the first
// generated one; the test itself goes on.
func TestAPanickingEngineGetsARuntimeErrorOnItsCase(t *testing.T) {
	r := &recorder{ctx: t.Context()}
	gems.Game.Test(r, gems.Game.Func("panics", panicking))
	if len(r.fatals) > 0 {
		t.Fatalf("fatal: %q", r.fatals)
	}
	all := strings.Join(r.errors, "\n")
	for _, want := range []string{
		"built-in case match3-sample-1: runtime error: panic: runtime error: index out of range [-1]\nInput:\n",
		", shrunk: runtime error: panic: runtime error: index out of range [-1]\n",
		"Stderr (tail):\n",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the reports lack %q:\n%.3000s", want, all)
		}
	}
}

// runaway is an engine that allocates without end on a box of three
// columns or more: up to hold bytes, which it keeps, and then it waits
// for stop (so that the test's own memory stays bounded).
type runaway struct {
	hold int
	stop chan struct{}
	done chan struct{}
}

var sink [][]byte

func (e *runaway) play(c *samegame.Case) (samegame.Trace, error) {
	if c.W >= 3 {
		defer close(e.done)
		var held [][]byte
		for n := 0; n < e.hold; n += 1 << 20 {
			held = append(held, make([]byte, 1<<20))
		}
		sink = held
		<-e.stop
		sink = nil
	}
	return engine.PlaySameGame(c), nil
}

// withRunaway lowers conformance.MemoryLimit to 64 MiB, gives f an
// engine that holds 256 MiB on a box of three columns or more and
// waits, and ends that wait, and the lower limit, once f returns.
func withRunaway(t *testing.T, f func(conformance.Impl[*samegame.Case, samegame.Trace])) {
	limit := conformance.MemoryLimit
	conformance.MemoryLimit = 64 << 20
	e := &runaway{hold: 256 << 20, stop: make(chan struct{}), done: make(chan struct{})}
	impl := cubes.Game.Func("runaway", e.play)
	// The memory limit ends it, whatever time a starved machine takes.
	impl.Limit = time.Hour
	defer func() {
		close(e.stop)
		<-e.done
		conformance.MemoryLimit = limit
		runtime.GC()
	}()
	f(impl)
}

// TestARunawayEngineGetsAMemoryVerdictOnItsCase checks an engine that
// allocates without end: Test reports "memory limit exceeded" on the
// first case it does so on, with the case, and stops there.
func TestARunawayEngineGetsAMemoryVerdictOnItsCase(t *testing.T) {
	withRunaway(t, func(impl conformance.Impl[*samegame.Case, samegame.Trace]) {
		r := &recorder{ctx: t.Context()}
		cubes.Game.Test(r, impl)
		if len(r.fatals) > 0 {
			t.Fatalf("fatal: %q", r.fatals)
		}
		if len(r.errors) != 1 {
			t.Fatalf("%d reports, want one:\n%s", len(r.errors), strings.Join(r.errors, "\n"))
		}
		for _, want := range []string{
			"built-in case samegame-example: runtime error: memory limit exceeded: the Go heap passed 64 MiB while it played this case",
			"\nInput:\n  5\n  14111\n",
			"the case was not shrunk, nor the cases after it checked",
		} {
			if !strings.Contains(r.errors[0], want) {
				t.Errorf("the report lacks %q:\n%s", want, r.errors[0])
			}
		}
	})
}
