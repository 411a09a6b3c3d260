package conformance_test

import (
	"context"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// coverageOf adds up, independently of Run, the coverage of the first n
// generated cases of seed, as Covers reads each.
func coverageOf[C, T any](g *conformance.Game[C, T], seed uint64, n int) map[string][2]int {
	sum := make(map[string][2]int)
	for i := range n {
		for item, k := range g.Covers(g.Generate(seed, i, 0)) {
			s := sum[item]
			sum[item] = [2]int{s[0] + 1, s[1] + k}
		}
	}
	return sum
}

func TestRunCountsTheCoverageOfEveryCase(t *testing.T) {
	const seed, n = 11, 60
	for _, tc := range []struct {
		name string
		run  func() (*conformance.Report, error)
		want map[string][2]int
	}{
		{"samegame", func() (*conformance.Report, error) {
			impl, _ := cubes.Game.Player(conformance.EngineName)
			return cubes.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: seed, Count: n, NoBuiltin: true})
		}, coverageOf(cubes.Game, seed, n)},
		{"match3", func() (*conformance.Report, error) {
			impl, _ := gems.Game.Player(conformance.EngineName)
			return gems.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: seed, Count: n, NoBuiltin: true, Jobs: 3})
		}, coverageOf(gems.Game, seed, n)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rep, err := tc.run()
			if err != nil {
				t.Fatal(err)
			}
			if rep.Generated != n {
				t.Fatalf("%d generated cases checked, want %d", rep.Generated, n)
			}
			if len(rep.Coverage) == 0 {
				t.Fatal("no coverage read")
			}
			for _, ic := range rep.Coverage {
				if got, want := [2]int{ic.Cases, ic.Count}, tc.want[ic.Name]; got != want {
					t.Errorf("%s: Run counts %d cases, %d in all; the cases one by one %d, %d", ic.Name, got[0], got[1], want[0], want[1])
				}
			}
			if reached, items := rep.Reached(); reached != len(tc.want) || items != len(rep.Coverage) {
				t.Errorf("Reached() = %d, %d; want %d, %d", reached, items, len(tc.want), len(rep.Coverage))
			}
			if rep.CoverageBrief != 0 {
				t.Errorf("CoverageBrief = %d, want 0: the reference played every case", rep.CoverageBrief)
			}
		})
	}
}

func TestRunWithNoCoverageReadsNone(t *testing.T) {
	impl, _ := gems.Game.Player(conformance.EngineName)
	rep, err := gems.Game.Run(context.Background(), impl, conformance.RunOptions{Seed: 1, Count: 10, NoCoverage: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Coverage != nil {
		t.Errorf("Coverage = %v, want nil", rep.Coverage)
	}
}

// engineScorer scores inputs with the engine, as a correct program does.
type engineScorer struct{}

func (engineScorer) Score(ctx context.Context, in []byte) (int64, error) {
	c, err := gems.Game.ParseInput(in)
	if err != nil {
		return 0, err
	}
	return gems.Game.Total(gems.Game.Engine(c)), nil
}

func TestSampledRunReadsTheCasesOnlyTheEngineFromItsTrace(t *testing.T) {
	t.Parallel() // computes for a second or more: beside the tests that wait
	const seed, n = 3, 300
	// A game whose engine's answers come without the play that
	// generated them: its trace holds no Detail.
	g := *gems.Game
	g.GeneratePlayed = nil
	rep, err := g.Run(context.Background(), g.Program(engineScorer{}), conformance.RunOptions{Seed: seed, Count: n, NoBuiltin: true, Oracle: conformance.OracleSampled})
	if err != nil {
		t.Fatal(err)
	}
	brief := 0
	for i := range n {
		if !conformance.Sampled(seed, i, gems.Game.FormatInput(gems.Game.Generate(seed, i, 0))) {
			brief++
		}
	}
	if brief == 0 {
		t.Fatalf("no case of %d left to the engine; the test needs one", n)
	}
	if rep.CoverageBrief != brief || rep.Refereed != n-brief {
		t.Errorf("CoverageBrief = %d, Refereed = %d; want %d and %d", rep.CoverageBrief, rep.Refereed, brief, n-brief)
	}
	// What the results show is counted on every case alike.
	want := coverageOf(gems.Game, seed, n)
	for _, ic := range rep.Coverage {
		if ic.Name == "limit-q1000" || ic.Name == "bonus-all-valid" {
			if got := [2]int{ic.Cases, ic.Count}; got != want[ic.Name] {
				t.Errorf("%s: %v, want %v", ic.Name, got, want[ic.Name])
			}
		}
	}
}
