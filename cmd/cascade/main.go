// Command cascade plays SameGame ("Color Cubes") and match-3 with poker
// ("Lines and Poker") cases: it prints the final score, explains a game
// move by move (as text or as a replay page), checks an input against the
// format, checks implementations, programs in any language, against the
// reference, and for problem setters audits test data, writes test sets
// and generates cases.
//
// Usage:
//
//	cascade score    [--game samegame|match3] [--engine NAME] [FILE]
//	cascade trace    [--game samegame|match3] [--html PAGE] [FILE]
//	cascade validate [--game samegame|match3] [FILE]
//	cascade check    [--game samegame|match3] [--impl 'CMD ARGS...'... | --engine NAME] [flags]
//	cascade merge    [--json FILE] REPORT.json...
//	cascade gen      --game samegame|match3 --seed S [knobs]
//	cascade audit    [--game samegame|match3] [flags] DIR
//	cascade suite    --game samegame|match3 --out DIR [--seed S] [--max N]
//	cascade version
//	cascade help     [COMMAND]
//
// FILE is the input; when it is absent or "-", standard input is read.
// Without --game the game is recognised from the first non-empty line: one
// integer (N) is SameGame, four or more (n m k q ...) is match-3.
//
// The exit status is 0 on success, 1 when the input is rejected (the
// message on standard error names the line and what is wrong there) and 2
// on a usage error. Each command's help (cascade help trace) documents its
// output.
package main

import (
	"errors"
	"flag"
	"fmt"
	_ "github.com/cascade-harness/cascade/games"
	"io"
	"os"
	"strings"
)

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// Exit codes, as SPEC.md sets them.
const (
	exitOK       = 0
	exitRejected = 1
	exitUsage    = 2
	// exitNothing is check's status for a run that checked no case,
	// as pytest's 5 is for one that collected no test.
	exitNothing = 5
)

// A command is one subcommand of cascade.
type command struct {
	name    string
	summary string
	// help is the full help text, printed by "cascade help NAME" and by
	// the command's -h; helpFunc makes it instead, for a text built from
	// tables and names (knobs, coverage items, engines) that start-up
	// need not build.
	help     string
	helpFunc func() string
	run      func(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

// usagef reports a usage error of c on stderr, with the hint every
// command gives, and returns the exit status of one.
func (c *command) usagef(stderr io.Writer, format string, a ...any) int {
	fmt.Fprintf(stderr, "cascade %s: %s\nRun 'cascade %s -h' for usage.\n", c.name, fmt.Sprintf(format, a...), c.name)
	return exitUsage
}

// parseFlags parses args with fs. On -h it prints c's help; on a bad flag
// it reports a usage error. When ok is false the command stops with code.
func (c *command) parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, c.helpText())
		return exitOK, false
	}
	if err != nil {
		return c.usagef(stderr, "%v", err), false
	}
	return exitOK, true
}

// helpText is the command's full help text.
func (c *command) helpText() string {
	if c.helpFunc != nil {
		return c.helpFunc()
	}
	return c.help
}

// commands are the subcommands in the order the help lists them.
var commands = []*command{scoreCommand, traceCommand, validateCommand, checkCommand, mergeCommand, genCommand, auditCommand, suiteCommand, versionCommand}

const usage = `Usage: cascade <command> [flags] [FILE]

cascade plays SameGame ("Color Cubes") and match-3 with poker ("Lines and
Poker") cases and explains them.

Commands:
%s  help      print this help, or a command's: cascade help score

FILE is the input; when it is absent or "-", standard input is read.
Without --game the game is recognised from the first non-empty line: one
integer (N) is SameGame, four or more (n m k q ...) is match-3.

Exit status: 0 success; 1 rejected input (the message names the line and
what is wrong there) or, for check, a case not accepted; 2 usage error.
`

func mainUsage() string {
	var b strings.Builder
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-9s %s\n", c.name, c.summary)
	}
	return fmt.Sprintf(usage, b.String())
}

// run runs the command args name. Output that cannot be written (a
// full disk, a closed pipe) fails the command: exit status at least 1,
// with the error on stderr, since an answer or a report that was not
// written is no success.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &outWriter{w: stdout}
	code := dispatch(args, stdin, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "cascade: %v\n", out.err)
		return max(code, exitRejected)
	}
	return code
}

// outWriter is standard output, keeping its first write error; once it
// has one, it writes nothing more.
type outWriter struct {
	w   io.Writer
	err error
}

func (o *outWriter) Write(p []byte) (int, error) {
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	o.err = err
	return n, err
}

func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage())
		return exitUsage
	}
	switch name := args[0]; name {
	case "help", "-h", "-help", "--help":
		return help(args[1:], stdout, stderr)
	default:
		for _, c := range commands {
			if c.name == name {
				return c.run(c, args[1:], stdin, stdout, stderr)
			}
		}
		fmt.Fprintf(stderr, "cascade: unknown command %q\nRun 'cascade help' for usage.\n", name)
		return exitUsage
	}
}

func help(args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		fmt.Fprint(stdout, mainUsage())
		return exitOK
	case 1:
		for _, c := range commands {
			if c.name == args[0] {
				fmt.Fprint(stdout, c.helpText())
				return exitOK
			}
		}
		fmt.Fprintf(stderr, "cascade help: unknown command %q\nRun 'cascade help' for usage.\n", args[0])
		return exitUsage
	default:
		fmt.Fprintln(stderr, "usage: cascade help [COMMAND]")
		return exitUsage
	}
}
