package cubes_test

import (
	"context"
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/samegame"
)

// A rule set of one's own is a value of settings: here groups of at least
// two cubes scoring (n-1)^2, and empty columns closing to the right.
// cubes.Under is SameGame under it; the built-in engine passes a check
// of generated cases, and a program under test would read the rules from
// conformance.RulesEnv.
func ExampleUnder() {
	r, err := samegame.ParseRules("custom min=2 points=(n-1)^2 close=right")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := cubes.Under(r)
	rep, err := g.Any().RunPlayer(context.Background(), conformance.EngineName, conformance.RunOptions{Seed: 1, Count: 200})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Rules)
	fmt.Println("accepted:", rep.Ok(), rep.Generated, "generated cases")
	// Output:
	// custom min=2 points=(n-1)^2 clear=0 left=0 end=over close=right
	// accepted: true 200 generated cases
}
