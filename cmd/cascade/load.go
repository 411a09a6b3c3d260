package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/internal/lazy"
)

// gameFlag is the --game flag: one of conformance.Games(), or nil to
// recognise the game from the input. The --rules flag sets it too: a
// rule set makes the game its family's game under it (SameGame's or
// match-3's, parseRuleSet), whichever of the two flags comes first.
type gameFlag struct {
	g     conformance.Any
	rules *ruleSet
	text  string // --rules as given, read again when --game follows
}

func (f *gameFlag) String() string {
	if f.g == nil {
		return ""
	}
	return f.g.Name()
}

func (f *gameFlag) Set(s string) error {
	g, ok := conformance.GameNamed(s)
	if !ok {
		return fmt.Errorf("unknown game %q; games: %s", s, gameNames())
	}
	f.g = g
	if f.rules != nil {
		return f.setRules(f.text)
	}
	return nil
}

// setRules reads text as a rule set of the game of --game, or without
// one of the family that knows it, and makes the game its family's
// under it.
func (f *gameFlag) setRules(text string) error {
	r, err := parseRuleSet(f.g, text)
	if err != nil {
		return err
	}
	g, err := r.member(conformance.Confine{})
	if err != nil {
		return err
	}
	f.rules, f.text, f.g = &r, text, g
	return nil
}

// rulesFlag is the --rules flag, which sets its gameFlag.
type rulesFlag struct{ g *gameFlag }

func (f rulesFlag) String() string {
	if f.g == nil || f.g.rules == nil {
		return ""
	}
	return f.g.rules.Text()
}

func (f rulesFlag) Set(s string) error { return f.g.setRules(s) }

// gameNames lists the games' names: "samegame, match3".
func gameNames() string {
	names := make([]string, len(conformance.Games()))
	for i, g := range conformance.Games() {
		names[i] = g.Name()
	}
	return strings.Join(names, ", ")
}

// newFlags returns the flag set of a command, with --game bound to g.
// The flag package prints nothing itself: parseArgs reports.
func newFlags(c *command, g *gameFlag) *flag.FlagSet {
	fs := flag.NewFlagSet("cascade "+c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.Var(g, "game", "the game: samegame or match3 (default: recognised from the input)")
	fs.Var(rulesFlag{g}, "rules", "the rule set: NAME [key=value ...] (default: the input's rules line, or the statement's)")
	return fs
}

// inputFlagsHelp documents the flags every command that reads one input
// takes.
const inputFlagsHelp = `  --game G  the game, samegame or match3; without it the first non-empty
            line decides: one or two integers (N or W H) are SameGame,
            four or more are match-3, and a rules line goes to the game
            whose rule set it names (custom with match-3's settings is
            match-3's, else SameGame's)
  --rules R the rule set, NAME [key=value ...], which implies its game:
            SameGame's codeabbey, benchmark, swellfoop, ksame, lx,
            jawbreaker, tatham, clickomania; match-3's thupc,
            leetcode723, gymmatch3, tilematch, mlagents, rockbox,
            gemgem, gweled, bevymatch3; or custom with settings (of
            --game's game, else SameGame's unless only match-3 reads
            them); without it the input's rules line decides (codeabbey
            or thupc without one); an input's rules line that names
            another rule set, codeabbey or thupc too, is a usage error
  --example NAME
            read the built-in case NAME instead of FILE: the documented
            examples samegame-example, match3-sample-1, match3-sample-2 and
            match3-sample-3, or any built-in case of cascade check (their
            names are those of the scripts that pin them)
`

// readPuzzle parses the flags of a command that reads one input (more
// adds the command's own flags) and reads and parses that input, reporting
// up to limit problems of a rejected one (0: all). When ok is false the
// command stops with code, having said why.
func readPuzzle(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer, more func(*flag.FlagSet), limit int) (p conformance.Puzzle, code int, ok bool) {
	in, code, ok := parseInputFlags(c, args, stdout, stderr, more)
	if !ok {
		return nil, code, false
	}
	return in.read(stdin, stderr, limit)
}

// inputFlags are what the flags of a command that reads one case say of
// its input: FILE ("-" for standard input), --example and --game.
type inputFlags struct {
	path, example string
	game          conformance.Any
	rules         *ruleSet // --rules, nil when not given
	// rulesBy names where rules came from, for a conflict with a rules
	// line: "--rules", or conformance.RulesEnv when score learns them
	// as a program does.
	rulesBy string
}

// parseInputFlags parses the flags of a command that reads one case,
// with the command's own flags that more adds.
func parseInputFlags(c *command, args []string, stdout, stderr io.Writer, more func(*flag.FlagSet)) (inputFlags, int, bool) {
	var g gameFlag
	var in inputFlags
	fs := newFlags(c, &g)
	fs.StringVar(&in.example, "example", "", "play a built-in case instead of FILE")
	if more != nil {
		more(fs)
	}
	path, code, ok := parseArgs(c, fs, args, stdout, stderr)
	in.path, in.game, in.rules, in.rulesBy = path, g.g, g.rules, "--rules"
	return in, code, ok
}

// read loads the case the flags name, reporting up to limit problems
// of a rejected one on stderr.
func (in inputFlags) read(stdin io.Reader, stderr io.Writer, limit int) (conformance.Puzzle, int, bool) {
	path, ex := in.path, in.example
	p, errs := load(path, ex, in.game, stdin, limit)
	for _, err := range errs {
		if rc, ok := errors.AsType[*conformance.RulesConflict](err); ok {
			fmt.Fprintf(stderr, "cascade: %s: %s\n", inputName(path, ex), rc.Explain(in.rulesBy))
			return nil, exitUsage, false
		}
	}
	for _, err := range errs {
		fmt.Fprintf(stderr, "cascade: %v\n", err)
	}
	if limit > 1 && len(errs) == limit {
		fmt.Fprintf(stderr, "cascade: stopped after %d problems\n", limit)
	}
	if len(errs) > 0 {
		return nil, exitRejected, false
	}
	return p, exitOK, true
}

// parseArgs parses a command's flags, which come before the FILE, and
// returns the input path ("-" for standard input). When it returns false
// the command stops with the code it returns.
func parseArgs(c *command, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (path string, code int, ok bool) {
	err := fs.Parse(args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, c.helpText())
		return "", exitOK, false
	}
	if err == nil && fs.NArg() > 1 {
		err = fmt.Errorf("want at most one FILE, got %d arguments (flags go before the FILE)", fs.NArg())
	}
	if ex := fs.Lookup("example"); err == nil && ex != nil && ex.Value.String() != "" {
		if fs.NArg() > 0 {
			err = fmt.Errorf("--example and a FILE exclude each other")
		} else if _, ok := example(ex.Value.String()); !ok {
			err = fmt.Errorf("no built-in case %q; the documented examples are %s", ex.Value.String(), strings.Join(documentedExamples, ", "))
		}
	}
	if err != nil {
		return "", c.usagef(stderr, "%v", err), false
	}
	if fs.NArg() == 0 {
		return "-", exitOK, true
	}
	return fs.Arg(0), exitOK, true
}

// documentedExamples are the statements' examples among the built-in
// cases, the ones help texts name.
var documentedExamples = []string{"samegame-example", "match3-sample-1", "match3-sample-2", "match3-sample-3"}

// examples are the inputs of the built-in cases by name, gathered once:
// --example is looked up twice, once to check the flag and once to read
// the case, and gathering copies every case.
func examples() map[string][]byte { return examplesValue.Get() }

var examplesValue = lazy.Value[map[string][]byte]{Make: func() map[string][]byte {
	m := make(map[string][]byte)
	for _, g := range conformance.Games() {
		for _, c := range g.Builtin() {
			m[c.Name] = c.Input
		}
	}
	return m
}}

// example returns the input of the built-in case name.
func example(name string) ([]byte, bool) {
	in, ok := examples()[name]
	return in, ok
}

// inputName names the input at path ("-": stdin), or the built-in case
// ex when it is not empty, for errors.
func inputName(path, ex string) string {
	switch {
	case ex != "":
		return ex
	case path == "-":
		return "stdin"
	}
	return path
}

// openInput opens the input at path ("-": stdin), or the built-in case
// ex when it is not empty, and names it for errors (inputName); done
// closes it.
func openInput(path, ex string, stdin io.Reader) (name string, r io.Reader, done func(), err error) {
	switch {
	case ex != "":
		in, ok := example(ex)
		if !ok {
			return "", nil, nil, fmt.Errorf("no built-in case %q", ex)
		}
		return inputName(path, ex), bytes.NewReader(in), func() {}, nil
	case path == "-":
		return inputName(path, ex), stdin, func() {}, nil
	}
	// input.Open, not os.Open: a command that reads one file and exits
	// does not need the runtime's poller and finalizer.
	f, err := input.Open(path)
	if err != nil {
		return "", nil, nil, err
	}
	return path, f, func() { f.Close() }, nil
}

// load reads and parses the input at path ("-": stdin), or the built-in
// case ex when it is not empty, as game g, or as the game its first line
// shows when g is nil. It returns up to limit problems (0: all) of a
// rejected input; those that concern the content name the input and the
// line.
func load(path, ex string, g conformance.Any, stdin io.Reader, limit int) (conformance.Puzzle, []error) {
	name, r, done, err := openInput(path, ex, stdin)
	if err != nil {
		return nil, []error{err}
	}
	defer done()
	counted := &countingReader{r: r}
	r = counted
	if g == nil {
		var err error
		if g, r, err = conformance.Recognise(r); err != nil {
			return nil, []error{fmt.Errorf("%s: %w", name, err)}
		}
	}
	p, errs := g.Read(r, limit)
	boundMemory(counted.n)
	for i, err := range errs {
		errs[i] = fmt.Errorf("%s: %w", name, err)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return p, nil
}
