package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"cascade/conformance"
)

// The stream and step protocols of cascade score: with --stream it
// answers case after case of its input, each on a line of its own as
// soon as the case is read; with --steps it answers as the step
// protocol has it (SPEC.md, "Programs under test"). So the built-in
// implementations stand in for a program under test of any protocol.

// serveStream answers every case of in's input, one after another, as
// player (an engine name, or planted:VARIANT) plays it.
func serveStream(in inputFlags, eng scoreEngineFlag, steps bool, stdin io.Reader, stdout, stderr io.Writer) int {
	r := stdin
	name := "stdin"
	switch {
	case in.example != "":
		data, _ := example(in.example)
		r, name = bytes.NewReader(data), "--example "+in.example
	case in.path != "-":
		f, err := os.Open(in.path)
		if err != nil {
			fmt.Fprintf(stderr, "cascade: %v\n", err)
			return exitRejected
		}
		defer f.Close()
		r, name = f, in.path
	}
	br := bufio.NewReader(r)
	line := 0
	for n := 1; ; n++ {
		text, g, first, err := conformance.NextCase(br, in.game, &line)
		if err == io.EOF {
			return exitOK
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade: %s: case %d (from line %d): %v\n", name, n, first, err)
			return exitRejected
		}
		p, err := g.Parse(text)
		if err != nil {
			fmt.Fprintf(stderr, "cascade: %s: case %d (from line %d): %v\n", name, n, first, err)
			return exitRejected
		}
		var out bytes.Buffer
		switch variant, planted := eng.planted(); {
		case planted:
			total, err := p.ScorePlanted(variant)
			if err != nil {
				fmt.Fprintf(stderr, "cascade score: %v\n", err)
				return exitRejected
			}
			if steps {
				fmt.Fprintf(stderr, "cascade score: --steps plays no planted variant\n")
				return exitUsage
			}
			fmt.Fprintln(&out, total)
		case steps:
			ok, _ := p.WriteSteps(&out, string(eng), string(eng) == conformance.ReferenceName)
			if !ok {
				fmt.Fprintf(stderr, "cascade score: %s has no step protocol for %s\n", g.Name(), eng)
				return exitRejected
			}
		default:
			total, ok := p.Score(string(eng))
			if !ok {
				fmt.Fprintf(stderr, "cascade score: %s has no built-in implementation %s\n", g.Name(), eng)
				return exitRejected
			}
			fmt.Fprintln(&out, total)
		}
		if _, err := stdout.Write(out.Bytes()); err != nil {
			fmt.Fprintf(stderr, "cascade score: %v\n", err)
			return exitRejected
		}
	}
}
