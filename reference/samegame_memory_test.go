package reference

import (
	"testing"

	"github.com/cascade-harness/cascade/internal/alloc"
	"github.com/cascade-harness/cascade/samegame"
)

// TestClicksOnABigGroupBelowTheMinimumAllocateOneSearch plays a 64x64 box
// of one colour under a minimum no group reaches: every click searches
// the group of 4,096 cubes and removes nothing, and the end of the game
// looks for a group of the minimum among the cubes. The game searches in
// slices of its own, and the end searches each group once, so the play
// allocates its trace, its box and a search's slices, some 500 KB;
// fresh slices for every search, on every click and for every cube,
// made it 1.1 GB, which generating cases of such a rule set made by the
// second.
func TestClicksOnABigGroupBelowTheMinimumAllocateOneSearch(t *testing.T) {
	rules, err := samegame.ParseRules("custom min=1073741824")
	if err != nil {
		t.Fatal(err)
	}
	const side, clicks = 64, 200
	c := &samegame.Case{Rules: rules, W: side, H: side, Board: make([]uint8, side*side)}
	for i := range c.Board {
		c.Board[i] = 1
	}
	for i := range clicks {
		c.Moves = append(c.Moves, samegame.Move{X: i % side, Y: i / side % side})
	}
	var tr samegame.Trace
	n := alloc.Bytes(func() { tr = PlaySameGameSummary(c) })
	if len(tr.Moves) != clicks || tr.Total != 0 {
		t.Fatalf("%d moves, total %d: want %d moves that remove nothing", len(tr.Moves), tr.Total, clicks)
	}
	t.Logf("%d KB allocated", n>>10)
	if most := uint64(1 << 20); n > most {
		t.Errorf("PlaySameGameSummary of %d clicks on a group of %d cubes below the minimum allocates %d KB, want at most %d KB",
			clicks, side*side, n>>10, most>>10)
	}
}

// TestALongGamesTraceIsAllocatedOnce plays a 1x1 box of 200,000 clicks,
// the first on the cube and the others on the empty cell: a whole play
// makes its trace's lists once, as long as the clicks, and hands them
// over uncopied, 72 bytes a click with a summary. Grown by append and
// copied at the end they took six times that, and more than the bound of
// 827 MiB on a case of 5,000,000 clicks (25 MB).
func TestALongGamesTraceIsAllocatedOnce(t *testing.T) {
	const clicks = 200_000
	c := &samegame.Case{W: 1, H: 1, Board: []uint8{1}, Moves: make([]samegame.Move, clicks)}
	for _, play := range []struct {
		name    string
		play    func(*samegame.Case) samegame.Trace
		perMove uint64
	}{
		{"PlaySameGameSummary", PlaySameGameSummary, 72},
		{"PlaySameGameBrief", PlaySameGameBrief, 40},
	} {
		var tr samegame.Trace
		n := alloc.Bytes(func() { tr = play.play(c) })
		if len(tr.Moves) != clicks || tr.Total != 1 {
			t.Fatalf("%s: %d moves, total %d: want %d and a total of 1", play.name, len(tr.Moves), tr.Total, clicks)
		}
		t.Logf("%s: %d KB allocated", play.name, n>>10)
		if most := play.perMove*clicks + 64<<10; n > most {
			t.Errorf("%s of %d clicks allocates %d KB, want at most %d KB (%d bytes a click and 64 KB)",
				play.name, clicks, n>>10, most>>10, play.perMove)
		}
	}
}

// TestAStepwiseGameKeepsNothingPerClick plays the 1x1 box of 200,000
// clicks a move at a time, as cascade trace and score --steps do: the
// game keeps no result per click, so the play allocates its box and no
// more, where a list of results grew to 8 MB (200 MB for 5,000,000
// clicks).
func TestAStepwiseGameKeepsNothingPerClick(t *testing.T) {
	const clicks = 200_000
	c := &samegame.Case{W: 1, H: 1, Board: []uint8{1}, Moves: make([]samegame.Move, clicks)}
	var total int64
	n := alloc.Bytes(func() {
		g := NewSameGameStepwise(c)
		for _, m := range c.Moves {
			total += g.Apply(m).Points
		}
		total += g.End()
	})
	if total != 1 {
		t.Fatalf("total %d, want 1", total)
	}
	t.Logf("%d KB allocated", n>>10)
	if most := uint64(64 << 10); n > most {
		t.Errorf("a stepwise play of %d clicks allocates %d KB, want at most %d KB", clicks, n>>10, most>>10)
	}
}
