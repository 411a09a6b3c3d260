package conformance_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
)

// TestShrinkTimeBoundsShrinkingAndLocalising has an engine that hangs
// on every case holding a 2, each check of it ending only at its limit
// (3s): shrinking, the checks of the shrunk case and the search for the
// first diverging step all end within ShrinkTime (1s), not one limit
// per check after it, and the search says it was cut short.
func TestShrinkTimeBoundsShrinkingAndLocalising(t *testing.T) {
	t.Parallel() // waits for the engine's limit
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	impl := hangingEngines(ctx, t)[0]
	impl.Limit = 3 * time.Second
	const shrinkTime = time.Second
	// The statement's example, which holds a 2.
	example := cubes.Game.Builtin()[:1]
	rep, err := cubes.Game.Run(t.Context(), impl, conformance.RunOptions{NoBuiltin: true, Cases: example, Count: -1, Jobs: 1, ShrinkTime: shrinkTime})
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil {
		t.Fatal("no divergence")
	}
	// Before, the checks after shrinking took a limit each: at least
	// 1s + 3s + 3s.
	if d.Elapsed >= shrinkTime+impl.Limit {
		t.Errorf("the divergence took %v, want less than --shrink-time %v and one limit %v", d.Elapsed, shrinkTime, impl.Limit)
	}
	if d.Op >= 0 && !errors.Is(d.OpErr, conformance.ErrShrinkTime) {
		t.Errorf("Op %d, OpErr %v: want the search cut short by the time", d.Op, d.OpErr)
	}
}
