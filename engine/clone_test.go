package engine

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// A clone and its original play on apart: after different moves each
// gives the results and the board of the reference playing its own moves
// from the start.

func TestSameGameCloneDivergesFromItsOriginal(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 300 {
		c := casegen.SameGame(r, casegen.SameGameOptions{Colours: casegen.Between(1, 4), Clicks: casegen.Between(0, 6)})
		g := NewSameGame(c)
		for _, m := range c.Moves {
			g.Apply(m)
		}
		h := g.Clone()
		mine, theirs := c.Clone(), c.Clone()
		var gotMine, gotTheirs []samegame.Result
		for range 1 + r.IntN(5) {
			m := samegame.Move{X: r.IntN(c.W), Y: r.IntN(c.H)}
			gotMine = append(gotMine, g.Apply(m))
			mine.Moves = append(mine.Moves, m)
			m = samegame.Move{X: r.IntN(c.W), Y: r.IntN(c.H)}
			gotTheirs = append(gotTheirs, h.Apply(m))
			theirs.Moves = append(theirs.Moves, m)
		}
		for _, p := range []struct {
			name string
			g    *SameGame
			c    *samegame.Case
			got  []samegame.Result
		}{{"original", g, mine, gotMine}, {"clone", h, theirs, gotTheirs}} {
			want := reference.PlaySameGame(p.c)
			tail := want.Moves[len(want.Moves)-len(p.got):]
			for i := range p.got {
				if p.got[i] != tail[i] {
					t.Fatalf("%s: move %v = %v, want %v; case\n%v", p.name, p.got[i].Move, p.got[i], tail[i], p.c)
				}
			}
			if p.g.Total() != want.Total {
				t.Fatalf("%s: total %d, want %d; case\n%v", p.name, p.g.Total(), want.Total, p.c)
			}
			box := want.Detail[len(want.Detail)-1].Board
			for i, v := range box {
				if x, y := i%p.c.W, p.c.W-1-i/p.c.W; p.g.At(x, y) != v {
					t.Fatalf("%s: column %d row %d holds %d, want %d; case\n%v", p.name, x, y, p.g.At(x, y), v, p.c)
				}
			}
		}
	}
}

func TestMatch3CloneDivergesFromItsOriginal(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 300 {
		c := casegen.Match3(r, casegen.Match3Options{Specials: 0.1, Ops: casegen.Between(0, 6)})
		g := NewMatch3(c)
		for _, s := range c.Ops {
			g.Apply(s)
		}
		h := g.Clone()
		// Mostly swaps that make a run, so the games part.
		op := func(g *Match3) match3.Swap {
			grid := make(reference.Grid, c.Rows)
			for x := range grid {
				for y := range c.Cols {
					grid[x] = append(grid[x], g.At(match3.Cell{X: x + 1, Y: y + 1}))
				}
			}
			if valid := grid.ValidSwaps(); len(valid) > 0 && r.IntN(4) > 0 {
				return valid[r.IntN(len(valid))].Swap
			}
			return match3.Swap{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1 + r.IntN(2), Y: 1}}
		}
		mine, theirs := c.Clone(), c.Clone()
		var gotMine, gotTheirs []match3.Result
		for range 1 + r.IntN(6) {
			s := op(g)
			gotMine = append(gotMine, g.Apply(s))
			mine.Ops = append(mine.Ops, s)
			s = op(h)
			gotTheirs = append(gotTheirs, h.Apply(s))
			theirs.Ops = append(theirs.Ops, s)
		}
		for _, p := range []struct {
			name string
			g    *Match3
			c    *match3.Case
			got  []match3.Result
		}{{"original", g, mine, gotMine}, {"clone", h, theirs, gotTheirs}} {
			want := reference.PlayMatch3(p.c)
			tail := want.Ops[len(want.Ops)-len(p.got):]
			for i := range p.got {
				if p.got[i] != tail[i] {
					t.Fatalf("%s: operation %v = %v, want %v; case\n%v", p.name, p.got[i].Swap, p.got[i], tail[i], p.c)
				}
			}
			if p.g.Total() != want.Total {
				t.Fatalf("%s: total %d, want %d; case\n%v", p.name, p.g.Total(), want.Total, p.c)
			}
			board := want.Detail[len(want.Detail)-1].Board
			for i, piece := range board {
				if cell := (match3.Cell{X: i/p.c.Cols + 1, Y: i%p.c.Cols + 1}); p.g.At(cell) != piece {
					t.Fatalf("%s: %v holds %v, want %v; case\n%v", p.name, cell, p.g.At(cell), piece, p.c)
				}
			}
		}
	}
}

// TestMatch3CloneKeepsRoundsAsItsOriginal: a clone of a game that keeps
// each operation's rounds (KeepRounds) keeps them too, the same rounds
// for the same swap.
func TestMatch3CloneKeepsRoundsAsItsOriginal(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	tried := 0
	for range 100 {
		c := casegen.Match3(r, casegen.Match3Options{Specials: 0.1})
		g := NewMatch3(c)
		g.KeepRounds()
		h := g.Clone()
		valid := g.ValidSwaps(nil)
		if len(valid) == 0 {
			continue
		}
		s := valid[r.IntN(len(valid))].Swap
		g.Apply(s)
		h.Apply(s)
		tried++
		// Rounds hands the rounds over: each is read once.
		mine, theirs := g.Rounds(), h.Rounds()
		if len(mine) == 0 || !reflect.DeepEqual(mine, theirs) {
			t.Fatalf("swap %v: the original kept rounds %v, the clone %v; case\n%v", s, mine, theirs, c)
		}
	}
	if tried == 0 {
		t.Fatal("no case had a valid swap")
	}
}
