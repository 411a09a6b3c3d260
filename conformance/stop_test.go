package conformance_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/samegame"
)

// A shrink cut short by its context says why in cascade's words: out of
// time for a deadline (--shrink-time), interrupted for a cancellation (a
// signal), never Go's context errors.
func TestShrinkStatsSayWhyInCascadesWords(t *testing.T) {
	fails := fixture.SameGameFails(t, fixture.CloseOneColumn)
	c := fixture.FailingSameGame(t, 9, fails)
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"interrupted", canceled, "; stopped: interrupted"},
		{"out of time", expired, "; stopped: out of time"},
	} {
		_, stats := cubes.Game.Shrink(tc.ctx, c, func(d *samegame.Case) bool { return fails(d) }, conformance.ShrinkOptions{})
		if got := stats.String(); !strings.HasSuffix(got, tc.want) || strings.Contains(got, "context") {
			t.Errorf("%s: stats %q, want it to end %q", tc.name, got, tc.want)
		}
	}
}
