package main

import (
	"flag"
	"fmt"
	"io"
)

var scoreCommand = &command{
	name:    "score",
	summary: "print the final score",
	run:     runScore,
}

func init() {
	scoreCommand.help = `Usage: cascade score [--game samegame|match3] [--engine NAME] [FILE | --example NAME]

Score plays the case in FILE (standard input when FILE is absent or "-")
and prints the final score: one integer and a newline, nothing else.

Flags:
` + inputFlagsHelp + `  --engine NAME
            the implementation that plays the case: ` + engineNames() + `
            (default ` + defaultEngine + `)

A rejected input prints one line on standard error naming the line and
what is wrong there, and exits 1. A usage error exits 2.
`
}

func runScore(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	eng := engineFlag(defaultEngine)
	p, code, ok := readPuzzle(c, args, stdin, stdout, stderr, func(fs *flag.FlagSet) {
		fs.Var(&eng, "engine", "the implementation that plays the case")
	}, 1)
	if !ok {
		return code
	}
	total, ok := p.Score(string(eng))
	if !ok {
		fmt.Fprintf(stderr, "cascade score: %s has no built-in implementation %s\n", p.Game().Name(), eng)
		return exitRejected
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}
