package conformance_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/engine"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// A Go implementation is checked at the trace level through Game.Func;
// here one that scores a group of c cubes c*c points instead of
// c(c+1)/2.
func ExampleGame_Check() {
	square := cubes.Game.Func("square", func(c *samegame.Case) (samegame.Trace, error) {
		t := engine.PlaySameGame(c)
		t.Total = 0
		for i, m := range t.Moves {
			t.Moves[i].Points = int64(m.Removed * m.Removed)
			t.Total += t.Moves[i].Points
		}
		return t, nil
	})
	c, err := samegame.Parse(strings.NewReader("2\n11\n12\n2\n0 0, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := cubes.Game.Check(context.Background(), square, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(&res)
	fmt.Println("first diverging move:", res.Move, "-", res.Kind)
	// Output:
	// wrong answer: move 1: got (0 0): 3 cubes of colour 1, 9 points, want (0 0): 3 cubes of colour 1, 6 points
	// Input:
	//   2
	//   11
	//   12
	//   2
	//   0 0, 0 0
	// Output:
	//   10
	// Want:
	//   7
	// first diverging move: 1 - a click on a cube
}

// A program is checked at the score level through a Command, made an
// implementation of a game by Game.Program.
func ExampleNewCommand() {
	cmd, err := conformance.NewCommand(`sh -c 'cat >/dev/null; echo 7'`, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := samegame.Parse(strings.NewReader("2\n11\n12\n2\n0 0, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := cubes.Game.Check(context.Background(), cubes.Game.Program(cmd), c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(&res)
	// Output:
	// accepted: 7
}

// An implementation that scores every poker hand one point too many
// parts from the reference at the fifth valid operation, the first to
// score a hand.
func ExampleGame_Localise() {
	handPlusOne := reference.Match3Rules{
		Hand: func(ops []reference.Played, end bool) match3.Hand {
			h := reference.PatternHand(ops, end)
			if h.Kind != match3.NoHand {
				h.Score++
			}
			return h
		},
	}
	c, err := match3.Parse(strings.NewReader(sample.Match3()[0].Input))
	if err != nil {
		fmt.Println(err)
		return
	}
	op, err := gems.Game.Localise(c, func(p *match3.Case) (bool, error) {
		return handPlusOne.Play(p).Total != reference.PlayMatch3(p).Total, nil
	})
	fmt.Println(op, err)
	// Output: 5 <nil>
}

// The statement's first example shrinks to a small case on which an
// implementation that marks a 3x3 square where a 5x5 special goes off
// still scores wrong.
func ExampleGame_Shrink() {
	squareFiveAsThree := reference.Match3Rules{
		Area: func(g reference.Grid, c match3.Cell) []match3.Cell {
			p := g.At(c)
			if p.Special != match3.Square5 {
				return g.Area(c)
			}
			h := g.Clone()
			h.Set(c, match3.Piece{Colour: p.Colour, Special: match3.Square3})
			return h.Area(c)
		},
	}
	c, err := match3.Parse(strings.NewReader(sample.Match3()[0].Input))
	if err != nil {
		fmt.Println(err)
		return
	}
	fails := func(c *match3.Case) bool {
		return squareFiveAsThree.Play(c).Total != reference.PlayMatch3(c).Total
	}
	small, stats := gems.Game.Shrink(context.Background(), c, fails, conformance.ShrinkOptions{})
	fmt.Print(small)
	fmt.Println(stats.Err)
	// Output:
	// 2 4 2 1
	// 1 2 1 1
	// 2 2 1 2
	// 0 0 0 0
	// 0 0 0 5
	// 2 3 2 4
	// <nil>
}

// An engine that knows only its final total is checked on it; here one
// that scores a click on an empty cell 1 point, not 0.
func ExampleGame_TotalFunc() {
	emptyOne := cubes.Game.TotalFunc("empty-one", func(c *samegame.Case) (int64, error) {
		t := engine.PlaySameGame(c)
		for _, m := range t.Moves {
			if m.Removed == 0 {
				t.Total++
			}
		}
		return t.Total, nil
	})
	c, err := samegame.Parse(strings.NewReader("1\n1\n2\n0 0, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := cubes.Game.Check(context.Background(), emptyOne, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Verdict, res.Diff)
	// Output: wrong answer total: got 2, want 1
}

// An engine that gives its running total after every move is told the
// first move where it parts from the reference, from one play.
func ExampleGame_StepFunc() {
	emptyOne := cubes.Game.StepFunc("empty-one", func(c *samegame.Case) (conformance.StepTrace, error) {
		var st conformance.StepTrace
		for _, m := range engine.PlaySameGame(c).Moves {
			st.Total += m.Points
			if m.Removed == 0 {
				st.Total++
			}
			st.Running = append(st.Running, st.Total)
		}
		return st, nil
	})
	c, err := samegame.Parse(strings.NewReader("1\n1\n2\n0 0, 0 0\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := cubes.Game.Check(context.Background(), emptyOne, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(&res)
	// Output:
	// wrong answer: move 2: running total: got 2, want 1
	// Input:
	//   1
	//   1
	//   2
	//   0 0, 0 0
	// Output:
	//   step 1 1
	//   step 2 2
	//   total 2
	// Want:
	//   1
}
