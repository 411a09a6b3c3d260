package casegen

import (
	"math/rand/v2"
	"testing"

	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// Both stateful games of the project can drive generation.
var (
	_ SameGamePlayer = (*reference.SameGame)(nil)
	_ SameGamePlayer = (*engine.SameGame)(nil)
	_ Match3Player   = (*reference.Match3)(nil)
	_ Match3Player   = (*engine.Match3)(nil)
)

// countingMatch3 counts the swaps applied to a reference game.
type countingMatch3 struct {
	*reference.Match3
	applied *int
}

func (g countingMatch3) Apply(s match3.Swap) match3.Result {
	*g.applied++
	return g.Match3.Apply(s)
}

type countingSameGame struct {
	*reference.SameGame
	applied *int
}

func (g countingSameGame) Apply(m samegame.Move) samegame.Result {
	*g.applied++
	return g.SameGame.Apply(m)
}

func TestMatch3PlaysEveryOperationOnTheGivenPlayer(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 3))
	for range 50 {
		applied, games := 0, 0
		o := Match3Options{Ops: Between(1, 30), NewPlayer: func(c *match3.Case) Match3Player {
			games++
			if len(c.Ops) != 0 {
				t.Errorf("player started on a case with %d operations, want none", len(c.Ops))
			}
			return countingMatch3{reference.NewMatch3(c), &applied}
		}}
		c := Match3(r, o)
		if games != 1 || applied != len(c.Ops) {
			t.Fatalf("%d games started and %d swaps applied for %d operations, want 1 game and every operation", games, applied, len(c.Ops))
		}
	}
}

func TestSameGamePlaysEveryClickOnTheGivenPlayer(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 3))
	for range 50 {
		applied, games := 0, 0
		o := SameGameOptions{Clicks: Between(0, 30), NewPlayer: func(c *samegame.Case) SameGamePlayer {
			games++
			return countingSameGame{reference.NewSameGame(c), &applied}
		}}
		c := SameGame(r, o)
		if games != 1 || applied != len(c.Moves) {
			t.Fatalf("%d games started and %d clicks applied for %d moves, want 1 game and every click", games, applied, len(c.Moves))
		}
	}
}
