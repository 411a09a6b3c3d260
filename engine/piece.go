// piece.go packs a match-3 piece, its colour and its special, into one
// 32-bit word, the element of the board, beside the flags a round sets on
// the cells it marks.

package engine

import "github.com/cascade-harness/cascade/match3"

// A piece is its colour above four flag bits above three bits of special.
// The empty cell is 0, since colours start at 1. The flags are set only
// on cells marked in the current round, which the round's fall empties,
// so between rounds every piece has them clear.
type piece = uint32

const (
	specialBits = 3
	specialMask = 1<<specialBits - 1
	colourShift = specialBits + 4
	// maxColour is the largest colour a piece can hold.
	maxColour = 1<<(32-colourShift) - 1
)

// Flags of a cell marked this round, between the special and the colour.
const (
	markRow   = 1 << (specialBits + iota) // line cell of a horizontal run
	markCol                               // line cell of a vertical run
	markHit                               // marked by a special's effect only
	markVisit                             // reached by this round's block search
	// markAny is set on every marked cell.
	markAny = markRow | markCol | markHit
)

// The flags stay below the colour: this array type has a negative length
// if markVisit reaches the colour's lowest bit.
type _ [1<<colourShift - 2*markVisit]struct{}

// Every colour a valid case may hold fits in a piece: this array type has
// a negative length, and does not compile, if match3.MaxK grows past
// maxColour.
type _ [maxColour - match3.MaxK]struct{}

func pack(colour int, s match3.Special) piece { return piece(colour)<<colourShift | piece(s) }

func unpack(p piece) match3.Piece {
	return match3.Piece{Colour: int(colourOf(p)), Special: specialOf(p)}
}

func colourOf(p piece) uint32 { return p >> colourShift }

func specialOf(p piece) match3.Special { return match3.Special(p & specialMask) }
