package conformance

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
)

// Result is the outcome of one case.
type Result struct {
	Verdict Verdict
	// Input is the case in the statement's format.
	Input []byte
	// Output is what the implementation answered: what a program
	// printed when that was no usable answer, the score it gave (one
	// line) otherwise, and nothing when it failed without output.
	// A program's output is kept up to a few kilobytes.
	Output []byte
	// WantText is the reference's answer when it is not the total
	// (Game.AnswerText): Want is then the reference's total, which the
	// answer does not show.
	WantText []byte
	// OutputSize is the number of bytes the program wrote to standard
	// output, which may be more than Output holds; zero when unknown.
	OutputSize int
	// Got is the implementation's score when it gave one (Accepted or
	// WrongAnswer); Want is the reference's.
	Got, Want int64
	// Traced says the implementation gave a trace, so moves were compared.
	Traced bool
	// Move is, for a traced WrongAnswer, the first move (SameGame) or
	// operation (match-3) where the traces part, 1-based, or 0 when only
	// the endgame or total differ; it is -1 otherwise.
	Move int
	// Kind is, for a traced WrongAnswer, the kind of step Move is (see
	// Game.StepKind).
	Kind string
	// Diff describes a WrongAnswer: the first difference of the traces
	// when traced, of the totals otherwise.
	Diff string
	// Status says, for RuntimeError, TimeLimit and BadOutput, how the run
	// ended or why its output is bad.
	Status string
	// Stderr is the tail of the program's standard error, for a program
	// that gave no usable answer.
	Stderr []byte
	// Signature is, for a RuntimeError, the crash's signature: the last
	// line of Stderr that names an error, its numbers and addresses
	// blurred; "" when none does (see crashSignature).
	Signature string
	// Elapsed is the time the implementation took.
	Elapsed time.Duration

	// Breach says the program broke its protocol (RunError.Breach):
	// the verdict is the case's, but the case is not at fault.
	Breach bool
	// Memory says, with RuntimeError, that an in-process implementation
	// passed MemoryLimit on the case (RunError.Memory): its call goes on
	// allocating, so the case is neither run again nor shrunk.
	Memory bool
	// Leak says the case failed in a stream process after the cases of
	// Before, oldest first, and passes alone in a fresh process: the
	// program carries state from case to case. The verdict is that of
	// the case played after them.
	Leak   bool
	Before [][]byte
	// streamFirst is, for a case accepted that first failed in a
	// stream process after earlier cases and was accepted when run
	// again alone (Game.answered), that first check: the case is
	// flaky (Report.Flaky).
	streamFirst *Result
	// History says, with Leak, that the case fails so after other
	// earlier cases too, whatever they hold: it depends on the
	// process's history (warm-up, a JIT, its stack or heap, the cases
	// it counted), not on state carried from what those cases held
	// (Divergence.History).
	History bool
	// Board draws, for a WrongAnswer under the step protocol whose
	// boards differ at Move, the program's board after it beside the
	// reference's, the cells that differ marked.
	Board string
	// earlier says a replay of several cases failed on one before the
	// last (RunError.Earlier): the result is not the last case's.
	earlier bool
}

// Ok reports whether the case was accepted.
func (r *Result) Ok() bool { return r.Verdict == Accepted }

// Check plays c on impl and on the reference and compares them: step
// by step when impl gives a trace (Impl.Play), on the total score
// otherwise.
//
// The error is not a verdict: it reports a case that fails Validate, an
// implementation with neither Play nor Score, and the end of ctx. Any
// other failure of impl, a panic included, is a verdict.
//
// Check returns as soon as ctx ends, even while the reference or an
// in-process implementation (Impl.Play) is still playing a big case: Go
// cannot stop a running function, so that play is left to finish on
// its own, its result dropped.
func (g *Game[C, T]) Check(ctx context.Context, impl Impl[C, T], c C) (Result, error) {
	if err := g.Validate(c); err != nil {
		return Result{}, fmt.Errorf("invalid %s case: %w", g.Name, err)
	}
	if impl.Play == nil && impl.Score == nil {
		return Result{}, fmt.Errorf("%v: %s: %w", impl, g.Name, errors.ErrUnsupported)
	}
	in := g.format(c)
	want, err := await(ctx, func() T { return g.briefReference(c) })
	if err != nil {
		return Result{}, err
	}
	return g.against(ctx, impl, refereed[C, T]{c: c, in: in, want: want})
}

// refereed is a valid case with the reference's play of it, so that
// several implementations are checked on it with one play (RunAll).
type refereed[C, T any] struct {
	c    C
	in   []byte // the case in the statement's format
	want T
	// byEngine says want is the engine's play, not confirmed by the
	// reference yet (OracleSampled); played says the reference played
	// the case, and disagreed that the engine's total was another.
	byEngine, played, disagreed bool
	// quick says a failure of a stream program is taken as the stream
	// gave it, not run again alone: for the many looks of a search,
	// whose answer is confirmed alone at its end.
	quick bool
	// detailed says want, the engine's play, holds the Detail Coverage
	// reads (Game.PlayedDetail).
	detailed bool
	// cov is how often the case reaches each coverage item, when the
	// run reads coverage (Coverage.Counts); briefCov says it was read
	// from a trace without Detail (the engine's).
	cov      map[string]int
	briefCov bool
	// engine is the engine's play of a generated case whose moves were
	// aimed on it, when aimed is set (Game.GeneratePlayed): the play the
	// built-in engine gives when it is the implementation checked.
	engine T
	aimed  bool
}

// referee validates c and has the reference play it; it returns ctx's
// error as soon as ctx ends, as Check does.
func (g *Game[C, T]) referee(ctx context.Context, c C) (refereed[C, T], error) {
	return g.refereeWith(ctx, c, g.briefReference)
}

// refereeWith is referee with the reference played as play.
func (g *Game[C, T]) refereeWith(ctx context.Context, c C, play func(C) T) (refereed[C, T], error) {
	if err := g.Validate(c); err != nil {
		return refereed[C, T]{}, fmt.Errorf("invalid %s case: %w", g.Name, err)
	}
	in := g.format(c)
	want, err := await(ctx, func() T { return play(c) })
	return refereed[C, T]{c: c, in: in, want: want}, err
}

// against is Check of impl on a case the reference has played.
func (g *Game[C, T]) against(ctx context.Context, impl Impl[C, T], p refereed[C, T]) (Result, error) {
	if impl.Play == nil && impl.Score == nil {
		return Result{}, fmt.Errorf("%v: %s: %w", impl, g.Name, errors.ErrUnsupported)
	}
	ctx = withLimit(ctx, impl)
	c, in, want := p.c, p.in, p.want
	ctx = context.WithValue(ctx, inputSizeKey{}, len(in))
	res := Result{Input: g.file(c, in), Want: g.Total(want), Move: -1, Traced: impl.Play != nil}
	var err error

	start := time.Now()
	var got T
	if impl.engine && p.aimed {
		got, res.Got = p.engine, g.Total(p.engine)
	} else if impl.Play != nil {
		if got, err = call(ctx, func() (T, error) { return impl.Play(c) }); err == nil {
			res.Got = g.Total(got)
		}
	} else if impl.Prog != nil {
		return g.answered(ctx, impl.Prog, p)
	} else if impl.Answers != nil && g.AnswerText != nil {
		return g.answered(ctx, impl.Answers, p)
	} else {
		err = guard(func() error {
			var err error
			res.Got, err = impl.Score(ctx, in)
			return err
		})
	}
	res.Elapsed = time.Since(start)

	if err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) || errors.Is(err, errors.ErrUnsupported) {
			return Result{}, err
		}
		res.Got = 0
		res.Verdict = RuntimeError
		res.Status = err.Error()
		if re, ok := errors.AsType[*RunError](err); ok {
			res.Verdict, res.Status, res.Memory = re.Verdict, re.Status, re.Memory
			res.Output, res.Stderr, res.OutputSize = re.Output, re.Stderr, re.OutputSize
		}
		if p, ok := errors.AsType[*panicked](err); ok {
			res.Stderr = p.tail
		}
		if res.Verdict == RuntimeError {
			res.Signature = crashSignature(res.Stderr)
		}
		return res, nil
	}

	res.Output = strconv.AppendInt(nil, res.Got, 10)
	res.Output = append(res.Output, '\n')
	res.WantText = g.answerText(c, want)
	if impl.Play != nil {
		res.Move, res.Diff = g.Diff(got, want)
		if res.Move >= 0 {
			res.Kind = g.diffKind(c, got, want, res.Move)
		}
	} else {
		_, res.Diff = judgeTotal(res.Got, res.Want)
	}
	if res.Diff != "" {
		res.Verdict = WrongAnswer
	}
	return res, nil
}

// await returns f(), or ctx's error as soon as ctx ends. Go cannot stop
// a running function: f is then left to finish on its own, and what it
// returns is dropped.
func await[V any](ctx context.Context, f func() V) (V, error) {
	if ctx.Done() == nil {
		return f(), nil
	}
	if err := ctx.Err(); err != nil {
		var zero V
		return zero, err
	}
	done := make(chan V, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
}

// guard runs f, turning a panic into an error, a *panicked: a crashing
// in-process implementation is a runtime error of that implementation,
// not of the harness.
func guard(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			msg := fmt.Sprintf("panic: %v", p)
			err = &panicked{msg: msg, tail: panicTail(msg, debug.Stack())}
		}
	}()
	return f()
}

// panicked is the error of a panic guard recovered: its message, and
// what the check shows as the implementation's standard error, the
// frames of the code that panicked and the message (panicTail), so that
// the crash's signature is the panic's.
type panicked struct {
	msg  string
	tail []byte
}

func (p *panicked) Error() string { return p.msg }

// panicTail is what a panic shows as an in-process implementation's
// standard error: its frames, as stack (debug.Stack, taken where it was
// recovered) gives them, from the one that panicked down to the first of
// the harness, at most four, then the message, last as a Go program's
// crash has it, for crashSignature.
func panicTail(msg string, stack []byte) []byte {
	lines := strings.Split(string(stack), "\n")
	// Past the recovering frames, to the panic's own.
	for i, line := range lines {
		if strings.HasPrefix(line, "panic(") {
			lines = lines[min(i+2, len(lines)):]
			break
		}
	}
	var b strings.Builder
	frames := 0
	for i := 0; i+1 < len(lines) && frames < 4; i += 2 {
		fn := lines[i]
		if strings.HasPrefix(fn, "github.com/cascade-harness/cascade/conformance.") || strings.HasPrefix(fn, "created by ") {
			break
		}
		if strings.HasPrefix(fn, "runtime.") {
			continue
		}
		if j := strings.LastIndex(fn, "("); j > 0 {
			fn = fn[:j] + "(...)"
		}
		// The frame's file and line, without its program counter.
		loc, _, _ := strings.Cut(strings.TrimSpace(lines[i+1]), " ")
		b.WriteString(fn + "\n" + loc + "\n")
		frames++
	}
	b.WriteString(msg + "\n")
	return []byte(b.String())
}

// call returns f() as await does, a panic in f being its error (guard),
// and a *RunError of TimeLimit when f has not returned by the limit ctx
// carries (Impl.Limit), or of a RuntimeError with Memory when the heap
// passed MemoryLimit while f ran (memory.go), f then left running.
func call[V any](ctx context.Context, f func() (V, error)) (V, error) {
	type result struct {
		v   V
		err error
	}
	limit, lctx, cancel := limitOf(ctx)
	defer cancel()
	lctx, unwatch := watchMemory(lctx)
	defer unwatch()
	r, err := await(lctx, func() (r result) {
		r.err = guard(func() (err error) {
			r.v, err = f()
			return err
		})
		return r
	})
	if err != nil {
		var zero V
		switch cause := context.Cause(lctx); {
		case ctx.Err() != nil:
		case cause == errOverLimit:
			err = overLimit(limit)
		case cause == errOverMemory:
			err = overMemory(memoryLimitOf(ctx))
		}
		return zero, err
	}
	return r.v, r.err
}
