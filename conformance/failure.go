package conformance

import (
	"context"
	"strings"
)

// A failure says how a case fails, so that a shrink keeps only the
// candidates that fail the same way (as rapid keeps those that fail with
// the same traceback), and the search for the first diverging step looks
// only at cuts that fail so: without it, a failure found on one rule can
// shrink into a case that shows another bug of the same program, which
// says nothing about the first.
//
//	wrong answer   the verdict and the kind of the first diverging step
//	               (Game.StepKind): a click on an empty cell, an invalid
//	               swap of a given kind, a hand, the end of the game
//	runtime error  the verdict and the crash's signature: the last line
//	               of its standard error that names an error, numbers
//	               and addresses blurred (see crashSignature); without
//	               one, how the run ended ("exit status 2", "signal:
//	               segmentation fault"), or a panic's message, blurred,
//	               since an index out of range names the index
//	bad output     the verdict and what was wrong with the output, its
//	               numbers, quotes and asides blurred (see badKind): a
//	               missing total line, output that is not one integer, a
//	               case read through and never answered
//	time limit     the verdict: a program slower on one case than on
//	               another is the same program
//
// The first part of a failure, all but the step of a wrong answer, is
// what one check shows (howOf); the step takes runs of prefixes to find
// (failureOf).
type failure string

// howOf is the failure of res, a check's result, as the check shows it:
// for a wrong answer without the kind of its first diverging step.
func howOf(res Result) failure {
	f := res.Verdict.String()
	switch res.Verdict {
	case RuntimeError:
		f += ": " + signatureOf(res)
	case BadOutput:
		f += ": " + badKind(res.Status)
	}
	return failure(f)
}

// failureOf says how res, the check of c on impl, fails. For a wrong
// answer of an implementation that gives no trace, it finds the first
// diverging step by running impl on prefixes of c (see Localise, without
// its second look), a prefix counting as diverging only when it gets a
// wrong answer too; when that fails, the kind is left out.
func (g *Game[C, T]) failureOf(ctx context.Context, impl Impl[C, T], c C, res Result) failure {
	f := howOf(res)
	if res.Verdict != WrongAnswer || g.StepKind == nil {
		return f
	}
	if res.Traced {
		if res.Move >= 0 {
			f += failure(" at " + res.Kind)
		}
		return f
	}
	// res is a wrong answer on the whole of c.
	step, err := localise(g.Steps(c), g.Step+"s", false, true, func(i int) (bool, error) {
		return g.failsQuick(ctx, impl, g.Prefix(c, i), c, f)
	})
	if err == nil {
		f += failure(" at " + g.StepKind(c, g.Reference(c), step))
	}
	return f
}

// badKind is what was wrong with a bad output whose status is status,
// as a shrink keeps it: "no total line after answer line #: ...",
// `output "…" is not one integer`. What the output held (quoted text),
// the line it stopped at (digits) and how the program ended when its
// input was closed (an aside in brackets) change from case to case while
// the fault stays, so they are blurred. It is written out rather than
// made of regular expressions, which the command would then link and
// initialise at every start (TestStartupInitialisesNothingOfCascades).
func badKind(status string) string {
	return blur(dropAsides(blurQuoted(status)))
}

// blurQuoted replaces each double-quoted text of s, escapes and all,
// with "…"; an unclosed quote is left as it is.
func blurQuoted(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := i + 1
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(`"…"`)
		s = s[j+1:]
	}
}

// dropAsides removes each innermost bracketed aside of s, "(…)" with no
// bracket inside, with the blank before it.
func dropAsides(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		open := i
		if s[i] == ' ' && i+1 < len(s) && s[i+1] == '(' {
			open = i + 1
		}
		if s[open] == '(' {
			if j := strings.IndexAny(s[open+1:], "()"); j >= 0 && s[open+1+j] == ')' {
				i = open + 1 + j
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// fails reports whether impl fails on p, a prefix of whole, as how says
// (howOf; see cut).
func (g *Game[C, T]) fails(ctx context.Context, impl Impl[C, T], p, whole C, how failure) (bool, error) {
	r, err := g.cut(ctx, impl, p, whole, false)
	return err == nil && !r.Ok() && howOf(r) == how, err
}

// failsQuick is fails taking a stream program's failure as the stream
// gave it, without running the prefix again alone: the kind of a
// failure is looked for on every candidate of a shrink, and each
// candidate is confirmed alone once, by Check.
func (g *Game[C, T]) failsQuick(ctx context.Context, impl Impl[C, T], p, whole C, how failure) (bool, error) {
	r, err := g.cut(ctx, impl, p, whole, true)
	return err == nil && !r.Ok() && howOf(r) == how, err
}

// cut is the check of impl on p, a prefix of whole, quick as failsQuick
// says. A bare prefix (no steps) that lies outside the statement's
// limits while whole lies inside is taken to be accepted rather than
// run: a program need not handle an input no judge would give, such as
// a match-3 case with no operations.
func (g *Game[C, T]) cut(ctx context.Context, impl Impl[C, T], p, whole C, quick bool) (Result, error) {
	if g.Steps(p) == 0 && g.InLimits != nil {
		if in, _ := g.InLimits(whole); in {
			if in, _ := g.InLimits(p); !in {
				return Result{Verdict: Accepted}, nil
			}
		}
	}
	if quick && impl.Prog != nil {
		ref, err := g.referee(ctx, p)
		if err != nil {
			return Result{}, err
		}
		ref.quick = true
		return g.answered(ctx, impl.Prog, ref)
	}
	return g.Check(ctx, impl, p)
}

// aim is the kind of the first diverging step of a wrong answer, which a
// shrink aims the cases it draws afresh at (ShrinkOptions.Aim); "" for
// any other failure, or a wrong answer whose step was not found.
func (f failure) aim() string {
	kind, _ := strings.CutPrefix(string(f), WrongAnswer.String()+" at ")
	if kind == string(f) {
		return ""
	}
	return kind
}
