// Package fuzz searches for cases on which the fast engine and the
// reference part, and for text that trips the parsers.
//
// # Native fuzz targets
//
// Four go test -fuzz targets, each run in turn by make fuzz:
//
//   - FuzzSameGame and FuzzMatch3 are differential. The fuzzer's bytes
//     decode into a case that is always valid (casegen.DecodeSameGame,
//     casegen.DecodeMatch3 give the byte layout; enginetest.Fuzz decodes
//     an outside engine's inputs with them too), built by casegen, the
//     generator of every other test: a few header bytes choose its knobs
//     (the size, sides up to 12, the colours, combs, specials and where
//     they go; for SameGame also the rule set, codeabbey, another named
//     one or custom settings drawn a byte each, and the box's height) and
//     two more seed the generator that draws the board, and then every
//     byte is one operation, up to 40. So even a short input plays a
//     game, and dropping a byte drops one operation, which keeps
//     minimised failures small. Most operation bytes are aimed: they pick
//     among the cubes left to click (casegen.SameGameTargets; under a
//     minimum above 1, mostly among the groups that reach it) or the
//     swaps that make a run on the board as it stands (the reference's
//     Grid.ValidSwaps), and a game ends when nothing is left to aim at;
//     the other byte values ask for a click on an empty cell or for an
//     invalid swap of one of casegen's kinds (the same cell, a diagonal,
//     two cells apart, an empty cell, the same colour, no run;
//     casegen.InvalidSwap), and one value takes free coordinates. A
//     header byte asks instead for a board given cell by cell, which is
//     how the encoders write known cases into the corpus; a colour that
//     would complete a run there gives way to another, drawn by casegen's
//     one construction of a board without a run. The case is played on
//     the engine and on the reference; a failure names the first move
//     where the traces part (samegame.Diff, match3.Diff), or, when they
//     agree, the first move after which the boards differ, and prints
//     both traces and the case in the input format, ready for cascade
//     score and cascade trace.
//   - FuzzSameGameParse and FuzzMatch3Parse feed arbitrary text to
//     samegame.Parse and match3.Parse: they never panic, a rejection is an
//     *input.Error naming a line of the text (or the one after its end),
//     and what they accept is valid and formats back to an equal case.
//
// The committed seed corpus is in testdata/fuzz/<target>/, one file per
// input, named for what it holds: the documented examples, every SameGame
// rule set's worked example (rules-NAME), a seed for
// every rule an engine may break (TestMatch3CorpusCoversTheRules and
// TestSameGameCorpusCoversTheRules check that each is still shown), and
// for the parsers tricky accepted inputs and "bad-" inputs that must be
// rejected. Plain go test runs every seed. While fuzzing, the inputs that
// reach new code are kept in $GOCACHE/fuzz, and a failing input is
// written to testdata/fuzz/<target>/, where go test -run=<target>/<file>
// replays it.
//
//	make fuzz FUZZTIME=60s                                       # every target, 60s each
//	go test -run '^$' -fuzz '^FuzzMatch3$' -fuzztime 5m ./fuzz/  # one target
//
// # Properties
//
// Alongside, gopter properties (properties_samegame_test.go,
// properties_match3_test.go) check that the engine agrees with the
// reference and that both keep the rules' invariants on cases drawn by
// casegen's one policy (casegen.SameGameKnobs, casegen.Match3Knobs),
// shrinking a failure to a small case with the candidates of package
// conformance. The planted-bug self-test, which checks that the same
// policy tells every deliberately broken variant of the reference from
// the literal rules, is in package conformance/planted.
package fuzz
