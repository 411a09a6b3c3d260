package casegen

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/cascade-harness/cascade/samegame"
)

// SameGameOptions say what SameGame generates. The zero value gives small
// boxes (side 1..8, 1..5 colours, 0..12 clicks) with every click aimed at
// a cube of the box as it stands.
type SameGameOptions struct {
	// Rules is the rule set the case is played under; the zero value is
	// codeabbey. The clicks are aimed by playing under it.
	Rules samegame.Rules
	// N is the side of the box, its number of columns; zero: 1..8.
	// BigGroup raises it to at least 257.
	N Range
	// H is the number of rows; zero: N's draw, a square box.
	H Range
	// Colours is the number of colours, a random subset of 1..9; clamped
	// to 1..9; zero: 1..5.
	Colours Range
	// Clicks is the number of clicks; zero: 0..12, or 1..4 with BigGroup.
	Clicks Range
	// Random is the fraction of clicks drawn uniformly over the N x N
	// frame, wherever the cubes are.
	Random float64
	// Empty is the fraction of clicks aimed at an empty cell of the frame
	// (above a column, or right of the last column), when there is one.
	Empty float64
	// Columns, when positive, plants one or two combs in the box: teeth
	// columns of one colour, side by side or one apart, joined by the top
	// or bottom row (not with BigGroup). It is also the fraction of
	// clicks aimed at a group that fills two or more columns, when there
	// is one, so that one click empties several columns at once.
	Columns float64
	// BigGroup makes a box of at least 257 x 257 cubes of one colour with
	// sparse specks of the others, and aims the first click at it: one
	// group of more than 65535 cubes, worth more than 2^31 points.
	BigGroup bool
	// MaxColour is the largest colour drawn, 1..9; zero: 9.
	MaxColour int
	// Stacked makes a box that every game ends with exactly Left cubes
	// in, whatever its clicks (stackedBoard): a cleared box (Left 0), a
	// dead end with Left cubes left, or a dead start (Left the whole
	// box). It needs a rule set whose minimum is 2 or more, and three
	// colours when 0 < Left < the box's cells (two when Left is the
	// whole box); it draws more when Colours gives fewer. Not with
	// BigGroup or Speckled.
	Stacked bool
	Left    int
	// Speckled makes a box of one colour with sparse specks of the
	// others, no two touching, so that the main colour is one group of
	// most of the box, whatever its size (not with BigGroup).
	Speckled bool
	// Legal makes every click remove a group of at least the rule set's
	// minimum (Confine.Legal): Random and Empty are not drawn, and the
	// clicks end early when the game is over.
	Legal bool
	// NewPlayer starts the game the clicks are aimed at; nil: the
	// reference. Should it panic, the reference takes its place from
	// there (see fallback.go).
	NewPlayer func(*samegame.Case) SameGamePlayer
}

func (o SameGameOptions) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "samegame N=%v", o.n())
	if o.H != (Range{}) {
		fmt.Fprintf(&b, " H=%v", o.H)
	}
	fmt.Fprintf(&b, " colours=%v clicks=%v", o.Colours.or(Between(1, 5)), o.clicks())
	for _, f := range []struct {
		name string
		v    float64
	}{{"random", o.Random}, {"empty", o.Empty}, {"columns", o.Columns}} {
		if f.v != 0 {
			fmt.Fprintf(&b, " %s=%.2g", f.name, f.v)
		}
	}
	if o.BigGroup {
		b.WriteString(" big-group")
	}
	if o.Stacked {
		fmt.Fprintf(&b, " stacked left=%d", o.Left)
	}
	if o.Speckled {
		b.WriteString(" speckled")
	}
	if !o.Rules.IsDefault() {
		fmt.Fprintf(&b, " rules=%s", o.Rules.Name)
	}
	return b.String()
}

func (o SameGameOptions) n() Range {
	if o.BigGroup {
		return o.N.or(Between(257, 280)).clamp(257, 1<<14)
	}
	return o.N.or(Between(1, 8)).clamp(1, 1<<14)
}

// h is the range of the number of rows when H is set.
func (o SameGameOptions) h() Range { return o.H.or(o.n()).clamp(1, maxSameGameSide) }

func (o SameGameOptions) clicks() Range {
	if o.BigGroup {
		return o.Clicks.or(Between(1, 4)).clamp(0, 1<<20)
	}
	return o.Clicks.or(Between(0, 12)).clamp(0, 1<<20)
}

// SameGame returns a random case drawn as o says. It always passes
// Validate.
func SameGame(r *rand.Rand, o SameGameOptions) *samegame.Case {
	c, _ := sameGame(r, o, false)
	return c
}

// A SameGamePlayed is a generated case's play by the player its clicks
// were aimed at (SameGameOptions.NewPlayer): the player as the case's
// last click left it, and the result of each click.
type SameGamePlayed struct {
	Player  SameGamePlayer
	Results []samegame.Result
	// Columns are the columns standing after each click, when the
	// player counts them (it has a method Columns() int); else nil.
	Columns []int
}

// SameGamePlay is SameGame, with the case's play by the player of
// NewPlayer, which aimed its clicks: what that player answers the case
// without playing it again. The SameGamePlayed is the zero one when
// NewPlayer is nil, or when its player panicked and the reference stood
// in for it.
func SameGamePlay(r *rand.Rand, o SameGameOptions) (*samegame.Case, SameGamePlayed) {
	return sameGame(r, o, true)
}

// sameGame is SameGame, and SameGamePlay when keep is set.
func sameGame(r *rand.Rand, o SameGameOptions, keep bool) (*samegame.Case, SameGamePlayed) {
	c := SameGameBox(r, o)
	g := startSameGame(o.NewPlayer, c)
	clicks := o.clicks().draw(r)
	c.Moves = make([]samegame.Move, 0, clicks)
	var (
		results []samegame.Result
		columns []int
		counter interface{ Columns() int }
	)
	if keep {
		results = make([]samegame.Result, 0, clicks)
		if f, ok := g.(*sameGameFallback); ok && !f.ref {
			if counter, _ = f.g.(interface{ Columns() int }); counter != nil {
				columns = make([]int, 0, clicks)
			}
		}
	}
	for i := range clicks {
		m, ok := o.next(r, g, c.W, c.H, i == 0)
		if !ok {
			break
		}
		res := g.Apply(m)
		if keep {
			results = append(results, res)
			if counter != nil {
				columns = append(columns, counter.Columns())
			}
		}
		c.Moves = append(c.Moves, m)
	}
	if f, ok := g.(*sameGameFallback); keep && ok && !f.ref {
		return c, SameGamePlayed{Player: f.g, Results: results, Columns: columns}
	}
	return c, SameGamePlayed{}
}

// SameGameBox returns the start position of a case drawn as o says, with
// no clicks: the side, the colours, the cubes, and the combs or the big
// group.
func SameGameBox(r *rand.Rand, o SameGameOptions) *samegame.Case {
	n := o.n().draw(r)
	top := cmp.Or(o.MaxColour, samegame.Colours)
	pal := palette(r, o.Colours.or(Between(1, 5)).clamp(1, top).draw(r), top)
	h := n
	if o.H != (Range{}) && !o.BigGroup {
		h = o.h().draw(r)
	}
	c := &samegame.Case{Rules: o.Rules, W: n, H: h}
	if o.BigGroup {
		// A comb would cut the group in pieces.
		c.Board = bigGroupBoard(r, n, pal)
		return c
	}
	switch {
	case o.Stacked:
		least := max(o.Rules.Effective().Min, 2)
		left := min(max(o.Left, 0), n*h)
		need := 1
		switch {
		case left == n*h:
			need = 2
		case left > 0:
			need = 3
		}
		if len(pal) < need {
			pal = palette(r, min(need, top), top)
		}
		c.Board = stackedBoard(r, n, h, pal, least, left)
		return c
	case o.Speckled:
		c.Board = speckledBoard(r, n, h, pal)
		return c
	}
	c.Board = sameGameBoard(r, n*h, pal)
	if o.Columns > 0 {
		for range 1 + r.IntN(2) {
			plantComb(r, c.Board, n, h, uint8(pal[r.IntN(len(pal))]))
		}
	}
	return c
}

// SameGameTargets returns the cells a click can aim at on the w x h box
// of g as it stands: every cube, columns left to right and each bottom
// up, and every empty cell of the frame, in the same order.
func SameGameTargets(g SameGamePlayer, w, h int) (cubes, empty []samegame.Move) {
	b := box(g, w, h)
	for i := range b.cubes() {
		cubes = append(cubes, b.cube(i))
	}
	for i := range w*h - b.cubes() {
		empty = append(empty, b.hole(i, h))
	}
	return cubes, empty
}

// click chooses the next click on the w x h box of g as it stands.
func (o SameGameOptions) click(r *rand.Rand, g SameGamePlayer, w, h int, first bool) samegame.Move {
	uniform := samegame.Move{X: r.IntN(w), Y: r.IntN(h)}
	if o.BigGroup && first {
		// Specks lie only where both row and column are even: column 1
		// is the big group's from bottom to top.
		return samegame.Move{X: 1, Y: r.IntN(h)}
	}
	if chance(r, o.Random) {
		return uniform
	}
	b := box(g, w, h)
	cubes := b.cubes()
	switch {
	case cubes > 0 && cubes < w*h && chance(r, o.Empty):
		return b.hole(r.IntN(w*h-cubes), h)
	case chance(r, o.Columns):
		if wide := scratchOf(g).wideGroups(b, 0); len(wide) > 0 {
			return wide[r.IntN(len(wide))]
		}
	}
	if cubes == 0 {
		return uniform
	}
	return b.cube(r.IntN(cubes))
}

// standing is a box as it stands, column by column, each column cut at
// its first empty cell (cubes lie at the bottom of their column).
type standing [][]uint8

// box reads the w x n box of g as it stands. A player that reads its
// columns (the generator's fallback over the engine, a columnReader)
// gives them as they stand in its memory, not copied: b is read, never
// written, and dropped before the next click changes the box. Else one
// array, kept from click to click (scratchOf), holds every column, each
// with room for n cubes: growing w columns one cube at a time made
// generation cost more than playing the case.
func box(g SameGamePlayer, w, n int) standing {
	sc := scratchOf(g)
	sc.cols = slices.Grow(sc.cols[:0], w)[:w]
	cols := sc.cols
	if f, ok := g.(*sameGameFallback); ok {
		f.columns(cols)
		return cols
	}
	if c, ok := g.(columnReader); ok {
		for x := range cols {
			cols[x] = c.Column(x)
		}
		return cols
	}
	sc.cells = slices.Grow(sc.cells[:0], w*n)[:w*n]
	cells := sc.cells
	for x := range cols {
		cols[x] = cells[x*n : x*n : x*n+n]
		for y := 0; y < n; y++ {
			v := g.At(x, y)
			if v == 0 {
				break
			}
			cols[x] = append(cols[x], v)
		}
	}
	return cols
}

// cubes returns the number of cubes of b.
func (b standing) cubes() int {
	n := 0
	for _, col := range b {
		n += len(col)
	}
	return n
}

// cube returns a click on cube i of b, 0 <= i < b.cubes(), counting
// columns left to right, each bottom up.
func (b standing) cube(i int) samegame.Move {
	x := 0
	for i >= len(b[x]) {
		i -= len(b[x])
		x++
	}
	return samegame.Move{X: x, Y: i}
}

// hole returns a click on empty cell i of b's frame, n rows high,
// counting columns left to right, each bottom up.
func (b standing) hole(i, n int) samegame.Move {
	x := 0
	for i >= n-len(b[x]) {
		i -= n - len(b[x])
		x++
	}
	return samegame.Move{X: x, Y: len(b[x]) + i}
}

// Under adapts knobs drawn for the statement's rules (SameGameKnobs, and
// steering) to the rule set rules: the case plays under it; one case in
// four, when the rule set names a usual box that maxSize allows, is that
// box with its colours and clicks enough to reach the end of the game;
// half the others get as many rows as they draw columns, the rest a
// rectangle. Under the statement's rules it returns o as it is and draws
// nothing, so that their cases stay what they were.
func (o SameGameOptions) Under(r *rand.Rand, rules samegame.Rules, maxSize int) SameGameOptions {
	rules = rules.Effective()
	if rules.IsCodeAbbey() {
		return o
	}
	o.Rules = rules
	w, h := rules.Width, rules.Height
	usual := w > 0 && (maxSize <= 0 || max(w, h) <= maxSize)
	switch {
	case o.BigGroup:
	case usual && r.IntN(4) == 0:
		o.N, o.H = Exactly(w), Exactly(h)
		if rules.Colours > 0 {
			o.Colours = Exactly(rules.Colours)
		}
		o.Clicks = Between(w*h/8, w*h/2)
		o.Columns, o.Random = 0, 0
	case r.IntN(2) == 0:
		o.H = o.n()
	}
	return o
}
