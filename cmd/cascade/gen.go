package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/input"
)

var genCommand = &command{
	name:     "gen",
	summary:  "print a generated case",
	helpFunc: genHelp,
	run:      runGen,
}

const genHelpText = `Usage: cascade gen --game samegame|match3 --seed S [knobs]
       cascade gen --example NAME

Gen prints one generated case on standard output, in the statement's
format, as a testlib generator does: the same game, seed and knobs print
the same bytes, on any machine. The case is always valid (cascade
validate accepts it); a match-3 case made with --in-statement stays
inside the statement's limits.

Without knobs, gen draws the knobs as cascade check does: cascade gen
--game G --seed S prints case 0 of cascade check --game G --seed S (run
without --max-size), and --seed S+i its case i. With knobs, the knobs
given are exact and every other knob takes the generator's default, the
one named in its help below (not a drawn one).

The knobs are the game's own: --game is needed, and may come anywhere
among the flags. A knob set to a value outside the ones it takes is a
usage error that names it; the ranges are those the generator honours as
given (it would clamp a value beyond them).

With --example NAME, gen prints the built-in case NAME as it is, to
put in a file of one's own: the documented examples samegame-example,
match3-sample-1, match3-sample-2 and match3-sample-3, or any built-in
case of cascade check. It takes no other flag.

Values: RANGE is lo..hi or one integer; N an integer; FRACTION a number
from 0 to 1; NAME one of the names listed; NAMES some of them joined by
commas (row,column); WEIGHTS kind:weight pairs joined by commas
(valid:3,no-run:1), a kind not named weighing 0. A knob without a value
is a switch: named alone it is on (--big-group), or give
--big-group=true or =false.

Flags:
  --game G  the game: %s
  --seed S  the seed, 0 to 18446744073709551615
%s%s
Exit status: 0 a case printed; 2 usage error (a knob out of range is one).

Examples:
  cascade gen --game samegame --seed 1
  cascade gen --game samegame --seed 7 --n 7 --colours 2..3 --columns 0.5
  cascade gen --rules benchmark --legal --usual-box --seed 2
  cascade gen --game match3 --seed 3 --in-statement --poker full-house
  cascade gen --game match3 --seed 4 --in-statement --rows 50 --cols 50 --ops 1000 --aimed 16
  cascade gen --game match3 --seed 5 --mix valid:4,no-run:1 --specials 0.2 --placement clusters
  cascade gen --example match3-sample-1 > match3-sample-1.in
`

// genHelp is gen's help with the knobs of every game, as each game's
// description lists them.
func genHelp() string {
	var b strings.Builder
	for _, g := range conformance.Games() {
		fmt.Fprintf(&b, "\nKnobs of %s (--game %s):\n", g.Name(), g.Name())
		for _, k := range g.Knobs() {
			head := "  --" + k.Name
			if !k.Switch() {
				head += " " + k.Arg
			}
			b.WriteString(head + "\n")
			text := k.Help
			if k.Legal != "" {
				text += "; takes " + k.Legal
			}
			for _, line := range input.Wrap(text, 66) {
				b.WriteString("        " + line + "\n")
			}
		}
	}
	return fmt.Sprintf(genHelpText, gameNames(), confineFlagsHelp, b.String())
}

// knobFlag is the flag of one knob of the game of --game: it keeps the
// value as given, for the game's generator to read and check with the
// other knobs, since some knobs' ranges depend on others.
type knobFlag struct {
	knob conformance.Knob
	set  map[string]string
}

func (f *knobFlag) String() string {
	if f.set == nil {
		return ""
	}
	return f.set[f.knob.Name]
}

func (f *knobFlag) Set(s string) error {
	f.set[f.knob.Name] = s
	return nil
}

// IsBoolFlag makes a switch a flag that takes no value (flag.Value).
func (f *knobFlag) IsBoolFlag() bool { return f.knob.Switch() }

func runGen(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := func(format string, a ...any) int { return c.usagef(stderr, format, a...) }
	var game gameFlag
	if err := scanGame(args, &game); err != nil {
		return usage("%v", err)
	}
	fs := newFlags(c, &game)
	var seed uint64
	fs.Uint64Var(&seed, "seed", 0, "")
	var ex string
	fs.StringVar(&ex, "example", "", "")
	var cf conformance.Confine
	addConfineFlags(fs, &cf)
	set := make(map[string]string)
	if game.g != nil {
		for _, k := range game.g.Knobs() {
			fs.Var(&knobFlag{k, set}, k.Name, k.Help)
		}
	}
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, c.helpText())
		return exitOK
	}
	seen := make(map[string]bool)
	fs.Visit(func(fl *flag.Flag) { seen[fl.Name] = true })
	if err == nil && seen["example"] {
		return genExample(usage, ex, fs, stdout)
	}
	if err == nil {
		err = confine(&game, cf)
	}
	switch {
	case game.g == nil:
		return usage("gen needs %s: the knobs are the game's", "--game "+strings.Join(strings.Split(gameNames(), ", "), " or --game "))
	case err != nil:
		return usage("%v", err)
	case fs.NArg() > 0:
		return usage("unexpected argument %q: gen reads no FILE; it writes the case on standard output", fs.Arg(0))
	case !seen["seed"]:
		return usage("gen needs --seed S: the same seed gives the same case")
	}
	if cf.UsualBox {
		for _, k := range []string{"n", "h", "colours", "big-group"} {
			if _, ok := set[k]; ok {
				return usage("--%s: --usual-box gives the box, the rule set's usual one", k)
			}
		}
	}
	p, err := game.g.Gen(seed, set)
	if err != nil {
		return usage("%v", err)
	}
	if err := p.Format(stdout); err != nil {
		fmt.Fprintf(stderr, "cascade gen: %v\n", err)
		return exitRejected
	}
	return exitOK
}

// genExample prints the built-in case name, the flags fs parsed naming
// no other.
func genExample(usage func(string, ...any) int, name string, fs *flag.FlagSet, stdout io.Writer) int {
	var other []string
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name != "example" {
			other = append(other, "--"+fl.Name)
		}
	})
	in, ok := example(name)
	switch {
	case len(other) > 0:
		return usage("--example prints a built-in case as it is: %s cannot go with it", strings.Join(other, ", "))
	case fs.NArg() > 0:
		return usage("unexpected argument %q: gen reads no FILE; it writes the case on standard output", fs.Arg(0))
	case !ok:
		return usage("--example %s: no built-in case of that name; the documented examples are %s", name, strings.Join(documentedExamples, ", "))
	}
	stdout.Write(in)
	return exitOK
}

// scanGame sets g from the --game flag of args, wherever it stands
// among the flags (the last, as the flag package takes it), so that
// the flags of the game's knobs can be made before args are parsed.
// Which flags take a value is not known yet, so every argument before
// "--" is looked at. A --game without a value is left to the parse to
// report.
func scanGame(args []string, g *gameFlag) error {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return nil
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if (name == "legal" || name == "usual-box") && (!hasValue || value == "true") && g.g == nil {
			// They imply SameGame, whose knobs are then the flags.
			g.g = cubes.Game.Any()
			continue
		}
		if name != "game" && name != "rules" {
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return nil
			}
			i++
			value = args[i]
		}
		set := g.Set
		if name == "rules" {
			set = rulesFlag{g}.Set
		}
		if err := set(value); err != nil {
			return fmt.Errorf("invalid value %q for flag -%s: %v", value, name, err)
		}
	}
	return nil
}
