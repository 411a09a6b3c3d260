package engine

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// TestMatch3KeptRoundsAreTheReferences plays generated cases of every
// named rule set with a game made keeping rounds, and compares the
// rounds of its start and of each operation with the reference's
// Detail: the cells each refill filled, in the reference's order, the
// blocks' sizes, and how many line and hit cells each round marked.
func TestMatch3KeptRoundsAreTheReferences(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	refilled := 0
	for _, rules := range match3.Named() {
		for i := range 30 {
			c := casegen.Match3Under(r, rules, casegen.Match3Options{Specials: 0.1, Rows: casegen.Between(3, 8), Cols: casegen.Between(3, 8)})
			want := reference.PlayMatch3(c)
			g := NewMatch3KeepingRounds(c)
			compare := func(where string, got, want []match3.Round) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("%s case %d, %s: %d rounds kept, want %d; case\n%v", rules.Name, i, where, len(got), len(want), c)
				}
				for k := range got {
					a, b := got[k], want[k]
					switch {
					case !slices.Equal(a.Refilled, b.Refilled):
						t.Fatalf("%s case %d, %s, round %d: refilled %v, want %v; case\n%v", rules.Name, i, where, k+1, a.Refilled, b.Refilled, c)
					case !slices.Equal(slices.Sorted(slices.Values(a.Blocks)), slices.Sorted(slices.Values(b.Blocks))):
						t.Fatalf("%s case %d, %s, round %d: blocks %v, want %v; case\n%v", rules.Name, i, where, k+1, a.Blocks, b.Blocks, c)
					case len(a.Line) != len(b.Line) || len(a.Hit) != len(b.Hit) || len(a.Triggered) != len(b.Triggered):
						t.Fatalf("%s case %d, %s, round %d: %d line, %d hit, %d triggered cells, want %d, %d, %d; case\n%v",
							rules.Name, i, where, k+1, len(a.Line), len(a.Hit), len(a.Triggered), len(b.Line), len(b.Hit), len(b.Triggered), c)
					}
					refilled += len(a.Refilled)
				}
			}
			compare("start", g.StartRounds(), want.StartRounds)
			for k, s := range c.Ops {
				g.Apply(s)
				var w []match3.Round
				if k < len(want.Detail) {
					w = want.Detail[k].Rounds
				}
				compare("operation "+s.String(), g.Rounds(), w)
			}
		}
	}
	if refilled == 0 {
		t.Fatal("no refill kept: the cases test nothing of it")
	}
}
