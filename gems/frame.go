package gems

import (
	"bytes"
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
)

// frame reads the rest of a match-3 case of a stream whose first line
// is head (Game.Frame): n m k q, then 2nm + 4q integers, of which the
// first line may hold some.
func frame(f *conformance.Framer, head []byte) error {
	fields := bytes.Fields(head)
	var v [4]int
	for i := range 4 {
		if i >= len(fields) {
			return fmt.Errorf("line 1: want n m k q")
		}
		if v[i] = conformance.Count(fields[i]); v[i] < 0 {
			return fmt.Errorf("line 1: %q is not a count", fields[i])
		}
	}
	return f.Ints(2*v[0]*v[1] + 4*v[3] - (len(fields) - 4))
}
