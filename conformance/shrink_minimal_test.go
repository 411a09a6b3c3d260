package conformance

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// A shrink that was not stopped ends 1-minimal: no one step smaller than
// its result still fails. These tests build every such neighbour of the
// result afresh and ask the predicate about each.

// sameGameNeighbours are the cases one step smaller than c: one move
// fewer, the box one line smaller at each corner (it stays square), one
// colour in use merged into a smaller one in use, and the colours
// renumbered densely.
func sameGameNeighbours(c *samegame.Case) map[string]*samegame.Case {
	out := make(map[string]*samegame.Case)
	for i := range c.Moves {
		d := c.Clone()
		d.Moves = slices.Delete(d.Moves, i, i+1)
		out[fmt.Sprintf("without move %d", i+1)] = d
	}
	for _, top := range []bool{false, true} {
		for _, left := range []bool{false, true} {
			out[fmt.Sprintf("cropped by one (top %t, left %t)", top, left)] = cropSameGame(c, 1, 1, top, left)
		}
	}
	used := coloursUsed(c.Board, func(v uint8) int { return int(v) })
	for _, a := range used {
		for _, b := range used {
			if b < a {
				out[fmt.Sprintf("colour %d merged into %d", a, b)] = renumberSameGame(c, uint8(a), uint8(b))
			}
		}
	}
	out["colours renumbered"] = renumberSameGame(c, 0, 0)
	return out
}

// match3Neighbours are the cases one step smaller than c: one operation
// fewer, one row or one column fewer (the operations on it dropped, or
// put back aimed anew as the shrink does), and one colour in use merged
// into a smaller one in use.
func match3Neighbours(c *match3.Case) map[string]*match3.Case {
	out := make(map[string]*match3.Case)
	for i := range c.Ops {
		d := c.Clone()
		d.Ops = slices.Delete(d.Ops, i, i+1)
		out[fmt.Sprintf("without operation %d", i+1)] = d
	}
	cut := func(name string, x0, x1, y0, y1 int) {
		d, kept := cutMatch3(c, x0, x1, y0, y1)
		out[name] = d
		out[name+", operations aimed anew"] = reaimMatch3(d, kept)
	}
	for x := range c.Rows {
		cut(fmt.Sprintf("without row %d", x+1), x, x+1, 0, 0)
	}
	for y := range c.Cols {
		cut(fmt.Sprintf("without column %d", y+1), 0, 0, y, y+1)
	}
	used := coloursUsed(c.Board, func(p match3.Piece) int { return p.Colour })
	for _, a := range used {
		for _, b := range used {
			if b >= a {
				continue
			}
			d := c.Clone()
			for i, p := range d.Board {
				if p.Colour == a {
					d.Board[i].Colour = b
				}
			}
			out[fmt.Sprintf("colour %d merged into %d", a, b)] = d
		}
	}
	return out
}

// checkOneMinimal shrinks c with fails and checks that no valid
// neighbour of the result (inside the limits when c is) still fails. It
// returns the number of neighbours asked about: a result inside the
// limits may have none (a 2x3 match-3 board with one operation).
func checkOneMinimal[C, T any](t *testing.T, g *Game[C, T], name string, c C, fails func(C) bool, opt ShrinkOptions, neighbours func(C) map[string]C) int {
	t.Helper()
	got, stats := g.Shrink(context.Background(), c, fails, opt)
	if stats.Err != nil || !fails(got) {
		t.Errorf("%s: shrink stopped (%v) or its result no longer fails:\n%s", name, stats.Err, g.format(got))
		return 0
	}
	limits := g.InLimits != nil && !opt.IgnoreLimits
	if limits {
		limits, _ = g.InLimits(c)
	}
	checked := 0
	for what, d := range neighbours(got) {
		if g.Validate(d) != nil { // nil included: a cut that left nothing
			continue
		}
		if limits {
			if in, _ := g.InLimits(d); !in {
				continue
			}
		}
		checked++
		if fails(d) {
			t.Errorf("%s: shrunk to\n%sbut %s still fails:\n%s", name, g.format(got), what, g.format(d))
		}
	}
	return checked
}

func TestShrinkEndsOneMinimalOnSameGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rules reference.SameGameRules
	}{
		{"close one column", closeOneColumn},
		{"no close", reference.SameGameRules{Close: func(reference.Box) {}}},
		{"empty click scores", reference.SameGameRules{Points: func(n int) int64 { return samegame.Points(max(n, 1)) }}},
	} {
		fails := sameGameFails(t, tc.rules)
		checked := 0
		for _, seed := range []uint64{31, 32} {
			c := failingSameGame(t, seed, fails)
			checked += checkOneMinimal(t, SameGame, fmt.Sprintf("%s, seed %d", tc.name, seed), c, fails, ShrinkOptions{}, sameGameNeighbours)
		}
		if checked == 0 {
			t.Errorf("%s: no shrunk case has a valid neighbour; the test shows nothing", tc.name)
		}
	}
}

func TestShrinkEndsOneMinimalOnMatch3(t *testing.T) {
	checked := 0
	for _, tc := range []struct {
		name  string
		rules reference.Match3Rules
		opt   ShrinkOptions
	}{
		// Inside the limits, this one ends on a 2x3 board with one
		// operation, which has no neighbour inside them.
		{"5x5 as 3x3", squareFiveAsThree, ShrinkOptions{}},
		{"5x5 as 3x3 ignoring limits", squareFiveAsThree, ShrinkOptions{IgnoreLimits: true}},
		{"hand plus one", handPlusOne, ShrinkOptions{}},
		{"linear combination", reference.Match3Rules{Combination: func(x int) int64 { return 50 * int64(x-3) }}, ShrinkOptions{}},
	} {
		fails := match3Fails(t, tc.rules)
		for _, seed := range []uint64{31, 32} {
			c := failingMatch3(t, seed, fails)
			checked += checkOneMinimal(t, Match3, fmt.Sprintf("%s, seed %d", tc.name, seed), c, fails, tc.opt, match3Neighbours)
		}
	}
	if checked == 0 {
		t.Error("no shrunk case has a valid neighbour; the test shows nothing")
	}
}

func TestShrinkEndsOneMinimalOnTheToyGame(t *testing.T) {
	neighbours := func(c *toyCase) map[string]*toyCase {
		out := make(map[string]*toyCase)
		for i := range c.Drops {
			d := c.clone()
			d.Drops = slices.Delete(d.Drops, i, i+1)
			out[fmt.Sprintf("without drop %d", i+1)] = d
		}
		for i := range c.Row {
			out[fmt.Sprintf("without cell %d", i)] = toyCut(c, i, i+1)
		}
		used := coloursUsed(c.Row, func(v uint8) int { return int(v) })
		for _, a := range used {
			for _, b := range used {
				if b < a {
					out[fmt.Sprintf("colour %d merged into %d", a, b)] = toyRecolour(c, uint8(a), uint8(b))
				}
			}
		}
		return out
	}
	failing, checked := 0, 0
	for i := range 40 {
		if c := toy.Generate(40, i, 0); toyFails(c) {
			failing++
			checked += checkOneMinimal(t, toy, fmt.Sprintf("generated case %d", i), c, toyFails, ShrinkOptions{}, neighbours)
		}
	}
	if failing < 3 || checked == 0 {
		t.Errorf("%d of 40 generated cases fail, %d neighbours checked; the test needs more", failing, checked)
	}
}
