// Package conformance checks an implementation of either game against the
// reference, case by case, and names the outcome the way a judge does.
//
// # What is checked
//
// A case (a samegame.Case or a match3.Case) is played by the
// implementation and by the reference (package reference, the rules in
// code). An implementation that gives a trace is compared move by move:
// every samegame.Result or match3.Result, then the endgame and the total,
// and a disagreement names the first move where the two part (see
// samegame.Diff and match3.Diff). An implementation that gives only a
// score is compared on the total. Trace.Detail is never compared.
//
// # The seam
//
// Implementations meet the harness at small interfaces, two levels per
// game:
//
//	score level  SameGameScorer  ScoreSameGame(ctx, *samegame.Case) (int64, error)
//	             Match3Scorer    ScoreMatch3(ctx, *match3.Case) (int64, error)
//	trace level  SameGame        PlaySameGame(*samegame.Case) (samegame.Trace, error)
//	             Match3          PlayMatch3(*match3.Case) (match3.Trace, error)
//
// CheckSameGame and CheckMatch3 take the score level and use the trace
// level when the same value has it. Two adapters cover the usual cases:
// Funcs wraps Go functions (Engine and Reference are Funcs values for the
// built-in engine and the reference), and Command runs a program.
//
// # The external protocol
//
// A program under test is run once per case, directly (no shell is
// involved; NewCommand splits its command line into words as a shell
// would, see SplitWords). It reads one problem input on standard input,
// in the statement's format, exactly as samegame.Format or match3.Format
// write it, and prints the score on standard output: exactly one
// integer (an optional minus sign and decimal digits), white space around
// it allowed. It exits with status 0. Standard error is free for
// anything; its tail is shown when the run fails.
//
// Each run has a time limit on CPU time (Command.Timeout, DefaultTimeout
// when zero), so that a loaded machine does not fail a correct program,
// and a wall-clock limit, WallLimit, that catches a program that sleeps
// or hangs. The program runs in a process group of its own; at the
// wall-clock limit the whole group is killed, and when the program ends
// anything it left running in the group is killed as well, so background
// processes neither survive a case nor hold its pipes open.
//
// # Verdicts
//
//	Accepted      the score, and every move of a trace, agree
//	WrongAnswer   a well-formed answer that disagrees; the report names
//	              the first differing move for a trace, the totals otherwise
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
// TestSameGame and TestMatch3 are to an implementation what
// testing/fstest.TestFS is to a file system: one call in a test runs
// the built-in cases and SuiteCases generated ones, and reports every
// case that fails with t.Errorf, each as an Input / Output / Want report
// (the first failing generated case shrunk):
//
//	func TestSolver(t *testing.T) {
//		conformance.TestSameGame(t, conformance.Funcs{SameGame: solver.Play})
//	}
//
// # Cases
//
// The built-in cases (SameGameCases, Match3Cases) are embedded from
// testdata/builtin: the statements' documented examples, every input of
// cascade's command scripts, each of which pins a ruling, and a box whose
// one group overflows 32 bits. A judge's test data, NAME.in with NAME.ans
// or NAME.out, and txtar archives of such files, are read by ReadCases.
//
// Generated cases come from package casegen with a random combination of
// its knobs per case (GenerateSameGame, GenerateMatch3): mostly small
// boards, match-3 inside the statement's limits and one case in
// LimitsOneIn at or near them (sides of 50, thin boards, 100 colours,
// 1000 operations), one SameGame case in BigGroupOneIn a box of a few
// hundred columns. The moves are aimed by playing them on the engine,
// which is fast; the answers are the reference's. Case i of a seed is
// generated from seed+i alone, so a run is reproduced from its seed
// however many cases ran at once, and one case is replayed by itself.
//
// # A whole check
//
// RunSameGame and RunMatch3 are the loop behind `cascade check`: the
// built-in cases, the judge's cases, then generated cases on several
// goroutines until a count or a time runs out (RunOptions). The first
// case not accepted stops the run (a time limit or a runtime error is
// first run again: accepted then, the case is flaky, noted in
// Report.Flaky, and the run goes on); it is shrunk (ShrinkSameGame,
// ShrinkMatch3) to a small case with the same verdict, and the first
// move or operation where it parts from the reference is found
// (LocaliseSameGame, LocaliseMatch3). The Report counts the verdicts and
// holds that Divergence. The shrinks' strictly smaller candidates of a
// case (SameGameCandidates, Match3Candidates) serve other shrinkers too,
// such as gopter's in package fuzz.
package conformance
