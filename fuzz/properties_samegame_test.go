package fuzz

import (
	"fmt"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/enginetest"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

func TestSameGameEngineMatchesReference(t *testing.T) {
	checkProperty(t, "engine trace and box equal the reference's", prop.ForAll(func(c *samegame.Case) string {
		return sameGameMismatch(c, engine.PlaySameGame, engineSameGame)
	}, enginetest.SameGameCases()))
}

func TestSameGameTotalIsSumOfPoints(t *testing.T) {
	checkProperty(t, "total is the sum of the moves' points", prop.ForAll(func(c *samegame.Case) string {
		var p problems
		for _, impl := range []struct {
			name  string
			trace samegame.Trace
		}{{"reference", reference.PlaySameGame(c)}, {"engine", engine.PlaySameGame(c)}} {
			var sum int64
			for i, r := range impl.trace.Moves {
				sum += r.Points
				if r.Points != samegame.Points(r.Removed) {
					p.add("%s: move %d: %v, want %d points", impl.name, i+1, r, samegame.Points(r.Removed))
				}
				if (r.Removed == 0) != (r.Colour == 0) {
					p.add("%s: move %d: %v: colour and cubes disagree on an empty cell", impl.name, i+1, r)
				}
			}
			if sum != impl.trace.Total {
				p.add("%s: total %d, sum of the moves %d", impl.name, impl.trace.Total, sum)
			}
		}
		return p.String()
	}, enginetest.SameGameCases()))
}

func TestSameGameBoxStaysPacked(t *testing.T) {
	checkProperty(t, "cubes removed plus cubes left is N*N, none floats, no gap left of a column", prop.ForAll(func(c *samegame.Case) string {
		var p problems
		n := c.W
		want := reference.PlaySameGame(c)
		removed := 0
		for i, d := range want.Detail {
			removed += want.Moves[i].Removed
			at := detailAt(n, d.Board)
			if left := cubes(n, at); left+removed != n*n {
				p.add("reference: move %d: %d cubes left, %d removed, want %d in all", i+1, left, removed, n*n)
			}
			if msg := unpacked(n, at); msg != "" {
				p.add("reference: move %d: %s", i+1, msg)
			}
		}
		g := engine.NewSameGame(c)
		left := n * n
		for i, m := range c.Moves {
			r := g.Apply(m)
			now := cubes(n, g.At)
			if left-now != r.Removed {
				p.add("engine: move %d %v: %d cubes left before, %d after, but %d removed", i+1, m, left, now, r.Removed)
			}
			left = now
			if msg := unpacked(n, g.At); msg != "" {
				p.add("engine: move %d: %s", i+1, msg)
			}
		}
		return p.String()
	}, enginetest.SameGameCases()))
}

func TestSameGameRelabellingColoursKeepsScore(t *testing.T) {
	checkProperty(t, "a permutation of the colours changes no score", prop.ForAll(func(c *samegame.Case, perm [samegame.Colours + 1]uint8) string {
		d := c.Clone()
		for i, v := range d.Board {
			d.Board[i] = perm[v]
		}
		var p problems
		for _, impl := range []struct {
			name string
			play func(*samegame.Case) samegame.Trace
		}{{"reference", reference.PlaySameGame}, {"engine", engine.PlaySameGame}} {
			was, now := impl.play(c), impl.play(d)
			for i := range was.Moves {
				w, g := was.Moves[i], now.Moves[i]
				if g.Removed != w.Removed || g.Points != w.Points || g.Colour != perm[w.Colour] {
					p.add("%s: move %d: %v after relabelling %v, was %v", impl.name, i+1, g, perm[1:], w)
				}
			}
			if now.Total != was.Total {
				p.add("%s: total %d after relabelling %v, was %d", impl.name, now.Total, perm[1:], was.Total)
			}
		}
		return p.String()
	}, enginetest.SameGameCases(), permutations()))
}

// permutations generates permutations of the colours 1..9 as a table:
// colour v becomes perm[v]; perm[0] = 0, the empty cell.
func permutations() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		var perm [samegame.Colours + 1]uint8
		for i, v := range p.Rng.Perm(samegame.Colours) {
			perm[i+1] = uint8(v + 1)
		}
		return gopter.NewGenResult(perm, gopter.NoShrinker)
	}
}

// detailAt reads a box laid out like samegame.Case.Board by column from
// the left and row from the bottom.
func detailAt(n int, board []uint8) func(x, y int) uint8 {
	return func(x, y int) uint8 { return board[(n-1-y)*n+x] }
}

// cubes counts the cubes of an n x n box.
func cubes(n int, at func(x, y int) uint8) int {
	k := 0
	for x := range n {
		for y := range n {
			if at(x, y) != 0 {
				k++
			}
		}
	}
	return k
}

// unpacked describes a cube above an empty cell or an empty column left
// of a non-empty one; "" when the box has neither.
func unpacked(n int, at func(x, y int) uint8) string {
	emptyCol := -1
	for x := range n {
		if at(x, 0) == 0 && emptyCol < 0 {
			emptyCol = x
		}
		if at(x, 0) != 0 && emptyCol >= 0 {
			return fmt.Sprintf("column %d is empty, column %d is not", emptyCol, x)
		}
		for y := 1; y < n; y++ {
			if at(x, y) != 0 && at(x, y-1) == 0 {
				return fmt.Sprintf("cube at (%d %d) floats", x, y)
			}
		}
	}
	return ""
}
