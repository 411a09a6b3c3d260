package engine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// standardPositions are the benchmark's 20 standard positions, parsed.
func standardPositions(t testing.TB) []*samegame.Case {
	var cs []*samegame.Case
	for _, ex := range sample.StandardPositions() {
		c, err := samegame.Parse(strings.NewReader(ex.Input))
		if err != nil {
			t.Fatalf("%s: %v", ex.Name, err)
		}
		cs = append(cs, c)
	}
	return cs
}

// TestSameGameMovesAreTheReferences plays random playouts, each click
// drawn from the engine's list of moves, and compares that list with the
// reference's full rescan before every click: on the standard positions
// and on small boxes of every rule set, columns closing either way and a
// minimum of 1, 2 and 3.
func TestSameGameMovesAreTheReferences(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	var cs []*samegame.Case
	for _, rules := range ruleSets(t) {
		for range cases(40) {
			cs = append(cs, randomRulesCase(r, rules))
		}
	}
	cs = append(cs, standardPositions(t)...)
	var ms []samegame.Move
	for i, c := range cs {
		g, ref := NewSameGame(c), reference.NewSameGame(c)
		for step := 0; ; step++ {
			ms = g.Moves(ms[:0])
			if want := ref.Moves(); !slices.Equal(ms, want) {
				t.Fatalf("case %d (%s, %dx%d) before click %d: engine lists %v, reference %v", i, c.Rules.Name, c.W, c.H, step+1, ms, want)
			}
			if len(ms) == 0 {
				break
			}
			m := ms[r.IntN(len(ms))]
			if got, want := g.Apply(m), ref.Apply(m); got != want || got.Removed == 0 {
				t.Fatalf("case %d click %d %v: engine %v, reference %v", i, step+1, m, got, want)
			}
		}
		if got, want := g.End(), ref.End(); got != want {
			t.Errorf("case %d: end of game %d, reference %d", i, got, want)
		}
	}
}

// TestSameGameResetIsNewSameGame plays a case, resets the game to another
// case of the same box and rules, and to one of another box, and checks
// each replay against a fresh game's.
func TestSameGameResetIsNewSameGame(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	for _, rules := range ruleSets(t) {
		a, b := randomRulesCase(r, rules), randomRulesCase(r, rules)
		same := a.Clone()
		for i := range same.Board {
			same.Board[i] = uint8(1 + r.IntN(3))
		}
		g := NewSameGame(a)
		for _, next := range []*samegame.Case{same, b, a} {
			for _, m := range a.Moves {
				g.Apply(m)
			}
			g.Reset(next)
			want := reference.PlaySameGameBrief(next)
			for i, m := range next.Moves {
				if got := g.Apply(m); got != want.Moves[i] {
					t.Fatalf("%s: after Reset, click %d: %v, want %v", rules.Name, i+1, got, want.Moves[i])
				}
			}
			if got := g.Total() + g.End(); got != want.Total {
				t.Errorf("%s: after Reset, total %d, want %d", rules.Name, got, want.Total)
			}
		}
	}
}

// TestSameGamePlayoutDoesNotAllocate: once a game has grown its marks, a
// whole random playout (Reset, then Moves and Apply until no move is
// left) allocates nothing, under every rule set.
func TestSameGamePlayoutDoesNotAllocate(t *testing.T) {
	start := standardPositions(t)[0]
	for _, rules := range ruleSets(t) {
		c := start.Clone()
		c.Rules = rules
		g := NewSameGame(c)
		r := rand.New(rand.NewPCG(1, 2))
		ms := make([]samegame.Move, 0, c.W*c.H)
		playout(g, c, r, ms)
		if n := testing.AllocsPerRun(20, func() { playout(g, c, r, ms) }); n != 0 {
			t.Errorf("%s: a playout allocates %v times, want 0", rules.Name, n)
		}
	}
}

// playout plays a random game from c's start to its end: a click on a
// random group of at least the minimum until none is left. It returns the
// clicks played.
func playout(g *SameGame, c *samegame.Case, r *rand.Rand, ms []samegame.Move) (clicks int) {
	g.Reset(c)
	for {
		ms = g.Moves(ms[:0])
		if len(ms) == 0 {
			return clicks
		}
		g.Apply(ms[r.IntN(len(ms))])
		clicks++
	}
}

// referencePlayout is playout by the reference, the literal rules.
func referencePlayout(c *samegame.Case, r *rand.Rand) (clicks int) {
	g := reference.NewSameGame(c)
	for {
		ms := g.Moves()
		if len(ms) == 0 {
			return clicks
		}
		g.Apply(ms[r.IntN(len(ms))])
		clicks++
	}
}

// BenchmarkSameGamePlayout counts random playouts per second on the
// benchmark's 20 standard positions under the benchmark rules, the
// figure game-AI research compares engines by: one iteration is one
// playout from the next position in turn. clicks/playout is the average
// length of a playout; allocs/op is per playout.
func BenchmarkSameGamePlayout(b *testing.B) {
	positions := standardPositions(b)
	b.Run("engine", func(b *testing.B) {
		g := NewSameGame(positions[0])
		r := rand.New(rand.NewPCG(1, 2))
		ms := make([]samegame.Move, 0, 15*15)
		clicks, i := 0, 0
		b.ReportAllocs()
		for b.Loop() {
			clicks += playout(g, positions[i%len(positions)], r, ms)
			i++
		}
		reportPlayouts(b, i, clicks)
	})
	b.Run("reference", func(b *testing.B) {
		r := rand.New(rand.NewPCG(1, 2))
		clicks, i := 0, 0
		b.ReportAllocs()
		for b.Loop() {
			clicks += referencePlayout(positions[i%len(positions)], r)
			i++
		}
		reportPlayouts(b, i, clicks)
	})
}

func reportPlayouts(b *testing.B, playouts, clicks int) {
	b.ReportMetric(float64(playouts)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(clicks)/float64(playouts), "clicks/playout")
}

// TestSameGameColumnIsWhatAtReads plays random clicks on boxes of every
// rule set, columns closing either way, and compares Column with At cell
// by cell before every click, frame columns outside the box included.
func TestSameGameColumnIsWhatAtReads(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	for _, rules := range ruleSets(t) {
		for i := range cases(20) {
			c := randomRulesCase(r, rules)
			g := NewSameGame(c)
			for step := range 12 {
				for x := -1; x <= c.W; x++ {
					col := g.Column(x)
					for y := range c.H + 1 {
						want := g.At(x, y)
						got := uint8(0)
						if y < len(col) {
							got = col[y]
						}
						if got != want || y == len(col) && want != 0 {
							t.Fatalf("%s case %d before click %d: Column(%d) = %v, At(%d, %d) = %d", rules.Name, i, step+1, x, col, x, y, want)
						}
					}
				}
				g.Apply(samegame.Move{X: r.IntN(max(c.W, 1)), Y: r.IntN(max(c.H, 1))})
			}
		}
	}
}
