package fuzz

import (
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/match3"
)

// FuzzMatch3 decodes the fuzzer's bytes into a match-3 case (see
// casegen.DecodeMatch3), plays it on the engine and on the reference,
// and fails at the first operation where their traces part, or, when the
// traces agree, at the first operation after which their boards differ.
func FuzzMatch3(f *testing.F) {
	for _, seed := range match3Seeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := casegen.DecodeMatch3(data)
		if err := c.Validate(); err != nil {
			t.Fatalf("decoded an invalid case: %v\n%v", err, c)
		}
		checkMatch3(t, c)
	})
}

// FuzzMatch3Parse feeds arbitrary text to match3.Parse: it never panics,
// rejects with an *input.Error naming a line, and what it accepts formats
// back to an equal case.
func FuzzMatch3Parse(f *testing.F) {
	for _, text := range []string{
		"",
		"1 1 1 0\n1\n0\n",
		"2 3 3 1\n1 2 1\n2 1 2\n0 6 0\n1 0 0\n1 1 1 2\n",
		"1 3 1 0\n1 1 1\n0 0 0\n",
		"rules custom refill=queue start=score points=i*n-r per=run\n1 3 2 1\n1 1 1\n0 0 0\n1 2\n0\n2 1 1\n0\n\n0 0\n1 1 1 2\n",
		"rules leetcode723\n1 3 1 0\n1 1 1\n0 0 0\n",
		"rules tilematch size=3x3\n1 2 2 0\n1 2\n0 0\n1 1\n0\n0\n",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkParse(t, text, match3.Parse, match3.Format, (*match3.Case).Validate)
	})
}

// match3Seeds are byte strings of cases drawn by casegen with a fixed
// seed, one per knob that shapes a game, and the empty input (a 1x1
// board).
func match3Seeds() [][]byte {
	r := rand.New(rand.NewPCG(3, 4))
	seeds := [][]byte{{}}
	for _, o := range []casegen.Match3Options{
		{},
		{Colours: casegen.Exactly(2), Ops: casegen.Between(10, 30)},
		{Specials: 0.2, AimSpecials: 0.7, Placement: casegen.Clusters},
		{Specials: 0.1, SpecialKinds: []match3.Special{match3.Colour}, AimSpecials: 1},
		{Rows: casegen.Between(6, 10), Cols: casegen.Between(6, 10), Poker: match3.FullHouse, TwoMain: 0.5},
		{ClearBoard: true},
		{Rows: casegen.Between(1, 3), Cols: casegen.Between(5, 12), Mix: casegen.OpMix{casegen.OpValid: 2, casegen.OpSameCell: 1, casegen.OpDiagonal: 1, casegen.OpFar: 1, casegen.OpEmpty: 1, casegen.OpSameColour: 1, casegen.OpNoRun: 1}},
		{Colours: casegen.Between(20, 100), DoubleRun: 1},
	} {
		if b, ok := casegen.EncodeMatch3(casegen.Match3(r, o)); ok {
			seeds = append(seeds, b)
		}
	}
	return seeds
}
