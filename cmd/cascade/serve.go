package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/cascade-harness/cascade/conformance"
)

// The stream and step protocols of cascade score: with --stream it
// answers case after case of its input, each on a line of its own as
// soon as the case is read; with --steps it answers as the step
// protocol has it (SPEC.md, "Programs under test"). So the built-in
// implementations stand in for a program under test of any protocol.

// serveStream answers every case of in's input, one after another, as
// player (an engine name, or planted:VARIANT) plays it.
func serveStream(in inputFlags, eng scoreEngineFlag, steps bool, stdin io.Reader, stdout, stderr io.Writer) int {
	name, r, done, err := openInput(in.path, in.example, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "cascade: %v\n", err)
		return exitRejected
	}
	defer done()
	br := bufio.NewReader(r)
	line := 0
	for n := 1; ; n++ {
		text, g, first, err := conformance.NextCase(br, in.game, &line)
		if err == io.EOF {
			return exitOK
		}
		var p conformance.Puzzle
		if err == nil {
			p, err = g.Parse(text)
		}
		if rc, ok := errors.AsType[*conformance.RulesConflict](err); ok {
			fmt.Fprintf(stderr, "cascade: %s: case %d (from line %d): %s\n", name, n, first, rc.Explain(in.rulesBy))
			return exitUsage
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade: %s: case %d (from line %d): %v\n", name, n, first, err)
			return exitRejected
		}
		if code := printScore(p, eng, steps, stdout, stderr); code != exitOK {
			return code
		}
	}
}
