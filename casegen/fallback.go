package casegen

import (
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// The generator aims its moves at a player other than the reference (the
// engine, for speed) only to choose them: the reference's answers are
// the ones a case is checked against. A player that panics (an engine
// under test, broken) would take the generator, and the run generating,
// down with it. Such a player is replaced, at its first panic, by the
// reference replaying the moves so far, and the generator goes on: the
// case is the one a player that agreed with the reference would have
// led to, on which the engine is then checked, and fails.

// sameGameFallback is a SameGamePlayer that stands in the reference for
// its player at the player's first panic.
type sameGameFallback struct {
	g     SameGamePlayer
	c     *samegame.Case // the start position
	moves []samegame.Move
	ref   bool // g is the reference
	// scratch is what the generator reads the box into, click after
	// click.
	scratch boxScratch
}

// startSameGame starts the player newPlayer makes on c, behind a
// fallback to the reference unless it is the reference.
func startSameGame(newPlayer func(*samegame.Case) SameGamePlayer, c *samegame.Case) SameGamePlayer {
	if newPlayer == nil {
		return referenceSameGame(c.Clone())
	}
	f := &sameGameFallback{c: c.Clone()}
	if !f.try(func() { f.g = newPlayer(c.Clone()) }) {
		f.g = referenceSameGame(f.c.Clone())
		f.ref = true
	}
	return f
}

// try runs do, and reports whether it returned without a panic; a panic
// is dropped when g is not the reference yet, and goes on otherwise.
func (f *sameGameFallback) try(do func()) (ok bool) {
	if f.ref {
		do()
		return true
	}
	defer func() {
		if !ok {
			recover()
		}
	}()
	do()
	return true
}

// fallBack replaces the player by the reference at the moves so far.
func (f *sameGameFallback) fallBack() {
	f.g = referenceSameGame(f.c.Clone())
	f.ref = true
	for _, m := range f.moves {
		f.g.Apply(m)
	}
}

func (f *sameGameFallback) Apply(m samegame.Move) (res samegame.Result) {
	if !f.try(func() { res = f.g.Apply(m) }) {
		f.fallBack()
		res = f.g.Apply(m)
	}
	f.moves = append(f.moves, m)
	return res
}

func (f *sameGameFallback) At(x, y int) (v uint8) {
	if !f.try(func() { v = f.g.At(x, y) }) {
		f.fallBack()
		v = f.g.At(x, y)
	}
	return v
}

// Column gives the player's column when it reads columns, and reads it
// a cell at a time otherwise.
func (f *sameGameFallback) Column(x int) (col []uint8) {
	if !f.try(func() { col = f.column(x) }) {
		f.fallBack()
		col = f.column(x)
	}
	return col
}

// columns reads every column of the box into cols, as Column reads one,
// in one go.
func (f *sameGameFallback) columns(cols standing) {
	read := func() {
		for x := range cols {
			cols[x] = f.column(x)
		}
	}
	if !f.try(read) {
		f.fallBack()
		read()
	}
}

// column is column x of the player, read as Column says.
func (f *sameGameFallback) column(x int) []uint8 {
	if c, ok := f.g.(columnReader); ok {
		return c.Column(x)
	}
	var col []uint8
	for y := 0; y < f.c.H; y++ {
		v := f.g.At(x, y)
		if v == 0 {
			break
		}
		col = append(col, v)
	}
	return col
}

// match3Fallback is sameGameFallback's match-3 twin.
type match3Fallback struct {
	g   Match3Player
	c   *match3.Case
	ops []match3.Swap
	ref bool
}

// startMatch3 is startSameGame's match-3 twin.
func startMatch3(newPlayer func(*match3.Case) Match3Player, c *match3.Case) Match3Player {
	if newPlayer == nil {
		return referenceMatch3(c.Clone())
	}
	f := &match3Fallback{c: c.Clone()}
	if !f.try(func() { f.g = newPlayer(c.Clone()) }) {
		f.g = referenceMatch3(f.c.Clone())
		f.ref = true
	}
	return f
}

func (f *match3Fallback) try(do func()) (ok bool) {
	if f.ref {
		do()
		return true
	}
	defer func() {
		if !ok {
			recover()
		}
	}()
	do()
	return true
}

func (f *match3Fallback) fallBack() {
	f.g = referenceMatch3(f.c.Clone())
	f.ref = true
	for _, s := range f.ops {
		f.g.Apply(s)
	}
}

func (f *match3Fallback) Apply(s match3.Swap) (res match3.Result) {
	if !f.try(func() { res = f.g.Apply(s) }) {
		f.fallBack()
		res = f.g.Apply(s)
	}
	f.ops = append(f.ops, s)
	return res
}

func (f *match3Fallback) At(cell match3.Cell) (p match3.Piece) {
	if !f.try(func() { p = f.g.At(cell) }) {
		f.fallBack()
		p = f.g.At(cell)
	}
	return p
}

// read reads the whole board into g, as At reads a cell: the player's
// in one go, the reference's once it took over, or when the player
// panics on the way.
func (f *match3Fallback) read(g reference.Grid) {
	if !f.try(func() { readCells(f.g, g) }) {
		f.fallBack()
		readCells(f.g, g)
	}
}

// QueuesLeft is the player's own (QueueCounter), or the reference's
// count once it took over; nil when the player does not count them.
func (f *match3Fallback) QueuesLeft(dst []int) []int {
	switch g := f.g.(type) {
	case *reference.Match3:
		for _, q := range g.Queues() {
			dst = append(dst, len(q))
		}
		return dst
	case QueueCounter:
		n := len(dst)
		if !f.try(func() { dst = g.QueuesLeft(dst) }) {
			return dst[:n]
		}
		return dst
	}
	return nil
}
