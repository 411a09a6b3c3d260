package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/input"
)

var auditCommand = &command{
	name:     "audit",
	summary:  "measure test data: validity, rule coverage, planted bugs killed",
	helpFunc: auditHelp,
	run:      runAudit,
}

const auditHelpText = `Usage: cascade audit [--game samegame|match3] [--rules R] [--json FILE] [--min-kill P] [--matrix] DIR

Audit measures a judge's test data: every NAME.in of DIR, with its answer
in NAME.ans or NAME.out when there is one, and the cases inside every
NAME.txtar (as cascade check --cases reads them). Without --game each
file goes to the game its first line shows. A SameGame file is played
under the rule set of its rules line (codeabbey without one), and the
files of each rule set are audited apart, against that rule set's
coverage items and planted bugs, as cascade suite --rules counts them.
It reports:

  files     whether each input is valid and inside the statement's
            limits (a bad one is named with its path and line, and the
            audit goes on), and each answer file that disagrees with the
            reference ("answer file disputed")
  coverage  how many files reach each situation of the rules below, and
            how often in all; an item no file reaches shows 0
  mutation  which of cascade's planted bugs (the variants of package
            conformance/planted, each breaking one ruling the way real
            solutions do) the data kills: a file kills a variant when
            the variant's answer differs from the reference's, or when it
            crashes. The score is the share killed; the survivors are
            listed by ruling. A variant that differs from the reference
            only in what a trace shows, never in a total, cannot be
            killed by any data, and one whose bug the statement's limits
            keep from showing cannot be killed by a judge's data: both
            are listed apart, not counted.
  rulings   every ruling of the game with its variants killed, and for
            a ruling with none that counts, why (an input-format ruling,
            or variants that do not count)

Each variant plays each file in-process, on every CPU; a variant is not
played on a file that never reaches the rule it breaks, and, without
--matrix, not on the files after the first that kills it.

Flags:
  --game G        samegame or match3: read every file as that game
  --rules R       the rule set, NAME [key=value ...], SameGame's or
                  match-3's (implies its game): every file is played under R, a
                  file without a rules line too; a file whose rules line
                  names another rule set is a usage error
  --json FILE     also write the report to FILE, for machines
  --min-kill P    exit 1 when fewer than P percent (0 to 100) of the
                  variants that count are killed, in any game audited
  --matrix        play every variant on every file and list every file
                  that kills each one (the kill matrix), not the first
  --jobs N        variants played at once (default the number of CPUs)
%s
Exit status: 0 every file valid and every answer file agrees (and, with
--min-kill, enough variants killed); 1 otherwise, or interrupted; 2
usage error (a DIR that is not a directory, or holds no case, or a file
whose rules line conflicts with --rules, is one).

Examples:
  cascade audit tests
  cascade audit --game match3 --min-kill 90 --json audit.json tests
  cascade audit --rules benchmark --min-kill 100 tests
`

// auditHelp is audit's help with the coverage items of every game, as
// each game's description lists them.
func auditHelp() string {
	var b strings.Builder
	items := func(its []conformance.CoverageItem) {
		for _, it := range its {
			b.WriteString("  " + it.Name + "\n")
			for _, line := range input.Wrap(it.Help, 66) {
				b.WriteString("        " + line + "\n")
			}
		}
	}
	for _, g := range conformance.Games() {
		fmt.Fprintf(&b, "\nCoverage items of %s, each with what counts once:\n", g.Name())
		items(g.CoverageItems())
	}
	fmt.Fprintf(&b, "\nCoverage items a SameGame rule set other than codeabbey adds, each where\nits settings have it (and single-cube goes where min is above 1, the\nitems past 2^31 where points is 0):\n")
	items(ruleSetItems())
	return fmt.Sprintf(auditHelpText, b.String())
}

// auditFlags are the parsed flags of audit.
type auditFlags struct {
	game    gameFlag
	json    string
	minKill float64
	matrix  bool
	jobs    int
	dir     string
	set     map[string]bool
}

func runAudit(c *command, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f, code, ok := parseAudit(c, args, stdout, stderr)
	if !ok {
		return code
	}
	usage := func(format string, a ...any) int { return c.usagef(stderr, format, a...) }
	cases, err := conformance.ReadCasesFor(f.dir, f.game.g)
	if err != nil {
		return usage("%s: %v", f.dir, cause(err))
	}
	if len(cases) == 0 {
		return usage("%s holds no NAME.in and no NAME.txtar: nothing to audit", f.dir)
	}
	// The audit's memory follows from the files it read.
	var size, largest int64
	for _, c := range cases {
		size += int64(len(c.Input))
		largest = max(largest, int64(len(c.Input)))
	}
	boundMemory(size)
	jobs := f.jobs
	if !f.set["jobs"] {
		jobs = jobsWithin(jobs, size, largest)
	}
	games, byGame, err := auditGames(f, cases)
	if err != nil {
		return usage("%v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var reports []*conformance.AuditReport
	failed, interrupted := false, false
	for _, g := range games {
		rep, err := g.Audit(ctx, byGame[gameKey(g)], conformance.AuditOptions{Matrix: f.matrix, Jobs: jobs})
		printAudit(stdout, f, rep)
		reports = append(reports, rep)
		failed = failed || !auditOk(f, rep)
		if err != nil {
			fmt.Fprintf(stderr, "cascade audit: interrupted\n")
			interrupted = true
			break
		}
	}
	code = exitOK
	if failed || interrupted {
		code = exitRejected
	}
	if f.json != "" {
		if err := writeAuditJSON(f, reports, interrupted); err != nil {
			fmt.Fprintf(stderr, "cascade audit: %v\n", err)
			code = exitRejected
		}
	}
	return code
}

// parseAudit parses the flags and the DIR of audit.
func parseAudit(c *command, args []string, stdout, stderr io.Writer) (*auditFlags, int, bool) {
	f := &auditFlags{set: make(map[string]bool)}
	fs := newFlags(c, &f.game)
	fs.StringVar(&f.json, "json", "", "")
	fs.Float64Var(&f.minKill, "min-kill", 0, "")
	fs.BoolVar(&f.matrix, "matrix", false, "")
	fs.IntVar(&f.jobs, "jobs", runtime.NumCPU(), "")
	usage := func(format string, a ...any) (*auditFlags, int, bool) {
		return nil, c.usagef(stderr, format, a...), false
	}
	if code, ok := c.parseFlags(fs, args, stdout, stderr); !ok {
		return nil, code, false
	}
	fs.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	switch {
	case fs.NArg() == 0:
		return usage("audit needs a DIR of test data")
	case fs.NArg() > 1:
		return usage("want one DIR, got %d arguments (flags go before the DIR)", fs.NArg())
	case f.minKill < 0 || f.minKill > 100:
		return usage("--min-kill %g: want a percentage from 0 to 100", f.minKill)
	case f.jobs < 1:
		return usage("--jobs %d: want 1 or more", f.jobs)
	}
	f.dir = fs.Arg(0)
	if st, err := os.Stat(f.dir); err != nil || !st.IsDir() {
		return usage("%s: no such directory", f.dir)
	}
	if f.json != "" {
		if err := checkJSONPath(f.json); err != nil {
			return usage("--json %s: %v", f.json, err)
		}
	}
	return f, exitOK, true
}

// auditOk reports whether an audit passes: valid files, agreeing answers
// and, with --min-kill, the score.
func auditOk(f *auditFlags, rep *conformance.AuditReport) bool {
	return rep.Ok() && !belowMinKill(f, rep)
}

// belowMinKill reports whether --min-kill asks for more than rep kills.
func belowMinKill(f *auditFlags, rep *conformance.AuditReport) bool {
	return f.set["min-kill"] && rep.KillPercent() < f.minKill
}

// printAudit writes the report of one game as a table.
func printAudit(w io.Writer, f *auditFlags, rep *conformance.AuditReport) {
	game := gameTitle(rep.Game, rep.Rules)
	fmt.Fprintf(w, "%s: audit of %s, %d %s\n", game, f.dir, len(rep.Cases), plural(len(rep.Cases), "file", "files"))
	if rep.Rules != "" {
		fmt.Fprintf(w, "rules: %s\n", rep.Rules)
	}

	fmt.Fprintf(w, "\nfiles:\n")
	width := 0
	for _, c := range rep.Cases {
		width = max(width, len(c.Name))
	}
	invalid, disputed := 0, 0
	for _, c := range rep.Cases {
		var what string
		switch {
		case c.BadFile:
			invalid++
			what = fmt.Sprintf("%v (not audited)", c.Err)
		case c.Err != nil:
			invalid++
			what = fmt.Sprintf("%s: %v (not a valid %s input; not audited)", cmp.Or(c.Source, c.Name), c.Err, game)
		case c.Disputed():
			disputed++
			what = fmt.Sprintf("answer file disputed: it says %d, the reference %d", c.Answer, c.Reference)
		case c.HasAnswer:
			what = fmt.Sprintf("ok: %d", c.Reference)
		default:
			what = fmt.Sprintf("ok: %d (no answer file)", c.Reference)
		}
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, what)
	}

	fmt.Fprintf(w, "\ncoverage (cascade help audit says what each item counts):\n")
	width = len("item")
	for _, ic := range rep.Coverage {
		width = max(width, len(ic.Name))
	}
	fmt.Fprintf(w, "  %-*s  %5s  %7s\n", width, "item", "files", "count")
	reached := 0
	for _, ic := range rep.Coverage {
		fmt.Fprintf(w, "  %-*s  %5d  %7d\n", width, ic.Name, ic.Cases, ic.Count)
		if ic.Cases > 0 {
			reached++
		}
	}
	fmt.Fprintf(w, "  %d of %d items reached\n", reached, len(rep.Coverage))

	killed, counted := rep.Score()
	fmt.Fprintf(w, "\nmutation score: %d of %d variants killed (%.1f%%)\n", killed, counted, rep.KillPercent())
	var dead, alive, apart []conformance.AuditVariant
	for _, v := range rep.Variants {
		switch {
		case !v.Counts():
			apart = append(apart, v)
		case v.Killed():
			dead = append(dead, v)
		default:
			alive = append(alive, v)
		}
	}
	byRule := func(vs []conformance.AuditVariant) {
		slices.SortStableFunc(vs, func(a, b conformance.AuditVariant) int { return conformance.CompareRules(a.Rule, b.Rule) })
	}
	byRule(dead)
	byRule(alive)
	if len(alive) > 0 {
		fmt.Fprintf(w, "  survived, by ruling:\n")
		for _, v := range alive {
			fmt.Fprintf(w, "    %-5s %s\n", v.Rule, v.Name)
		}
	}
	if len(dead) > 0 {
		fmt.Fprintf(w, "  killed:\n")
		for _, v := range dead {
			fmt.Fprintf(w, "    %-5s %s: %s\n", v.Rule, v.Name, killedBy(rep, v))
		}
	}
	if len(apart) > 0 {
		fmt.Fprintf(w, "  not counted, since no data inside the statement's limits can kill them:\n")
		for _, v := range apart {
			fmt.Fprintf(w, "    %-5s %s: %s\n", v.Rule, v.Name, v.Uncounted())
		}
	}
	printAuditRulings(w, rep)

	var problems []string
	if invalid > 0 {
		problems = append(problems, fmt.Sprintf("%d not valid", invalid))
	}
	if disputed > 0 {
		problems = append(problems, fmt.Sprintf("%d %s disputed", disputed, plural(disputed, "answer file", "answer files")))
	}
	verdict, summary := "ok", fmt.Sprintf("%d %s valid, every answer file agrees", len(rep.Cases), plural(len(rep.Cases), "file", "files"))
	if len(problems) > 0 {
		verdict, summary = "FAIL", fmt.Sprintf("%d %s (%s)", len(rep.Cases), plural(len(rep.Cases), "file", "files"), strings.Join(problems, ", "))
	}
	score := fmt.Sprintf("%.1f%% of variants killed", rep.KillPercent())
	if belowMinKill(f, rep) {
		verdict = "FAIL"
		score += fmt.Sprintf(", below --min-kill %g", f.minKill)
	}
	fmt.Fprintf(w, "\n%s %s: %s; %s\n", verdict, game, summary, score)
}

// killedBy says which files kill v: the first, or with --matrix every one.
func killedBy(rep *conformance.AuditReport, v conformance.AuditVariant) string {
	if !rep.Matrix {
		return fmt.Sprintf("killed by %s (first; %s)", rep.Cases[v.KilledBy[0]].Name, v.How)
	}
	var names []string
	for _, i := range v.KilledBy {
		names = append(names, rep.Cases[i].Name)
	}
	return fmt.Sprintf("killed by %d: %s (%s on the first)", len(names), strings.Join(names, " "), v.How)
}

// printAuditRulings lists every ruling of the game with how many of its
// variants that count are killed, the survivors by name, and why none
// counts where none does.
func printAuditRulings(w io.Writer, rep *conformance.AuditReport) {
	if len(rep.Rulings) == 0 {
		return
	}
	fmt.Fprintf(w, "\nrulings (variants killed of those that count):\n")
	for _, r := range rep.Rulings {
		killed, counted := r.Killed(rep)
		if counted == 0 {
			what := "no variant"
			if len(r.Variants) > 0 {
				what = "no variant that counts"
			}
			fmt.Fprintf(w, "  %-5s %s: %s\n", r.Rule, what, r.Why)
			continue
		}
		line := fmt.Sprintf("%d of %d killed", killed, counted)
		if apart := len(r.Variants) - counted; apart > 0 {
			line += fmt.Sprintf(" (%d more not counted)", apart)
		}
		var alive []string
		for _, v := range r.Variants {
			if av := rep.Variants[v]; av.Counts() && !av.Killed() {
				alive = append(alive, av.Name)
			}
		}
		if len(alive) > 0 {
			line += "; survives: " + strings.Join(alive, "; ")
		}
		fmt.Fprintf(w, "  %-5s %s\n", r.Rule, line)
	}
}
