package conformance

import (
	"context"
	"fmt"
	"strings"
)

// An Oracle is what gives the expected answers of a run's generated
// cases (RunOptions.Oracle). The built-in and named cases are always
// played by the reference.
type Oracle int

const (
	// OracleReference has the reference play every case: the
	// literal reading of the rules gives every expected answer.
	OracleReference Oracle = iota
	// OracleSampled has the engine give the expected answer of each
	// generated case, from the play that generated it where the game
	// has one (Game.GeneratePlayed), and the reference play the cases
	// that matter: a case the implementation did not get accepted,
	// before it counts as such, so that no divergence is reported
	// without the reference's answer; and one in SampleOneIn of the
	// others, chosen by the case's seed (Seed + i) alone. Where the run
	// reads coverage and the engine's trace lacks the Detail it reads
	// (no Game.PlayedDetail), the reference plays every case whose input
	// is at most SampleSize bytes too, as the coverage of the cases it
	// plays is read from its trace. On the cases it plays the
	// reference's answer is the expected one, and one that is not the
	// engine's is noted (Report.EngineDisagreed).
	//
	// The reference takes up to 50 ms on a match-3 case at the
	// statement's limits, the engine well under one: a program under
	// test runs at nearly its own rate. The engine is checked against
	// the reference by cascade's own tests and fuzzing, and by every
	// check on the cases the reference plays; a program that shares a
	// bug of the engine's would be caught only on those.
	//
	// It applies when every implementation of the run gives only a
	// score (a program, Impl.Score) and the game has an engine; an
	// implementation that gives a trace, the engine among them, is
	// checked against the reference on every case.
	OracleSampled
)

// What OracleSampled has the reference play besides the cases not
// accepted: one in SampleOneIn of the cases, and, for a run's coverage
// the engine's trace does not give, every case of at most SampleSize
// bytes of input.
const (
	SampleSize  = 4 << 10
	SampleOneIn = 16
)

var oracleNames = [...]string{OracleReference: "reference", OracleSampled: "sampled"}

// String names the oracle: "reference", "sampled".
func (o Oracle) String() string {
	if o >= 0 && int(o) < len(oracleNames) {
		return oracleNames[o]
	}
	return fmt.Sprintf("Oracle(%d)", int(o))
}

// ParseOracle returns the oracle String names.
func ParseOracle(name string) (Oracle, error) {
	for o, n := range oracleNames {
		if n == name {
			return Oracle(o), nil
		}
	}
	return 0, fmt.Errorf("unknown oracle %q; oracles: %s", name, strings.Join(oracleNames[:], ", "))
}

// sampledCase reports whether OracleSampled has the reference play
// generated case i of seed, ref, whatever the implementations answer:
// one in SampleOneIn of the cases (oneIn) when the reference's play
// would add nothing to the run's coverage (it reads none, or the
// engine's trace holds the Detail it reads), else as sampled says.
func (r *gameRun[C, T]) sampledCase(seed uint64, i int, ref *refereed[C, T]) bool {
	if !r.covering() || ref.detailed {
		return oneIn(seed, i)
	}
	return sampled(seed, i, ref.in)
}

// sampled reports whether OracleSampled has the reference play
// generated case i of seed, whose input is in, for the coverage of a run
// the engine's trace does not give it: a small case, or one in
// SampleOneIn of the others (oneIn).
func sampled(seed uint64, i int, in []byte) bool {
	return len(in) <= SampleSize || oneIn(seed, i)
}

// oneIn reports whether generated case i of seed is one of the one in
// SampleOneIn cases the reference plays, by a hash of seed+i, the seed
// the case comes from, so that the case replayed alone is sampled alike
// and shards share the sample evenly.
func oneIn(seed uint64, i int) bool {
	// The finaliser of SplitMix64.
	z := seed + uint64(i)
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	z ^= z >> 31
	return z%SampleOneIn == 0
}

// refereeGenerated has generated case i, c, played by the run's oracle:
// the reference (as referee does), or with OracleSampled the engine,
// and the reference too when the case is sampled.
func (r *gameRun[C, T]) refereeGenerated(ctx context.Context, seed uint64, i int, p generatedPlay[C, T]) (refereed[C, T], error) {
	g, c := r.g, p.c
	if !r.sampled {
		ref, err := g.refereeWith(ctx, c, r.reference())
		if ref.played = err == nil; ref.played {
			r.cover(&ref)
		}
		ref.engine, ref.aimed = p.t, p.ok
		return ref, err
	}
	if err := g.Validate(c); err != nil {
		return refereed[C, T]{}, fmt.Errorf("invalid %s case: %w", g.Name, err)
	}
	ref := refereed[C, T]{c: c, in: g.format(c), byEngine: true}
	var err error
	if p.ok {
		ref.want, ref.detailed = p.t, g.PlayedDetail
	} else {
		ref.want, err = await(ctx, func() T { return g.Engine(c) })
	}
	if err == nil && r.sampledCase(seed, i, &ref) {
		err = g.confirmWith(ctx, &ref, r.reference())
	}
	if err == nil {
		r.cover(&ref)
	}
	return ref, err
}

// generatedPlay is a generated case, c, and the engine's trace of it,
// t, when ok (Game.GeneratePlayed).
type generatedPlay[C, T any] struct {
	c  C
	t  T
	ok bool
}

// confirm has the reference play the case of ref when only the engine
// has, and makes the reference's play the expected one, noting whether
// the engine's total was another.
func (g *Game[C, T]) confirm(ctx context.Context, ref *refereed[C, T]) error {
	return g.confirmWith(ctx, ref, g.briefReference)
}

// confirmWith is confirm with the reference played as play.
func (g *Game[C, T]) confirmWith(ctx context.Context, ref *refereed[C, T], play func(C) T) error {
	if !ref.byEngine {
		return nil
	}
	want, err := await(ctx, func() T { return play(ref.c) })
	if err != nil {
		return err
	}
	ref.disagreed = g.Total(want) != g.Total(ref.want)
	ref.want, ref.byEngine, ref.played = want, false, true
	return nil
}

// rejudge judges res, a score-level check against the engine's answer,
// again against the reference's, which ref now holds (confirm).
func (g *Game[C, T]) rejudge(res Result, ref *refereed[C, T]) Result {
	res.Want = g.Total(ref.want)
	if res.Verdict == Accepted || res.Verdict == WrongAnswer {
		res.Verdict, res.Diff = judgeTotal(res.Got, res.Want)
	}
	return res
}

// judgeTotal is the verdict of a score-level answer got, the expected
// one being want, with the difference described.
func judgeTotal(got, want int64) (Verdict, string) {
	if got == want {
		return Accepted, ""
	}
	return WrongAnswer, fmt.Sprintf("total: got %d, want %d", got, want)
}
