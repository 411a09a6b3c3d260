package conformance

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/samegame"
)

// hangsOn is a SameGame engine that answers the reference's total at
// once, but never answers a case whose box holds a cube of colour 2: it
// blocks until ctx ends.
func hangsOn(ctx context.Context, t *testing.T) Impl[*samegame.Case, samegame.Trace] {
	ref := player(t, SameGame, ReferenceName)
	return SameGame.TotalFunc("hangs-on-2", func(c *samegame.Case) (int64, error) {
		if holdsTwo(c) {
			<-ctx.Done()
		}
		tr, err := ref.Play(c)
		return tr.Total, err
	})
}

func holdsTwo(c *samegame.Case) bool { return bytes.IndexByte(c.Board, 2) >= 0 }

// TestSuiteNamesTheCaseAnEngineHangsOn checks that Test reports a case
// an in-process engine never answers, as a time limit exceeded naming
// the case, and stops there. The engine never returns on such a case,
// so the short limit decides nothing a slow machine could change.
func TestSuiteNamesTheCaseAnEngineHangsOn(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	impl := hangsOn(ctx, t)
	impl.Limit = 200 * time.Millisecond
	r := &recorder{ctx: t.Context()}
	SameGame.Test(r, impl)
	if len(r.fatals) > 0 || len(r.errors) != 1 {
		t.Fatalf("Test reported %q and fatally %q, want one error", r.errors, r.fatals)
	}
	// The first built-in case whose box holds a 2 is the statement's
	// example.
	e := r.errors[0]
	if !strings.HasPrefix(e, "built-in case samegame-example") {
		t.Errorf("the report does not name built-in case samegame-example:\n%s", e)
	}
	for _, want := range []string{"time limit exceeded: no answer within 200ms", "the cases after it were not checked"} {
		if !strings.Contains(e, want) {
			t.Errorf("the report lacks %q:\n%s", want, e)
		}
	}
	// The case reported, shrunk or not, is one the engine hangs on.
	_, block, _ := strings.Cut(e, "Input:\n")
	block, _, _ = strings.Cut(block, "Output:")
	c, err := samegame.Parse(strings.NewReader(strings.ReplaceAll(block, "  ", "")))
	if err != nil {
		t.Fatalf("the report's Input does not parse: %v\n%s", err, e)
	}
	if !holdsTwo(c) {
		t.Errorf("the case reported holds no 2, which the engine answers:\n%s", e)
	}
}
