// Package sample holds the statements' documented examples with their
// answers, for tests and examples.
//
// The inputs and answers are embedded from data/NAME.in and data/NAME.ans,
// copies of the statements' own, and this is the one copy in the tree:
// conformance's built-in cases and cascade's --example read them here.
package sample

import (
	"embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/internal/lazy"
)

// An Example is one documented input with the total its statement gives.
type Example struct {
	// Name is the example's name, the one cascade's --example flag takes:
	// "samegame-example", "match3-sample-1".
	Name string
	// Input is the input text, as the statement gives it.
	Input string
	// Want is the total the statement gives.
	Want int64
}

// The documented examples of each statement, in the statement's order,
// read when first asked for rather than when a program starts.
func SameGame() []Example { return sameGame.Get() }

func Match3() []Example { return match3.Get() }

var (
	sameGame = lazy.Value[[]Example]{Make: func() []Example { return []Example{load("samegame-example")} }}
	match3   = lazy.Value[[]Example]{Make: func() []Example {
		return []Example{load("match3-sample-1"), load("match3-sample-2"), load("match3-sample-3")}
	}}
)

// Match3Sample1Scores are the scores of match-3 sample 1's five
// operations as its statement explains them: elimination + combination +
// chain, without the hand.
var Match3Sample1Scores = []int64{315, 102, 12, 6, 47}

//go:embed data
var data embed.FS

// load reads an embedded example. The files are part of the package, so
// one that is missing or malformed is a fault of the build, not of any
// input, and load panics.
func load(name string) Example {
	in, err := data.ReadFile("data/" + name + ".in")
	if err != nil {
		panic(err)
	}
	ans, err := data.ReadFile("data/" + name + ".ans")
	if err != nil {
		panic(err)
	}
	want, err := strconv.ParseInt(strings.TrimSpace(string(ans)), 10, 64)
	if err != nil {
		panic(fmt.Sprintf("sample: %s.ans: %v", name, err))
	}
	return Example{Name: name, Input: string(in), Want: want}
}
