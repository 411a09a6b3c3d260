package conformance

import (
	"context"
	"fmt"
	"time"

	"cascade/match3"
	"cascade/samegame"
)

// SuiteCases is the number of generated cases TestSameGame and TestMatch3
// check after the built-in ones.
const SuiteCases = 200

// SuiteSeed seeds the generated cases of TestSameGame and TestMatch3, so
// that a failure they report is the same on every run.
const SuiteSeed = 1

// T is the part of *testing.T (and testing.TB) that TestSameGame and
// TestMatch3 use; the package does not import testing, so that programs
// built on it do not carry it.
type T interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	// Context is canceled when the test ends.
	Context() context.Context
}

// suiteShrinkTime bounds the shrinking of the first failing generated
// case: a test suite should not stall on a big box.
const suiteShrinkTime = 2 * time.Second

// suiteReports bounds the generated failures reported one by one; the
// rest are counted.
const suiteReports = 5

// TestSameGame checks a SameGame implementation against the reference the
// way testing/fstest.TestFS checks a file system: it runs every built-in
// case (SameGameCases: the statement's example, the inputs of cascade's
// scripts and some tricky cases), then SuiteCases generated ones
// (GenerateSameGame with SuiteSeed), and reports every case that is not
// accepted with t.Errorf, as an Input / Output / Want report. The first
// failing generated case is also shrunk (for two seconds at most) to a
// small case that still fails; the rest are counted past the fifth.
//
// Cases run one at a time, so impl need not be safe for concurrent use.
// It is checked at the trace level when it has one (see CheckSameGame),
// so a Funcs value is compared move by move and a Command on its score.
//
//	func TestSolver(t *testing.T) {
//		conformance.TestSameGame(t, conformance.Funcs{SameGame: solver.Play})
//	}
func TestSameGame(t T, impl SameGameScorer) {
	t.Helper()
	s := suite[*samegame.Case]{
		t:      t,
		check:  func(ctx context.Context, c *samegame.Case) (Result, error) { return CheckSameGame(ctx, impl, c) },
		parse:  parseSameGame,
		gen:    GenerateSameGame,
		shrink: ShrinkSameGame,
	}
	s.run(SameGameCases())
}

// TestMatch3 is TestSameGame for match-3 with poker: the built-in cases
// (Match3Cases: the statement's samples, the inputs of cascade's
// scripts), then SuiteCases generated ones inside the statement's limits.
func TestMatch3(t T, impl Match3Scorer) {
	t.Helper()
	s := suite[*match3.Case]{
		t:      t,
		check:  func(ctx context.Context, c *match3.Case) (Result, error) { return CheckMatch3(ctx, impl, c) },
		parse:  parseMatch3,
		gen:    GenerateMatch3,
		shrink: ShrinkMatch3,
	}
	s.run(Match3Cases())
}

// suite is the game-independent part of TestSameGame and TestMatch3.
type suite[C any] struct {
	t      T
	check  func(context.Context, C) (Result, error)
	parse  func([]byte) (C, error)
	gen    func(seed uint64, i, maxSize int) C
	shrink func(context.Context, C, func(C) bool, ShrinkOptions) (C, ShrinkStats)
}

func (s *suite[C]) run(builtin []Case) {
	t := s.t
	t.Helper()
	ctx := t.Context()
	for _, bc := range builtin {
		c, err := s.parse(bc.Input)
		if err != nil {
			t.Errorf("built-in case %s: %v", bc.Name, err)
			continue
		}
		res, err := s.check(ctx, c)
		if err != nil {
			t.Fatalf("built-in case %s: %v", bc.Name, err)
		}
		if !res.Ok() {
			t.Errorf("built-in case %s: %v", bc.Name, &res)
		}
	}

	n := SuiteCases
	failed := 0
	for i := range n {
		c := s.gen(SuiteSeed, i, 0)
		res, err := s.check(ctx, c)
		if err != nil {
			t.Fatalf("generated case %d: %v", i, err)
		}
		if res.Ok() {
			continue
		}
		if failed++; failed > suiteReports {
			continue
		}
		where := fmt.Sprintf("generated case %d (seed %d)", i, SuiteSeed)
		if failed > 1 {
			t.Errorf("%s: %v", where, &res)
			continue
		}
		sctx, cancel := context.WithTimeout(ctx, suiteShrinkTime)
		small, _ := s.shrink(sctx, c, func(c C) bool {
			r, err := s.check(sctx, c)
			return err == nil && r.Verdict == res.Verdict
		}, ShrinkOptions{})
		cancel()
		if sres, err := s.check(ctx, small); err == nil && sres.Verdict == res.Verdict {
			t.Errorf("%s, shrunk: %v", where, &sres)
		} else {
			t.Errorf("%s: %v", where, &res)
		}
	}
	if failed > suiteReports {
		t.Errorf("%d of %d generated cases failed; the first %d are reported above", failed, n, suiteReports)
	}
}
