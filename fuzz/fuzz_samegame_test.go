package fuzz

import (
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/samegame"
)

// FuzzSameGame decodes the fuzzer's bytes into a SameGame case (see
// casegen.DecodeSameGame), plays it on the engine and on the reference,
// and fails at the first move where their traces part, or, when the traces agree,
// at the first move after which their boxes differ.
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
	})
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
