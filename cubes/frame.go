package cubes

import (
	"bytes"
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
)

// frame reads the rest of a SameGame case of a stream whose first line
// is head (Game.Frame): its rules line if any, N or W H, N or H rows, K
// and K pairs.
func frame(f *conformance.Framer, head []byte) error {
	fields, sizeLine := bytes.Fields(head), 1
	if len(fields) > 0 && string(fields[0]) == "rules" {
		// The rules line; the size follows on the next line.
		var err error
		if head, err = f.Line(); err != nil {
			return fmt.Errorf("the input ends before the box's size")
		}
		fields, sizeLine = bytes.Fields(head), 2
	}
	size := bytes.TrimSpace(head)
	if len(fields) != 1 && len(fields) != 2 {
		return fmt.Errorf("line %d: %q is not a side N or W H", sizeLine, size)
	}
	n := conformance.Count(fields[len(fields)-1])
	if n < 0 || conformance.Count(fields[0]) < 0 {
		return fmt.Errorf("line %d: %q is not a side N or W H", sizeLine, size)
	}
	for range n {
		if _, err := f.Line(); err != nil {
			return fmt.Errorf("the input ends inside the box")
		}
	}
	var kl []byte
	for len(bytes.TrimSpace(kl)) == 0 {
		var err error
		if kl, err = f.Line(); err != nil {
			return fmt.Errorf("the input ends before K")
		}
	}
	k := conformance.Count(bytes.TrimSpace(kl))
	if k < 0 {
		return fmt.Errorf("line %d: %q is not a count K", n+sizeLine+1, bytes.TrimSpace(kl))
	}
	return f.Ints(2 * k)
}
