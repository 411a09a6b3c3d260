package casegen

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// panicky is a player that panics at its nth call of Apply, as a broken
// engine would.
type panickySameGame struct {
	SameGamePlayer
	n *int
}

func (p panickySameGame) Apply(m samegame.Move) samegame.Result {
	if *p.n--; *p.n == 0 {
		var a []int
		_ = a[len(a)-1]
	}
	return p.SameGamePlayer.Apply(m)
}

type panickyMatch3 struct {
	Match3Player
	n *int
}

func (p panickyMatch3) Apply(s match3.Swap) match3.Result {
	if *p.n--; *p.n == 0 {
		panic("broken engine")
	}
	return p.Match3Player.Apply(s)
}

// TestAPlayerThatPanicsGivesWayToTheReference generates cases aimed at a
// player that panics at its third move, and at one that panics as it
// starts: each is the case the reference alone leads to.
func TestAPlayerThatPanicsGivesWayToTheReference(t *testing.T) {
	for _, at := range []int{3, 0} {
		n := at
		so := SameGameOptions{Clicks: Between(5, 10), NewPlayer: func(c *samegame.Case) SameGamePlayer {
			if n == 0 {
				panic("broken engine")
			}
			return panickySameGame{reference.NewSameGame(c), &n}
		}}
		want := SameGame(rand.New(rand.NewPCG(1, 2)), SameGameOptions{Clicks: so.Clicks})
		if got := SameGame(rand.New(rand.NewPCG(1, 2)), so); !reflect.DeepEqual(got, want) {
			t.Errorf("SameGame, a player that panics at call %d: got\n%v\nwant\n%v", at, got, want)
		}
		n = at
		mo := Match3Options{Ops: Between(5, 10), NewPlayer: func(c *match3.Case) Match3Player {
			if n == 0 {
				panic("broken engine")
			}
			return panickyMatch3{reference.NewMatch3(c), &n}
		}}
		want3 := Match3(rand.New(rand.NewPCG(1, 2)), Match3Options{Ops: mo.Ops})
		if got := Match3(rand.New(rand.NewPCG(1, 2)), mo); !reflect.DeepEqual(got, want3) {
			t.Errorf("Match3, a player that panics at call %d: got\n%v\nwant\n%v", at, got, want3)
		}
	}
}
