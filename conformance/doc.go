// Package conformance checks an implementation of a game against the
// reference, case by case, and names the outcome the way a judge does.
//
// # One description per game
//
// A Game[C, T] describes one game once: how its inputs are parsed and
// formatted, how the reference and the engine play a case, how two
// traces are compared and what kind of step a move is, how cases are
// generated and shrunk, and which cases are built in. The harness names
// no game: each game family is a package of its own that describes its
// game (package cubes, SameGame and its rule sets; package gems,
// match-3 with poker), and one place registers them (package games,
// Register), as image formats and database/sql drivers are; Games lists
// those registered, their types hidden (Any), as the command meets them.
// Everything else is written once against a Game:
//
//	g.Check(ctx, impl, c)      one case: a Result with its Verdict
//	g.Run(ctx, impl, opts)     the loop behind `cascade check`
//	g.RunAll(ctx, impls, opts) several implementations on the same cases
//	g.Test(t, impl)            a test suite, as fstest.TestFS is
//	g.Shrink(ctx, c, fails, o) a small case that still fails
//	g.Localise(c, differs)     the first step where two answers part
//	g.Candidates(c)            smaller cases, for other shrinkers (gopter)
//	g.Audit(ctx, cases, o)     what a judge's test data covers and which
//	                           planted variants it kills (`cascade audit`)
//	g.Cover(ctx, o)            a small test set that kills every planted
//	                           variant (`cascade suite`)
//
// A new game is a new Game value and nothing else: a new package and
// one line in package games. The package tests define a toy game inside
// a test file and check, shrink and localise it.
//
// # What is checked
//
// A case is played by the implementation and by the reference (package
// reference, the rules in code). An implementation that gives a trace is
// compared step by step (Game.Diff: every move, then the endgame and the
// total), and a disagreement names the first step where the two part.
// An implementation that gives only a score is compared on the total.
//
// # The seam
//
// Implementations meet the harness at two levels (Impl):
//
//	trace level  Impl.Play   the trace of a case: Go code (Game.Func, Game.Player)
//	score level  Impl.Score  the total of one input in the statement's
//	                         format: any program (Game.Program with a Command)
//
// A Go engine need not give the game's trace: it can give the least it
// knows, and gets the localisation that allows.
//
//	Game.Func       the trace         every move compared; the first
//	                                  that parts, with what differs
//	Game.StepFunc   running totals,   checked as a program under the step
//	                boards optional   protocol: the first move whose
//	                                  running total (or board) parts,
//	                                  the boards drawn side by side
//	Game.TotalFunc  the final total   checked as a program under the
//	                                  judge protocol: the case is shrunk,
//	                                  and its prefixes are played to find
//	                                  the first move after which the
//	                                  totals part
//
// StepFunc and TotalFunc are checked in process by the code that checks
// programs of those protocols: the engine's answer is what such a
// program would print. Package enginetest fuzzes such an engine, draws
// gopter cases for it and runs cascade's regression scripts against it
// from the engine's own go test.
//
// Game.Player names the built-in ones: "engine", the fast engine, and
// "reference", which checking against itself pins nothing but shows the
// harness at work.
//
// # The external protocol
//
// A program under test is run once per case, directly (no shell is
// involved; NewCommand splits its command line into words as a shell
// would, see process.SplitWords). It reads one problem input on standard
// input, in the statement's format, exactly as the game's Format writes
// it, and prints the score on standard output: exactly one integer (an
// optional minus sign and decimal digits), white space around it
// allowed. It exits with status 0. Standard error is free for anything;
// its tail is shown when the run fails.
//
// That is the judge protocol. Two more let a program answer many cases
// and show its work (SPEC.md, "Programs under test"; Protocol):
//
//	Command.Stream  one long-lived process per goroutine that checks at
//	                once takes case after case, each written once the
//	                last was answered, one answer line each
//	Command.Steps   the answer is a line "step I RUNNING" after every
//	                move, optionally the board after it, then "total T"
//	                (StepTrace); every step is compared with the
//	                reference's, and the first that parts is the
//	                divergence, from the one run
//
// Game.Program checks a Command of either protocol through Answer and
// Replay (Programmer). A case that fails in a stream is run again alone
// in a fresh process; accepted alone but failing again after the cases
// its process answered before it, it is a state leak (Result.Leak), and
// Run shrinks those earlier cases to the fewest that still make it fail
// (Divergence.Before). A program that breaks the protocol (exits after
// one case, answers twice, reads to the end of its input) gets a
// verdict that names it and is not shrunk (Result.Breach). The program
// is told its protocol in CASCADE_PROTOCOL (ProtocolEnv); Command.Close
// ends the processes a stream keeps.
//
// Each run has a time limit on CPU time (Command.Timeout, DefaultTimeout
// when zero), so that a loaded machine does not fail a correct program,
// and a wall-clock limit, WallLimit, that catches a program that sleeps
// or hangs, and ends no program that computes. The program runs in a
// process group of its own; at the wall-clock limit the whole group of
// a program not computing is killed, and when the program ends
// anything it left running in the group is killed as well, so background
// processes neither survive a case nor hold its pipes open (package
// internal/process does the running).
//
// # Verdicts
//
//	Accepted      the score, and every step of a trace, agree
//	WrongAnswer   a well-formed answer that disagrees; the report names
//	              the first differing step for a trace, the totals otherwise
//	RuntimeError  non-zero exit status, death by a signal, an error
//	              returned, or a panic of an in-process implementation
//	TimeLimit     used more CPU time than the limit, or killed at the
//	              wall-clock limit
//	BadOutput     exited normally, but the output is not exactly one integer
//
// A Result holds the verdict with the case's Input, the implementation's
// Output and the reference's Want, and its String method prints them as
// blocks:
//
//	wrong answer: total: got 60, want 54
//	Input:
//	  2
//	  12
//	  ...
//	Output:
//	  60
//	Want:
//	  54
//
// In-process implementations have no time limit: Go cannot stop a
// running function. Run a suspect one as a command.
//
// # Test suites
//
// Game.Test is to an implementation what testing/fstest.TestFS is to a
// file system: one call in a test runs the built-in cases and SuiteCases
// generated ones, and reports every case that fails with t.Errorf, each
// as an Input / Output / Want report (the first failing generated case
// shrunk):
//
//	func TestSolver(t *testing.T) {
//		cubes.Game.Test(t, cubes.Game.Func("solver", solver.Play))
//	}
//
// # Cases
//
// The built-in cases (Game.Builtin) are each game family's, embedded
// from its testdata/builtin (Embedded): the statements' documented
// examples, every input of cascade's command scripts, each of which pins
// a ruling, and a box whose one group overflows 32 bits. A judge's test data, NAME.in with NAME.ans or
// NAME.out, and txtar archives of such files, are read by ReadCases.
//
// Generated cases come from package casegen, one generator per game
// whose knobs are drawn per case (Game.Generate). The moves are aimed by
// playing them on the engine, which is fast; the answers are the
// reference's. Case i of a seed is generated from seed+i alone, so a run
// is reproduced from its seed however many cases ran at once, and one
// case is replayed by itself.
//
// # A whole check
//
// Game.Run is the loop behind `cascade check`: the built-in cases, the
// judge's cases, then generated cases on several goroutines until a
// count or a time runs out (RunOptions). The first case not accepted
// stops the run (a time limit, a runtime error or no output at all is
// first run again: accepted then, the case is flaky, noted in
// Report.Flaky, and the run goes on); it is shrunk to a small case that fails the same way, and
// the first step where it parts from the reference is found. The Report
// counts the verdicts and holds that Divergence.
//
// # Shrinking
//
// Shrink works as rapid's shrinker does. A game's Passes offer smaller or
// simpler candidates (fewer moves by delta debugging, smaller boards with
// sides found by binary search, fewer colours, simpler pieces and
// moves); a candidate counts only when it fails the same way (the same
// verdict, and for a wrong answer a first diverging step of the same
// kind, Game.StepKind, for a crash the same signature, for bad output
// the same fault); a candidate already tried is not asked about again
// and never taken again (one that failed was taken then, so going back
// to it is no step); and the search goes round until no pass finds
// anything, which leaves the case 1-minimal.
package conformance
