package conformance

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"cascade/match3"
	"cascade/samegame"
)

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
