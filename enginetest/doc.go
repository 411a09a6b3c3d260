// Package enginetest checks a Go engine of one of cascade's games from
// the engine's own go test: it fuzzes it against the reference, draws
// gopter cases for its properties, and runs the regression scripts that
// cascade check --emit writes against it. Package conformance does the
// checking; this package is what needs package testing.
//
// # The engine
//
// An engine is a conformance.Impl, made from the least it can give:
//
//	cubes.Game.TotalFunc("mine", func(c *samegame.Case) (int64, error) {...})
//	    the final total only: a failing case is shrunk, and its prefixes
//	    played to find the first move after which the totals part
//	cubes.Game.StepFunc("mine", func(c *samegame.Case) (conformance.StepTrace, error) {...})
//	    the running total after every move (the board after it optional):
//	    the first move whose running total or board parts, from one play
//	cubes.Game.Func("mine", func(c *samegame.Case) (samegame.Trace, error) {...})
//	    cascade's own trace: every move compared
//
// A case (samegame.Case) holds its rule set (Rules), the box, W columns
// and H rows of colours 1-9 in one slice, row-major from the top row
// (Board[r*W+c]), and the clicks (Moves), X a column from the left of the
// box as it stands and Y a row from the bottom; samegame.Parse reads the
// statement's input format into one. A StepTrace's running totals leave
// out the end-of-game term, which only its Total holds (see
// conformance.StepTrace).
//
// # Checking
//
// Test runs the built-in cases (the statement's examples and one input
// per ruling) and 200 generated ones, as conformance.Game.Test does, and
// reports every failure:
//
//	func TestEngine(t *testing.T) {
//		enginetest.Test(t, cubes.Game, impl)
//	}
//
// A case the engine does not answer within impl.Limit
// (conformance.DefaultLimit when 0; FuzzLimit under Fuzz) fails as a
// time limit exceeded, named and shrunk, rather than holding the test
// until go test's -timeout. Go cannot stop the call: it is abandoned,
// its goroutine left running.
//
// # Fuzzing
//
// Fuzz makes a native fuzz target of the engine. The fuzzer's bytes are
// decoded by cascade's decoders (casegen.DecodeSameGame) into valid cases,
// small and aimed at the groups left on the box; the seed corpus is the
// built-in cases and generated ones, so plain go test runs them; and a
// failure is shrunk with cascade's shrinker and printed in the input
// format with the commands that replay it (Explain):
//
//	func FuzzEngine(f *testing.F) {
//		enginetest.Fuzz(f, cubes.Game, impl)
//	}
//
//	go test -run '^$' -fuzz '^FuzzEngine$' -fuzztime 30s
//
// # Properties
//
// Cases is a gopter generator of valid cases of a game, drawn as cascade
// check draws them and shrunk by cascade's shrinker, for a property of
// one's own; SameGameCases and Match3Cases draw codeabbey and match-3
// cases labelled with their knobs:
//
//	props.Property("never negative", prop.ForAll(func(c *samegame.Case) bool {
//		return mine.Score(c) >= 0
//	}, enginetest.Cases(cubes.Game)))
//
// # Regression scripts
//
// A failure that Test, Fuzz or Agrees (a gopter property of agreement
// with the reference) finds is kept as a testscript, the one cascade
// check --emit DIR writes: its shrunk case and answer, written under
// testdata/script/ of the test's package (EmitDir; CASCADE_EMIT_DIR
// names another directory), its path in the failure's report. Scripts
// runs a directory of them, with cascade a command that checks the
// engine, so that from the next go test on the case is a test of its
// own, as go test -fuzz keeps a failing input in testdata/fuzz/:
//
//	func TestRegressions(t *testing.T) {
//		enginetest.Scripts(t, cubes.Game, impl, "testdata/script")
//	}
//
// A script is named after the game, the verdict and the case, so the
// same failure found again is the same file. Nothing is written when
// the check passes, nor under CASCADE_NO_EMIT=1 (NoEmitEnv), for a CI
// whose checkout is thrown away; a case the engine does not answer in
// time is reported, not kept.
//
// # Rule sets
//
// Every function here takes the game, a *conformance.Game, and checks
// against that game's reference: a game with other rules is another Game
// value, and the same calls check an engine of it. SameGame under a rule
// set is cubes.Under of it (samegame.Lookup names one,
// samegame.ParseRules reads any as cascade's --rules does); make the
// engine from that game, so that its cases carry the rule set:
//
//	jaw, _ := samegame.Lookup("jawbreaker")
//	game := cubes.Under(jaw)
//	impl := game.TotalFunc("mine", mine.Score)
//	enginetest.Test(t, game, impl)                       // in a test
//	enginetest.Fuzz(f, game, impl)                       // in a fuzz target
//	enginetest.Cases(game)                               // gopter cases of jawbreaker
//	enginetest.Scripts(t, game, impl, "testdata/script") // scripts --rules jawbreaker --emit wrote
//
// docs/go-api.md is the guide, with a complete test file.
package enginetest
