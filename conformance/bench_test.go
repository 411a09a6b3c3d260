package conformance

import (
	"context"
	"testing"
)

// The Command benchmarks measure whole cases through a compiled program:
// process start-up bounds them. Run with -cpu 2 for two cases at a time.

func BenchmarkCheckSameGameCommand(b *testing.B) {
	c, _ := sameGameSample(b)
	cmd := solveCommand(b, "samegame")
	benchCases(b, func(ctx context.Context) (Result, error) { return CheckSameGame(ctx, cmd, c) })
}

func BenchmarkCheckMatch3Command(b *testing.B) {
	c, _ := match3Sample(b)
	cmd := solveCommand(b, "match3")
	benchCases(b, func(ctx context.Context) (Result, error) { return CheckMatch3(ctx, cmd, c) })
}

func BenchmarkCheckSameGameEngine(b *testing.B) {
	c, _ := sameGameSample(b)
	benchCases(b, func(ctx context.Context) (Result, error) { return CheckSameGame(ctx, Engine, c) })
}

func BenchmarkCheckMatch3Engine(b *testing.B) {
	c, _ := match3Sample(b)
	benchCases(b, func(ctx context.Context) (Result, error) { return CheckMatch3(ctx, Engine, c) })
}

// benchCases runs check on GOMAXPROCS goroutines and reports cases/s.
func benchCases(b *testing.B, check func(context.Context) (Result, error)) {
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
