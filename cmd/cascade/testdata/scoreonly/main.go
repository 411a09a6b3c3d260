// Command scoreonly is the least program that prints the engine's score
// of a match-3 case: it reads the FILE with input.Open and
// match3.ParseAll and plays it with engine.ScoreMatch3, with no flags,
// no game recognised, no other command linked. BenchmarkStartup times it
// beside cascade score: the floor that reading and playing the case set
// for any program made of cascade's packages.
package main

import (
	"fmt"
	"os"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/match3"
)

func main() {
	f, err := input.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	c, errs := match3.ParseAll(f, 1)
	if len(errs) > 0 {
		fmt.Fprintln(os.Stderr, errs[0])
		os.Exit(1)
	}
	fmt.Println(engine.ScoreMatch3(c))
}
