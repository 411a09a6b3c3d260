package conformance_test

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// TestGeneratePlayedIsGenerateThenEngine checks Game.GeneratePlayed
// against what it stands for, on the games that have it: the case is
// Generate's, and the trace, when there is one, the one Engine gives it,
// with Detail that gives the reference's coverage where the game says so.
// A check of a program takes the engine's answer from it.
func TestGeneratePlayedIsGenerateThenEngine(t *testing.T) {
	member := func(name string, cf conformance.Confine) *conformance.Game[*samegame.Case, samegame.Trace] {
		r, _ := samegame.Lookup(name)
		g, err := cubes.Member(r, cf)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	n := 600
	if testing.Short() {
		n = 200
	}
	t.Run("samegame", func(t *testing.T) { generatePlayed(t, cubes.Game, n, n/2, true) })
	t.Run("samegame-jawbreaker", func(t *testing.T) { generatePlayed(t, member("jawbreaker", conformance.Confine{}), n, n/2, true) })
	t.Run("samegame-jawbreaker-legal", func(t *testing.T) {
		generatePlayed(t, member("jawbreaker", conformance.Confine{Legal: true}), n, n/2, true)
	})
	t.Run("samegame-clickomania", func(t *testing.T) { generatePlayed(t, member("clickomania", conformance.Confine{}), n, n/2, true) })
	// Every match-3 case comes played, those of the ClearBoard search,
	// made on the reference, too: the engine plays them once made.
	t.Run("match3", func(t *testing.T) { generatePlayed(t, gems.Game, n, n, true) })
	thupc, _ := match3.Lookup(match3.ThupcName)
	named, err := gems.Member(thupc, conformance.Confine{})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("match3-thupc", func(t *testing.T) { generatePlayed(t, named, n, n, true) })
	// Under a rule set, confined or not, every case comes played too:
	// refills from queues, a move limit, no swap at all, a board answer.
	for _, m := range []struct {
		rules string
		cf    conformance.Confine
	}{
		{"gymmatch3", conformance.Confine{}},
		{"tilematch", conformance.Confine{Legal: true, UsualBox: true}},
		{"leetcode723", conformance.Confine{}},
		{"bevymatch3", conformance.Confine{}},
		{"rockbox", conformance.Confine{Legal: true}},
	} {
		r, _ := match3.Lookup(m.rules)
		g, err := gems.Member(r, m.cf)
		if err != nil {
			t.Fatal(err)
		}
		t.Run("match3-"+m.rules, func(t *testing.T) { generatePlayed(t, g, n/6, n/6, false) })
	}
}

// generatePlayed checks the first n cases GeneratePlayed makes, of
// which at least least must come with a trace, and with idle set half
// of those with a coverage that tells which variants a case leaves idle
// (a rule set's coverage tells none).
func generatePlayed[C, T any](t *testing.T, g *conformance.Game[C, T], n, least int, idle bool) {
	if g.GeneratePlayed == nil {
		t.Fatal("no GeneratePlayed")
	}
	played, covered := 0, 0
	for i := range n {
		const seed = 11
		c, tr, ok := g.GeneratePlayed(seed, i, 0)
		if want := g.Generate(seed, i, 0); !reflect.DeepEqual(c, want) {
			t.Fatalf("case %d: GeneratePlayed's case is not Generate's", i)
		}
		if !ok {
			continue
		}
		played++
		want := g.Engine(c)
		if g.PlayedDetail {
			// The coverage read from the trace is the one read from the
			// reference's; the rest of it is the engine's.
			got, ref := g.Coverage(c, tr), g.Coverage(c, g.Reference(c))
			if !reflect.DeepEqual(got.Counts, ref.Counts) || (got.Idle == nil) != (ref.Idle == nil) {
				t.Fatalf("case %d: the coverage of GeneratePlayed's trace\n%+v\nis not the reference's\n%+v", i, got, ref)
			}
			if got.Idle != nil {
				covered++
				for _, v := range g.Variants() {
					if got.Idle(v.Name) != ref.Idle(v.Name) {
						t.Fatalf("case %d: variant %q idle %v from GeneratePlayed's trace, %v from the reference's", i, v.Name, got.Idle(v.Name), ref.Idle(v.Name))
					}
				}
			}
			tr = withoutDetail(tr)
		}
		if !reflect.DeepEqual(tr, want) {
			t.Fatalf("case %d: GeneratePlayed's trace\n%+v\nis not Engine's\n%+v", i, tr, want)
		}
	}
	if played < least {
		t.Errorf("a trace with %d cases of %d, want at least %d", played, n, least)
	}
	if idle && g.PlayedDetail && covered < played/2 {
		t.Errorf("%d cases of %d read as detailed", covered, played)
	}
}

// withoutDetail is t with its field Detail zero, and StartRounds where
// it has one (match-3's rounds of the start, which Engine does not keep).
func withoutDetail[T any](t T) T {
	v := reflect.ValueOf(&t).Elem()
	for _, name := range []string{"Detail", "StartRounds"} {
		if f := v.FieldByName(name); f.IsValid() {
			f.Set(reflect.Zero(f.Type()))
		}
	}
	return t
}

// TestTheEngineCheckedPlaysACaseOnce checks the built-in engine in
// process on generated cases whose moves were aimed on it: the engine
// plays only the cases that came without its play (GeneratePlayed's ok
// false), not each case again, and the report is the one of an engine
// that plays every case itself.
func TestTheEngineCheckedPlaysACaseOnce(t *testing.T) {
	const n = 300
	for _, g := range []struct {
		name  string
		check func(t *testing.T)
	}{
		{"samegame", func(t *testing.T) { enginePlaysOnce(t, cubes.Game, n) }},
		{"match3", func(t *testing.T) { enginePlaysOnce(t, gems.Game, n) }},
	} {
		t.Run(g.name, g.check)
	}
}

func enginePlaysOnce[C, T any](t *testing.T, base *conformance.Game[C, T], n int) {
	const seed = 5
	unplayed := 0
	for i := range n {
		if _, _, ok := base.GeneratePlayed(seed, i, 0); !ok {
			unplayed++
		}
	}
	if unplayed == n {
		t.Fatal("no case comes with the engine's play: the test shows nothing")
	}
	var calls atomic.Int64
	g := *base
	g.Engine = func(c C) T {
		calls.Add(1)
		return base.Engine(c)
	}
	engine, _ := g.Player(conformance.EngineName)
	o := conformance.RunOptions{Seed: seed, Count: n, NoBuiltin: true}
	rep, err := g.Run(context.Background(), engine, o)
	if err != nil || !rep.Ok() {
		t.Fatalf("Run: %v, %+v", err, rep)
	}
	if got := calls.Load(); got != int64(unplayed) {
		t.Errorf("the engine played %d of %d cases in the check, want %d: those that came without its play", got, n, unplayed)
	}
	// The same report from an implementation that plays every case.
	plays := g.Func(conformance.EngineName, func(c C) (T, error) { return base.Engine(c), nil })
	want, err := g.Run(context.Background(), plays, o)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Generated != n || rep.Verdicts != want.Verdicts || !reflect.DeepEqual(rep.Coverage, want.Coverage) {
		t.Errorf("report %+v, want %+v", rep, want)
	}
}
