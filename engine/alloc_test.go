package engine

import "testing"

// Once a game has met its largest round, replaying the same game in the
// same buffers must not allocate at all.

func TestMatch3ApplyDoesNotAllocate(t *testing.T) {
	c := match3MaxCase()
	g := NewMatch3(c)
	for _, s := range c.Ops {
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
