package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
)

// TestReportSaysWhyARunWentPastItsTime checks the line that explains a
// game that ran more than a second past its share of --time: generated
// cases stop at it, so the cause is shrinking, which has a limit of its
// own, or the built-in and named cases, which are all checked.
func TestReportSaysWhyARunWentPastItsTime(t *testing.T) {
	const s = time.Second
	for _, tt := range []struct {
		name                           string
		limit, elapsed, gen, shrinking time.Duration
		interrupted                    bool
		want                           string // "" for no line
	}{
		{name: "within a second of it", limit: 5 * s, elapsed: 5*s + 900*time.Millisecond, gen: 5 * s},
		{name: "no time bound", elapsed: 50 * s, gen: 50 * s},
		{name: "interrupted", limit: 5 * s, elapsed: 9 * s, gen: 9 * s, interrupted: true},
		{name: "shrinking", limit: 5 * s, elapsed: 12 * s, gen: 4 * s, shrinking: 7 * s,
			want: "  past --time (5s for samegame) by 7.0s: shrinking and localising the divergence took 7.0s (shrinking has a limit of its own, --shrink-time)\n"},
		{name: "named cases", limit: 5 * s, elapsed: 8 * s, gen: 0,
			want: "  past --time (5s for samegame) by 3.0s: the built-in cases and those of --cases took 8.0s (the last cut off a quarter of a second past --time)\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rep := &conformance.Report{Game: "samegame", Elapsed: tt.elapsed, GenElapsed: tt.gen}
			if tt.shrinking > 0 {
				rep.Divergence = &conformance.Divergence{Elapsed: tt.shrinking}
			}
			r := &gameReport{Report: rep, game: cubes.Game.Any(), time: tt.limit, interrupted: tt.interrupted}
			var b bytes.Buffer
			printOverrun(&b, r)
			if b.String() != tt.want {
				t.Errorf("printOverrun wrote %q, want %q", b.String(), tt.want)
			}
		})
	}
}
