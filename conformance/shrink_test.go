package conformance_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func TestShrinkIsDeterministic(t *testing.T) {
	fails := fixture.Match3Fails(t, fixture.SquareFiveAsThree)
	c := fixture.FailingMatch3(t, 7, fails)
	a, as := gems.Game.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
	b, bs := gems.Game.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
	if !reflect.DeepEqual(a, b) || as != bs {
		t.Errorf("two shrinks of one case differ:\n%v(%v)\n%v(%v)", a, as, b, bs)
	}

	sfails := fixture.SameGameFails(t, fixture.CloseOneColumn)
	sc := fixture.FailingSameGame(t, 7, sfails)
	sa, sas := cubes.Game.Shrink(context.Background(), sc, sfails, conformance.ShrinkOptions{})
	sb, sbs := cubes.Game.Shrink(context.Background(), sc, sfails, conformance.ShrinkOptions{})
	if !reflect.DeepEqual(sa, sb) || sas != sbs {
		t.Errorf("two shrinks of one case differ:\n%+v (%v)\n%+v (%v)", sa, sas, sb, sbs)
	}
}

func TestShrinkStopsWhenTheBudgetIsSpent(t *testing.T) {
	fails := fixture.Match3Fails(t, fixture.SquareFiveAsThree)
	c := fixture.FailingMatch3(t, 8, fails)
	for _, budget := range []int{-1, 1, 10, 57} {
		calls := 0
		counted := func(c *match3.Case) bool { calls++; return fails(c) }
		got, stats := gems.Game.Shrink(context.Background(), c, counted, conformance.ShrinkOptions{Budget: budget})
		want := max(budget, 0)
		if calls != want || stats.Tried != want || !errors.Is(stats.Err, conformance.ErrBudget) {
			t.Errorf("budget %d: %d calls, stats %v; want %d calls and ErrBudget", budget, calls, stats, want)
		}
		if got.Validate() != nil || !fails(got) {
			t.Errorf("budget %d: result is not a failing valid case:\n%v", budget, got)
		}
	}
}

func TestShrinkStopsWhenTheContextIsDone(t *testing.T) {
	fails := fixture.SameGameFails(t, fixture.CloseOneColumn)
	c := fixture.FailingSameGame(t, 9, fails)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	got, stats := cubes.Game.Shrink(ctx, c, func(d *samegame.Case) bool {
		if calls++; calls == 5 {
			cancel()
		}
		return fails(d)
	}, conformance.ShrinkOptions{})
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
	got, stats := gems.Game.Shrink(context.Background(), run, never, conformance.ShrinkOptions{})
	if stats.Err == nil || !reflect.DeepEqual(got, run) {
		t.Errorf("got %v, %v; want the case back and an error", got, stats)
	}

	box := &samegame.Case{W: 2, H: 2, Board: []uint8{1, 0, 1, 1}}
	sgot, stats := cubes.Game.Shrink(context.Background(), box, func(*samegame.Case) bool {
		t.Error("predicate called on an invalid case")
		return true
	}, conformance.ShrinkOptions{})
	if stats.Err == nil || !reflect.DeepEqual(sgot, box) {
		t.Errorf("got %+v, %v; want the case back and an error", sgot, stats)
	}
}

// asksOnce shrinks c with fails and checks that the predicate is never
// asked twice about one input, nor about c itself, and that Tried counts
// its calls.
func asksOnce[C, T any](t *testing.T, g *conformance.Game[C, T], name string, c C, fails func(C) bool) conformance.ShrinkStats {
	t.Helper()
	start := string(g.FormatInput(c))
	asked := make(map[string]int)
	_, stats := g.Shrink(context.Background(), c, func(d C) bool {
		in := string(g.FormatInput(d))
		if asked[in]++; asked[in] == 2 {
			t.Errorf("%s: predicate asked twice about\n%s", name, in)
		}
		if in == start {
			t.Errorf("%s: predicate asked about the case being shrunk", name)
		}
		return fails(d)
	}, conformance.ShrinkOptions{})
	if stats.Tried != len(asked) {
		t.Errorf("%s: stats.Tried = %d, but the predicate was asked about %d inputs", name, stats.Tried, len(asked))
	}
	return stats
}

func TestShrinkNeverAsksTheSameCandidateTwice(t *testing.T) {
	cached := 0
	sfails := fixture.SameGameFails(t, fixture.CloseOneColumn)
	for _, seed := range []uint64{1, 2, 3} {
		cached += asksOnce(t, cubes.Game, fmt.Sprintf("samegame seed %d", seed), fixture.FailingSameGame(t, seed, sfails), sfails).Cached
	}
	for _, rules := range []reference.Match3Rules{fixture.SquareFiveAsThree, fixture.HandPlusOne} {
		mfails := fixture.Match3Fails(t, rules)
		for _, seed := range []uint64{1, 4} {
			cached += asksOnce(t, gems.Game, fmt.Sprintf("match3 seed %d", seed), fixture.FailingMatch3(t, seed, mfails), mfails).Cached
		}
	}
	cached += asksOnce(t, toy, "toy", toyCaseOf(t, "3312221111121332\n5\n3 0 2 6 1\n"), toyFails).Cached
	// Some candidates come back: crops at two corners that leave the
	// same box, a second round offering what the first refused. Without
	// a cache the predicate would be asked about them again.
	if cached == 0 {
		t.Error("no candidate was answered from the cache")
	}
}

// A pass that offers the current case unchanged, as a trim with nothing
// to trim does, makes no step: the shrink ends after the round that
// found nothing new, rather than going round as long as the pass offers
// it (here ten rounds, which bound the test should the shrink go round).
func TestShrinkEndsWhenAPassOffersTheCurrentCaseUnchanged(t *testing.T) {
	g := *toy
	offered := 0
	g.Passes = append(slices.Clone(toyPasses), conformance.Pass[*toyCase]{Name: "offer the case itself", Run: func(s *conformance.Shrinking[*toyCase]) {
		if offered < 10 {
			offered++
			s.Try(s.Case().clone())
		}
	}})
	c := toyCaseOf(t, "3312221111121332\n5\n3 0 2 6 1\n")
	got, stats := g.Shrink(context.Background(), c, toyFails, conformance.ShrinkOptions{})
	if stats.Err != nil || string(g.FormatInput(got)) != toyMinimal {
		t.Errorf("Shrink = %q (%v), want %q", g.FormatInput(got), stats, toyMinimal)
	}
	if _, plain := toy.Shrink(context.Background(), c, toyFails, conformance.ShrinkOptions{}); stats.Rounds != plain.Rounds || stats.Accepted != plain.Accepted {
		t.Errorf("Shrink went %d rounds, %d steps (%v), want %d and %d, as without the pass", stats.Rounds, stats.Accepted, stats, plain.Rounds, plain.Accepted)
	}
}

// Bisect finds where a failure that holds from some length up starts in
// at most log2(n) + 1 cuts, and tries the cut by one below it.
func TestBisectFindsTheThresholdInLogarithmicallyManyCalls(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7, 8, 9, 100, 256, 1000} {
		for _, from := range []int{1, 2, n / 3, n / 2, n - 1, n} {
			if from < 1 || from > n {
				continue
			}
			firstRun := -1
			var lengths []int
			g := *toy
			g.Passes = []conformance.Pass[*toyCase]{{Name: "cut the end", Smaller: true, Run: func(s *conformance.Shrinking[*toyCase]) {
				calls := 0
				size := func() int { return len(s.Case().Row) }
				s.Bisect(size, func(k int) bool {
					calls++
					return s.Try(toyCut(s.Case(), size()-k, size()))
				})
				if firstRun < 0 {
					firstRun = calls
				}
			}}}
			c := &toyCase{Row: slices.Repeat([]uint8{1}, n)}
			got, stats := g.Shrink(context.Background(), c, func(d *toyCase) bool {
				lengths = append(lengths, len(d.Row))
				return len(d.Row) >= from
			}, conformance.ShrinkOptions{})
			if len(got.Row) != from || stats.Err != nil {
				t.Errorf("n %d, fails from %d: shrunk to %d cells (%v)", n, from, len(got.Row), stats)
			}
			if limit := bits.Len(uint(n)); firstRun > limit {
				t.Errorf("n %d, fails from %d: Bisect made %d cuts, want at most %d", n, from, firstRun, limit)
			}
			if from > 1 && !slices.Contains(lengths, from-1) {
				t.Errorf("n %d, fails from %d: the length %d was never tried: %v", n, from, from-1, lengths)
			}
		}
	}
}

// crashFrom7Rows plays match-3 like a solution with room for six rows.
var crashFrom7Rows = gems.Game.Func("six-rows", func(c *match3.Case) (match3.Trace, error) {
	if c.Rows >= 7 {
		panic(fmt.Sprintf("runtime error: index %d out of range [6]", c.Rows))
	}
	return reference.PlayMatch3(c), nil
})

func TestRunShrinksAMatch3CrashToTheRowsWhereItStarts(t *testing.T) {
	r := rand.New(rand.NewPCG(16, 16))
	for _, size := range [][2]int{{40, 6}, {50, 12}} {
		c := fixture.RandomMatch3(r, size[0], size[1], 3, 20)
		rep, err := gems.Game.Run(context.Background(), crashFrom7Rows, conformance.RunOptions{Cases: []conformance.Case{{Name: "tall", Input: gems.Game.FormatInput(c)}}, Count: -1, NoBuiltin: true})
		if err != nil || rep.Divergence == nil {
			t.Fatalf("%dx%d: Match3.Run(six-rows) = %+v, %v; want a divergence", c.Rows, c.Cols, rep, err)
		}
		d := rep.Divergence
		got, err := gems.Game.ParseInput(d.Shrunk.Input)
		if err != nil {
			t.Fatal(err)
		}
		if ok, why := got.InLimits(); d.Shrunk.Verdict != conformance.RuntimeError || got.Rows != 7 || !ok || d.ShrinkStats.Err != nil {
			t.Errorf("%dx%d: shrunk to %d rows (%s), %v (%v); want a runtime error at 7 rows inside the limits", c.Rows, c.Cols, got.Rows, why, &d.Shrunk, d.ShrinkStats)
		}
	}
}

// Two passes that are not Smaller, each of which turns a case into the
// other's (here: swaps the first two cells of the row one way, then
// back), meet a case they have tried before: that is a cycle, never a
// step forward, and the shrink ends, the first swap kept, instead of
// going round for ever on candidates the cache answers. A guard counts
// the rounds: past a hundred the shrink has cycled, and the pass stops
// it by panicking.
func TestShrinkEndsWhenPassesGoBackToACaseTriedBefore(t *testing.T) {
	runs := 0
	swap := func(s *conformance.Shrinking[*toyCase]) {
		if runs++; runs > 200 {
			panic("the shrink goes round and round")
		}
		c := s.Case().clone()
		c.Row[0], c.Row[1] = c.Row[1], c.Row[0]
		s.Try(c)
	}
	g := *toy
	g.Passes = []conformance.Pass[*toyCase]{{Name: "swap", Run: swap}, {Name: "swap back", Run: swap}}
	c := toyCaseOf(t, "12\n0\n\n")
	var got *toyCase
	var stats conformance.ShrinkStats
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("Shrink: %v after %d runs of the passes", r, runs)
			}
		}()
		got, stats = g.Shrink(context.Background(), c, func(*toyCase) bool { return true }, conformance.ShrinkOptions{})
	}()
	if want := "21"; toyRowText(got) != want || stats.Tried != 1 || stats.Accepted != 1 {
		t.Errorf("Shrink = row %s, %+v; want row %s, the one swap tried and accepted", toyRowText(got), stats, want)
	}
}

func toyRowText(c *toyCase) string {
	var b strings.Builder
	for _, v := range c.Row {
		b.WriteByte('0' + v)
	}
	return b.String()
}
