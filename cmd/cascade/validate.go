package main

import (
	"fmt"
	"io"
)

// validateLimit is the most problems validate reports; its help says so.
const validateLimit = 100

var validateCommand = &command{
	name:    "validate",
	summary: "check an input and summarise it",
	help: `Usage: cascade validate [--game samegame|match3] [FILE | --example NAME]

Validate reads the case in FILE (standard input when FILE is absent or
"-") and checks it against the input format. It reports every problem on
standard error, one line each naming the line and what is wrong there,
and exits 1:

  cascade: FILE: line 4: row has 4 characters, want 5
  cascade: FILE: line 9: pair 3: X = 7 outside 0..4

Where a problem hides the input's shape (a bad header, input that ends
early) validate reports it and stops; it also stops after 100 problems.

A valid input prints a one-line summary on standard output and exits 0:

  samegame: N=5, K=12: valid; the statement sets no limits
  match3: 8x8, k=5, q=5: valid; inside the statement's limits
  match3: 60x60, k=5, q=5: valid; outside the statement's limits: n = 60 outside 2..50

The statement's match-3 limits (2 <= n, m <= 50, n + m > 4, 2 <= k <= 100,
1 <= q <= 1000) are what a judge guarantees; cascade plays larger inputs
too, so passing them does not make an input invalid.

Flags:
` + inputFlagsHelp,
	run: runValidate,
}

func runValidate(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	p, code, ok := readPuzzle(c, args, stdin, stdout, stderr, nil, validateLimit)
	if !ok {
		return code
	}
	fmt.Fprintf(stdout, "%s: %s: valid; %s\n", p.Game().Name(), p.Size(), p.Limits())
	return exitOK
}
