package conformance_test

import (
	"context"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// A run's rate in cells and moves counts what its generated cases hold:
// a run whose cases grew checks more per case, and says so.
func TestRunCountsCellsAndMovesOfGeneratedCases(t *testing.T) {
	t.Run("samegame", func(t *testing.T) { testRunCountsCellsAndMoves(t, cubes.Game) })
	t.Run("match3", func(t *testing.T) { testRunCountsCellsAndMoves(t, gems.Game) })
}

func testRunCountsCellsAndMoves[C, T any](t *testing.T, g *conformance.Game[C, T]) {
	const seed, count = 7, 40
	rep, err := g.Run(context.Background(), player(t, g, conformance.EngineName), conformance.RunOptions{Seed: seed, Count: count, NoBuiltin: true, Jobs: 2})
	if err != nil || !rep.Ok() {
		t.Fatalf("Run: %v, %v", rep, err)
	}
	var cells, moves int64
	for i := range count {
		c := g.Generate(seed, i, 0)
		shape := g.StepShape(c)
		cells += int64(shape.Rows * shape.Cols)
		moves += int64(g.Steps(c))
	}
	if rep.GenCells != cells || rep.GenMoves != moves {
		t.Errorf("%s: GenCells, GenMoves = %d, %d, want %d, %d (the boards and moves of %d generated cases)", g.Name, rep.GenCells, rep.GenMoves, cells, moves, count)
	}
	if rep.GenElapsed > 0 && rep.CellRate() != float64(cells)/rep.GenElapsed.Seconds() {
		t.Errorf("%s: CellRate() = %v, want %v", g.Name, rep.CellRate(), float64(cells)/rep.GenElapsed.Seconds())
	}
}
