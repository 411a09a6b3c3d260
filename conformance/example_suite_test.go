package conformance_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/samegame"
)

// solver is a third party's SameGame implementation with a bug: it adds
// up the points in 32 bits, as a C solution with int would.
type solver struct{}

func (solver) PlaySameGame(c *samegame.Case) (samegame.Trace, error) {
	t := engine.PlaySameGame(c)
	var total int32
	for i, m := range t.Moves {
		t.Moves[i].Points = int64(int32(m.Points))
		total += int32(m.Points)
	}
	t.Total = int64(total)
	return t, nil
}

// printT stands in for the *testing.T of a test, printing the first line
// of every report about a built-in case.
type printT struct{}

func (printT) Helper()                        {}
func (printT) Context() context.Context       { return context.Background() }
func (printT) Fatalf(format string, a ...any) { fmt.Printf("FATAL "+format+"\n", a...) }
func (printT) Errorf(format string, a ...any) {
	msg, _, _ := strings.Cut(fmt.Sprintf(format, a...), "\n")
	if strings.HasPrefix(msg, "built-in case") {
		fmt.Println(msg)
	}
}

// A package checks its own implementation with one call in a test:
//
//	func TestSolver(t *testing.T) {
//		cubes.Game.Test(t, cubes.Game.Func("solver", solver{}.PlaySameGame))
//	}
//
// Every failing case is reported with t.Errorf, as an Input / Output /
// Want report; here the built-in boxes whose one group is worth more
// than 2^31 points catch the 32-bit total.
func ExampleGame_Test() {
	cubes.Game.Test(printT{}, cubes.Game.Func("solver", solver{}.PlaySameGame))
	// Output:
	// built-in case samegame-large-group: wrong answer: move 1: got (0 0): 65536 cubes of colour 1, -2147450880 points, want (0 0): 65536 cubes of colour 1, 2147516416 points
	// built-in case samegame-one-colour-300x300: wrong answer: move 1: got (0 0): 90000 cubes of colour 1, -244922296 points, want (0 0): 90000 cubes of colour 1, 4050045000 points
}
