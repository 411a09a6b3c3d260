package casegen

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// OpKind is the kind of swap the generator aims for: a valid one or one
// of the ways a swap is invalid.
type OpKind uint8

const (
	// OpValid is a swap that makes a run.
	OpValid OpKind = iota
	// OpSameCell swaps a cell with itself (invalid: not adjacent).
	OpSameCell
	// OpDiagonal swaps diagonal neighbours (invalid: not adjacent).
	OpDiagonal
	// OpFar swaps cells two apart in a line, or anywhere farther (invalid:
	// not adjacent).
	OpFar
	// OpEmpty swaps adjacent cells of which at least one is empty
	// (invalid: empty cell). Empty cells appear only once eliminations
	// have opened them at the top of the columns.
	OpEmpty
	// OpSameColour swaps adjacent pieces of the same colour (invalid: no
	// run).
	OpSameColour
	// OpNoRun swaps adjacent pieces of different colours that make no run
	// (invalid: no run).
	OpNoRun

	numOpKinds
)

var opKindNames = [...]string{"valid", "same-cell", "diagonal", "far", "empty", "same-colour", "no-run"}

func (k OpKind) String() string {
	if int(k) < len(opKindNames) {
		return opKindNames[k]
	}
	return fmt.Sprintf("opkind(%d)", uint8(k))
}

// OpMix weighs the kinds of operation: each operation aims for a kind
// drawn with probability proportional to its weight. The zero OpMix is
// DefaultOpMix. When the board offers no swap of the drawn kind, the
// generator makes a valid swap instead (which may open empty cells), and
// failing that the first kind available in the order no-run, same-colour,
// empty, far, diagonal, same-cell.
type OpMix [numOpKinds]int

// DefaultOpMix is mostly valid swaps with a few of every invalid kind.
var DefaultOpMix = OpMix{OpValid: 80, OpSameCell: 2, OpDiagonal: 3, OpFar: 3, OpEmpty: 4, OpSameColour: 3, OpNoRun: 5}

// Only returns the mix that aims every operation at kind k.
func Only(k OpKind) OpMix {
	var m OpMix
	m[k] = 1
	return m
}

func (m OpMix) String() string {
	if m == (OpMix{}) {
		return "default"
	}
	var parts []string
	for k, w := range m {
		if w > 0 {
			parts = append(parts, fmt.Sprintf("%v:%d", OpKind(k), w))
		}
	}
	return strings.Join(parts, ",")
}

// draw picks a kind by weight.
func (m OpMix) draw(r *rand.Rand) OpKind {
	if m == (OpMix{}) {
		m = DefaultOpMix
	}
	total := 0
	for _, w := range m {
		total += max(w, 0)
	}
	if total == 0 {
		return OpValid
	}
	n := r.IntN(total)
	for k, w := range m {
		if n < max(w, 0) {
			return OpKind(k)
		}
		n -= max(w, 0)
	}
	return OpValid
}
