package casegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// playSameGame generates n cases with o and plays them on the reference.
func playSameGame(seed uint64, n int, o SameGameOptions) ([]*samegame.Case, []samegame.Trace) {
	r := rand.New(rand.NewPCG(seed, 77))
	cs := make([]*samegame.Case, n)
	ts := make([]samegame.Trace, n)
	for i := range cs {
		cs[i] = SameGame(r, o)
		ts[i] = reference.PlaySameGame(cs[i])
	}
	return cs, ts
}

// columns returns the number of non-empty columns of a board laid out
// like samegame.Case.Board.
func columns(n int, b []uint8) int {
	cols := 0
	for x := range n {
		if b[(n-1)*n+x] != 0 {
			cols++
		}
	}
	return cols
}

func TestBigGroupScoresPastTwoToThe31(t *testing.T) {
	cases := 3
	if testing.Short() {
		cases = 1
	}
	cs, ts := playSameGame(1, cases, SameGameOptions{BigGroup: true})
	for i, tr := range ts {
		if err := cs[i].Validate(); err != nil {
			t.Fatalf("big-group case %d: %v", i, err)
		}
		if len(tr.Moves) == 0 || tr.Moves[0].Points <= 1<<31 {
			t.Errorf("big-group case %d (N=%d): first click %v, want more than 2^31 points", i, cs[i].W, tr.Moves)
		}
	}
}

func TestColumnsEmptiesSeveralColumnsInOneClick(t *testing.T) {
	multi := func(o SameGameOptions) float64 {
		cs, ts := playSameGame(2, 300, o)
		clicks, wide := 0, 0
		for i, c := range cs {
			before := columns(c.W, c.Board)
			for _, d := range ts[i].Detail {
				after := columns(c.W, d.Board)
				clicks++
				if before-after >= 2 {
					wide++
				}
				before = after
			}
		}
		return float64(wide) / float64(max(clicks, 1))
	}
	got := multi(SameGameOptions{N: Between(3, 10), Colours: Between(3, 5), Columns: 0.7})
	base := multi(SameGameOptions{N: Between(3, 10), Colours: Between(3, 5)})
	if got < 0.1 || got < 3*base {
		t.Errorf("Columns=0.7: %.1f%% of clicks empty two or more columns (%.1f%% without), want at least 10%% and three times as many", 100*got, 100*base)
	}
}

func TestEmptyClicksHitEmptyCells(t *testing.T) {
	// share returns the fraction of clicks, made while the box had both
	// cubes and empty cells, that removed nothing.
	share := func(o SameGameOptions) float64 {
		cs, ts := playSameGame(3, 300, o)
		chances, empty := 0, 0
		for i, c := range cs {
			board := c.Board
			for j, res := range ts[i].Moves {
				if mixed(board) {
					chances++
					if res.Removed == 0 {
						empty++
					}
				}
				board = ts[i].Detail[j].Board
			}
		}
		return float64(empty) / float64(max(chances, 1))
	}
	if got := share(SameGameOptions{Empty: 0.5}); got < 0.35 || got > 0.65 {
		t.Errorf("Empty=0.5: %.0f%% of clicks on a box with cubes and empty cells hit one, want about half (the others aim at cubes)", 100*got)
	}
	if got := share(SameGameOptions{}); got != 0 {
		t.Errorf("default options: %.0f%% of clicks on a box with cubes and empty cells hit one, want none (clicks aim at cubes)", 100*got)
	}
	if got := share(SameGameOptions{Random: 1}); got == 0 {
		t.Errorf("Random=1: no click hit an empty cell")
	}
}

// mixed reports whether a board has both cubes and empty cells.
func mixed(b []uint8) bool {
	return slices.Contains(b, 0) && slices.ContainsFunc(b, func(v uint8) bool { return v != 0 })
}

func TestSameGameColoursAndSidesStayInRange(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for range 300 {
		o := SameGameOptions{N: Between(2, 5), Colours: Between(7, 9), Clicks: Exactly(3)}
		c := SameGame(r, o)
		seen := map[uint8]bool{}
		for _, v := range c.Board {
			seen[v] = true
		}
		if c.W < 2 || c.W > 5 || len(seen) > 9 || len(c.Moves) != 3 {
			t.Fatalf("%v gave N=%d, %d colours, %d clicks", o, c.W, len(seen), len(c.Moves))
		}
	}
}
