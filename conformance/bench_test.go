package conformance_test

import (
	"context"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

// The Command benchmarks measure whole cases through a compiled program:
// process start-up bounds them. Run with -cpu 2 for two cases at a time.

func BenchmarkCheckSameGameCommand(b *testing.B) {
	c, _ := sameGameSample(b)
	impl := cubes.Game.Program(solveCommand(b, "samegame"))
	benchCases(b, func(ctx context.Context) (conformance.Result, error) { return cubes.Game.Check(ctx, impl, c) })
}

func BenchmarkCheckMatch3Command(b *testing.B) {
	c, _ := match3Sample(b)
	impl := gems.Game.Program(solveCommand(b, "match3"))
	benchCases(b, func(ctx context.Context) (conformance.Result, error) { return gems.Game.Check(ctx, impl, c) })
}

func BenchmarkCheckSameGameEngine(b *testing.B) {
	c, _ := sameGameSample(b)
	impl := player(b, cubes.Game, conformance.EngineName)
	benchCases(b, func(ctx context.Context) (conformance.Result, error) { return cubes.Game.Check(ctx, impl, c) })
}

func BenchmarkCheckMatch3Engine(b *testing.B) {
	c, _ := match3Sample(b)
	impl := player(b, gems.Game, conformance.EngineName)
	benchCases(b, func(ctx context.Context) (conformance.Result, error) { return gems.Game.Check(ctx, impl, c) })
}

// benchCases runs check on GOMAXPROCS goroutines and reports cases/s.
func benchCases(b *testing.B, check func(context.Context) (conformance.Result, error)) {
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res, err := check(ctx)
			if err != nil || !res.Ok() {
				b.Fatalf("%v, %v", &res, err)
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
}

// The Run benchmarks measure the whole check loop of cascade check:
// generating each case (casegen, aiming at the reference's board),
// running the implementation, playing the oracle and comparing, on
// GOMAXPROCS goroutines. One SameGame case in casegen.BigGroupOneIn is a big
// box, and one match-3 case in casegen.LimitsOneIn is at the statement's limits,
// which weigh on the average. A program is checked as cascade check
// checks it, with OracleSampled; the Reference variants play every case
// on the reference, as --oracle reference does.

func BenchmarkRunSameGameCommand(b *testing.B) {
	impl := cubes.Game.Program(solveCommand(b, "samegame"))
	benchRun(b, conformance.OracleSampled, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return cubes.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunMatch3Command(b *testing.B) {
	impl := gems.Game.Program(solveCommand(b, "match3"))
	benchRun(b, conformance.OracleSampled, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return gems.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunSameGameCommandReference(b *testing.B) {
	impl := cubes.Game.Program(solveCommand(b, "samegame"))
	benchRun(b, conformance.OracleReference, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return cubes.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunMatch3CommandReference(b *testing.B) {
	impl := gems.Game.Program(solveCommand(b, "match3"))
	benchRun(b, conformance.OracleReference, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return gems.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunSameGameEngine(b *testing.B) {
	impl := player(b, cubes.Game, conformance.EngineName)
	benchRun(b, conformance.OracleReference, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return cubes.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunMatch3Engine(b *testing.B) {
	impl := player(b, gems.Game, conformance.EngineName)
	benchRun(b, conformance.OracleReference, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return gems.Game.Run(ctx, impl, o)
	})
}

// The NoCoverage variants run the same checks without reading the rule
// coverage of the cases (--coverage=false): the difference is what the
// coverage costs.

func BenchmarkRunSameGameEngineNoCoverage(b *testing.B) {
	impl := player(b, cubes.Game, conformance.EngineName)
	benchRunWith(b, conformance.RunOptions{NoCoverage: true}, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return cubes.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunMatch3EngineNoCoverage(b *testing.B) {
	impl := player(b, gems.Game, conformance.EngineName)
	benchRunWith(b, conformance.RunOptions{NoCoverage: true}, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return gems.Game.Run(ctx, impl, o)
	})
}

func BenchmarkRunMatch3CommandNoCoverage(b *testing.B) {
	impl := gems.Game.Program(solveCommand(b, "match3"))
	benchRunWith(b, conformance.RunOptions{Oracle: conformance.OracleSampled, NoCoverage: true}, func(ctx context.Context, o conformance.RunOptions) (*conformance.Report, error) {
		return gems.Game.Run(ctx, impl, o)
	})
}

// benchRun runs b.N generated cases through run with the oracle and
// reports cases/s.
func benchRun(b *testing.B, oracle conformance.Oracle, run func(context.Context, conformance.RunOptions) (*conformance.Report, error)) {
	benchRunWith(b, conformance.RunOptions{Oracle: oracle}, run)
}

// benchRunWith is benchRun with the options o, Seed, Count and
// NoBuiltin set. Besides cases/s it reports cells/s and moves/s, the
// cells of the generated boards and their moves checked per second,
// since the cases are not all of one size.
func benchRunWith(b *testing.B, o conformance.RunOptions, run func(context.Context, conformance.RunOptions) (*conformance.Report, error)) {
	b.ReportAllocs()
	b.ResetTimer()
	o.Seed, o.Count, o.NoBuiltin = 1, b.N, true
	rep, err := run(context.Background(), o)
	if err != nil || !rep.Ok() || rep.Generated != b.N {
		b.Fatalf("%d of %d cases, ok %v, %v", rep.Generated, b.N, rep.Ok(), err)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "cases/s")
	b.ReportMetric(float64(rep.GenCells)/b.Elapsed().Seconds(), "cells/s")
	b.ReportMetric(float64(rep.GenMoves)/b.Elapsed().Seconds(), "moves/s")
}
