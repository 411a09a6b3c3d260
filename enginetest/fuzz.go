package enginetest

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
)

// FuzzShrinkTime bounds the shrinking of a case that Fuzz finds failing.
// A decoded case is small (casegen.DecodeMaxSide, casegen.DecodeMaxOps),
// so shrinking it takes far less; the bound is there for an engine that
// is slow on some case.
const FuzzShrinkTime = 5 * time.Second

// FuzzLimit is the time Fuzz gives an in-process engine on one case,
// when impl.Limit is 0 or longer. go test -fuzz takes a call of the
// target that runs 10 seconds for a hung worker, and reports no case;
// a case the engine does not answer is found (FuzzLimit), shrunk
// (fuzzOverLimitShrink at most) and confirmed (FuzzLimit again) well
// within that. A decoded case is small: a correct engine answers it in
// far less than a millisecond, even on a starved machine.
const FuzzLimit = time.Second

// fuzzOverLimitShrink bounds the shrinking of a case the engine does not
// answer: four times its limit, and 4 seconds at most, so that the
// target returns within 6.
const fuzzOverLimitShrink = 4

// Fuzz makes a native fuzz target of impl against the reference of game
// g: every input the fuzzer makes is decoded into a valid case
// (g.Decode: casegen.DecodeSameGame, casegen.DecodeMatch3), checked with
// g.Check, and a case not accepted fails the target.
//
//	func FuzzEngine(f *testing.F) {
//		enginetest.Fuzz(f, cubes.Game, cubes.Game.TotalFunc("mine", mine.Score))
//	}
//
// The seed corpus holds the game's built-in cases (g.Builtin: the
// statement's documented examples and the inputs that pin cascade's
// rulings) that the decoder can write (g.Encode), and SeedCases cases
// generated with conformance.SuiteSeed; plain go test runs each of them
// once, so a bug that shows on one fails without -fuzz.
//
// A failure is reported as cascade check reports one: the case is shrunk
// with cascade's shrinker (conformance.Game.Run, for FuzzShrinkTime at
// most) to a small case that fails the same way, the first move where
// impl parts from the reference is named as closely as what impl gives
// allows (see conformance.Game.StepFunc), and the shrunk case is printed
// in the input format with the commands that replay it.
//
// The shrunk case is kept as a regression script, as Test keeps one: its
// path ends the report, and Scripts runs it from the next go test on.
// Under go test -fuzz, the input it writes to testdata/fuzz/ once it has
// minimised it is the one kept, its script named in a line of the
// target's log after the report.
//
// A case impl does not answer within its limit (FuzzLimit, or a shorter
// impl.Limit) fails the target as a time limit exceeded, shrunk to a
// smaller case impl does not answer either (conformance.Game.
// ShrinkOverLimit), before go test -fuzz would give up on the worker as
// hung. The call that did not answer is abandoned, its goroutine left
// running: Go cannot stop it.
//
// The checks run one at a time within a fuzz worker, so impl need not be
// safe for concurrent use, but for an abandoned call, which runs on
// while the case is shrunk; go test -fuzz runs several workers, each a
// process of its own.
func Fuzz[C, T any](f *testing.F, g *conformance.Game[C, T], impl conformance.Impl[C, T]) {
	f.Helper()
	if g.Decode == nil || g.Encode == nil {
		f.Fatalf("%s: the game has no decoder of fuzz inputs (Game.Decode, Game.Encode)", g.Name)
	}
	for _, data := range Seeds(g) {
		f.Add(data)
	}
	if impl.Limit <= 0 || impl.Limit > FuzzLimit {
		impl.Limit = FuzzLimit
	}
	target := f.Name()
	if fuzzCoordinator() {
		start := time.Now()
		f.Cleanup(func() {
			if f.Failed() {
				if note := keepCrasher(f, g, impl, start); note != "" {
					f.Log(note)
				}
			}
		})
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := g.Decode(data)
		res, err := g.Check(t.Context(), impl, c)
		if err != nil {
			t.Fatalf("%s: %v", g.Name, err)
		}
		if res.Verdict == conformance.TimeLimit {
			t.Fatal(explainOverLimit(t.Context(), g, impl, c, res))
		}
		if !res.Ok() {
			text, rep := explain(t.Context(), g, impl, res.Input)
			if rep != nil && rep.Divergence != nil && !fuzzWorker() {
				text += "\n\n" + keepRegression(target, regressionOf(g, impl, rep, "a fuzz input"))
			}
			t.Fatal(text)
		}
	})
}

// SeedCases is the number of generated cases Seeds adds to the built-in
// ones.
const SeedCases = 20

// Seeds are the seed corpus of Fuzz on game g, as fuzzer inputs: the
// built-in cases the decoder can write, then SeedCases generated cases
// (conformance.SuiteSeed) no bigger than the decoder makes, so that
// none is drawn only to be dropped.
func Seeds[C, T any](g *conformance.Game[C, T]) [][]byte {
	var seeds [][]byte
	for _, bc := range g.Builtin() {
		c, err := g.Parse(bytes.NewReader(bc.Input))
		if err != nil {
			continue
		}
		if b, ok := g.Encode(c); ok {
			seeds = append(seeds, b)
		}
	}
	for i := range SeedCases {
		if b, ok := g.Encode(g.Generate(conformance.SuiteSeed, i, casegen.DecodeMaxSide)); ok {
			seeds = append(seeds, b)
		}
	}
	return seeds
}

// Explain checks the case input (in the statement's format) on impl as
// cascade check does, shrinking it to a small case that fails the same
// way, and describes the failure for a test log: the verdict, the shrunk
// case as an Input / Output / Want report, the first move where impl
// parts from the reference, and the commands that replay the case with
// cascade. It is what Fuzz reports; a test of its own that finds a
// failing case reports it the same way.
func Explain[C, T any](ctx context.Context, g *conformance.Game[C, T], impl conformance.Impl[C, T], input []byte) string {
	text, _ := explain(ctx, g, impl, input)
	return text
}

// explain is Explain, with the report of the check of the case, nil
// when it could not be checked again.
func explain[C, T any](ctx context.Context, g *conformance.Game[C, T], impl conformance.Impl[C, T], input []byte) (string, *conformance.Report) {
	rep, err := g.Run(ctx, impl, conformance.RunOptions{
		NoBuiltin:  true,
		Cases:      []conformance.Case{{Name: "fuzzed", Input: input}},
		Count:      -1,
		Jobs:       1,
		ShrinkTime: FuzzShrinkTime,
		NoCoverage: true,
	})
	if err != nil {
		return fmt.Sprintf("%s: %v: checking the case again: %v\nInput:\n%s", g.Name, impl, err, indent(input)), nil
	}
	d := rep.Divergence
	if d == nil {
		return fmt.Sprintf("%s: %v failed the case once and was accepted when it was checked again (flaky)\nInput:\n%s", g.Name, impl, indent(input)), rep
	}
	var b strings.Builder
	s := d.Shrunk
	fmt.Fprintf(&b, "%s: %v: %v\n", g.Name, impl, s.Verdict)
	if orig, err := g.Parse(bytes.NewReader(input)); err == nil {
		if small, err := g.Parse(bytes.NewReader(s.Input)); err == nil {
			fmt.Fprintf(&b, "shrunk from %s to %s in %d tries\n", g.Size(orig), g.Size(small), d.ShrinkStats.Tried)
			if d.Op > 0 && d.Op <= g.Steps(small) {
				fmt.Fprintf(&b, "first diverging %s: %d, %s\n", g.Step, d.Op, g.StepText(small, d.Op))
			} else if d.Op == 0 {
				fmt.Fprintf(&b, "it diverges before any %s\n", g.Step)
			}
		}
	}
	b.WriteString(s.String())
	if d.Op > 0 && !s.Traced && d.AtOp.Verdict == conformance.WrongAnswer && !bytes.Equal(d.AtOp.Input, s.Input) {
		fmt.Fprintf(&b, "\nafter %s %d: got %d, want %d (the case cut after it)", g.Step, d.Op, d.AtOp.Got, d.AtOp.Want)
	}
	writeReplay(&b, g, &s)
	return b.String(), rep
}

// explainOverLimit describes, as Explain does, the case c on which impl
// did not answer within its limit (res), shrunk as far as
// fuzzOverLimitShrink allows: the case is not checked again as Explain
// checks it, since each check of it costs the limit.
func explainOverLimit[C, T any](ctx context.Context, g *conformance.Game[C, T], impl conformance.Impl[C, T], c C, res conformance.Result) string {
	budget := min(fuzzOverLimitShrink*impl.Limit, fuzzOverLimitShrink*time.Second)
	s, stats := g.ShrinkOverLimit(ctx, impl, c, res, budget)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v: %v\n", g.Name, impl, s.Verdict)
	if small, err := g.Parse(bytes.NewReader(s.Input)); err == nil && !bytes.Equal(s.Input, res.Input) {
		fmt.Fprintf(&b, "shrunk from %s to %s in %d tries\n", g.Size(c), g.Size(small), stats.Tried)
	}
	b.WriteString(s.String())
	writeReplay(&b, g, &s)
	return b.String()
}

// writeReplay writes the shrunk case s in the input format, and the
// commands that replay it with cascade.
func writeReplay[C, T any](b *strings.Builder, g *conformance.Game[C, T], s *conformance.Result) {
	fmt.Fprintf(b, "\n\nThe shrunk case, in the input format (save it as case.in):\n%s", s.Input)
	fmt.Fprintf(b, "\nReplay it with cascade (go install github.com/cascade-harness/cascade/cmd/cascade@latest):\n")
	fmt.Fprintf(b, "  cascade score --game %s --engine reference case.in   # the reference's total, %d\n", g.Name, s.Want)
	fmt.Fprintf(b, "  cascade trace --game %s case.in                      # the reference's play, %s by %s\n", g.Name, g.Step, g.Step)
}

// indent indents every line of text by two spaces, as Result does.
func indent(text []byte) string {
	lines := strings.Split(strings.TrimRight(string(text), "\n"), "\n")
	return "  " + strings.Join(lines, "\n  ")
}
