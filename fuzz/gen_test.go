package fuzz

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/cascade-harness/cascade/enginetest"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// sample draws n values of g from a fixed seed, with their labels.
func sample(g gopter.Gen, n int) (values []any, labels []string) {
	params := gopter.DefaultGenParameters()
	params.Rng.Seed(0x5eed)
	for range n {
		res := g(params)
		v, ok := res.Retrieve()
		if !ok {
			continue
		}
		values = append(values, v)
		labels = append(labels, strings.Join(res.Labels, ", "))
	}
	return values, labels
}

func TestGeneratedCasesAreValidAndLabelled(t *testing.T) {
	sg, sgLabels := sample(enginetest.SameGameCases(), 300)
	m3, m3Labels := sample(enginetest.Match3Cases(), 300)
	if len(sg) != 300 || len(m3) != 300 {
		t.Fatalf("got %d SameGame and %d match-3 cases of 300 each", len(sg), len(m3))
	}
	for i, v := range sg {
		if err := v.(*samegame.Case).Validate(); err != nil {
			t.Errorf("SameGame case %d (%s): %v", i, sgLabels[i], err)
		}
		if !strings.HasPrefix(sgLabels[i], "samegame ") {
			t.Errorf("SameGame case %d labelled %q, want its knobs", i, sgLabels[i])
		}
	}
	for i, v := range m3 {
		if err := v.(*match3.Case).Validate(); err != nil {
			t.Errorf("match-3 case %d (%s): %v", i, m3Labels[i], err)
		}
		if !strings.HasPrefix(m3Labels[i], "match3 ") {
			t.Errorf("match-3 case %d labelled %q, want its knobs", i, m3Labels[i])
		}
	}
}

func TestShrinkCandidatesAreValidAndSmaller(t *testing.T) {
	sg, _ := sample(enginetest.SameGameCases(), 200)
	for _, v := range sg {
		c := v.(*samegame.Case)
		if c.W > 100 {
			continue // a big group: its candidates are the same kinds, only slower
		}
		n := 0
		for cand := range shrinkAll(enginetest.ShrinkSameGame(c)) {
			n++
			d := cand.(*samegame.Case)
			if err := d.Validate(); err != nil {
				t.Fatalf("candidate not valid: %v\n%v\nshrunk from\n%v", err, d, c)
			}
			if !sameGameSmaller(d, c) {
				t.Fatalf("candidate not smaller:\n%v\nshrunk from\n%v", d, c)
			}
		}
		if n > 4*len(c.Moves)+20 {
			t.Errorf("%d candidates for a case of side %d and %d moves", n, c.W, len(c.Moves))
		}
	}
	m3, _ := sample(enginetest.Match3Cases(), 200)
	for _, v := range m3 {
		c := v.(*match3.Case)
		for cand := range shrinkAll(enginetest.ShrinkMatch3(c)) {
			d := cand.(*match3.Case)
			if err := d.Validate(); err != nil {
				t.Fatalf("candidate not valid: %v\n%v\nshrunk from\n%v", err, d, c)
			}
			if !match3Smaller(d, c) {
				t.Fatalf("candidate not smaller:\n%v\nshrunk from\n%v", d, c)
			}
		}
	}
}

// shrinkAll iterates over a shrink stream.
func shrinkAll(s gopter.Shrink) func(func(any) bool) {
	return func(yield func(any) bool) {
		for v, ok := s(); ok; v, ok = s() {
			if !yield(v) {
				return
			}
		}
	}
}

// sameGameSmaller reports whether d is no larger than c in any way and
// smaller in one: side, clicks, or colours (their number, then their sum).
func sameGameSmaller(d, c *samegame.Case) bool {
	colours := func(c *samegame.Case) (int, int) {
		used := sameGameColours(c.Board)
		sum := 0
		for _, v := range used {
			sum += int(v)
		}
		return len(used), sum
	}
	dk, ds := colours(d)
	ck, cs := colours(c)
	if d.W > c.W || len(d.Moves) > len(c.Moves) || dk > ck {
		return false
	}
	return d.W < c.W || len(d.Moves) < len(c.Moves) || dk < ck || ds < cs
}

// match3Smaller reports whether d is no larger than c in any way and
// smaller in one: rows, columns, operations, specials or colours.
func match3Smaller(d, c *match3.Case) bool {
	specials := func(c *match3.Case) int {
		n := 0
		for _, p := range c.Board {
			if p.Special != match3.Plain {
				n++
			}
		}
		return n
	}
	ds, cs := specials(d), specials(c)
	if d.Rows > c.Rows || d.Cols > c.Cols || len(d.Ops) > len(c.Ops) || ds > cs || d.Colours > c.Colours {
		return false
	}
	return d.Rows < c.Rows || d.Cols < c.Cols || len(d.Ops) < len(c.Ops) || ds < cs || d.Colours < c.Colours
}

// The generators must make every rare situation a bug could hide in, and
// not once in a blue moon: each turns up at least a few times in a few
// thousand cases. The planted-bug test shows the same from the other
// side; these tests name the situation that went missing.

// coverage counts how often each situation turned up.
type coverage map[string]int

func (cov coverage) require(t *testing.T, min int, situations ...string) {
	t.Helper()
	for _, s := range situations {
		if cov[s] < min {
			t.Errorf("%q turned up %d times, want at least %d", s, cov[s], min)
		}
	}
	keys := make([]string, 0, len(cov))
	for k := range cov {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%6d  %s\n", cov[k], k)
	}
	t.Logf("situations:\n%s", b.String())
}

func TestSameGameCasesReachRareSituations(t *testing.T) {
	cases, _ := sample(enginetest.SameGameCases(), 3000)
	cov := coverage{}
	for _, v := range cases {
		c := v.(*samegame.Case)
		tr := reference.PlaySameGame(c)
		before := c.Board
		for i, r := range tr.Moves {
			after := tr.Detail[i].Board
			switch {
			case r.Removed == 0:
				cov["click on an empty cell"]++
			case r.Removed == 1:
				cov["single cube"]++
			case r.Points > 1<<31:
				cov["group worth more than 2^31"]++
			}
			if gone := columns(c.W, before) - columns(c.W, after); gone >= 2 {
				cov["click empties two or more columns"]++
			} else if gone == 1 {
				cov["click empties one column"]++
			}
			before = after
		}
		if len(c.Moves) > 0 && columns(c.W, before) == 0 {
			cov["box cleared"]++
		}
	}
	cov.require(t, 5, "click on an empty cell", "single cube", "click empties one column",
		"click empties two or more columns", "box cleared", "group worth more than 2^31")
}

// columns counts the non-empty columns of a box laid out like
// samegame.Case.Board; cubes lie at the bottom, so the bottom row says.
func columns(n int, board []uint8) int {
	k := 0
	for _, v := range board[(n-1)*n:] {
		if v != 0 {
			k++
		}
	}
	return k
}

func TestMatch3CasesReachRareSituations(t *testing.T) {
	cases, _ := sample(enginetest.Match3Cases(), 3000)
	cov := coverage{}
	for _, v := range cases {
		c := v.(*match3.Case)
		tr := reference.PlayMatch3(c)
		board := c.Board
		for i, r := range tr.Ops {
			cov[swapKind(c, board, r)]++
			if r.Validity != match3.Valid {
				continue
			}
			if r.Hand.Kind != match3.NoHand {
				cov["hand: "+r.Hand.Kind.String()]++
			}
			if r.Main[1] != 0 {
				cov["two main colours"]++
			}
			if r.Rounds >= 3 {
				cov["three or more rounds"]++
			}
			// The first round sees the board as it was, with the two
			// pieces swapped; later rounds see it after falls.
			swapped := slices.Clone(board)
			a, b := c.Index(r.Swap.A), c.Index(r.Swap.B)
			swapped[a], swapped[b] = swapped[b], swapped[a]
			rounds := tr.Detail[i].Rounds
			if runs(c, swapped, rounds[0].Line) >= 2 {
				cov["two runs at once"]++
			}
			for _, cell := range rounds[0].Triggered {
				if cell.X == 1 || cell.Y == 1 || cell.X == c.Rows || cell.Y == c.Cols {
					cov["special on the edge: "+swapped[c.Index(cell)].Special.String()]++
				}
			}
			for _, round := range rounds {
				for _, x := range round.Blocks {
					switch {
					case x == 4:
						cov["block of 4"]++
					case x >= 5:
						cov["block of 5 or more"]++
					}
				}
				for _, cell := range round.Triggered {
					if !slices.Contains(round.Line, cell) {
						cov["special set off by a special"]++
					}
				}
			}
			board = tr.Detail[i].Board
		}
		if tr.Cleared && len(c.Ops) > 0 {
			if tr.AllValid {
				cov["board cleared, all valid"]++
			} else {
				cov["board cleared after an invalid operation"]++
			}
		}
	}
	situations := []string{
		"two main colours", "two runs at once", "three or more rounds",
		"block of 4", "block of 5 or more", "special set off by a special",
		"board cleared, all valid", "board cleared after an invalid operation",
	}
	for k := match3.HighCard; k <= match3.FiveOfAKind; k++ {
		situations = append(situations, "hand: "+k.String())
	}
	for s := match3.Row; s <= match3.Colour; s++ {
		situations = append(situations, "special on the edge: "+s.String())
	}
	for _, k := range []string{"same cell", "diagonal", "far", "empty cell", "same colour", "no run"} {
		situations = append(situations, "invalid: "+k)
	}
	cov.require(t, 5, situations...)
}

// runs counts the maximal runs of three or more that the line cells make
// on board: an L of five is two runs, like two runs apart.
func runs(c *match3.Case, board []match3.Piece, line []match3.Cell) int {
	in := func(x, y int) bool { return slices.Contains(line, match3.Cell{X: x, Y: y}) }
	colour := func(x, y int) int { return board[c.Index(match3.Cell{X: x, Y: y})].Colour }
	n := 0
	for _, cell := range line {
		for _, d := range [2][2]int{{0, 1}, {1, 0}} {
			x, y := cell.X, cell.Y
			if in(x-d[0], y-d[1]) && colour(x-d[0], y-d[1]) == colour(x, y) {
				continue // not the start of a run
			}
			k := 0
			for in(x+k*d[0], y+k*d[1]) && colour(x+k*d[0], y+k*d[1]) == colour(x, y) {
				k++
			}
			if k >= 3 {
				n++
			}
		}
	}
	return n
}

// swapKind names the kind of an operation played on board.
func swapKind(c *match3.Case, board []match3.Piece, r match3.Result) string {
	s := r.Swap
	dx, dy := max(s.A.X-s.B.X, s.B.X-s.A.X), max(s.A.Y-s.B.Y, s.B.Y-s.A.Y)
	switch r.Validity {
	case match3.Valid:
		return "valid"
	case match3.NotAdjacent:
		switch {
		case dx == 0 && dy == 0:
			return "invalid: same cell"
		case dx == 1 && dy == 1:
			return "invalid: diagonal"
		}
		return "invalid: far"
	case match3.EmptyCell:
		return "invalid: empty cell"
	}
	if board[c.Index(s.A)].Colour == board[c.Index(s.B)].Colour {
		return "invalid: same colour"
	}
	return "invalid: no run"
}

// sameGameColours returns the distinct colours of a box, ascending.
func sameGameColours(board []uint8) []uint8 {
	var seen [samegame.Colours + 1]bool
	for _, v := range board {
		seen[v] = true
	}
	var used []uint8
	for v := range seen {
		if seen[v] {
			used = append(used, uint8(v))
		}
	}
	return used
}
