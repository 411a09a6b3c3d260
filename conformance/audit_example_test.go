package conformance_test

import (
	"context"
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
)

// Audit measures test data: here the statement's SameGame example alone,
// with its answer. It reaches three of the coverage items and kills half
// the planted variants; the survivors name what the data never tries.
func ExampleGame_Audit() {
	example := cubes.Game.Builtin()[:1]
	rep, err := cubes.Game.Audit(context.Background(), example, conformance.AuditOptions{})
	if err != nil {
		panic(err)
	}
	c := rep.Cases[0]
	fmt.Printf("%s: reference %d, answer file %d, disputed %t\n", c.Name, c.Reference, c.Answer, c.Disputed())
	for _, ic := range rep.Coverage {
		if ic.Count > 0 {
			fmt.Printf("reaches %s %d times\n", ic.Name, ic.Count)
		}
	}
	killed, counted := rep.Score()
	fmt.Printf("mutation score: %d of %d\n", killed, counted)
	for _, v := range rep.Variants {
		if !v.Killed() {
			fmt.Printf("survives: %s %s\n", v.Rule, v.Name)
		}
	}
	// Output:
	// samegame-example: reference 54, answer file 54, disputed false
	// reaches close-one 2 times
	// reaches close-several 1 times
	// reaches single-cube 7 times
	// mutation score: 11 of 20
	// survives: S5 group search queue of N*N cells overflows
	// survives: S4 empty-cell click lands on the column's top cube
	// survives: S4 empty-cell click scores 1
	// survives: S4 play stops at the first empty-cell click
	// survives: S7 c(c+1) multiplied in 32 bits before halving
	// survives: S7 score kept in 32 bits
	// survives: S7 box held in a fixed 20x20 array
	// survives: S6 only the first emptied column closed
	// survives: S6 of two adjacent emptied columns the second stays
}
