package sample_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func parse(t *testing.T, ex sample.Example) *samegame.Case {
	t.Helper()
	c, err := samegame.Parse(strings.NewReader(ex.Input))
	if err != nil {
		t.Fatalf("%s: %v", ex.Name, err)
	}
	return c
}

// TestStandardTotalsAreTheReferencesAndTheEngines computes the total of
// each standard position's game with the reference and with the engine;
// both must give the total the source's own game state gave the list.
func TestStandardTotalsAreTheReferencesAndTheEngines(t *testing.T) {
	played := sample.Standard()
	if len(played) != sample.StandardCount {
		t.Fatalf("%d played positions, want %d", len(played), sample.StandardCount)
	}
	for _, ex := range played {
		c := parse(t, ex)
		ref := reference.PlaySameGame(c)
		eng := engine.PlaySameGame(c)
		if ref.Total != ex.Want || eng.Total != ex.Want {
			t.Errorf("%s: reference %d, engine %d, want %d", ex.Name, ref.Total, eng.Total, ex.Want)
		}
		if move, msg := samegame.Diff(eng, ref); move >= 0 {
			t.Errorf("%s: engine and reference part: %s", ex.Name, msg)
		}
	}
}

// TestStandardGamesArePlayedToTheEnd checks what the README says of the
// played lists: each starts from its standard position under the
// benchmark rules, every click removes a group of at least two cubes,
// none clears the box, and after the last click no move is left.
func TestStandardGamesArePlayedToTheEnd(t *testing.T) {
	benchmark, _ := samegame.Lookup("benchmark")
	positions := sample.StandardPositions()
	for i, ex := range sample.Standard() {
		c, start := parse(t, ex), parse(t, positions[i])
		if !c.Rules.Same(benchmark) || !start.Rules.Same(benchmark) {
			t.Errorf("%s: rules %v and %v, want benchmark", ex.Name, c.Rules, start.Rules)
		}
		if c.W != 15 || c.H != 15 || !slices.Equal(c.Board, start.Board) || len(start.Moves) != 0 || positions[i].Want != 0 {
			t.Errorf("%s: %dx%d box, not %s's with no clicks and total 0", ex.Name, c.W, c.H, positions[i].Name)
		}
		g := reference.NewSameGame(c)
		for j, m := range c.Moves {
			if r := g.Apply(m); r.Removed < 2 {
				t.Errorf("%s: click %d %v removes %d cubes", ex.Name, j+1, m, r.Removed)
			}
		}
		if left := g.Moves(); len(left) > 0 {
			t.Errorf("%s: %d moves left after the last click, want none", ex.Name, len(left))
		}
		if tr := g.Trace(); tr.End != 0 {
			t.Errorf("%s: end-of-game term %d, want 0 (no game clears its box)", ex.Name, tr.End)
		}
	}
}
