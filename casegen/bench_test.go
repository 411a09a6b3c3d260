package casegen

import (
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/match3"
)

func BenchmarkMatch3Default(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		Match3(r, Match3Options{})
	}
}

func BenchmarkMatch3Knobs(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		Match3(r, Match3Knobs(r, 0))
	}
}

func BenchmarkMatch3ClearBoard(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		Match3(r, Match3Options{ClearBoard: true})
	}
}

func BenchmarkMatch3FullHouse(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		Match3(r, Match3Options{Poker: match3.FullHouse})
	}
}

func BenchmarkSameGameKnobs(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		SameGame(r, SameGameKnobs(r, 0))
	}
}

func BenchmarkSameGameBigGroup(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for b.Loop() {
		SameGame(r, SameGameOptions{BigGroup: true})
	}
}
