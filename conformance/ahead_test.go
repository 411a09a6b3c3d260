package conformance_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// probeStream is a right stream program in memory that, before it
// answers generated case k, waits for case k+1 to have been generated:
// a check whose next case is made while the program answers passes it
// at once; one that makes the next case only once the program has
// answered leaves it waiting for good, and late notes that.
type probeStream struct {
	gen   *genLog
	count int // the run's count: the last case has no next

	mu    sync.Mutex
	asked int
	late  []string
}

// genLog records which generated cases have been made.
type genLog struct {
	mu   sync.Mutex
	made map[int]chan struct{}
}

// seen is closed once case i has been generated.
func (l *genLog) seen(i int) chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.made[i] == nil {
		l.made[i] = make(chan struct{})
	}
	return l.made[i]
}

func (l *genLog) note(i int) {
	ch := l.seen(i)
	l.mu.Lock()
	defer l.mu.Unlock()
	select {
	case <-ch:
	default:
		close(ch)
	}
}

func (p *probeStream) String() string                 { return "probe" }
func (p *probeStream) Protocol() conformance.Protocol { return conformance.Protocol{Stream: true} }

func (p *probeStream) Score(ctx context.Context, input []byte) (int64, error) {
	a, err := p.Answer(ctx, input, 0)
	if err != nil {
		return 0, err
	}
	v, _ := conformance.ParseScore(a.Output, false)
	return v, nil
}

func (p *probeStream) Answer(ctx context.Context, input []byte, limit int) (conformance.Answer, error) {
	p.mu.Lock()
	k := p.asked
	p.asked++
	p.mu.Unlock()
	if k+1 < p.count {
		// A minute is no bound on the machine's speed: the next case
		// is being made meanwhile, or never will be.
		select {
		case <-p.gen.seen(k + 1):
		case <-time.After(time.Minute):
			p.mu.Lock()
			p.late = append(p.late, fmt.Sprintf("generated case %d was asked before case %d was generated", k, k+1))
			p.mu.Unlock()
		}
	}
	c, err := samegame.Parse(bytes.NewReader(input))
	if err != nil {
		return conformance.Answer{}, err
	}
	return conformance.Answer{Output: append(conformance.TotalText(cubes.Game.Engine(c).Total), '\n')}, nil
}

func (p *probeStream) Replay(ctx context.Context, inputs [][]byte, limit int) (conformance.Answer, error) {
	return p.Answer(ctx, inputs[len(inputs)-1], limit)
}

func TestStreamNextCaseIsMadeWhileTheProgramAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("waits up to a minute a case on a check that makes cases only between answers")
	}
	g := *cubes.Game
	gen := &genLog{made: make(map[int]chan struct{})}
	g.Generate = func(seed uint64, i, maxSize int) *samegame.Case {
		defer gen.note(i)
		return cubes.Game.Generate(seed, i, maxSize)
	}
	// A case made with its engine's play is made by GeneratePlayed.
	g.GeneratePlayed = func(seed uint64, i, maxSize int) (*samegame.Case, samegame.Trace, bool) {
		defer gen.note(i)
		return cubes.Game.GeneratePlayed(seed, i, maxSize)
	}
	const count = 4
	prog := &probeStream{gen: gen, count: count}
	for _, jobs := range []int{1, 2} {
		prog.asked = 0
		rep, err := g.Run(context.Background(), g.Program(prog), conformance.RunOptions{Seed: 1, Count: count, Jobs: jobs, NoBuiltin: true, Oracle: conformance.OracleSampled})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Ok() || rep.Generated != count {
			t.Errorf("jobs %d: %d generated cases, divergence %+v; want %d accepted", jobs, rep.Generated, rep.Divergence, count)
		}
		if jobs == 1 {
			for _, l := range prog.late {
				t.Errorf("jobs 1: %s", l)
			}
		}
	}
}
