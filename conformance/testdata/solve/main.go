// Command solve is a correct solution run as a program under test: it
// reads a case of the game named by its argument (samegame or match3) on
// standard input and prints the score, as the engine computes it.
//
// With -burn D it first burns D of CPU time, so that a run costs about
// what a compiled solution of the judges' size does: the overhead
// benchmark of package conformance measures cascade check against both.
//
// With -stream it is a stream program (SPEC.md): it answers case after
// case of its input, each as soon as it is read, burning D for each.
package main

import (
	"bufio"
	"flag"
	"fmt"
	_ "github.com/cascade-harness/cascade/games"
	"io"
	"os"
	"syscall"
	"time"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

func main() {
	burn := flag.Duration("burn", 0, "CPU time to burn before the case is read")
	stream := flag.Bool("stream", false, "answer case after case")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: solve [-burn D] [-stream] samegame|match3")
		os.Exit(2)
	}
	if *stream {
		serve(*burn, flag.Arg(0))
		return
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

// serve answers the cases of its input one after another.
func serve(burn time.Duration, game string) {
	g, ok := conformance.Lookup(game)
	if !ok {
		fmt.Fprintf(os.Stderr, "solve: unknown game %q\n", game)
		os.Exit(2)
	}
	in := bufio.NewReader(os.Stdin)
	line := 0
	for {
		text, _, _, err := conformance.NextCase(in, g, &line)
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		p, err := g.Parse(text)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		start := cpu()
		burnCPU(start + burn)
		total, _ := p.Score(conformance.EngineName)
		fmt.Println(total)
	}
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
