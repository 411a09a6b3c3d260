package main

// The help text of cascade check: every flag, the verdicts, the
// guarantees of its oracle and its exit status.

var checkCommand = &command{
	name:     "check",
	summary:  "check an implementation against the reference",
	helpFunc: checkHelp,
	run:      runCheck,
}

func checkHelp() string {
	return `Usage: cascade check [--game samegame|match3] [--impl 'CMD ARGS...'... | --engine NAME] [flags]

Check plays cases on an implementation and on the reference and compares
the scores. It runs the built-in cases (the statements' examples and the
inputs of cascade's own scripts), the cases of --cases DIR, then
generated cases until --time or --count runs out. A case that gets a
time limit or a runtime error is run once more; accepted then, it is
reported as flaky and the run goes on. At the first case that is not
accepted it stops, shrinks the case to a small one that still
fails, finds the first move or operation where the answers part, and
prints the shrunk input, both answers and the reference's trace.

Without --impl and --engine it checks the built-in engine on both games,
each for half of --time.

With --impl given more than once, the programs are checked side by side
on the same cases: each case is generated once (the same seed gives each
program the same cases) and played once by the reference, and goes to
every program that has not diverged yet. A program that got a case
wrong is not run on the generated cases after it; the others go on
until they diverge too or --time or --count runs out (the time covers
them all). The report is a matrix: a column for each program (A, B,
...), a row for each case some program did not get accepted (the cases
every program accepted are counted), then each program's first
divergence, shrunk and localised with that program, and a summary line
for each program. --emit writes a regression script for each program
that diverged, named after its command line.

The program named by --impl reads one problem input on standard input,
in the statement's format, and prints the score: one integer. Its
command line is split into words like a shell would (quotes, backslash)
and run without a shell. Each case is one run with a time limit on CPU
time (--timeout): a run that used more is "time limit exceeded", however
long it waited. A run still going after three times --timeout of
wall-clock time (at least --timeout plus one second) is killed, with
everything it started, and is a time limit exceeded too: that catches a
program that sleeps or hangs.

With --stream one process of the program (one per --jobs) takes case
after case: each case is written, in the same format, only once the
answer to the last has been read, and the answer is one line. The
limits hold per case, on the CPU time the process used since its last
answer (read from /proc on Linux; the first case's since the process
started, as a run of the judge protocol counts it) and the wall-clock
time since the case was written. A
crash, a time limit or bad output is the verdict of the case in flight;
the process is killed and a fresh one takes the next case. A case that
fails in a stream is run again alone in a fresh process: failing there
too, it is shrunk as usual; accepted alone but failing again after the
cases its process answered before it, it is a state leak ("fails only
after earlier cases"), and those cases are shrunk to the fewest that
still make it fail, which the report lists and --emit replays through
one process; when it fails as well after copies of itself, and of
itself without its moves, in their place, it is no state leak but a
dependence on the process's history ("whatever they hold"). A program that exits after one case, answers twice, or
reads to the end of its input before answering breaks the protocol: the
verdict names it, and the case is not shrunk.

With --steps the program prints "step I RUNNING" after each move or
operation, the running total, optionally followed by the board after
it, then "total TOTAL" (with or without --stream). Every step is
compared with the reference, boards where given, and the first step
where they part is the divergence, from the one run; a board that
differs while the totals agree is one. The program is told its protocol
in the environment variable CASCADE_PROTOCOL: judge, stream, steps or
"stream steps". SPEC.md specifies both protocols with examples; the
adapters in adapters/ serve them in Python, JavaScript, C++ and Java.

Verdicts, per case: accepted; wrong answer; runtime error (non-zero exit
status or a signal; the tail of its standard error is shown, and the
crash's signature, the last line of it that names an error, numbers
blurred, which the shrink keeps so that one crash does not shrink into
another); time limit exceeded; bad output (not exactly one integer).

The expected answers are the reference's, the literal reading of the
rules, which takes up to 50 ms on a match-3 case at the statement's
limits: more than a compiled solution. So, for the generated cases of
--impl (--oracle sampled, the default), the built-in engine gives the
expected answer, and the reference plays every case the program did not
get accepted before it counts, and one in 16 of the others, chosen by
the case's seed; where the run's coverage needs the reference's play
(below: a case the engine's play that generated it does not cover),
every case of up to 4 KB of input too. What that
guarantees: no divergence is reported without the reference's answer,
nor judged by any other; the engine is itself checked against the
reference by cascade's own tests and fuzzing and on every case the
reference plays here (should their answers differ, the reference's
counts and the report names the case as a bug of cascade's); a program
that gives the engine's answer where the engine is wrong would be
caught only on the cases the reference plays. --oracle reference has
the reference play every case, and so does --steps, whose every step is
compared with the reference's trace. The built-in cases, those of --cases,
the shrinking and --engine are always judged by the reference.

The report ends the cases with the run's rule coverage: how often its
cases reached each coverage item of the game (cascade help audit lists
them), read from the reference's play of each case, and the items never
reached, by name. It is coverage of the rules, not of the program's
code, so it means the same for a program in any language. A case only
the engine played (--oracle sampled) is read from the engine's play
that generated it, which holds all the coverage reads, or else (a
match-3 rule set's case, a case generated to clear its board) from the
engine's trace: the specials, block shapes and closing columns, which
only the boards show, are not counted on it, and the report says on how
many cases.
Generation steers towards the items the usual mix reaches least: one
match-3 case in four, and one SameGame case in 256, is drawn with the
knobs that make one of them likely, the items in turn on a fixed
schedule of seed+i, so that --seed still reproduces a run and a case.

With --shard K/N the run checks part K of N of its cases, so that N
machines running the same flags and --seed check between them the cases
of one run: generated case i when i mod N is K-1, and the built-in and
--cases cases likewise by their place in the list (the built-in ones
first, --cases in name order). The indices stay those of the whole run,
so a divergence's replay line and regression script name the case as
the whole run would. With --count the N shards check exactly the cases
of the whole run, each once; with --time each checks what it reached in
its time, so only --count gives that coverage. cascade merge puts the
shards' --json reports together into the whole run's report.

Flags:
  --game G         samegame or match3; needed with --impl
  --rules R        the SameGame rule set, NAME [key=value ...]: codeabbey
                   (the default), benchmark, swellfoop, ksame, lx,
                   jawbreaker, tatham, clickomania, or custom with
                   settings (SPEC.md, "SameGame rule sets"); implies
                   --game samegame. Or a match-3 rule set: thupc (the
                   default), leetcode723, gymmatch3, tilematch,
                   mlagents, rockbox, gemgem, gweled, bevymatch3, or
                   custom with settings (SPEC.md, "Match-3 rule sets");
                   implies --game match3. A program under test reads it
                   from CASCADE_RULES (set for every program, codeabbey
                   and thupc too)
  --impl CMD       the program to check; give it again to check several
                   side by side
  --engine NAME    check a built-in implementation instead: ` + engineNames() + `
                   (default ` + defaultEngine + `)
  --cases DIR      also check every NAME.in of DIR, and the cases inside
                   every NAME.txtar (such as --emit writes), against the
                   reference. Without --game each case goes to the game
                   its first line shows (one integer: SameGame; four or
                   more: match-3). An answer file (NAME.ans or NAME.out)
                   that disagrees with the reference is reported as
                   "answer file disputed"; an input that is not valid is
                   reported with its path and line; a file that cannot
                   be read or is not a regular file (a named pipe is
                   not waited on), an answer file that is not one
                   integer and a .txtar that holds no case are reported
                   as bad files; the run goes on. A SameGame case whose
                   rules line names another rule set than --rules is a
                   usage error; without --rules a case is played under
                   the rule set of its rules line, and the cases of
                   each rule set are checked as a game of their own
                   ("samegame benchmark"), by programs of their own
                   told that rule set (under --stream, processes of
                   their own)
  --builtin        run the built-in cases (default true; --builtin=false)
  --time D         stop generating cases after D (default 30s; unbounded
                   when only --count is given). A case still running a
                   quarter of a second later is cut off: stopped,
                   reported, and counted neither as accepted nor as
                   failed. The built-in cases and those of --cases are
                   all checked, and shrinking has a limit of its own
                   (30s); the report says when they made the run go
                   past D
  --count N        stop after N generated cases; 0 generates none
  --seed S         seed of the generated cases (default random, printed);
                   case i comes from S+i alone, so --seed reproduces a run
                   and --seed S+i --count 1 (with the same --max-size)
                   replays case i; the report prints that command line
  --shard K/N      check part K of N of the cases (above); needs --seed
  --oracle O       what gives the expected answers of generated cases
                   for --impl: sampled (the default; above) or reference
  --coverage       read the rule coverage of every case checked (default
                   true; --coverage=false checks faster without it; above)
  --jobs N         cases checked at once (default the number of CPUs)
  --timeout D      CPU time limit of one run of the program (default 2s),
                   of one case under --stream
  --shrink-time D  how long shrinking a divergence may take (default
                   30s); what is found by then is reported
  --stream         the program answers case after case (above)
  --steps          the program answers after every step (above)
  --max-size N     bound the sides of generated boards; above the usual
                   sizes, one case in ten is drawn up to N (match-3 sides
                   above 50 leave the statement's limits). At most 4000
                   for SameGame, 1000 for match-3 (and without --game)
` + confineFlagsHelp + `                   The report says how many built-in cases were left
                   out and why; --json has them in builtin_left_out
  --emit DIR       write the shrunk case as a testscript regression,
                   DIR/GAME-VERDICT-CASE-HASH.txtar (HASH of the script,
                   so that scripts of other programs or failures never
                   take its name), whose header gives the
                   command that checks a program in any language on it,
                   and its replay page beside it, the same name with
                   .html: open it in a browser to step through the case,
                   the first diverging step marked (see cascade help
                   trace). An existing file is never overwritten. DIR
                   must be a writable directory or one that can be made,
                   checked before the run
  --json FILE      write a machine-readable report to FILE, whose
                   directory must exist, checked before the run
  --progress D     when standard error is not a terminal, write a line
                   of progress there every D (default 5s, or
                   CASCADE_PROGRESS when set); 0 writes none
  --color WHEN     colour the pieces and the marked cells of the
                   reference trace: auto (the default) when standard
                   output is a terminal and NO_COLOR is not set, always,
                   or never

Generated match-3 cases stay inside the statement's limits (n, m <= 50,
k <= 100, q <= 1000), and one in 50 is drawn at or near them: sides up
to 50 (often exactly 50, or boards two or three cells thin), up to 100
colours, up to 1000 operations. One SameGame case in 200 is a box of more
than 256 columns holding one group worth more than 2^31 points.

A progress line on standard error shows the cases, the rate, the
divergences and the time left: on a terminal, one line redrawn in place;
otherwise (a pipe, a CI log) a line of its own every --progress, the
first after the game's header line (on standard output), which the
report then does not repeat. The report goes to standard output.

An interrupt (Ctrl-C) or SIGTERM stops the run, even while --cases is
read or the reference plays a big case: the program running and
everything it started are killed, and the cases checked so far are
reported, the summary marked "interrupted". An interrupted run is not a
pass. A second interrupt ends check at once.

Nothing a program starts outlives its run: it runs in a process group
of its own, killed when it ends; on Linux, check is a child subreaper,
so a process that left the group (setsid) comes back to it and is
killed too, and the program gets a parent-death signal, so that it dies
if check is killed.

Exit status: 0 every case accepted (by every program); 1 something
diverged (a case not accepted, an answer file that disagrees with the
reference, an input of --cases that is not valid, a bad file in
--cases), the run was interrupted, or the report or --json could not be
written; 2 usage error (nothing to check is one); 5 the run checked no
case (every generated case cut off at --time, or none generated), which
is no pass.

Examples:
  cascade check
  cascade check --game samegame --impl './solve'
  cascade check --game match3 --impl 'python3 sol.py' --time 2m --emit regressions
  cascade check --game match3 --impl ./a.out --cases judge/tests --count 0
  cascade check --game samegame --impl ./solve --seed 1234 --count 1
  cascade check --game match3 --impl ./official-a --impl 'python3 b.py' --cases judge/tests
  cascade check --game match3 --impl ./a.out --seed 7 --count 40000 --shard 2/4 --json shard2.json
  cascade check --game samegame --impl 'python3 sol.py' --stream --steps
  cascade check --rules benchmark --impl './nrpa' --stream --legal --usual-box
`
}
