package reference

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// A clone and its original play on apart: after different moves each has
// the trace and the box of a game that played its own moves from the
// start.

func TestSameGameCloneDivergesFromItsOriginal(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		n := 1 + r.IntN(6)
		c := &samegame.Case{W: n, H: n}
		for range n * n {
			c.Board = append(c.Board, uint8(1+r.IntN(3)))
		}
		click := func() samegame.Move { return samegame.Move{X: r.IntN(n), Y: r.IntN(n)} }
		for range r.IntN(5) {
			c.Moves = append(c.Moves, click())
		}
		g := NewSameGame(c)
		for _, m := range c.Moves {
			g.Apply(m)
		}
		h := g.Clone()
		mine, theirs := c.Clone(), c.Clone()
		for range 1 + r.IntN(4) {
			m := click()
			g.Apply(m)
			mine.Moves = append(mine.Moves, m)
			m = click()
			h.Apply(m)
			theirs.Moves = append(theirs.Moves, m)
		}
		for _, p := range []struct {
			name string
			g    *SameGame
			c    *samegame.Case
		}{{"original", g, mine}, {"clone", h, theirs}} {
			if got, want := p.g.Trace(), PlaySameGame(p.c); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: trace %v, want that of %v: %v", p.name, got, p.c, want)
			}
		}
	}
}

func TestMatch3CloneDivergesFromItsOriginal(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 200 {
		c := runFree(r, 2+r.IntN(5), 2+r.IntN(5), 3+r.IntN(2))
		// Mostly valid swaps, so the games part.
		op := func(g *Match3) match3.Swap {
			if valid := g.Grid().ValidSwaps(); len(valid) > 0 && r.IntN(4) > 0 {
				return valid[r.IntN(len(valid))].Swap
			}
			return match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1 + r.IntN(2), Y: 1 + r.IntN(2)}}
		}
		g := NewMatch3(c)
		for range r.IntN(5) {
			s := op(g)
			g.Apply(s)
			c.Ops = append(c.Ops, s)
		}
		h := g.Clone()
		mine, theirs := c.Clone(), c.Clone()
		for range 1 + r.IntN(6) {
			s := op(g)
			g.Apply(s)
			mine.Ops = append(mine.Ops, s)
			s = op(h)
			h.Apply(s)
			theirs.Ops = append(theirs.Ops, s)
		}
		for _, p := range []struct {
			name string
			g    *Match3
			c    *match3.Case
		}{{"original", g, mine}, {"clone", h, theirs}} {
			if got, want := p.g.Trace(), PlayMatch3(p.c); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: trace %v, want that of\n%v: %v", p.name, got, p.c, want)
			}
		}
	}
}
