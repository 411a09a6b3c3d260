// Command solve is a correct solution run as a program under test: it
// reads a case of the game named by its argument (samegame or match3) on
// standard input and prints the score, as the engine computes it.
//
// With -burn D it first burns D of CPU time, so that a run costs about
// what a compiled solution of the judges' size does: the overhead
// benchmark of package conformance measures cascade check against both.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"syscall"
	"time"

	"cascade/engine"
	"cascade/match3"
	"cascade/samegame"
)

func main() {
	burn := flag.Duration("burn", 0, "CPU time to burn before the case is read")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: solve [-burn D] samegame|match3")
		os.Exit(2)
	}
	burnCPU(*burn)
	in := bufio.NewReader(os.Stdin)
	var total int64
	switch flag.Arg(0) {
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
		fmt.Fprintf(os.Stderr, "solve: unknown game %q\n", flag.Arg(0))
		os.Exit(2)
	}
	fmt.Println(total)
}

// sink keeps the burn loop from being optimised away.
var sink uint64

// burnCPU computes until the process has used d of CPU time: CPU time,
// not wall-clock time, so that a loaded machine makes the run take
// longer, as it would a real solution's.
func burnCPU(d time.Duration) {
	for cpu() < d {
		for i := range 10000 {
			sink = sink*6364136223846793005 + uint64(i)
		}
	}
}

// cpu is the CPU time the process has used, user and system.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
