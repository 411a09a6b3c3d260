// piece.go packs a match-3 piece, its colour and its special, into one
// 32-bit word, the element of the board.

package engine

import "cascade/match3"

// A piece is its colour above three bits of special. The empty cell is
// 0, since colours start at 1.
type piece = uint32

const (
	specialBits = 3
	specialMask = 1<<specialBits - 1
	// maxColour is the largest colour a piece can hold.
	maxColour = 1<<(32-specialBits) - 1
)

// Every colour a valid case may hold fits in a piece: this array type has
// a negative length, and does not compile, if match3.MaxK grows past
// maxColour.
type _ [maxColour - match3.MaxK]struct{}

func pack(colour int, s match3.Special) piece { return piece(colour)<<specialBits | piece(s) }

func colourOf(p piece) uint32 { return p >> specialBits }

func specialOf(p piece) match3.Special { return match3.Special(p & specialMask) }
