package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/cascade-harness/cascade/conformance"
)

var suiteCommand = &command{
	name:     "suite",
	summary:  "write a small test set that kills every planted bug",
	helpFunc: suiteHelp,
	run:      runSuite,
}

func suiteHelp() string {
	return `Usage: cascade suite --game samegame|match3 --out DIR [--rules R] [--seed S] [--max N] [--stress=false]

Suite writes a small set of tests, NAME.in with its answer in NAME.ans,
inside the statement's limits, that together kill every planted bug of
the game: every variant cascade audit counts (the variants that no data
can kill, since they differ from the reference only in what a trace
shows, are listed apart and not aimed at).

How it chooses: candidates are drawn with the game's generator in tiers,
smallest first, and each is played by the reference and by every planted
variant. A greedy set cover then picks, again and again, the candidate
that kills the most variants no test kills yet, shrinks it to a small
case that still kills every one of them (as check shrinks a failure),
and writes it, until every variant is killed or the tests fill --max.
The tiers:

  samegame  300 generated boxes of side up to 10; 20 boxes of side 21
            to 24 (a box held in a fixed 20x20 array); 3 boxes of side
            257 of one colour, one group worth more than 2^31 points
  match3    300 generated boards of sides up to 8; 200 boards of two
            colours, 10 to 20 rows, where cascades join runs of one
            colour into U and step shapes (a combination fill that never
            goes up splits them)

A tier is drawn only while some variant is left. Then come the stress
tests, at the limits, for time: a "naive" solution, one that rescans
the whole board or box after every move, as cascade's reference does,
is slow on them; the engine plays each in milliseconds.

  samegame  stress-many-clicks: a box of side 700 in 3 colours and 1500
            clicks on cubes (N^2 K = 7.35e8 cells for a naive solution;
            the reference takes over 2 s). stress-deep-group: a box of
            side 1000 whose snake-shaped group of 500500 cubes goes as
            deep as it is long, which overflows the stack of a recursive
            flood fill and scores past 2^31, then 99 clicks that each
            close a column
  match3    50x50 boards with q=1000: stress-long-chains (3 colours, each
            valid swap the one with the most rounds: chains of dozens of
            rounds), stress-colour-specials (colour, row and column
            specials in clusters setting off one another across the
            board), stress-k100 (100 colours, specials of every kind).
            The statement's limits are small: the reference plays each
            in a tenth of a second; they catch solutions slower than a
            rescan per round, and reach the limit items of audit

The stress tests count towards --max and are numbered last. The tests
are named NN-GAME-WHAT: WHAT is the rulings of the variants the test was
picked for (m5.4), with the tier unless it is the first (tangled-m5.4),
or the stress test's name.

Suite prints the tests, the kill matrix (a row per test, a column per
variant: * the test was picked for the variant, x it kills it as well,
- a variant not counted) and then cascade audit's report of DIR as
written. The same game, seed and flags write the same files, byte for
byte.

Flags:
  --game G        samegame or match3
  --rules R       the rule set, NAME [key=value ...], SameGame's or
                  match-3's (implies its game): the tests are played under R, carry
                  its rules line, and kill R's planted bugs, as cascade
                  audit of DIR, with --rules R or without, counts them
  --out DIR       the directory to write: it must not exist or be empty,
                  so that no judge's data is ever overwritten
  --seed S        seed of the candidates and stress tests (default 1)
  --max N         write at most N tests, stress tests included (default
                  20; 1 to 99)
  --stress        write the stress tests (default true; --stress=false)
  --candidates N  draw at most N candidates per tier: quicker, and the
                  cover may miss a variant (default: each tier's own)
  --legal, --usual-box
                  draw and shrink only legal SameGame clicks, only the
                  rule set's usual box: the candidates are then generated
                  cases of the confined game (sides up to 8, or the usual
                  box), one tier, no stress tests, and the tests suit an
                  engine that takes only those (see cascade check --help)

Exit status: 0 the tests written kill every variant that counts and
audit finds them all valid; 1 a variant survives, a file could not be
written, or interrupted; 2 usage error (an --out that holds files is
one).

Examples:
  cascade suite --game match3 --out tests
  cascade suite --game samegame --out tests --seed 7 --max 12
`
}

// suiteFlags are the parsed flags of suite.
type suiteFlags struct {
	game       gameFlag
	out        string
	seed       uint64
	max        int
	stress     bool
	candidates int
}

func runSuite(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseSuite(c, args, stdout, stderr)
	if !ok {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	g := f.game.g
	rep, err := g.Cover(ctx, conformance.CoverOptions{
		Seed: f.seed, Max: f.max, NoStress: !f.stress, Candidates: f.candidates,
	})
	if err != nil {
		if ctx.Err() != nil {
			err = errors.New("interrupted; nothing written")
		}
		fmt.Fprintf(stderr, "cascade suite: %v\n", err)
		return exitRejected
	}
	if err := writeSuite(f.out, rep); err != nil {
		fmt.Fprintf(stderr, "cascade suite: %v\n", err)
		return exitRejected
	}
	printCover(stdout, f, rep)

	fmt.Fprintf(stdout, "\n")
	cases, err := conformance.ReadCases(f.out)
	if err != nil {
		fmt.Fprintf(stderr, "cascade suite: %v\n", err)
		return exitRejected
	}
	audit, err := g.Audit(ctx, cases, conformance.AuditOptions{})
	printAudit(stdout, &auditFlags{dir: f.out, set: map[string]bool{}}, audit)
	if err != nil {
		fmt.Fprintf(stderr, "cascade suite: interrupted\n")
		return exitRejected
	}
	if len(rep.Survivors()) > 0 || !audit.Ok() {
		return exitRejected
	}
	return exitOK
}

// parseSuite parses the flags of suite and checks --out.
func parseSuite(c *command, args []string, stdout, stderr io.Writer) (*suiteFlags, int, bool) {
	f := &suiteFlags{}
	fs := newFlags(c, &f.game)
	fs.StringVar(&f.out, "out", "", "")
	fs.Uint64Var(&f.seed, "seed", 1, "")
	fs.IntVar(&f.max, "max", conformance.DefaultCoverMax, "")
	fs.BoolVar(&f.stress, "stress", true, "")
	fs.IntVar(&f.candidates, "candidates", 0, "")
	var cf conformance.Confine
	addConfineFlags(fs, &cf)
	usage := func(format string, a ...any) (*suiteFlags, int, bool) {
		return nil, c.usagef(stderr, format, a...), false
	}
	if code, ok := c.parseFlags(fs, args, stdout, stderr); !ok {
		return nil, code, false
	}
	if err := confine(&f.game, cf); err != nil {
		return usage("%v", err)
	}
	stress := 0
	if f.game.g != nil && f.stress {
		stress = len(f.game.g.StressTests())
	}
	switch {
	case fs.NArg() > 0:
		return usage("unexpected argument %q: suite reads no FILE; it writes the tests to --out DIR", fs.Arg(0))
	case f.game.g == nil:
		return usage("suite needs --game %s", strings.Join(strings.Split(gameNames(), ", "), " or --game "))
	case f.out == "":
		return usage("suite needs --out DIR: the directory to write the tests to")
	case f.max < 1 || f.max > 99:
		return usage("--max %d: want 1 to 99", f.max)
	case f.max <= stress:
		return usage("--max %d leaves no place beside the %d stress tests of %s: give more, or --stress=false", f.max, stress, f.game.g.Name())
	case f.candidates < 0:
		return usage("--candidates %d: want 0 (each tier's own) or more", f.candidates)
	}
	if err := checkOut(f.out); err != nil {
		return usage("--out %s: %v", f.out, err)
	}
	return f, exitOK, true
}

// checkOut makes sure dir does not exist or is an empty directory, and
// makes it.
func checkOut(dir string) error {
	entries, err := os.ReadDir(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return os.MkdirAll(dir, 0o777)
	case err != nil:
		if st, serr := os.Stat(dir); serr == nil && !st.IsDir() {
			return errors.New("not a directory")
		}
		return cause(err)
	case len(entries) > 0:
		return fmt.Errorf("holds %d %s: suite writes only to a new or empty directory, never over test data", len(entries), plural(len(entries), "file", "files"))
	}
	return nil
}

// writeSuite writes every test of rep to dir, NAME.in and NAME.ans, none
// over a file that exists.
func writeSuite(dir string, rep *conformance.CoverReport) error {
	for _, t := range rep.Tests {
		for _, file := range []struct {
			ext  string
			data []byte
		}{{".in", t.Input}, {".ans", fmt.Appendf(nil, "%d\n", t.Answer)}} {
			if err := writeNew(filepath.Join(dir, t.Name+file.ext), file.data); err != nil {
				return err
			}
		}
	}
	return nil
}

// writeNew writes data to a file that must not exist.
func writeNew(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// printCover writes the tests of a cover and its kill matrix.
func printCover(w io.Writer, f *suiteFlags, rep *conformance.CoverReport) {
	fmt.Fprintf(w, "%s: %d %s written to %s (seed %d, at most %d)\n",
		gameTitle(rep.Game, rep.Rules), len(rep.Tests), plural(len(rep.Tests), "test", "tests"), f.out, rep.Seed, f.max)
	var drawn []string
	for _, t := range rep.Candidates {
		if t.Drawn > 0 {
			drawn = append(drawn, fmt.Sprintf("%s %d", t.Tier, t.Drawn))
		} else {
			drawn = append(drawn, t.Tier+" not needed")
		}
	}
	fmt.Fprintf(w, "candidates per tier: %s\n", strings.Join(drawn, ", "))

	width := len("test")
	for _, t := range rep.Tests {
		width = max(width, len(t.Name))
	}
	fmt.Fprintf(w, "\ntests:\n")
	for _, t := range rep.Tests {
		what := fmt.Sprintf("picked for %d, kills %d", len(t.Picked), len(t.Kills))
		if t.Stress {
			what = fmt.Sprintf("kills %d", len(t.Kills))
		}
		fmt.Fprintf(w, "  %-*s  %s; %s\n", width, t.Name, t.Size, what)
		fmt.Fprintf(w, "  %-*s  from %s\n", width, "", t.From)
	}

	fmt.Fprintf(w, "\nkill matrix (* picked for the variant, x kills it as well, - not counted):\n")
	nv := len(rep.Variants)
	header := func(digit func(v int) string) {
		var b strings.Builder
		for v := range nv {
			b.WriteString(digit(v + 1))
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, "", strings.TrimRight(b.String(), " "))
	}
	if nv >= 10 {
		header(func(v int) string {
			if v%10 != 0 {
				return " "
			}
			return fmt.Sprint(v / 10 % 10)
		})
	}
	header(func(v int) string { return fmt.Sprint(v % 10) })
	for _, t := range rep.Tests {
		row := make([]byte, nv)
		for v := range row {
			row[v] = '.'
			if !rep.Variants[v].Counts() {
				row[v] = '-'
			}
		}
		for _, v := range t.Kills {
			row[v] = 'x'
		}
		for _, v := range t.Picked {
			row[v] = '*'
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, t.Name, row)
	}
	fmt.Fprintf(w, "\nvariants:\n")
	for v, pv := range rep.Variants {
		note := ""
		switch {
		case pv.Equivalent != "":
			note = " (not counted: no data can kill it)"
		case pv.Unreachable != "":
			note = " (not counted: no data inside the statement's limits can kill it)"
		case !rep.Killed(v):
			note = " (SURVIVES)"
		}
		fmt.Fprintf(w, "  %2d %-5s %s%s\n", v+1, pv.Rule, pv.Name, note)
	}
	counted := 0
	for _, pv := range rep.Variants {
		if pv.Counts() {
			counted++
		}
	}
	survivors := len(rep.Survivors())
	fmt.Fprintf(w, "%d of %d variants that count killed by %d %s\n", counted-survivors, counted, len(rep.Tests), plural(len(rep.Tests), "test", "tests"))
}
