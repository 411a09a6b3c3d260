package conformance

import (
	"context"
	"strings"
)

// A failure says how a case fails, so that a shrink keeps only the
// candidates that fail the same way (as rapid keeps those that fail with
// the same traceback): without it, a wrong answer found on one rule can
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
//	otherwise      the verdict
type failure string

// failureOf says how res, the check of c on impl, fails. For a wrong
// answer of an implementation that gives no trace, it finds the first
// diverging step by running impl on prefixes of c (see Localise, without
// its second look); when that fails, the kind is left out.
func (g *Game[C, T]) failureOf(ctx context.Context, impl Impl[C, T], c C, res Result) failure {
	f := res.Verdict.String()
	switch res.Verdict {
	case WrongAnswer:
		if g.StepKind == nil {
			break
		}
		if res.Traced {
			if res.Move >= 0 {
				f += " at " + res.Kind
			}
			break
		}
		// res is a wrong answer on the whole of c.
		step, err := localise(g.Steps(c), g.Step+"s", false, true, func(i int) (bool, error) {
			return g.differsQuick(ctx, impl, g.Prefix(c, i), c)
		})
		if err == nil {
			f += " at " + g.StepKind(c, g.Reference(c), step)
		}
	case RuntimeError:
		f += ": " + signatureOf(res)
	}
	return failure(f)
}

// differs reports whether impl's answer on p, a prefix of whole, is not
// accepted. A bare prefix (no steps) that lies outside the statement's
// limits while whole lies inside is taken to agree rather than run: a
// program need not handle an input no judge would give, such as a
// match-3 case with no operations.
func (g *Game[C, T]) differs(ctx context.Context, impl Impl[C, T], p, whole C) (bool, error) {
	return g.differsHow(ctx, impl, p, whole, false)
}

// differsQuick is differs taking a stream program's failure as the
// stream gave it, without running the prefix again alone: the kind of
// a failure is looked for on every candidate of a shrink, and each
// candidate is confirmed alone once, by Check.
func (g *Game[C, T]) differsQuick(ctx context.Context, impl Impl[C, T], p, whole C) (bool, error) {
	return g.differsHow(ctx, impl, p, whole, true)
}

func (g *Game[C, T]) differsHow(ctx context.Context, impl Impl[C, T], p, whole C, quick bool) (bool, error) {
	if g.Steps(p) == 0 && g.InLimits != nil {
		if in, _ := g.InLimits(whole); in {
			if in, _ := g.InLimits(p); !in {
				return false, nil
			}
		}
	}
	if quick && impl.Prog != nil {
		ref, err := g.referee(ctx, p)
		if err != nil {
			return false, err
		}
		ref.quick = true
		r, err := g.answered(ctx, impl.Prog, ref)
		return err == nil && !r.Ok(), err
	}
	r, err := g.Check(ctx, impl, p)
	return err == nil && !r.Ok(), err
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
