// palette.go holds the mapping between colour numbers and the small ranks
// the match-3 board stores, and the packing of a piece into one word.

package engine

import (
	"slices"

	"cascade/match3"
)

// A piece is packed into one word: its colour rank above three bits of
// special. The empty cell is 0, since ranks start at 1.
type piece = uint32

const (
	specialBits = 3
	specialMask = 1<<specialBits - 1
	// maxRank is the largest colour rank a piece can hold.
	maxRank = 1<<(32-specialBits) - 1
)

func pack(rank uint32, s match3.Special) piece { return rank<<specialBits | piece(s) }

func rankOf(p piece) uint32 { return p >> specialBits }

func specialOf(p piece) match3.Special { return match3.Special(p & specialMask) }

// palette maps colour numbers to ranks and back, keeping their order, so
// comparing ranks compares colours. When the colours are small numbers
// (the usual case) a rank is the colour itself; otherwise the board's
// distinct colours are numbered 1, 2, ... in ascending order.
type palette struct {
	colour []int64 // colour[rank]; colour[0] = 0
	rank   []int   // distinct colours in ascending order, nil when rank = colour
}

// identityLimit bounds the colours that are their own rank: the palette
// then costs at most a few bytes per cell, or 512 KiB.
func newPalette(c *match3.Case) (palette, bool) {
	limit := max(len(c.Board), 1<<16)
	if c.Colours <= limit && c.Colours <= maxRank {
		p := palette{colour: make([]int64, c.Colours+1)}
		for i := range p.colour {
			p.colour[i] = int64(i)
		}
		return p, true
	}
	distinct := make([]int, len(c.Board))
	for i, pc := range c.Board {
		distinct[i] = pc.Colour
	}
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	if len(distinct) > maxRank {
		return palette{}, false
	}
	p := palette{colour: make([]int64, len(distinct)+1), rank: distinct}
	for i, v := range distinct {
		p.colour[i+1] = int64(v)
	}
	return p, true
}

// rankOf returns the rank of colour v, which must be on the board.
func (p *palette) rankOf(v int) uint32 {
	if p.rank == nil {
		return uint32(v)
	}
	i, _ := slices.BinarySearch(p.rank, v)
	return uint32(i + 1)
}
