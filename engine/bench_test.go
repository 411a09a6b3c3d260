package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// Whole games: one iteration plays a whole case through the one-call API,
// so engine and reference do the same work. ns/move is the time per
// operation or click; valid-% the share of valid match-3 operations;
// scans/move the cells the engine scans along rows per operation (the
// swapped cells and the moved cells with a column beside them, in every
// round that finds a run), a measure of the work an operation asks for,
// counted outside the timer.

func BenchmarkMatch3(b *testing.B) {
	for _, w := range []struct {
		name      string
		c         func() *match3.Case
		reference bool
	}{
		{match3Max.String(), match3MaxCase, true},
		{match3MaxSquares.String(), match3MaxSquaresCase, true},
		{match3Large.String(), match3LargeCase, false},
		{match3Colour5.String(), match3Colour5Case, false},
		{match3Colour50.String(), match3Colour50Case, false},
	} {
		c := w.c()
		valid := validShare(PlayMatch3(c))
		scans := scansPerMove(c)
		b.Run(w.name+"/engine", func(b *testing.B) {
			benchGames(b, len(c.Ops), valid, func() { PlayMatch3(c) })
			b.ReportMetric(scans, "scans/move")
		})
		if w.reference {
			b.Run(w.name+"/reference", func(b *testing.B) {
				benchGames(b, len(c.Ops), valid, func() { reference.PlayMatch3(c) })
			})
		}
	}
}

func BenchmarkSameGame(b *testing.B) {
	for _, w := range []struct {
		name      string
		c         func() *samegame.Case
		reference bool
	}{
		{sameGameSmall.String(), sameGameSmallCase, true},
		{sameGameLarge.String(), sameGameLargeCase, false},
	} {
		c := w.c()
		b.Run(w.name+"/engine", func(b *testing.B) {
			benchGames(b, len(c.Moves), -1, func() { PlaySameGame(c) })
		})
		if w.reference {
			b.Run(w.name+"/reference", func(b *testing.B) {
				benchGames(b, len(c.Moves), -1, func() { reference.PlaySameGame(c) })
			})
		}
	}
}

func benchGames(b *testing.B, moves int, valid float64, play func()) {
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		play()
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(b.N*moves), "ns/move")
	if valid >= 0 {
		b.ReportMetric(valid, "valid-%")
	}
}

func scansPerMove(c *match3.Case) float64 {
	g := NewMatch3(c)
	scans := 0
	g.afterScan = func(g *Match3, _ []int32) {
		for _, s := range g.spans {
			from, to := g.rowSpan(s)
			scans += max(to-from+1, 0)
		}
	}
	for _, s := range c.Ops {
		g.Apply(s)
	}
	return float64(scans) / float64(len(c.Ops))
}

func validShare(t match3.Trace) float64 {
	valid := 0
	for _, r := range t.Ops {
		if r.Validity == match3.Valid {
			valid++
		}
	}
	return 100 * float64(valid) / float64(len(t.Ops))
}

// One move per iteration, replaying the case in the same game: allocs/op
// is what Apply allocates once warm, which must be 0.

// benchApply plays moves once to warm the game's buffers, then one move
// per iteration, reloading the start position (outside the timer) each
// time the moves run out.
func benchApply[M any](b *testing.B, moves []M, apply func(M), reload func()) {
	for _, m := range moves {
		apply(m)
	}
	reload()
	next := 0
	b.ReportAllocs()
	for b.Loop() {
		if next == len(moves) {
			b.StopTimer()
			reload()
			next = 0
			b.StartTimer()
		}
		apply(moves[next])
		next++
	}
}

func BenchmarkMatch3Apply(b *testing.B) {
	for _, w := range []struct {
		name string
		c    func() *match3.Case
	}{
		{match3Max.String(), match3MaxCase},
		{match3MaxSquares.String(), match3MaxSquaresCase},
		{match3Large.String(), match3LargeCase},
		{match3Colour5.String(), match3Colour5Case},
		{match3Colour50.String(), match3Colour50Case},
		{match3Refill.String(), match3RefillCase},
	} {
		b.Run(w.name, func(b *testing.B) {
			c := w.c()
			g := NewMatch3(c)
			benchApply(b, c.Ops, func(s match3.Swap) { g.Apply(s) }, func() { g.load(c) })
		})
	}
}

func BenchmarkSameGameApply(b *testing.B) {
	for _, w := range []struct {
		name string
		c    func() *samegame.Case
	}{
		{sameGameSmall.String(), sameGameSmallCase},
		{sameGameLarge.String(), sameGameLargeCase},
	} {
		b.Run(w.name, func(b *testing.B) {
			c := w.c()
			g := NewSameGame(c)
			benchApply(b, c.Moves, func(m samegame.Move) { g.Apply(m) }, func() { g.load(c) })
		})
	}
}

// refillPrefix is how many of match3Refill's operations the reference
// plays in BenchmarkMatch3RefillAgainstReference: on that board it takes
// a tenth to a quarter of a second an operation (a full scan of the
// board, and its runs listed in order, in each of some 8 rounds), so the
// whole case would take it twenty to forty minutes. With the board kept full by the
// queues, an operation costs about the same all along the game.
const refillPrefix = 50

// BenchmarkMatch3RefillAgainstReference plays a large case under a rule
// set with refill (match3Refill, gymmatch3 without its move limit) with
// the engine, all its 10,000 operations, and with the reference, the
// first refillPrefix of them, both through the one-call API and in the
// same iteration, so that a busy machine slows both alike: x-reference
// is the reference's time per operation over the engine's. The two
// traces of the prefix are compared outside the timer.
func BenchmarkMatch3RefillAgainstReference(b *testing.B) {
	c := match3RefillCase()
	prefix := c.Clone()
	prefix.Ops = prefix.Ops[:refillPrefix]
	valid := validShare(PlayMatch3(c))
	name := fmt.Sprintf("%v/reference-first%d", match3Refill, refillPrefix)
	b.Run(name, func(b *testing.B) {
		var engine, ref time.Duration
		var want match3.Trace
		for b.Loop() {
			start := time.Now()
			PlayMatch3(c)
			mid := time.Now()
			want = reference.PlayMatch3Brief(prefix)
			engine, ref = engine+mid.Sub(start), ref+time.Since(mid)
		}
		if op, msg := match3.Diff(PlayMatch3(prefix), want); op >= 0 {
			b.Fatalf("engine and reference part at operation %d: %s", op, msg)
		}
		perEngine := float64(engine.Nanoseconds()) / float64(b.N*len(c.Ops))
		perRef := float64(ref.Nanoseconds()) / float64(b.N*len(prefix.Ops))
		b.ReportMetric(perEngine, "engine-ns/move")
		b.ReportMetric(perRef, "reference-ns/move")
		b.ReportMetric(perRef/perEngine, "x-reference")
		b.ReportMetric(valid, "valid-%")
	})
}
