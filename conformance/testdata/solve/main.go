// Command solve is a correct solution run as a program under test: it
// reads a case of the game named by its argument (samegame or match3) on
// standard input and prints the score, as the engine computes it.
package main

import (
	"bufio"
	"fmt"
	"os"

	"cascade/engine"
	"cascade/match3"
	"cascade/samegame"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: solve samegame|match3")
		os.Exit(2)
	}
	in := bufio.NewReader(os.Stdin)
	var total int64
	switch os.Args[1] {
	case "samegame":
		c, err := samegame.Parse(in)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		total = engine.PlaySameGame(c).Total
	case "match3":
		c, err := match3.Parse(in)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		total = engine.PlayMatch3(c).Total
	default:
		fmt.Fprintf(os.Stderr, "solve: unknown game %q\n", os.Args[1])
		os.Exit(2)
	}
	fmt.Println(total)
}
