package conformance_test

import (
	"bytes"
	"context"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// scorer is play at the score level, as a program is checked: it reads
// the input and gives the total alone.
func scorer[C, T any](g *conformance.Game[C, T], name string, play func(C) T) conformance.Impl[C, T] {
	return conformance.Impl[C, T]{Name: name, Score: func(_ context.Context, in []byte) (int64, error) {
		c, err := g.ParseInput(in)
		if err != nil {
			return 0, err
		}
		return g.Total(play(c)), nil
	}}
}

func TestOracleSampledHasTheReferencePlayTheSample(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	// A game whose engine's answers come without the play that
	// generated them, whose coverage needs the reference's play.
	g := *gems.Game
	g.GeneratePlayed = nil
	o := conformance.RunOptions{Seed: 5, Count: 400, NoBuiltin: true, Oracle: conformance.OracleSampled}
	rep, err := g.Run(context.Background(), scorer(&g, "engine", g.Engine), o)
	if err != nil || !rep.Ok() {
		t.Fatalf("ok %v, %v", rep.Ok(), err)
	}
	want, big := 0, 0
	for i := range o.Count {
		in := gems.Game.FormatInput(gems.Game.Generate(o.Seed, i, 0))
		if conformance.Sampled(o.Seed, i, in) {
			want++
		}
		if len(in) > conformance.SampleSize {
			big++
		}
	}
	if rep.Refereed != want {
		t.Errorf("the reference played %d cases, want the %d sampled", rep.Refereed, want)
	}
	if big == 0 || want == o.Count {
		t.Errorf("%d cases over %d bytes, %d of %d sampled: the run shows nothing", big, conformance.SampleSize, want, o.Count)
	}
}

// TestOracleSampledCoversFromTheEnginesPlay checks runs whose engine's
// answers come from the play that generated the case, with their Detail
// (PlayedDetail): the reference plays one case in SampleOneIn, by seed,
// or more where a case was generated without a play (a match-3 case
// that clears its board), and the run's coverage is the one the
// reference's play of every case gives.
func TestOracleSampledCoversFromTheEnginesPlay(t *testing.T) {
	t.Run("samegame", func(t *testing.T) { coversFromPlay(t, cubes.Game, 300) })
	t.Run("match3", func(t *testing.T) { coversFromPlay(t, gems.Game, 300) })
}

func coversFromPlay[C, T any](t *testing.T, g *conformance.Game[C, T], n int) {
	o := conformance.RunOptions{Seed: 3, Count: n, NoBuiltin: true, Oracle: conformance.OracleSampled}
	impl := scorer(g, "engine", g.Engine)
	rep, err := g.Run(context.Background(), impl, o)
	if err != nil || !rep.Ok() {
		t.Fatalf("ok %v, %v", rep.Ok(), err)
	}
	want := 0
	for i := range o.Count {
		_, _, played := g.GeneratePlayed(o.Seed, i, 0)
		if conformance.OneIn(o.Seed, i) || !played && conformance.Sampled(o.Seed, i, g.FormatInput(g.Generate(o.Seed, i, 0))) {
			want++
		}
	}
	if rep.Refereed != want || want == 0 || want > o.Count/4 {
		t.Errorf("the reference played %d cases of %d, want the %d of the sample", rep.Refereed, o.Count, want)
	}
	o.Oracle = conformance.OracleReference
	full, err := g.Run(context.Background(), impl, o)
	if err != nil || !full.Ok() {
		t.Fatalf("ok %v, %v", full.Ok(), err)
	}
	if rep.CoverageBrief != full.CoverageBrief || !reflect.DeepEqual(rep.Coverage, full.Coverage) {
		t.Errorf("coverage, %d cases from the engine's trace alone:\n%v\nthe reference's play of every case:\n%v", rep.CoverageBrief, rep.Coverage, full.Coverage)
	}
}

func TestOracleSampledConfirmsADivergenceWithTheReference(t *testing.T) {
	noCloseScore := scorer(cubes.Game, "no-close", reference.SameGameRules{Close: func(reference.Box) {}}.Play)
	o := conformance.RunOptions{Seed: 2, Count: 100, NoBuiltin: true, Oracle: conformance.OracleSampled}
	rep, err := cubes.Game.Run(context.Background(), noCloseScore, o)
	if err != nil {
		t.Fatal(err)
	}
	d := rep.Divergence
	if d == nil {
		t.Fatal("no divergence")
	}
	c, err := cubes.Game.ParseInput(d.Found.Input)
	if err != nil {
		t.Fatal(err)
	}
	if want := reference.PlaySameGame(c).Total; d.Found.Want != want || !strings.Contains(d.Found.Diff, "want "+strconv.FormatInt(want, 10)) {
		t.Errorf("divergence judged against %d (%q), want the reference's %d", d.Found.Want, d.Found.Diff, want)
	}
}

func TestOracleSampledOverrulesAWrongEngine(t *testing.T) {
	// An engine one point off on every case: the program, which agrees
	// with the reference, is accepted on every case all the same, and
	// every case shows the engine's disagreement.
	off := *cubes.Game
	off.GeneratePlayed = nil
	off.Engine = func(c *samegame.Case) samegame.Trace {
		t := cubes.Game.Engine(c)
		t.Total++
		return t
	}
	o := conformance.RunOptions{Seed: 4, Count: 50, NoBuiltin: true, Oracle: conformance.OracleSampled}
	rep, err := off.Run(context.Background(), scorer(&off, "reference", reference.PlaySameGame), o)
	if err != nil || !rep.Ok() {
		t.Fatalf("ok %v, %v, failed %v", rep.Ok(), err, rep.Divergence)
	}
	if len(rep.EngineDisagreed) != o.Count || rep.Refereed != o.Count {
		t.Errorf("engine disagreed on %d cases, the reference played %d; want %d each", len(rep.EngineDisagreed), rep.Refereed, o.Count)
	}
}

func TestOracleSampledCatchesAnEngineBugTheProgramSharesOnTheSample(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	// An engine wrong on the big cases, and a program with the same bug:
	// the cases off the sample pass, the first sampled one does not.
	wrongBig := func(c *match3.Case) match3.Trace {
		t := gems.Game.Engine(c)
		if len(gems.Game.FormatInput(c)) > conformance.SampleSize {
			t.Total++
		}
		return t
	}
	off := *gems.Game
	off.GeneratePlayed = nil
	off.Engine = wrongBig
	o := conformance.RunOptions{Seed: 1, Count: 2000, NoBuiltin: true, Oracle: conformance.OracleSampled, Jobs: 1, ShrinkTime: 1}
	rep, err := off.Run(context.Background(), scorer(&off, "shares-the-bug", wrongBig), o)
	if err != nil {
		t.Fatal(err)
	}
	first := -1
	for i := range o.Count {
		if in := gems.Game.FormatInput(gems.Game.Generate(o.Seed, i, 0)); len(in) > conformance.SampleSize && conformance.Sampled(o.Seed, i, in) {
			first = i
			break
		}
	}
	if first < 0 {
		t.Fatalf("no big case sampled among %d", o.Count)
	}
	if d := rep.Divergence; d == nil || d.Index != first {
		t.Fatalf("divergence %+v, want one at generated case %d, the first big one sampled", d, first)
	}
	if !bytes.Contains([]byte(rep.Divergence.Found.Diff), []byte("total: got")) {
		t.Errorf("found: %v", &rep.Divergence.Found)
	}
}

func TestOracleSampledLeavesATraceToTheReference(t *testing.T) {
	o := conformance.RunOptions{Seed: 6, Count: 100, NoBuiltin: true, Oracle: conformance.OracleSampled}
	rep, err := gems.Game.Run(context.Background(), player(t, gems.Game, conformance.EngineName), o)
	if err != nil || !rep.Ok() {
		t.Fatalf("ok %v, %v", rep.Ok(), err)
	}
	if rep.Refereed != rep.Generated {
		t.Errorf("the reference played %d of %d cases checked on the engine's trace", rep.Refereed, rep.Generated)
	}
}

func TestSampledTakesOneInSixteenOfTheBigCases(t *testing.T) {
	big := bytes.Repeat([]byte{'1'}, conformance.SampleSize+1)
	n := 0
	const cases = 16000
	for i := range cases {
		if conformance.Sampled(99, i, big) {
			n++
		}
	}
	if want := cases / conformance.SampleOneIn; n < want*9/10 || n > want*11/10 {
		t.Errorf("%d of %d big cases sampled, want about %d", n, cases, want)
	}
	if !conformance.Sampled(99, 1, big[:conformance.SampleSize]) {
		t.Errorf("a case of %d bytes is not sampled", conformance.SampleSize)
	}
}

func TestParseOracle(t *testing.T) {
	for _, o := range []conformance.Oracle{conformance.OracleReference, conformance.OracleSampled} {
		if got, err := conformance.ParseOracle(o.String()); got != o || err != nil {
			t.Errorf("ParseOracle(%q) = %v, %v", o.String(), got, err)
		}
	}
	if _, err := conformance.ParseOracle("engine"); err == nil {
		t.Error(`ParseOracle("engine"): no error`)
	}
}
