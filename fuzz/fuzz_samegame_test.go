package fuzz

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// FuzzSameGame decodes the fuzzer's bytes into a SameGame case (see
// casegen.DecodeSameGame), plays it on the engine and on the reference,
// and fails at the first move where their traces part, or, when the traces agree,
// at the first move after which their boxes differ; then at the first
// move before which the engine's list of moves is not the reference's,
// and where a game Reset to the case, after playing it or another case
// of its box, does not play as a new one.
func FuzzSameGame(f *testing.F) {
	for _, seed := range sameGameSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := casegen.DecodeSameGame(data)
		if err := c.Validate(); err != nil {
			t.Fatalf("decoded an invalid case: %v\n%v", err, c)
		}
		checkSameGame(t, c)
		checkSameGameMovesAndReset(t, c)
	})
}

// checkSameGameMovesAndReset holds the engine's Moves to the reference's
// before every click of c and after the last, and its Reset to a new
// game: reset to c after c is played, to c's box turned upside down
// after that (the same box and rules: the game's buffers are reused),
// and back to c, each game plays as the reference does.
func checkSameGameMovesAndReset(t *testing.T, c *samegame.Case) {
	t.Helper()
	g, ref := engine.NewSameGame(c), reference.NewSameGame(c)
	var ms []samegame.Move
	for i := 0; ; i++ {
		ms = g.Moves(ms[:0])
		if want := ref.Moves(); !slices.Equal(ms, want) {
			t.Fatalf("before click %d the engine lists the moves %v, the reference %v\n\ncase (%s):\n%v", i+1, ms, want, replay, c)
		}
		if i == len(c.Moves) {
			break
		}
		g.Apply(c.Moves[i])
		ref.Apply(c.Moves[i])
	}
	flipped := c.Clone()
	for y := range c.H {
		copy(flipped.Board[y*c.W:(y+1)*c.W], c.Board[(c.H-1-y)*c.W:(c.H-y)*c.W])
	}
	for _, next := range []*samegame.Case{c, flipped, c} {
		g.Reset(next)
		ref := reference.NewSameGame(next)
		for i, m := range next.Moves {
			if got, want := g.Apply(m), ref.Apply(m); got != want {
				t.Fatalf("after Reset, click %d %v: engine %v, reference %v\n\ncase (%s):\n%v", i+1, m, got, want, replay, next)
			}
		}
		if got, want := g.End(), ref.End(); got != want {
			t.Fatalf("after Reset, end of the game %d, reference %d\n\ncase (%s):\n%v", got, want, replay, next)
		}
	}
}

// FuzzSameGameParse feeds arbitrary text to samegame.Parse: it never
// panics, rejects with an *input.Error naming a line, and what it
// accepts formats back to an equal case.
func FuzzSameGameParse(f *testing.F) {
	for _, text := range []string{
		"",
		"1\n1\n0\n",
		"2\n12\n21\n3\n0 0,1 1 , 0 1\n",
		"2\r\n12\r\n21\r\n1\r\n0 0",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkParse(t, text, samegame.Parse, samegame.Format, (*samegame.Case).Validate)
	})
}

// sameGameSeeds are byte strings of cases drawn by casegen with a fixed
// seed, one per knob that shapes a game, and the empty input (a 1x1 box).
func sameGameSeeds() [][]byte {
	r := rand.New(rand.NewPCG(1, 2))
	seeds := [][]byte{{}}
	for _, o := range []casegen.SameGameOptions{
		{},
		{Colours: casegen.Exactly(1)},
		{N: casegen.Between(8, 12), Colours: casegen.Between(2, 3), Clicks: casegen.Between(20, 40)},
		{N: casegen.Between(4, 8), Empty: 0.3, Random: 0.3},
		{N: casegen.Between(6, 12), Colours: casegen.Between(2, 4), Columns: 0.8, Clicks: casegen.Between(5, 20)},
	} {
		if b, ok := casegen.EncodeSameGame(casegen.SameGame(r, o)); ok {
			seeds = append(seeds, b)
		}
	}
	// One case of every named rule set, of its usual colours, clicked
	// mostly on groups that reach its minimum.
	for _, rules := range samegame.Named()[1:] {
		o := casegen.SameGameOptions{Rules: rules, N: casegen.Between(4, 10), H: casegen.Between(3, 9),
			Colours: casegen.Exactly(rules.Colours), Clicks: casegen.Between(10, 30)}
		if b, ok := casegen.EncodeSameGame(casegen.SameGame(r, o)); ok {
			seeds = append(seeds, b)
		}
	}
	return seeds
}
