package fuzz

import (
	"fmt"
	"slices"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/enginetest"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

func TestMatch3EngineMatchesReference(t *testing.T) {
	checkProperty(t, "engine trace and board equal the reference's", prop.ForAll(func(c *match3.Case) string {
		return match3Mismatch(c, engine.PlayMatch3, engineMatch3)
	}, enginetest.Match3Cases()))
}

func TestMatch3TotalIsSumOfComponents(t *testing.T) {
	checkProperty(t, "total is the sum of every operation's components, hands and bonus", prop.ForAll(func(c *match3.Case) string {
		var p problems
		ref := reference.PlayMatch3(c)
		for _, impl := range []struct {
			name  string
			trace match3.Trace
		}{{"reference", ref}, {"engine", engine.PlayMatch3(c)}} {
			tr := impl.trace
			var sum int64
			allValid, valid := true, 0
			for i, r := range tr.Ops {
				sum += r.Elimination + r.Combination + r.Chain + r.Hand.Score
				if r.Validity != match3.Valid {
					allValid = false
					if r.Rounds != 0 || r.Score() != 0 || r.Main != [2]int{} || r.Hand.Kind != match3.NoHand {
						p.add("%s: operation %d: %v scores or plays rounds", impl.name, i+1, r)
					}
					continue
				}
				valid++
				if r.Rounds < 1 || r.Chain != reference.Chain(r.Rounds) {
					p.add("%s: operation %d: %v, want chain 80(x-1)^2 of at least one round", impl.name, i+1, r)
				}
				if (valid%5 == 0) != (r.Hand.Kind != match3.NoHand) {
					p.add("%s: operation %d, valid operation %d: hand %v", impl.name, i+1, valid, r.Hand)
				}
			}
			if tr.AllValid != allValid {
				p.add("%s: all-valid %t, want %t", impl.name, tr.AllValid, allValid)
			}
			if bonus := reference.Endgame(tr.AllValid, tr.Cleared); tr.Bonus != bonus {
				p.add("%s: bonus %d for all-valid %t, cleared %t; want %d", impl.name, tr.Bonus, tr.AllValid, tr.Cleared, bonus)
			}
			if tr.Total != sum+tr.Bonus {
				p.add("%s: total %d, sum of the operations %d plus bonus %d", impl.name, tr.Total, sum, tr.Bonus)
			}
		}
		// The reference also accounts for every round.
		for i, d := range ref.Detail {
			r := ref.Ops[i]
			var elim, comb int64
			for k, round := range d.Rounds {
				var blocks int64
				for _, x := range round.Blocks {
					blocks += reference.Combination(x)
				}
				if round.Combination != blocks {
					p.add("reference: operation %d round %d: combination %d, blocks %v score %d", i+1, k+1, round.Combination, round.Blocks, blocks)
				}
				elim += round.Elimination
				comb += round.Combination
			}
			if len(d.Rounds) != r.Rounds || elim != r.Elimination || comb != r.Combination {
				p.add("reference: operation %d: %v, rounds add up to %d rounds, elimination %d, combination %d", i+1, r, len(d.Rounds), elim, comb)
			}
		}
		return p.String()
	}, enginetest.Match3Cases()))
}

func TestMatch3BoardStaysSettled(t *testing.T) {
	checkProperty(t, "no run is left and no piece floats; invalid operations change nothing; pieces leave only when marked", prop.ForAll(func(c *match3.Case) string {
		var p problems
		ref := reference.PlayMatch3(c)
		for _, impl := range []struct {
			name string
			g    casegen.Match3Player
		}{{"reference", reference.NewMatch3(c)}, {"engine", engine.NewMatch3(c)}} {
			before := snapshotMatch3(impl.g, c)
			for i, s := range c.Ops {
				r := impl.g.Apply(s)
				after := snapshotMatch3(impl.g, c)
				if msg := unsettled(c.Rows, c.Cols, after); msg != "" {
					p.add("%s: after operation %d %v: %s", impl.name, i+1, s, msg)
				}
				if r.Validity != match3.Valid && !slices.Equal(before, after) {
					p.add("%s: invalid operation %d %v (%v) changed the board", impl.name, i+1, s, r.Validity)
				}
				marked := 0
				for _, round := range ref.Detail[i].Rounds {
					marked += len(round.Line) + len(round.Hit)
				}
				if gone := pieces(before) - pieces(after); gone != marked {
					p.add("%s: operation %d %v: %d pieces gone, %d marked in its rounds", impl.name, i+1, s, gone, marked)
				}
				before = after
			}
		}
		return p.String()
	}, enginetest.Match3Cases()))
}

func TestMatch3AppendedInvalidOperationCostsOnlyTheBonus(t *testing.T) {
	checkProperty(t, "an invalid operation appended costs the all-valid bonus when earned, and nothing else", prop.ForAll(func(c *match3.Case, pick int) string {
		bad := invalidSwap(c, pick)
		d := c.Clone()
		d.Ops = append(d.Ops, bad)
		var p problems
		for _, impl := range []struct {
			name string
			play func(*match3.Case) match3.Trace
		}{{"reference", reference.PlayMatch3}, {"engine", engine.PlayMatch3}} {
			was, now := impl.play(c), impl.play(d)
			want := was.Total
			if was.AllValid {
				want -= match3.AllValidBonus
			}
			if now.Total != want || now.AllValid || now.Cleared != was.Cleared {
				p.add("%s: appending %v: total %d (all-valid %t, cleared %t), want %d (was %d, all-valid %t, cleared %t)",
					impl.name, bad, now.Total, now.AllValid, now.Cleared, want, was.Total, was.AllValid, was.Cleared)
			}
		}
		return p.String()
	}, enginetest.Match3Cases(), gen.IntRange(0, 1<<20)))
}

// invalidSwap returns a swap that is invalid on any board of c's size,
// chosen by pick: the same cell, diagonal neighbours or cells two apart.
func invalidSwap(c *match3.Case, pick int) match3.Swap {
	x, y := 1+(pick/3)%c.Rows, 1+(pick/3/c.Rows)%c.Cols
	a := match3.Cell{X: x, Y: y}
	switch pick % 3 {
	case 1:
		if c.Rows >= 2 && c.Cols >= 2 {
			return match3.Swap{A: a, B: match3.Cell{X: x%c.Rows + 1, Y: y%c.Cols + 1}}
		}
	case 2:
		if c.Cols >= 3 {
			b := match3.Cell{X: x, Y: y + 2}
			if b.Y > c.Cols {
				b.Y = y - 2
			}
			return match3.Swap{A: a, B: b}
		}
	}
	return match3.Swap{A: a, B: a}
}

// snapshotMatch3 reads the board of g, laid out like c.Board.
func snapshotMatch3(g casegen.Match3Player, c *match3.Case) []match3.Piece {
	b := make([]match3.Piece, c.Rows*c.Cols)
	for i := range b {
		b[i] = g.At(match3.Cell{X: i/c.Cols + 1, Y: i%c.Cols + 1})
	}
	return b
}

func pieces(b []match3.Piece) int {
	k := 0
	for _, p := range b {
		if !p.Empty() {
			k++
		}
	}
	return k
}

// unsettled describes a run of three or a piece above an empty cell on a
// board laid out like match3.Case.Board; "" when there is neither.
func unsettled(rows, cols int, b []match3.Piece) string {
	at := func(x, y int) int {
		if x < 0 || x >= rows || y < 0 || y >= cols {
			return 0
		}
		return b[x*cols+y].Colour
	}
	for x := range rows {
		for y := range cols {
			v := at(x, y)
			if v == 0 {
				continue
			}
			if at(x, y+1) == v && at(x, y+2) == v || at(x+1, y) == v && at(x+2, y) == v {
				return fmt.Sprintf("run of colour %d from %v", v, match3.Cell{X: x + 1, Y: y + 1})
			}
			if x+1 < rows && at(x+1, y) == 0 {
				return fmt.Sprintf("piece at %v floats", match3.Cell{X: x + 1, Y: y + 1})
			}
		}
	}
	return ""
}
