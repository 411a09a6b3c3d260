package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
)

// printLeak says what the replays of a case that fails only after
// earlier cases of its process showed: a state leak, or, when the case
// fails so after other earlier cases in their place too, a dependence
// on the process's history; then how the cases were shrunk.
func printLeak(w io.Writer, r *gameReport, d *conformance.Divergence) {
	keeping := "the leak"
	copies := input.Count(int64(max(len(d.Before), 1)), "copy", "copies")
	switch {
	case d.History:
		keeping = "the failure"
		fmt.Fprintf(w, "  fails only after earlier cases in the same process, whatever they hold: alone, in a fresh process, it is accepted\n")
		fmt.Fprintf(w, "  not state carried from those cases: after %s of itself in their place, and of itself without its %ss, it fails the same way;\n", copies, r.game.Step())
		fmt.Fprintf(w, "  it depends on the process's history (the cases it answered, warm-up, a JIT, its stack or heap)\n")
	default:
		fmt.Fprintf(w, "  fails only after earlier cases in the same process (state carried between cases): alone, in a fresh process, it is accepted\n")
		if d.HistoryTried > 0 {
			fmt.Fprintf(w, "  what they held matters: after %s of itself in their place, or of itself without its %ss, it does not fail so\n", copies, r.game.Step())
		}
	}
	fmt.Fprintf(w, "  the %s before it in its process shrunk to %s (%s tried); played in one fresh process, they make it fail:\n",
		input.Count(int64(d.BeforeFound), "case", "cases"), input.Count(int64(len(d.Before)), "case", "cases"), input.Count(int64(d.LeakTried), "replay", "replays"))
	fmt.Fprintf(w, "  then each case of it shrunk, the failing one from %s to %s, keeping %s (%v)\n\n", size(r.game, d.Found.Input), size(r.game, d.Shrunk.Input), keeping, d.ShrinkStats)
	for i, in := range d.Before {
		if i == earlierShown {
			fmt.Fprintf(w, "... and %d more earlier cases (all of them in --json and the --emit script)\n", len(d.Before)-i)
			break
		}
		fmt.Fprintf(w, "earlier case %d of %d (%s), accepted alone:\n", i+1, len(d.Before), size(r.game, in))
		if len(in) > traceLimit {
			fmt.Fprintf(w, "  (%d bytes: in --json and the --emit script)\n", len(in))
			continue
		}
		for line := range strings.SplitSeq(strings.TrimRight(string(in), "\n"), "\n") {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	fmt.Fprintf(w, "then the failing case:\n")
}

// earlierShown is how many earlier cases of a state leak the report
// shows: a shrink cut short may leave many.
const earlierShown = 5
