package casegen

import "math/rand/v2"

// DecodeSameGame and DecodeMatch3 turn a native fuzzer's bytes into a
// case that is always valid, and EncodeSameGame and EncodeMatch3 write a
// known case as bytes they turn back into it (a seed corpus). They live
// here, beside the generators whose knobs and boards they draw, so that
// cascade's own fuzz targets and an engine's outside cascade
// (enginetest.Fuzz) decode the same bytes into the same cases.

// stream is the fuzzer's input read front to back, one byte per choice.
// Past the end every byte reads as 0, so any input, the empty one
// included, decodes to a case.
type stream struct {
	data []byte
}

// more reports whether bytes are left.
func (s *stream) more() bool { return len(s.data) > 0 }

// next returns the next byte, 0 past the end.
func (s *stream) next() byte {
	if len(s.data) == 0 {
		return 0
	}
	b := s.data[0]
	s.data = s.data[1:]
	return b
}

// intn returns the next byte modulo n, n in 1..256: a choice among n.
func (s *stream) intn(n int) int { return int(s.next()) % n }

// rng returns the generator seeded by the next two bytes. It fills a
// board and makes the choices an operation byte leaves open, so that a
// whole board costs two bytes and an operation one: the fuzzer's inputs
// stay short, and dropping a byte of the operations drops one operation.
func (s *stream) rng() *rand.Rand {
	seed := uint64(s.next())<<8 | uint64(s.next())
	return rand.New(rand.NewPCG(seed, 0x63617363616465))
}

// Limits of decoded cases. They keep a single execution short, so the
// fuzzer runs many; the engine's handling of large boards is the business
// of its own tests and of the knobs.
const (
	// DecodeMaxSide is the largest side of a decoded board.
	DecodeMaxSide = 12
	// DecodeMaxOps is the largest number of decoded moves or operations.
	DecodeMaxOps = 40
)

// Header and operation bytes. explicit, in the header, asks for a board
// given cell by cell instead of drawn from the seed; raw, as an operation,
// is followed by free coordinates. The encoders write every case this
// way. Below aimed (match-3) or aimedClick (SameGame), an operation byte
// picks among the operations the board as it stands offers: a swap that
// makes a run, a cube to click.
const (
	explicit   = 0xFF
	raw        = 0xFF
	aimed      = 0xC0
	aimedClick = 0xE0
)
