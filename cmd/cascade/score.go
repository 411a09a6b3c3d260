package main

import (
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
  --game G      the game, samegame or match3; without it the first
                non-empty line decides: one integer is SameGame, four or
                more are match-3
  --engine NAME the implementation that plays the case: ` + engineNames() + `
                (default ` + defaultEngine + `)
` + exampleHelp + `
A rejected input prints one line on standard error naming the line and
what is wrong there, and exits 1. A usage error exits 2.
`
}

func runScore(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var g game
	eng := engineFlag(defaultEngine)
	var ex string
	fs := newInputFlags(c, &g, &ex)
	fs.Var(&eng, "engine", "the implementation that plays the case")
	path, code, ok := parseArgs(c, fs, args, stdout, stderr)
	if !ok {
		return code
	}
	p, err := load(path, ex, g, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "cascade: %v\n", err)
		return exitRejected
	}
	e := engines[string(eng)]
	var total int64
	switch p.game {
	case sameGame:
		total = e.sameGame(p.sameGame).Total
	case match3Game:
		total = e.match3(p.match3).Total
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}
