package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"

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
		text, g, first, err := nextCase(br, in.game, &line)
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

// nextCase reads the text of the next case of a stream from r, of game
// g, or of the game its first line shows when g is nil; line counts the
// lines read, and first is the case's first line. Blank lines before a
// case are skipped; io.EOF says no case is left. A case ends where its
// own counts say (SameGame: N, N rows, K and K pairs; match-3: n m k q,
// then 2nm + 4q integers), so nothing past it is read.
func nextCase(r *bufio.Reader, g conformance.Any, line *int) (text []byte, game conformance.Any, first int, err error) {
	read := func() ([]byte, error) {
		l, err := r.ReadBytes('\n')
		if len(l) > 0 {
			*line++
			return l, nil
		}
		return nil, err
	}
	var head []byte
	for {
		head, err = read()
		if err != nil {
			return nil, nil, *line + 1, err
		}
		if len(bytes.TrimSpace(head)) > 0 {
			break
		}
	}
	first = *line
	fields := bytes.Fields(head)
	if g == nil {
		for _, c := range conformance.Games {
			if c.Recognise(len(fields)) {
				g = c
			}
		}
		if g == nil {
			return nil, nil, first, fmt.Errorf("line 1: want one integer (SameGame) or four (match-3), got %d fields", len(fields))
		}
	}
	text = append(text, head...)
	more := func(ints int) error {
		for ints > 0 {
			l, err := read()
			if err != nil {
				return fmt.Errorf("the input ends %d integers before the case does", ints)
			}
			text = append(text, l...)
			ints -= len(bytes.FieldsFunc(l, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\r' || r == '\n' }))
		}
		return nil
	}
	atoi := func(b []byte) int {
		v, err := strconv.Atoi(string(b))
		if err != nil || v < 0 {
			return -1
		}
		return v
	}
	switch g.Name() {
	case "samegame":
		n := atoi(fields[0])
		if len(fields) != 1 || n < 0 {
			return nil, nil, first, fmt.Errorf("line 1: %q is not a side N", bytes.TrimSpace(head))
		}
		for range n {
			l, err := read()
			if err != nil {
				return nil, nil, first, fmt.Errorf("the input ends inside the box")
			}
			text = append(text, l...)
		}
		var kl []byte
		for len(bytes.TrimSpace(kl)) == 0 {
			if kl, err = read(); err != nil {
				return nil, nil, first, fmt.Errorf("the input ends before K")
			}
			text = append(text, kl...)
		}
		k := atoi(bytes.TrimSpace(kl))
		if k < 0 {
			return nil, nil, first, fmt.Errorf("line %d: %q is not a count K", n+2, bytes.TrimSpace(kl))
		}
		err = more(2 * k)
	default:
		var v [4]int
		for i := range 4 {
			if i >= len(fields) {
				return nil, nil, first, fmt.Errorf("line 1: want n m k q")
			}
			if v[i] = atoi(fields[i]); v[i] < 0 {
				return nil, nil, first, fmt.Errorf("line 1: %q is not a count", fields[i])
			}
		}
		err = more(2*v[0]*v[1] + 4*v[3] - (len(fields) - 4))
	}
	return text, g, first, err
}
