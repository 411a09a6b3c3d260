package casegen

import (
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// SameGamePlayer is a SameGame in progress, as the generator sees it: it
// applies clicks and shows the box as it stands. The reference's and the
// engine's stateful games satisfy it.
type SameGamePlayer interface {
	Apply(samegame.Move) samegame.Result
	// At returns the colour at column x from the left and row y from the
	// bottom of the box as it stands; 0 for an empty cell.
	At(x, y int) uint8
}

// columnReader is a SameGamePlayer that gives a column's cubes in one
// call, as the engine does: a click on a box of 257 x 257 read it a cell
// at a time, 66,049 calls.
type columnReader interface {
	// Column returns the cubes of column x as it stands, bottom up, to
	// its first empty cell; At(x, y) for y below its length.
	Column(x int) []uint8
}

// Match3Player is a match-3 game in progress, as the generator sees it:
// it applies swaps and shows the board as it stands. The reference's and
// the engine's stateful games satisfy it.
type Match3Player interface {
	Apply(match3.Swap) match3.Result
	// At returns the piece at cell; Colour 0 for an empty cell.
	At(match3.Cell) match3.Piece
}

// A QueueCounter is a Match3Player that tells how many pieces are left
// in each column's queue, appended to dst: FillQueues then takes its
// last game's count for the reference's, without playing the reference.
type QueueCounter interface {
	Match3Player
	QueuesLeft(dst []int) []int
}

// A SwapLister is a Match3Player that lists the valid swaps of its board
// as it stands, as reference.Grid.ValidSwaps lists them, appended to dst:
// a generator aims every operation at them, and a player that keeps its
// board finds them without the copy and rescan of the reference's grid.
type SwapLister interface {
	Match3Player
	ValidSwaps(dst []reference.ValidSwap) []reference.ValidSwap
}

// referenceSameGame is the reference as a player, which keeps nothing per
// click: a generator reads the box, not the trace.
func referenceSameGame(c *samegame.Case) SameGamePlayer { return reference.NewSameGameStepwise(c) }

func referenceMatch3(c *match3.Case) Match3Player { return reference.NewMatch3(c) }
