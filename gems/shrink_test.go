package gems

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

func TestShrinkCutsALargeMatch3CaseDownToThePlantedSquareBug(t *testing.T) {
	fails := fixture.Match3Fails(t, fixture.SquareFiveAsThree)
	for _, seed := range []uint64{1, 2, 3} {
		c := fixture.FailingMatch3(t, seed, fails)
		got, stats := Game.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
		t.Logf("seed %d: %dx%d, %d ops -> %dx%d, %d ops; %v", seed, c.Rows, c.Cols, len(c.Ops), got.Rows, got.Cols, len(got.Ops), stats)
		checkShrunkMatch3(t, got, stats, fails)
		if len(got.Ops) > 2 || got.Rows*got.Cols > 16 {
			t.Errorf("seed %d: shrunk to %dx%d with %d operations, want at most 16 cells and 2 operations:\n%v",
				seed, got.Rows, got.Cols, len(got.Ops), got)
		}
		if n := countSpecials(got, match3.Square5); n != 1 {
			t.Errorf("seed %d: shrunk case holds %d 5x5 specials, want 1:\n%v", seed, n, got)
		}
	}
}

func TestShrinkKeepsFiveValidMatch3OperationsForThePlantedHandBug(t *testing.T) {
	fails := fixture.Match3Fails(t, fixture.HandPlusOne)
	c := fixture.FailingMatch3(t, 4, fails)
	got, stats := Game.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
	t.Logf("%dx%d, %d ops -> %dx%d, %d ops; %v", c.Rows, c.Cols, len(c.Ops), got.Rows, got.Cols, len(got.Ops), stats)
	checkShrunkMatch3(t, got, stats, fails)
	// A hand needs five valid operations and no operation more.
	if len(got.Ops) != 5 {
		t.Errorf("shrunk case has %d operations, want 5:\n%v", len(got.Ops), got)
	}
	if got.Rows*got.Cols > 30 {
		t.Errorf("shrunk case has %d cells, want at most 30:\n%v", got.Rows*got.Cols, got)
	}
	if n := countSpecials(got, match3.Plain); n != len(got.Board) {
		t.Errorf("shrunk case keeps %d specials, want none:\n%v", len(got.Board)-n, got)
	}
}

func checkShrunkMatch3(t *testing.T, got *match3.Case, stats conformance.ShrinkStats, fails func(*match3.Case) bool) {
	t.Helper()
	if stats.Err != nil {
		t.Errorf("stats.Err = %v, want a fixed point", stats.Err)
	}
	if err := got.Validate(); err != nil {
		t.Errorf("shrunk case is not valid: %v\n%v", err, got)
	}
	if ok, why := got.InLimits(); !ok {
		t.Errorf("shrunk case leaves the limits: %s\n%v", why, got)
	}
	if !fails(got) {
		t.Errorf("shrunk case no longer fails:\n%v", got)
	}
}

func countSpecials(c *match3.Case, s match3.Special) int {
	n := 0
	for _, p := range c.Board {
		if p.Special == s {
			n++
		}
	}
	return n
}

// A predicate that looks at one feature only lets everything else go, so
// the result is fully predictable.
func TestShrinkReducesEverythingAMatch3PredicateIgnores(t *testing.T) {
	c := fixture.RandomMatch3(rand.New(rand.NewPCG(5, 5)), 9, 11, 6, 30)
	c.Board[40].Special = match3.Square5
	hasSquare5 := func(c *match3.Case) bool { return countSpecials(c, match3.Square5) > 0 }

	got, stats := Game.Shrink(context.Background(), c, hasSquare5, conformance.ShrinkOptions{IgnoreLimits: true})
	want := &match3.Case{Rows: 1, Cols: 1, Colours: 1, Board: []match3.Piece{{Colour: 1, Special: match3.Square5}}}
	if stats.Err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ignoring limits: got %+v (%v), want %+v", got, stats, want)
	}

	got, stats = Game.Shrink(context.Background(), c, hasSquare5, conformance.ShrinkOptions{})
	if stats.Err != nil {
		t.Errorf("inside limits: stats.Err = %v", stats.Err)
	}
	// The smallest boards inside the limits are 2x3 and 3x2, which need
	// two colours; one operation remains, moved to the top left corner.
	if ok, why := got.InLimits(); !ok || got.Rows*got.Cols != 6 || got.Colours != 2 || len(got.Ops) != 1 ||
		countSpecials(got, match3.Plain) != 5 {
		t.Errorf("inside limits: got (%t %s)\n%v\nwant a 6-cell board, 2 colours, 1 operation, 1 special", ok, why, got)
	}
	if op := got.Ops[0]; op.A != (match3.Cell{X: 1, Y: 1}) {
		t.Errorf("inside limits: operation %v, want it to start at (1, 1)", op)
	}
}

func TestCutMatch3RenumbersOperationsAndDropsThoseOnRemovedCells(t *testing.T) {
	cell := func(x, y int) match3.Cell { return match3.Cell{X: x, Y: y} }
	c := &match3.Case{Rows: 3, Cols: 3, Colours: 9, Board: make([]match3.Piece, 9)}
	for i := range c.Board {
		c.Board[i].Colour = i + 1
	}
	c.Ops = []match3.Swap{
		{A: cell(2, 2), B: cell(2, 3)},
		{A: cell(1, 2), B: cell(2, 2)},
		{A: cell(3, 3), B: cell(3, 2)},
		{A: cell(1, 1), B: cell(2, 1)},
		{A: cell(3, 3), B: cell(2, 3)},
	}
	for _, tc := range []struct {
		name           string
		x0, x1, y0, y1 int
		colours        []int
		ops            []match3.Swap
	}{
		{"top row and left column", 0, 1, 0, 1, []int{5, 6, 8, 9}, []match3.Swap{
			{A: cell(1, 1), B: cell(1, 2)},
			{A: cell(2, 2), B: cell(2, 1)},
			{A: cell(2, 2), B: cell(1, 2)},
		}},
		{"middle column", 0, 0, 1, 2, []int{1, 3, 4, 6, 7, 9}, []match3.Swap{
			{A: cell(1, 1), B: cell(2, 1)},
			{A: cell(3, 2), B: cell(2, 2)},
		}},
		{"bottom two rows", 1, 3, 0, 0, []int{1, 2, 3}, nil},
	} {
		got, _ := cutMatch3(c, tc.x0, tc.x1, tc.y0, tc.y1)
		want := &match3.Case{Rows: 3 - (tc.x1 - tc.x0), Cols: 3 - (tc.y1 - tc.y0), Colours: 9, Ops: tc.ops}
		for _, v := range tc.colours {
			want.Board = append(want.Board, match3.Piece{Colour: v})
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("cutMatch3 without the %s =\n%v\nwant\n%v", tc.name, got, want)
		}
	}
	if got, _ := cutMatch3(c, 0, 3, 0, 0); got != nil {
		t.Errorf("cutMatch3 without every row = %v, want nil", got)
	}
}

// A cut keeps the case's rule set and, under refill=queue, the queue of
// every column it keeps: without them a failure that needs a refilled
// piece survived no crop, and shrank no further than the board it was
// found on (a 50x50 one under gymmatch3).
func TestCutMatch3KeepsTheRuleSetAndTheQueuesOfTheColumnsLeft(t *testing.T) {
	r, _ := match3.Lookup("gymmatch3")
	q := func(colours ...int) []match3.Piece {
		var ps []match3.Piece
		for _, v := range colours {
			ps = append(ps, match3.Piece{Colour: v})
		}
		return ps
	}
	c := &match3.Case{Rules: r, Rows: 2, Cols: 3, Colours: 3, Board: q(1, 2, 3, 2, 3, 1),
		Queues: [][]match3.Piece{q(1), q(2, 2), q(3, 1, 2)}}
	for _, tc := range []struct {
		name           string
		x0, x1, y0, y1 int
		queues         [][]match3.Piece
	}{
		{"middle column", 0, 0, 1, 2, [][]match3.Piece{q(1), q(3, 1, 2)}},
		{"first two columns", 0, 0, 0, 2, [][]match3.Piece{q(3, 1, 2)}},
		{"top row", 0, 1, 0, 0, [][]match3.Piece{q(1), q(2, 2), q(3, 1, 2)}},
	} {
		got, _ := cutMatch3(c, tc.x0, tc.x1, tc.y0, tc.y1)
		if !got.Rules.Same(r) || !reflect.DeepEqual(got.Queues, tc.queues) {
			t.Errorf("cutMatch3 without the %s: rules %v, queues %v; want %v, %v", tc.name, got.Rules, got.Queues, r, tc.queues)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("cutMatch3 without the %s: %v", tc.name, err)
		}
	}
	if got, _ := cutMatch3(c, 0, 0, 1, 2); len(got.Queues) > 0 && len(got.Queues[0]) > 0 {
		got.Queues[0][0].Colour = 2
	}
	if c.Queues[0][0].Colour != 1 {
		t.Error("cutMatch3 shares its queues with the case cut")
	}
}

func TestReaimMatch3PutsBackSwapsTheReferenceFindsValid(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 15))
	checked := 0
	for range 20 {
		// No specials: they clear so much that no valid swap is left.
		c := casegen.Match3(r, casegen.Match3Options{
			Rows: casegen.Exactly(9), Cols: casegen.Exactly(9), Colours: casegen.Exactly(4), Ops: casegen.Exactly(8),
		})
		d, kept := cutMatch3(c, 0, 2, 0, 2)
		got := reaimMatch3(d, kept)
		if !slices.Contains(kept, false) {
			if got != nil {
				t.Errorf("reaimMatch3 with nothing dropped = %v, want nil", got)
			}
			continue
		}
		if err := got.Validate(); err != nil || got.Rows != 7 || got.Cols != 7 {
			t.Fatalf("reaimMatch3 = %v (%v), want a valid 7x7 case", got, err)
		}
		if len(got.Ops) != len(kept) {
			// A board with no valid swap left skips the place, and
			// the places no longer line up.
			continue
		}
		checked++
		trace := reference.PlayMatch3(got)
		j := 0
		for i, k := range kept {
			switch {
			case k && got.Ops[i] != d.Ops[j]:
				t.Errorf("operation %d = %v, want the kept %v", i+1, got.Ops[i], d.Ops[j])
			case !k && trace.Ops[i].Validity != match3.Valid:
				t.Errorf("operation %d put back as %v, which the reference finds %v", i+1, got.Ops[i], trace.Ops[i].Validity)
			}
			if k {
				j++
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d cases checked", checked)
	}
}
