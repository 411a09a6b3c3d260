package planted

import (
	"testing"

	"github.com/cascade-harness/cascade/internal/alloc"
	"github.com/cascade-harness/cascade/samegame"
)

// TestSameGameVariantsPlayALongGameInItsSummary plays every SameGame
// variant on a 1x1 box of 100,000 clicks, the first on the cube and the
// others on the empty cell, as an audit does on a judge's long case: a
// variant plays as the reference does, its trace a summary made once
// (72 bytes a click), not a box per click, grown by append and copied
// at the end, which took some six times that, 1.15 GB for an audit of
// a case of 5,000,000 clicks (25 MB, whose bound is 827 MiB). A
// variant's own step may allocate as much again in garbage (a group
// search of its own on every click).
func TestSameGameVariantsPlayALongGameInItsSummary(t *testing.T) {
	const clicks = 100_000
	c := &samegame.Case{W: 1, H: 1, Board: []uint8{1}, Moves: make([]samegame.Move, clicks)}
	for _, v := range SameGame() {
		var tr samegame.Trace
		n := alloc.Bytes(func() { tr = v.Play(c) })
		if most := uint64(2*72*clicks + 64<<10); n > most {
			t.Errorf("%s: a play of %d clicks allocates %d KB, want at most %d KB (twice 72 bytes a click and 64 KB)", v.Name, clicks, n>>10, most>>10)
		}
		if len(tr.Detail) > 0 && len(tr.Detail) == len(tr.Moves) && tr.Detail[0].Board != nil && len(tr.Moves) > 1 {
			t.Errorf("%s: a box after the first click, want one after the last only", v.Name)
		}
	}
}

// TestXCountedOnTheOriginalColumnsHoldsItsIndexesOnce plays the variant
// on a box of 100,000 x 1 of two colours, 20 clicks: it keeps the
// original index of each column in one list, moved in place as the
// columns close, so the play allocates the box, that list and one
// search (some 4 MB); lists of the standing and the closed columns,
// made afresh on every click, and a box after every click, took it to
// some 90 MB, and its part of an audit of a box of 2,000,000 x 1 to 93
// MB live.
func TestXCountedOnTheOriginalColumnsHoldsItsIndexesOnce(t *testing.T) {
	const w, clicks = 100_000, 20
	c := &samegame.Case{W: w, H: 1, Board: make([]uint8, w)}
	for x := range c.Board {
		c.Board[x] = uint8(1 + x/3%2)
	}
	for i := range clicks {
		c.Moves = append(c.Moves, samegame.Move{X: i * 7 % (w / 2)})
	}
	for _, v := range SameGame() {
		if v.Name != "X counted on the original columns" {
			continue
		}
		n := alloc.Bytes(func() { v.Play(c) })
		t.Logf("%d KB allocated", n>>10)
		// The box: a column's slice and cell; the indexes; a search's
		// marks; the box after the last click.
		if most := uint64(w * (24 + 1 + 8 + 1 + 1) * 3 / 2); n > most {
			t.Errorf("a play of %d clicks on a box of %d x 1 allocates %d KB, want at most %d KB", clicks, w, n>>10, most>>10)
		}
		return
	}
	t.Fatal("no variant X counted on the original columns")
}
