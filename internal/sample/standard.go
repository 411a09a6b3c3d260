package sample

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/internal/lazy"
)

// Standard returns the benchmark's 20 standard 15x15 positions
// (standard/README.md says where they come from), each with a move list
// played to the end of the game and the total the source's own engine
// gives it, under the benchmark rule set: "benchmark-standard-01" to
// "benchmark-standard-20".
func Standard() []Example { return standard.Get() }

//go:embed standard/played
var played embed.FS

var standard = lazy.Value[[]Example]{Make: func() []Example {
	var exs []Example
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("standard/played/%02d", i)
		in, err := played.ReadFile(name + ".in")
		if err != nil {
			panic(err)
		}
		ans, err := played.ReadFile(name + ".ans")
		if err != nil {
			panic(err)
		}
		want, err := strconv.ParseInt(strings.TrimSpace(string(ans)), 10, 64)
		if err != nil {
			panic(fmt.Sprintf("sample: %s.ans: %v", name, err))
		}
		exs = append(exs, Example{Name: fmt.Sprintf("benchmark-standard-%02d", i), Input: string(in), Want: want})
	}
	return exs
}}
