package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"cascade/conformance"
)

var scoreCommand = &command{
	name:     "score",
	summary:  "print the final score",
	helpFunc: scoreHelp,
	run:      runScore,
}

func scoreHelp() string {
	return `Usage: cascade score [--game samegame|match3] [--engine NAME] [FILE | --example NAME]

Score plays the case in FILE (standard input when FILE is absent or "-")
and prints the final score: one integer and a newline, nothing else.

Flags:
` + inputFlagsHelp + `  --engine NAME
            the implementation that plays the case: ` + engineNames() + `
            (default ` + defaultEngine + `)
  --engine ` + plantedPrefix + `VARIANT
            for testing a test set: plays a deliberately broken variant,
            one of cascade's planted bugs (cascade audit lists them),
            named as audit names it or in lower case with dashes
            (` + plantedPrefix + `cubes-do-not-fall), so that
            --impl 'cascade score --game G --engine ` + plantedPrefix + `VARIANT'
            is a program with that one bug for cascade check. A variant
            that crashes on the case exits 1 with the panic on standard
            error; an unknown VARIANT is a usage error that lists them

A rejected input prints one line on standard error naming the line and
what is wrong there, and exits 1. A usage error exits 2.
`
}

func runScore(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	eng := scoreEngineFlag(defaultEngine)
	p, code, ok := readPuzzle(c, args, stdin, stdout, stderr, func(fs *flag.FlagSet) {
		fs.Var(&eng, "engine", "the implementation that plays the case")
	}, 1)
	if !ok {
		return code
	}
	if name, ok := eng.planted(); ok {
		return scorePlanted(p, name, stdout, stderr)
	}
	total, ok := p.Score(string(eng))
	if !ok {
		fmt.Fprintf(stderr, "cascade score: %s has no built-in implementation %s\n", p.Game().Name(), eng)
		return exitRejected
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}

// scorePlanted prints the total the planted variant name gives p.
func scorePlanted(p conformance.Puzzle, name string, stdout, stderr io.Writer) int {
	total, err := p.ScorePlanted(name)
	if unknown, ok := errors.AsType[*conformance.UnknownVariant](err); ok {
		var b strings.Builder
		for _, v := range p.Game().PlantedVariants() {
			fmt.Fprintf(&b, "  %s%s\n", plantedPrefix, v.Slug)
		}
		fmt.Fprintf(stderr, "cascade score: %v; its planted variants:\n%s", unknown, b.String())
		return exitUsage
	}
	if err != nil {
		fmt.Fprintf(stderr, "cascade score: %v\n", err)
		return exitRejected
	}
	fmt.Fprintln(stdout, total)
	return exitOK
}
