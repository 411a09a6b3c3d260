package casegen

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

func TestMatch3ColoursNeverHoldARun(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		rows, cols := 1+r.IntN(12), 1+r.IntN(12)
		k := 2 + r.IntN(4)
		if i%3 == 0 {
			k = 2
		}
		if i%50 == 0 {
			k, rows, cols = 1, 1+r.IntN(2), 1+r.IntN(2)
		}
		c := &match3.Case{Rows: rows, Cols: cols, Colours: k}
		for _, v := range RunFreeColours(r, rows, cols, k, nil) {
			c.Board = append(c.Board, match3.Piece{Colour: v})
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%dx%d board with %d colours: %v\n%v", rows, cols, k, err, c)
		}
	}
}

func TestRunFreeColoursKeepWhatIsWantedUnlessItMakesARun(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 2000 {
		rows, cols := 1+r.IntN(12), 1+r.IntN(12)
		k := 2 + r.IntN(4)
		want := make([]int, rows*cols)
		for j := range want {
			want[j] = 1 + r.IntN(k)
		}
		if i%4 == 0 {
			// A board that already holds no run is kept as it is.
			want = RunFreeColours(r, rows, cols, k, nil)
		}
		got := RunFreeColours(r, rows, cols, k, want)
		c := &match3.Case{Rows: rows, Cols: cols, Colours: k}
		for _, v := range got {
			c.Board = append(c.Board, match3.Piece{Colour: v})
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%dx%d board with %d colours wanted as %v: %v\n%v", rows, cols, k, want, err, c)
		}
		if i%4 == 0 && !slices.Equal(got, want) {
			t.Fatalf("%dx%d board without a run %v came out as %v", rows, cols, want, got)
		}
		if k >= 3 {
			// A cell keeps its colour unless it completes a run with the
			// cells before it, as they came out.
			for j, v := range got {
				if h, w := forbidden(got, j, cols); v != want[j] && want[j] != h && want[j] != w {
					t.Fatalf("cell %d of a %dx%d board: %d, want %d, which makes no run", j, rows, cols, v, want[j])
				}
			}
		}
	}
}

func TestMatch3ColoursTwoColourFallbackHasNoRun(t *testing.T) {
	for phase := range 2 {
		c := &match3.Case{Rows: 9, Cols: 7, Colours: 2}
		for _, v := range checkerTwo(9, 7, phase) {
			c.Board = append(c.Board, match3.Piece{Colour: v})
		}
		if err := c.Validate(); err != nil {
			t.Errorf("phase %d: %v\n%v", phase, err, c)
		}
	}
}

func TestMatch3ColoursUseEveryColour(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	seen := map[int]bool{}
	for _, v := range RunFreeColours(r, 8, 8, 5, nil) {
		seen[v] = true
	}
	if len(seen) != 5 {
		t.Errorf("8x8 board with 5 colours uses %d colours, want 5", len(seen))
	}
}

func TestBigGroupBoardKeepsOneGroupPastTwoToThe31(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{257, 280} {
		b := bigGroupBoard(r, n, []int{4, 1, 9})
		cols := make([][]uint8, n)
		for x := range n {
			for y := range n {
				cols[x] = append(cols[x], b[(n-1-y)*n+x])
			}
		}
		biggest := 0
		for _, g := range groupSizes(cols) {
			biggest = max(biggest, g)
		}
		if biggest < bigGroupMinCubes {
			t.Errorf("n=%d: biggest group %d cubes, want at least %d", n, biggest, bigGroupMinCubes)
		}
	}
}

// groupSizes returns the sizes of the 4-connected groups of a box given
// column by column.
func groupSizes(cols [][]uint8) []int {
	seen := make([][]bool, len(cols))
	for x := range cols {
		seen[x] = make([]bool, len(cols[x]))
	}
	var sizes []int
	for x := range cols {
		for y := range cols[x] {
			if seen[x][y] {
				continue
			}
			size := 0
			stack := [][2]int{{x, y}}
			seen[x][y] = true
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					nx, ny := p[0]+d[0], p[1]+d[1]
					if nx >= 0 && nx < len(cols) && ny >= 0 && ny < len(cols[nx]) && !seen[nx][ny] && cols[nx][ny] == cols[x][y] {
						seen[nx][ny] = true
						stack = append(stack, [2]int{nx, ny})
					}
				}
			}
			sizes = append(sizes, size)
		}
	}
	return sizes
}

func TestPlantCombEmptiesSeveralColumnsAtOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for range 200 {
		n := 2 + r.IntN(10)
		b := sameGameBoard(r, n*n, []int{1, 2, 3})
		plantComb(r, b, n, n, 9)
		cols := make([][]uint8, n)
		for x := range n {
			for y := range n {
				cols[x] = append(cols[x], b[(n-1-y)*n+x])
			}
		}
		best := 0
		for _, g := range wholeColumnGroups(cols) {
			best = max(best, g.whole)
		}
		if best < 2 {
			t.Fatalf("n=%d: no group fills two columns after planting a comb", n)
		}
	}
}

func TestPlaceSpecialsOnBorder(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	c := &match3.Case{Rows: 10, Cols: 10, Colours: 3, Board: make([]match3.Piece, 100)}
	placeSpecials(r, c, 0.2, []match3.Special{match3.Colour}, Border)
	edge, inner := 0, 0
	for i, p := range c.Board {
		if p.Special == match3.Plain {
			continue
		}
		if p.Special != match3.Colour {
			t.Fatalf("cell %d: special %v, want only colour specials", i, p.Special)
		}
		if x, y := i/10, i%10; x == 0 || y == 0 || x == 9 || y == 9 {
			edge++
		} else {
			inner++
		}
	}
	if edge <= 2*inner {
		t.Errorf("border placement: %d specials on the edge, %d inside; want most on the edge", edge, inner)
	}
}

// wholeColumnGroups, the oracle of wideGroups, measures every group of
// cols (eachGroup): per group, its first cube, the number of columns it
// fills entirely and its size.
func wholeColumnGroups(cols standing) []columnGroup {
	var out []columnGroup
	cols.eachGroup(func(group []samegame.Move) {
		perCol := make([]int, len(cols))
		for _, p := range group {
			perCol[p.X]++
		}
		whole := 0
		for x, n := range perCol {
			if n > 0 && n == len(cols[x]) {
				whole++
			}
		}
		out = append(out, columnGroup{group[0], whole, len(group)})
	})
	return out
}

type columnGroup struct {
	at          samegame.Move
	whole, size int
}

// TestWideGroupsAreThoseThatFillTwoColumns pits wideGroups against the
// measure of every group, on boxes of few colours and ragged columns,
// with combs planted, for minimums of 0 to 4: the same cubes in the same
// order, which is what keeps generated cases as they were.
func TestWideGroupsAreThoseThatFillTwoColumns(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var sc boxScratch
	found := 0
	for i := range 5000 {
		w, h := 1+r.IntN(9), 1+r.IntN(9)
		pal := []int{1, 2, 3}[:1+r.IntN(3)]
		b := sameGameBoard(r, w*h, pal)
		if i%2 == 0 {
			plantComb(r, b, w, h, uint8(pal[0]))
		}
		cols := make(standing, w)
		for x := range w {
			top := h - r.IntN(h+1) // ragged: columns cut at random heights
			for y := range top {
				cols[x] = append(cols[x], b[(h-1-y)*w+x])
			}
		}
		least := r.IntN(5)
		var want []samegame.Move
		for _, g := range wholeColumnGroups(cols) {
			if g.whole >= 2 && g.size >= least {
				want = append(want, g.at)
			}
		}
		got := sc.wideGroups(cols, least)
		if !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("box %v, least %d: wideGroups = %v, want %v", cols, least, got, want)
		}
		found += len(want)
	}
	if found < 500 {
		t.Fatalf("only %d wide groups in 5000 boxes: the test does not exercise wideGroups", found)
	}
}

// TestPickButIsPickColoursDraw draws with pickBut and with pickColour's
// look at every colour, each from its own generator of the same seed,
// for every k up to 12 and every pair of forbidden colours from 0 to
// k+1: the same colour every time, 0 when none is left.
func TestPickButIsPickColoursDraw(t *testing.T) {
	everyColour := func(r *rand.Rand, k, h, v int) int {
		free := 0
		for c := 1; c <= k; c++ {
			if c != h && c != v {
				free++
			}
		}
		if free == 0 {
			return 0
		}
		n := r.IntN(free)
		for c := 1; c <= k; c++ {
			if c != h && c != v {
				if n == 0 {
					return c
				}
				n--
			}
		}
		return 0
	}
	for k := 1; k <= 12; k++ {
		for h := 0; h <= k+1; h++ {
			for v := 0; v <= k+1; v++ {
				for seed := range uint64(20) {
					a, b := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
					if got, want := pickBut(a, k, h, v), everyColour(b, k, h, v); got != want {
						t.Fatalf("k=%d, not %d or %d, seed %d: pickBut = %d, want %d", k, h, v, seed, got, want)
					}
				}
			}
		}
	}
}
