package engine

import "testing"

// Once a game's scratch has grown, Apply must not allocate at all.

// TestMatch3ApplyDoesNotAllocate warms a game up on one case, then loads
// another of the same size and workload, mostly valid operations, and
// measures Apply over it: its rounds are not the ones the buffers grew
// for.
func TestMatch3ApplyDoesNotAllocate(t *testing.T) {
	warm, c := match3MaxSquaresCase(), match3MaxSquares.build(6)
	if v := validShare(PlayMatch3(c)); v < 80 {
		t.Fatalf("measured case has %.1f%% valid operations, want at least 80%%", v)
	}
	g := NewMatch3(warm)
	for _, s := range warm.Ops {
		g.Apply(s)
	}
	g.load(c)
	next := 0
	apply := func() { g.Apply(c.Ops[next]); next++ }
	if n := testing.AllocsPerRun(len(c.Ops)-1, apply); n != 0 {
		t.Errorf("Apply allocates %v times per operation, want 0", n)
	}
	if next != len(c.Ops) {
		t.Fatalf("played %d operations, want %d", next, len(c.Ops))
	}
	if got, want := g.Total(), PlayMatch3(c).Total; got != want {
		t.Errorf("after the measured replay: total %d, want %d", got, want)
	}
}

func TestSameGameApplyDoesNotAllocate(t *testing.T) {
	c := sameGameSmallCase()
	g := NewSameGame(c)
	for _, m := range c.Moves {
		g.Apply(m)
	}
	g.load(c)
	next := 0
	apply := func() { g.Apply(c.Moves[next]); next++ }
	if n := testing.AllocsPerRun(len(c.Moves)-1, apply); n != 0 {
		t.Errorf("Apply allocates %v times per click, want 0", n)
	}
	if g.Total() != PlaySameGame(c).Total || len(g.cols) != 0 {
		t.Errorf("replay: total %d and %d columns left, want %d and 0", g.Total(), len(g.cols), PlaySameGame(c).Total)
	}
}
