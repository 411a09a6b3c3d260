package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
)

var scoreCommand = &command{
	name:     "score",
	summary:  "print the final score",
	helpFunc: scoreHelp,
	run:      runScore,
}

func scoreHelp() string {
	return `Usage: cascade score [--game samegame|match3] [--engine NAME] [--stream] [--steps] [FILE | --example NAME]

Score plays the case in FILE (standard input when FILE is absent or "-")
and prints the final score: one integer and a newline, nothing else.

With --steps it prints the play under the step protocol instead (SPEC.md,
"Programs under test"): a line "step I RUNNING" after each move or
operation, the running total, then "total TOTAL"; with the reference
(--engine reference) each step line is followed by the board after it.
Under a match-3 rule set whose answer is the final board (answer=board)
every step line is followed by the board after it, and the line "board"
and the final board take the place of the total line.
With --stream it reads case after case from its input and answers each
as soon as it is read, one line each (with --steps, one step answer
each), under the stream protocol: so --impl 'cascade score --stream'
stands in for a stream program in cascade check --stream. Without
--rules, a SameGame case plays under the rule set that CASCADE_RULES
names when it is set, as a program under test learns it, and a rules
line that names another rule set is a usage error, as it is with
--rules; without either, under the rule set of its rules line.

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
	var stream, steps bool
	in, code, ok := parseInputFlags(c, args, stdout, stderr, func(fs *flag.FlagSet) {
		fs.Var(&eng, "engine", "the implementation that plays the case")
		fs.BoolVar(&stream, "stream", false, "answer case after case")
		fs.BoolVar(&steps, "steps", false, "answer under the step protocol")
	})
	if !ok {
		return code
	}
	if env := os.Getenv(conformance.RulesEnv); env != "" && in.rules == nil && (in.game == nil || in.game.Rules() == "") {
		// Run as a program under test, score learns the rules as any
		// program does: of the game of --game, or of the family that
		// knows them.
		r, err := parseRuleSet(in.game, env)
		if err != nil {
			return c.usagef(stderr, "%s: %v", conformance.RulesEnv, err)
		}
		g, err := r.member(conformance.Confine{})
		if err != nil {
			return c.usagef(stderr, "%s: %v", conformance.RulesEnv, err)
		}
		in.game, in.rules, in.rulesBy = g, &r, conformance.RulesEnv
	}
	if stream {
		return serveStream(in, eng, steps, stdin, stdout, stderr)
	}
	p, code, ok := in.read(stdin, stderr, 1)
	if !ok {
		return code
	}
	return printScore(p, eng, steps, stdout, stderr)
}

// printScore prints what cascade score prints for p: the total eng gives
// it, or with steps its play under the step protocol, and returns the
// exit status.
func printScore(p conformance.Puzzle, eng scoreEngineFlag, steps bool, stdout, stderr io.Writer) int {
	var out bytes.Buffer
	switch name, planted := eng.planted(); {
	case planted && steps:
		fmt.Fprintf(stderr, "cascade score: --steps plays no planted variant\n")
		return exitUsage
	case planted:
		answer, err := p.AnswerPlanted(name)
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
		out.Write(answer)
	case steps:
		// The steps are written as they are played: with the
		// reference's boards they outgrow the case many times over.
		w := bufio.NewWriter(stdout)
		ok, err := p.WriteSteps(w, string(eng), string(eng) == conformance.ReferenceName)
		if !ok {
			fmt.Fprintf(stderr, "cascade score: %s has no step protocol for %s\n", p.Game().Name(), eng)
			return exitRejected
		}
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "cascade score: %v\n", err)
			return exitRejected
		}
		return exitOK
	default:
		answer, ok := p.Answer(string(eng))
		if !ok {
			fmt.Fprintf(stderr, "cascade score: %s has no built-in implementation %s\n", p.Game().Name(), eng)
			return exitRejected
		}
		out.Write(answer)
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		fmt.Fprintf(stderr, "cascade score: %v\n", err)
		return exitRejected
	}
	return exitOK
}
