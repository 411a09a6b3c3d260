package sample

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/internal/lazy"
)

// StandardCount is the number of the benchmark's standard positions.
const StandardCount = 20

// Standard returns the benchmark rule set's 20 standard 15x15 positions,
// each with a move list played to the end of the game and the total the
// source's own game state gives for it (standard/README.md says where they
// come from and how they were converted). Position k is Standard()[k-1],
// named "benchmark-standard-NN"; its input opens with "rules benchmark".
func Standard() []Example { return standard.Get() }

// StandardPositions returns the 20 positions alone, with no clicks, in
// the order of Standard: the start positions of the papers' tables.
func StandardPositions() []Example { return standardPositions.Get() }

//go:embed standard
var standardFS embed.FS

var (
	standard = lazy.Value[[]Example]{Make: func() []Example {
		return loadStandard("standard/played/%02d", "benchmark-standard-%02d", true)
	}}
	standardPositions = lazy.Value[[]Example]{Make: func() []Example {
		return loadStandard("standard/%02d", "benchmark-position-%02d", false)
	}}
)

// loadStandard reads the 20 inputs at the paths pattern makes of 1..20,
// with their answer files when answers is set. A position with no clicks
// has none: its total is 0, since no move scores and the board is not
// empty. As for load, the files are part of the package and a missing one
// is a fault of the build.
func loadStandard(pattern, name string, answers bool) []Example {
	es := make([]Example, StandardCount)
	for k := 1; k <= StandardCount; k++ {
		p := fmt.Sprintf(pattern, k)
		in, err := standardFS.ReadFile(p + ".in")
		if err != nil {
			panic(err)
		}
		var want int64
		if answers {
			ans, err := standardFS.ReadFile(p + ".ans")
			if err != nil {
				panic(err)
			}
			if want, err = strconv.ParseInt(strings.TrimSpace(string(ans)), 10, 64); err != nil {
				panic(fmt.Sprintf("sample: %s.ans: %v", p, err))
			}
		}
		es[k-1] = Example{Name: fmt.Sprintf(name, k), Input: string(in), Want: want}
	}
	return es
}
