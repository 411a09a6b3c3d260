package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// TestValidSwapsAreTheReferences plays generated cases an operation at a
// time, and before every operation compares the engine's valid swaps
// with the reference's on the same board: the same swaps, in the same
// order, with the same main colours, runs and specials.
func TestValidSwapsAreTheReferences(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 1))
	var got []ValidSwap
	compared := 0
	for range 400 {
		c := casegen.Match3(r, casegen.Match3Options{Specials: 0.2, Colours: casegen.Between(2, 6), Ops: casegen.Between(0, 8)})
		g, ref := NewMatch3(c), reference.NewMatch3(c)
		for _, s := range append(c.Ops, match3.Swap{}) {
			got = g.ValidSwaps(got[:0])
			want := ref.Grid().ValidSwaps()
			conv := make([]reference.ValidSwap, len(got))
			for i, v := range got {
				conv[i] = reference.ValidSwap(v)
			}
			if !slices.Equal(conv, want) {
				t.Fatalf("%s\nvalid swaps %v, the reference's %v", c, conv, want)
			}
			compared += len(want)
			if s == (match3.Swap{}) {
				break
			}
			g.Apply(s)
			ref.Apply(s)
		}
	}
	if compared < 1000 {
		t.Errorf("only %d valid swaps compared", compared)
	}
}
