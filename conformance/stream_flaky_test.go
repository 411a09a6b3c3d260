package conformance_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// hiccupStream is a stream program in memory that answers every case
// right but one: the third case its process is asked, which gets a time
// limit once, as a starved process can. Alone, or after the same earlier
// cases in a fresh process, that case is right.
type hiccupStream struct {
	mu     sync.Mutex
	asked  int
	hiccup bool
}

func (h *hiccupStream) String() string                 { return "hiccup" }
func (h *hiccupStream) Protocol() conformance.Protocol { return conformance.Protocol{Stream: true} }

func (h *hiccupStream) Score(ctx context.Context, input []byte) (int64, error) {
	return scoreOf(ctx, h, input)
}

func (h *hiccupStream) Answer(ctx context.Context, input []byte, limit int) (conformance.Answer, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.asked++
	if h.asked == 3 && !h.hiccup {
		h.hiccup = true
		return conformance.Answer{Before: [][]byte{[]byte("earlier")}}, &conformance.RunError{Verdict: conformance.TimeLimit, Status: "killed after 2s of wall-clock time"}
	}
	return conformance.Answer{Output: hiccupAnswer(input)}, nil
}

func (h *hiccupStream) Replay(ctx context.Context, inputs [][]byte, limit int) (conformance.Answer, error) {
	return conformance.Answer{Output: hiccupAnswer(inputs[len(inputs)-1]), Before: inputs[: len(inputs)-1 : len(inputs)-1]}, nil
}

func hiccupAnswer(input []byte) []byte {
	c, err := samegame.Parse(bytes.NewReader(input))
	if err != nil {
		return []byte("bad\n")
	}
	return append(conformance.TotalText(cubes.Game.Engine(c).Total), '\n')
}

// TestACaseThatFailsOnceInAStreamIsFlaky: a case that fails in a stream
// process after earlier cases, and is accepted alone and after them in
// a fresh process, is accepted, and noted as flaky with its first
// verdict, as a time limit accepted when run again is: not accepted in
// silence.
func TestACaseThatFailsOnceInAStreamIsFlaky(t *testing.T) {
	for _, builtin := range []bool{true, false} {
		prog := &hiccupStream{}
		rep, err := cubes.Game.Run(context.Background(), cubes.Game.Program(prog), conformance.RunOptions{Seed: 1, Count: 10, Jobs: 1, NoBuiltin: !builtin})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Ok() {
			t.Fatalf("builtin %v: not accepted: %+v", builtin, rep.Divergence)
		}
		if len(rep.Flaky) != 1 || rep.Flaky[0].First.Verdict != conformance.TimeLimit || !strings.Contains(rep.Flaky[0].First.Status, "wall-clock") {
			t.Errorf("builtin %v: flaky %+v, want the third case, a time limit at first", builtin, rep.Flaky)
		}
	}
}
