package conformance

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"cascade/casegen"
	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// Planted bugs: variants of the reference that an implementation could
// plausibly get wrong.

// squareFiveAsThree marks a 3x3 square where a 5x5 special goes off.
var squareFiveAsThree = reference.Match3Rules{
	Area: func(g reference.Grid, c match3.Cell) []match3.Cell {
		p := g.At(c)
		if p.Special != match3.Square5 {
			return g.Area(c)
		}
		h := g.Clone()
		h.Set(c, match3.Piece{Colour: p.Colour, Special: match3.Square3})
		return h.Area(c)
	},
}

// handPlusOne scores every poker hand one point too many.
var handPlusOne = reference.Match3Rules{
	Hand: func(ops []reference.Played, end bool) match3.Hand {
		h := reference.PatternHand(ops, end)
		if h.Kind != match3.NoHand {
			h.Score++
		}
		return h
	},
}

// closeOneColumn removes only the leftmost empty column after a move.
var closeOneColumn = reference.SameGameRules{
	Close: func(b reference.Box) {
		for x, col := range b {
			if col[0] == 0 {
				copy(b[x:], b[x+1:])
				b[len(b)-1] = make([]uint8, len(b))
				return
			}
		}
	},
}

// match3Fails is the predicate of a shrink: rules and the reference part
// on the final score. It fails the test if it is shown an invalid case.
func match3Fails(t *testing.T, rules reference.Match3Rules) func(*match3.Case) bool {
	return func(c *match3.Case) bool {
		if err := c.Validate(); err != nil {
			t.Errorf("predicate shown an invalid case (%v):\n%v", err, c)
		}
		return rules.Play(c).Total != reference.PlayMatch3(c).Total
	}
}

func sameGameFails(t *testing.T, rules reference.SameGameRules) func(*samegame.Case) bool {
	return func(c *samegame.Case) bool {
		if err := c.Validate(); err != nil {
			t.Errorf("predicate shown an invalid case (%v):\n%v", err, c)
		}
		return rules.Play(c).Total != reference.PlaySameGame(c).Total
	}
}

// randomMatch3 returns a valid rows x cols case inside the statement's
// limits with specials on about one piece in six and ops operations, most
// of them valid, many aimed at specials.
func randomMatch3(r *rand.Rand, rows, cols, k, ops int) *match3.Case {
	return casegen.Match3(r, casegen.Match3Options{
		Rows: casegen.Exactly(rows), Cols: casegen.Exactly(cols),
		Colours: casegen.Exactly(k), Ops: casegen.Exactly(ops),
		InStatement: true, Specials: 0.15, AimSpecials: 0.5,
	})
}

// failingMatch3 draws large cases until one fails.
func failingMatch3(t *testing.T, seed uint64, fails func(*match3.Case) bool) *match3.Case {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	for range 50 {
		c := randomMatch3(r, 12+r.IntN(10), 12+r.IntN(10), 3+r.IntN(5), 40+r.IntN(40))
		if fails(c) {
			return c
		}
	}
	t.Fatal("no failing case in 50 draws")
	return nil
}

func failingSameGame(t *testing.T, seed uint64, fails func(*samegame.Case) bool) *samegame.Case {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 2))
	for range 50 {
		c := casegen.SameGame(r, casegen.SameGameOptions{
			N: casegen.Between(12, 20), Colours: casegen.Between(3, 6),
			Clicks: casegen.Between(30, 60), Columns: 0.3,
		})
		if fails(c) {
			return c
		}
	}
	t.Fatal("no failing case in 50 draws")
	return nil
}

func TestShrinkMatch3CutsLargeCaseDownToThePlantedSquareBug(t *testing.T) {
	fails := match3Fails(t, squareFiveAsThree)
	for _, seed := range []uint64{1, 2, 3} {
		c := failingMatch3(t, seed, fails)
		got, stats := ShrinkMatch3(context.Background(), c, fails, ShrinkOptions{})
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

func TestShrinkMatch3KeepsFiveValidOperationsForThePlantedHandBug(t *testing.T) {
	fails := match3Fails(t, handPlusOne)
	c := failingMatch3(t, 4, fails)
	got, stats := ShrinkMatch3(context.Background(), c, fails, ShrinkOptions{})
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

func checkShrunkMatch3(t *testing.T, got *match3.Case, stats ShrinkStats, fails func(*match3.Case) bool) {
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

func TestShrinkSameGameCutsLargeCaseDownToThePlantedCloseBug(t *testing.T) {
	fails := sameGameFails(t, closeOneColumn)
	for _, seed := range []uint64{1, 2} {
		c := failingSameGame(t, seed, fails)
		got, stats := ShrinkSameGame(context.Background(), c, fails, ShrinkOptions{})
		t.Logf("seed %d: N %d, %d moves -> N %d, %d moves; %v", seed, c.N, len(c.Moves), got.N, len(got.Moves), stats)
		if stats.Err != nil {
			t.Errorf("seed %d: stats.Err = %v, want a fixed point", seed, stats.Err)
		}
		if err := got.Validate(); err != nil {
			t.Errorf("seed %d: shrunk case is not valid: %v", seed, err)
		}
		if !fails(got) {
			t.Errorf("seed %d: shrunk case no longer fails: %+v", seed, got)
		}
		// Two columns must empty in one move, and a later move must
		// see the difference: two moves and a 3x3 box suffice when the
		// columns are neighbours, 4x4 when a column parts them.
		if got.N > 4 || len(got.Moves) > 2 {
			t.Errorf("seed %d: shrunk to N = %d with %d moves, want N <= 4 and at most 2 moves: %+v", seed, got.N, len(got.Moves), got)
		}
	}
}

// A predicate that looks at one feature only lets everything else go, so
// the result is fully predictable.
func TestShrinkMatch3ReducesEverythingThePredicateIgnores(t *testing.T) {
	c := randomMatch3(rand.New(rand.NewPCG(5, 5)), 9, 11, 6, 30)
	c.Board[40].Special = match3.Square5
	hasSquare5 := func(c *match3.Case) bool { return countSpecials(c, match3.Square5) > 0 }

	got, stats := ShrinkMatch3(context.Background(), c, hasSquare5, ShrinkOptions{IgnoreLimits: true})
	want := &match3.Case{Rows: 1, Cols: 1, Colours: 1, Board: []match3.Piece{{Colour: 1, Special: match3.Square5}}}
	if stats.Err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ignoring limits: got %+v (%v), want %+v", got, stats, want)
	}

	got, stats = ShrinkMatch3(context.Background(), c, hasSquare5, ShrinkOptions{})
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

func TestShrinkSameGameReducesEverythingThePredicateIgnores(t *testing.T) {
	c := casegen.SameGame(rand.New(rand.NewPCG(6, 6)), casegen.SameGameOptions{
		N: casegen.Exactly(9), Colours: casegen.Exactly(6), Clicks: casegen.Exactly(20),
	})
	// Fails while the box holds two colours and there is a move.
	twoColours := func(c *samegame.Case) bool {
		return len(c.Moves) > 0 && len(coloursUsed(c.Board, func(v uint8) int { return int(v) })) >= 2
	}
	got, stats := ShrinkSameGame(context.Background(), c, twoColours, ShrinkOptions{})
	// The smallest box with two colours, three cubes of colour 1 and one
	// of colour 2, and one click moved to the corner.
	ones := 0
	for _, v := range got.Board {
		if v == 1 {
			ones++
		}
	}
	if stats.Err != nil || got.N != 2 || ones != 3 || !reflect.DeepEqual(got.Moves, []samegame.Move{{X: 0, Y: 0}}) {
		t.Errorf("got %+v (%v), want a 2x2 box of three 1s and a 2, and the click (0, 0)", got, stats)
	}
}

func TestShrinkIsDeterministic(t *testing.T) {
	fails := match3Fails(t, squareFiveAsThree)
	c := failingMatch3(t, 7, fails)
	a, as := ShrinkMatch3(context.Background(), c, fails, ShrinkOptions{})
	b, bs := ShrinkMatch3(context.Background(), c, fails, ShrinkOptions{})
	if !reflect.DeepEqual(a, b) || as != bs {
		t.Errorf("two shrinks of one case differ:\n%v(%v)\n%v(%v)", a, as, b, bs)
	}

	sfails := sameGameFails(t, closeOneColumn)
	sc := failingSameGame(t, 7, sfails)
	sa, sas := ShrinkSameGame(context.Background(), sc, sfails, ShrinkOptions{})
	sb, sbs := ShrinkSameGame(context.Background(), sc, sfails, ShrinkOptions{})
	if !reflect.DeepEqual(sa, sb) || sas != sbs {
		t.Errorf("two shrinks of one case differ:\n%+v (%v)\n%+v (%v)", sa, sas, sb, sbs)
	}
}

func TestShrinkStopsWhenTheBudgetIsSpent(t *testing.T) {
	fails := match3Fails(t, squareFiveAsThree)
	c := failingMatch3(t, 8, fails)
	for _, budget := range []int{-1, 1, 10, 57} {
		calls := 0
		counted := func(c *match3.Case) bool { calls++; return fails(c) }
		got, stats := ShrinkMatch3(context.Background(), c, counted, ShrinkOptions{Budget: budget})
		want := max(budget, 0)
		if calls != want || stats.Tried != want || !errors.Is(stats.Err, ErrBudget) {
			t.Errorf("budget %d: %d calls, stats %v; want %d calls and ErrBudget", budget, calls, stats, want)
		}
		if got.Validate() != nil || !fails(got) {
			t.Errorf("budget %d: result is not a failing valid case:\n%v", budget, got)
		}
	}
}

func TestShrinkStopsWhenTheContextIsDone(t *testing.T) {
	fails := sameGameFails(t, closeOneColumn)
	c := failingSameGame(t, 9, fails)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	got, stats := ShrinkSameGame(ctx, c, func(d *samegame.Case) bool {
		if calls++; calls == 5 {
			cancel()
		}
		return fails(d)
	}, ShrinkOptions{})
	if calls != 5 || stats.Tried != 5 || !errors.Is(stats.Err, context.Canceled) {
		t.Errorf("%d calls, stats %v; want 5 calls and context.Canceled", calls, stats)
	}
	if !fails(got) {
		t.Errorf("result no longer fails: %+v", got)
	}
}

func TestShrinkReturnsInvalidCaseUnchanged(t *testing.T) {
	run := &match3.Case{Rows: 1, Cols: 3, Colours: 2, Board: []match3.Piece{{Colour: 2}, {Colour: 2}, {Colour: 2}}}
	never := func(*match3.Case) bool { t.Error("predicate called on an invalid case"); return true }
	got, stats := ShrinkMatch3(context.Background(), run, never, ShrinkOptions{})
	if stats.Err == nil || !reflect.DeepEqual(got, run) {
		t.Errorf("got %v, %v; want the case back and an error", got, stats)
	}

	box := &samegame.Case{N: 2, Board: []uint8{1, 0, 1, 1}}
	sgot, stats := ShrinkSameGame(context.Background(), box, func(*samegame.Case) bool {
		t.Error("predicate called on an invalid case")
		return true
	}, ShrinkOptions{})
	if stats.Err == nil || !reflect.DeepEqual(sgot, box) {
		t.Errorf("got %+v, %v; want the case back and an error", sgot, stats)
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

func TestCropSameGameRenumbersMovesAndClampsThoseOutside(t *testing.T) {
	c := &samegame.Case{N: 3, Board: []uint8{1, 2, 3, 4, 5, 6, 7, 8, 9}}
	// The first move hits 5, which every crop keeps; it must still hit 5.
	c.Moves = []samegame.Move{{X: 1, Y: 1}, {X: 0, Y: 0}, {X: 2, Y: 2}}
	for _, tc := range []struct {
		top, left bool
		board     []uint8
		moves     []samegame.Move
	}{
		{true, false, []uint8{4, 5, 7, 8}, []samegame.Move{{X: 1, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
		{true, true, []uint8{5, 6, 8, 9}, []samegame.Move{{X: 0, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
		{false, false, []uint8{1, 2, 4, 5}, []samegame.Move{{X: 1, Y: 0}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
		{false, true, []uint8{2, 3, 5, 6}, []samegame.Move{{X: 0, Y: 0}, {X: 0, Y: 0}, {X: 1, Y: 1}}},
	} {
		got := cropSameGame(c, 1, tc.top, tc.left)
		want := &samegame.Case{N: 2, Board: tc.board, Moves: tc.moves}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("cropSameGame(top %t, left %t) = %+v, want %+v", tc.top, tc.left, got, want)
		}
		if m := got.Moves[0]; got.At(m.X, m.Y) != 5 {
			t.Errorf("cropSameGame(top %t, left %t): first move hits %d, want 5", tc.top, tc.left, got.At(m.X, m.Y))
		}
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
