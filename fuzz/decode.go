package fuzz

// stream is the fuzzer's input read front to back, one byte per choice.
// Past the end every byte reads as 0, so any input, the empty one
// included, decodes to a case; bytes left over are ignored.
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

// Limits of decoded cases. They keep a single execution short, so the
// fuzzer runs many; the engine's handling of large boards is the business
// of its own tests and of casegen's knobs.
const (
	// maxSide is the largest side of a decoded board.
	maxSide = 12
	// maxOps is the largest number of decoded moves or operations.
	maxOps = 40
)

// Kinds of operation byte: below aimed, a choice among the operations
// the board as it stands offers (a cube to click, a swap that makes a
// run); from aimed on, raw coordinates, which may hit an empty cell or
// make no run. Three in four random bytes thus give an aimed operation:
// differential fuzzing learns little from operations that do nothing.
const (
	aimed = 0xC0
	// rawFar, the top of the match-3 raw kinds, gives four free
	// coordinates; the encoders write every operation this way.
	rawFar = 0xF0
	raw    = 0xFF
)
