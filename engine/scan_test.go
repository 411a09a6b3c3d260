package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
)

// fullScan returns every line cell of g's board, found by walking every
// row and column: what the incremental scan must find.
func fullScan(g *Match3) []int32 {
	var line []int32
	in := make([]bool, len(g.board))
	walk := func(start, step, n int) {
		for i := 0; i < n; {
			p := colourOf(g.board[start+i*step])
			j := i + 1
			for j < n && p != 0 && colourOf(g.board[start+j*step]) == p {
				j++
			}
			if p != 0 && j-i >= 3 {
				for x := i; x < j; x++ {
					in[start+x*step] = true
				}
			}
			i = j
		}
	}
	for r := range g.rows {
		walk(g.at(r, 0), g.at(0, 1), g.cols)
	}
	for c := range g.cols {
		walk(g.at(0, c), g.at(1, 0), g.rows)
	}
	for i, ok := range in {
		if ok {
			line = append(line, int32(i))
		}
	}
	return line
}

// checkColumns reports a column whose pieces do not fill it from top[c]
// down without gaps.
func checkColumns(t *testing.T, g *Match3) {
	t.Helper()
	for c := range g.cols {
		for r := range g.rows {
			if empty := g.board[g.at(r, c)] == 0; empty != (r < int(g.top[c])) {
				t.Fatalf("column %d: row %d empty=%t, top=%d", c, r, empty, g.top[c])
			}
		}
	}
}

func TestMatch3IncrementalScanMatchesFullScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	rounds := 0
	for i := range cases(3000) {
		c := casegen.Match3(r, match3Knobs(r, i))
		g := NewMatch3(c)
		g.afterScan = func(g *Match3, line []int32) {
			rounds++
			checkColumns(t, g)
			got := slices.Sorted(slices.Values(line))
			if want := fullScan(g); !slices.Equal(got, want) {
				t.Fatalf("case %d, operation %d: incremental scan marks %v, full scan %v\ncase:\n%v", i, g.ops, got, want, c)
			}
		}
		for _, s := range c.Ops {
			g.Apply(s)
			// Between operations no run is left on the board.
			if left := fullScan(g); len(left) > 0 {
				t.Fatalf("case %d, after operation %d: runs left at %v\ncase:\n%v", i, g.ops, left, c)
			}
			checkColumns(t, g)
		}
	}
	if rounds == 0 {
		t.Fatal("no round of elimination was played")
	}
}
