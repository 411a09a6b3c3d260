package enginetest_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/enginetest"
	"github.com/cascade-harness/cascade/samegame"
)

// score stands for an engine of one's own that gives the final total.
func score(c *samegame.Case) (int64, error) { return engine.ScoreSameGame(c), nil }

// A fuzz target of one's engine is one call; plain go test runs its seed
// corpus, go test -fuzz searches.
func ExampleFuzz() {
	fuzzEngine := func(f *testing.F) {
		enginetest.Fuzz(f, cubes.Game, cubes.Game.TotalFunc("mine", score))
	}
	_ = fuzzEngine // func FuzzEngine(f *testing.F) in a _test.go file
}

// The regression scripts of cascade check --emit run against one's
// engine, each a subtest.
func ExampleScripts() {
	testRegressions := func(t *testing.T) {
		enginetest.Scripts(t, cubes.Game, cubes.Game.TotalFunc("mine", score), "testdata/script")
	}
	_ = testRegressions // func TestRegressions(t *testing.T) in a _test.go file
}

// A failing case found by a test of one's own is shrunk and explained as
// Fuzz explains one: here an engine that scores a group of c cubes c*c
// points, not c(c+1)/2.
func ExampleExplain() {
	squares := cubes.Game.TotalFunc("squares", func(c *samegame.Case) (int64, error) {
		var total int64
		for _, m := range engine.PlaySameGame(c).Moves {
			total += int64(m.Removed * m.Removed)
		}
		return total, nil
	})
	fmt.Println(enginetest.Explain(context.Background(), cubes.Game, squares,
		[]byte("3\n112\n132\n332\n3\n2 0, 0 0, 0 0\n")))
	// Output:
	// samegame: squares: wrong answer
	// shrunk from N=3, K=3 to N=2, K=1 in 11 tries
	// first diverging move: 1, (0 0)
	// wrong answer: total: got 16, want 10
	// Input:
	//   2
	//   11
	//   11
	//   1
	//   0 0
	// Output:
	//   16
	// Want:
	//   10
	//
	// The shrunk case, in the input format (save it as case.in):
	// 2
	// 11
	// 11
	// 1
	// 0 0
	//
	// Replay it with cascade (go install github.com/cascade-harness/cascade/cmd/cascade@latest):
	//   cascade score --game samegame --engine reference case.in   # the reference's total, 10
	//   cascade trace --game samegame case.in                      # the reference's play, move by move
}

// A property of one's own draws valid cases from cascade's generator and
// is shrunk by cascade's shrinker.
func ExampleSameGameCases() {
	params := gopter.DefaultTestParametersWithSeed(1)
	params.MinSuccessfulTests = 50
	props := gopter.NewProperties(params)
	props.Property("a total is never negative", prop.ForAll(func(c *samegame.Case) bool {
		total, _ := score(c)
		return total >= 0
	}, enginetest.SameGameCases()))
	fmt.Println(props.Run(gopter.ConsoleReporter(false)))
	// Output:
	// + a total is never negative: OK, passed 50 tests.
	// true
}

// Cases of SameGame under a rule set are drawn and shrunk under it, and
// a counterexample prints with its rules line: here a property that no
// case has a click, false of the first case drawn, shrunk to one click
// on a box of one cube (gopter goes on with the case as drawn).
func ExampleCases() {
	jaw, _ := samegame.Lookup("jawbreaker")
	props := gopter.NewProperties(gopter.DefaultTestParametersWithSeed(1))
	props.Property("no clicks", prop.ForAll(func(c *samegame.Case) bool {
		return len(c.Moves) == 0
	}, enginetest.Cases(cubes.Under(jaw))))
	var report strings.Builder
	props.Run(gopter.NewFormatedReporter(false, 80, &report))
	shrunk, _, _ := strings.Cut(report.String(), "ARG_0_ORIGINAL")
	fmt.Print(shrunk)
	// Output:
	// ! no clicks: Falsified after 0 passed tests.
	// ARG_0: rules jawbreaker
	// 1
	// 1
	// 1
	// 0 0
}
