package engine

import (
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

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

// TestMatch3ApplyDoesNotAllocateUnderAnyRuleSet measures Apply under
// every named rule set, as TestMatch3ApplyDoesNotAllocate does under
// thupc: a 30x30 board with queues of 300 pieces a column and 5%
// specials of every kind (1% squares where they go off), mostly valid
// operations, as many as the rule set's moves allow (300 without a
// limit, 100 without refill), replayed in a game warmed on
// them; the settle of the start board is played by load, before the
// measure. leetcode723 holds no swap (swaps=none): its game is measured
// on the same workload under its rules with swaps allowed, every other
// setting as named. Two custom rule sets add what no named one plays:
// per=colour, and refill beside the statement's scoring and specials.
func TestMatch3ApplyDoesNotAllocateUnderAnyRuleSet(t *testing.T) {
	sets := match3.Named()
	for _, text := range []string{
		"custom refill=queue clear=lowest start=score points=i*c-n+r*s per=colour nomove=end",
		"custom refill=queue start=settle points=thupc specials=effects invalid=move",
	} {
		r, err := match3.ParseRules(text)
		if err != nil {
			t.Fatal(err)
		}
		sets = append(sets, r)
	}
	for _, rules := range sets {
		w := match3Load{rows: 30, cols: 30, colours: 5, specials: 0.05, kinds: allSpecials,
			ops: 300, invalid: 0.05, rules: rules, queue: 300}
		if rules.Colours > 0 {
			w.colours = rules.Colours
		}
		if rules.Specials == match3.SpecialsEffects {
			// Specials that go off soon clear a board; squares keep it.
			w.specials, w.kinds, w.depth = 0.01, []match3.Special{match3.Square3, match3.Square5}, 16
		}
		if rules.Refill == match3.RefillNone {
			w.ops = 100 // a board without refill holds a few hundred valid moves
		}
		if rules.Moves > 0 {
			w.ops = min(w.ops, rules.Moves)
		}
		w.rules.Swaps = match3.SwapsAny
		c := w.build(35)
		tr := PlayMatch3(c)
		if v := validShare(tr); v < 80 {
			t.Fatalf("%s: measured case has %.1f%% valid operations, want at least 80%%", rules.Name, v)
		}
		g := NewMatch3(c)
		for _, s := range c.Ops {
			g.Apply(s)
		}
		g.load(c)
		next := 0
		apply := func() { g.Apply(c.Ops[next]); next++ }
		n := testing.AllocsPerRun(len(c.Ops)-1, apply)
		if n != 0 {
			t.Errorf("%s: Apply allocates %v times per operation, want 0", rules.Text(), n)
		}
		t.Logf("%s: %d operations, %.0f%% valid: %v allocations per operation", rules.Name, len(c.Ops), validShare(tr), n)
		if next != len(c.Ops) || g.Total() != tr.Total {
			t.Errorf("%s: replayed %d operations to a total of %d, want %d and %d", rules.Name, next, g.Total(), len(c.Ops), tr.Total)
		}
	}
}
