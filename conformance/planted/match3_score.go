package planted

import (
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// scoreVariants are the variants of an operation's chain score (M6), its
// main colours (M7), the pattern score (M8), the endgame (M9) and the
// width of the scores (M10).
func scoreVariants() []conformance.Variant[*match3.Case, match3.Trace] {
	return []conformance.Variant[*match3.Case, match3.Trace]{
		// Chain.
		match3Variant("chain score linear: 80(x-1)", "M6", reference.Match3Rules{
			Chain: func(x int) int64 { return 80 * int64(x-1) },
		}),
		match3Variant("chain score 80x^2: the first round counted", "M6", reference.Match3Rules{
			Chain: func(x int) int64 { return 80 * int64(x) * int64(x) },
		}),
		match3Variant("chain score 80(x-2)^2", "M6", reference.Match3Rules{
			Chain: func(x int) int64 { return 80 * int64(x-2) * int64(x-2) },
		}),

		// Main colours.
		match3Variant("main colours include later rounds", "M7", reference.Match3Rules{
			Main: func(lines [][]int) []int {
				var all []int
				for _, l := range lines {
					for _, c := range l {
						if !slices.Contains(all, c) {
							all = append(all, c)
						}
					}
				}
				slices.Sort(all)
				return all
			},
		}),
		match3Variant("main colours from the last round", "M7", reference.Match3Rules{
			Main: func(lines [][]int) []int {
				if len(lines) == 0 {
					return nil
				}
				return lines[len(lines)-1]
			},
		}),

		// The pattern score.
		match3Variant("hand takes the first main colour instead of the best", "M8", reference.Match3Rules{
			Hand: func(ops []reference.Played, end bool) match3.Hand {
				first := slices.Clone(ops)
				for i, op := range first {
					if len(op.Main) > 1 {
						first[i].Main = op.Main[:1]
					}
				}
				return reference.PatternHand(first, end)
			},
		}),
		equivalent("ties are between hands of the same score: only the cards a trace shows differ, never the total",
			match3Variant("hand ties go to the largest cards", "M8", reference.Match3Rules{Hand: largestTies})),
		match3Variant("invalid operations count towards the hand", "M8", reference.Match3Rules{
			Hand: func(ops []reference.Played, end bool) match3.Hand {
				all := slices.Clone(ops)
				for i := range all {
					all[i].Valid = true
				}
				return reference.PatternHand(all, end)
			},
		}),
		match3Variant("leftover operations score a hand", "M8", reference.Match3Rules{Hand: leftoverHand}),
		match3Variant("a hand after every 4th valid operation", "M8", reference.Match3Rules{Hand: handEvery(4)}),
		match3Variant("a hand after every 6th valid operation", "M8", reference.Match3Rules{Hand: handEvery(6)}),
		match3Variant("high card scores the smallest colour", "M8", rescore(match3.HighCard, func(cs []int, n map[int]int) int64 { return 50 + int64(slices.Min(cs)) })),
		match3Variant("one pair scores 100 + c", "M8", rescore(match3.OnePair, func(cs []int, n map[int]int) int64 { return 100 + int64(withCount(n, 2)[0]) })),
		match3Variant("two pairs weigh the smaller pair double", "M8", rescore(match3.TwoPairs, func(cs []int, n map[int]int) int64 {
			p := withCount(n, 2)
			return 200 + int64(p[0]) + 2*int64(p[1])
		})),
		match3Variant("three of a kind scores 300 + 2c", "M8", rescore(match3.ThreeOfAKind, func(cs []int, n map[int]int) int64 { return 300 + 2*int64(withCount(n, 3)[0]) })),
		match3Variant("full house scored as three of a kind", "M8", rescore(match3.FullHouse, func(cs []int, n map[int]int) int64 { return 300 + 3*int64(withCount(n, 3)[0]) })),
		match3Variant("four of a kind scores 750 + 4c", "M8", rescore(match3.FourOfAKind, func(cs []int, n map[int]int) int64 { return 750 + 4*int64(withCount(n, 4)[0]) })),
		match3Variant("five of a kind scores 1000 + 5c", "M8", rescore(match3.FiveOfAKind, func(cs []int, n map[int]int) int64 { return 1000 + 5*int64(cs[0]) })),

		// The endgame.
		match3Variant("all-valid bonus despite invalid operations", "M9", reference.Match3Rules{
			Endgame: func(_, cleared bool) int64 { return reference.Endgame(true, cleared) },
		}),
		match3Variant("cleared bonus only when all operations were valid", "M9", reference.Match3Rules{
			Endgame: func(allValid, cleared bool) int64 { return reference.Endgame(allValid, cleared && allValid) },
		}),
		match3Variant("all-valid bonus never given", "M9", reference.Match3Rules{
			Endgame: func(_, cleared bool) int64 { return reference.Endgame(false, cleared) },
		}),
		match3Variant("cleared bonus never given", "M9", reference.Match3Rules{
			Endgame: func(allValid, _ bool) int64 { return reference.Endgame(allValid, false) },
		}),
		{Name: "cleared bonus with one piece left", Rule: "M9", Play: clearedWithOneLeft},
	}
}

// Match3Beyond returns the match-3 variants whose bug shows only on
// cases beyond both the statement's limits and what `cascade check`
// generates, each marked Unreachable with the arithmetic that says so:
// no judge's data can kill them, and check finds them only on a case
// made for them. They are kept apart from Match3, whose variants check
// finds, so that an audit can list them with the rulings they break.
func Match3Beyond() []conformance.Variant[*match3.Case, match3.Trace] {
	return []conformance.Variant[*match3.Case, match3.Trace]{
		// The endgame of a game of no operations, which check does not
		// generate.
		unreachable("the statement has q >= 1, so every case inside its limits has an operation",
			conformance.Variant[*match3.Case, match3.Trace]{Name: "all-valid bonus needs at least one operation", Rule: "M9", Play: allValidNeedsAnOperation}),

		// 64-bit scores: past 2^31 only with colours far above 100.
		unreachable("inside the limits a total stays under 2^31: each of at most 2500 pieces is removed once, "+
			"so an operation has at most 833 rounds and the game at most 833 in all; elimination <= 2500 x 100 x 833 = 208250000, "+
			"combination <= 50 x 2497^2 = 311750450, chain <= 80 x 832^2 = 55377920, hands <= 200 x 2000 = 400000, bonuses 11000: "+
			"575789370 in all, less than 2^31 - 1 = 2147483647",
			conformance.Variant[*match3.Case, match3.Trace]{Name: "score kept in 32 bits", Rule: "M10", Play: func(c *match3.Case) match3.Trace {
				t := reference.PlayMatch3(c)
				t.Total = int64(int32(t.Total))
				return t
			}}),
	}
}

// clearedWithOneLeft gives the cleared bonus when at most one piece is
// left, as a count of the pieces compared with <= 1 instead of == 0
// would.
func clearedWithOneLeft(c *match3.Case) match3.Trace {
	g := reference.NewMatch3(c)
	for _, s := range c.Ops {
		g.Apply(s)
	}
	t := g.Trace()
	left := 0
	for _, p := range g.Grid().Board() {
		if !p.Empty() {
			left++
		}
	}
	if left == 1 {
		t.Cleared = true
		t.Bonus += match3.ClearedBonus
		t.Total += match3.ClearedBonus
	}
	return t
}

// allValidNeedsAnOperation withholds the all-valid bonus from a game of
// no operations, as a flag set by the first valid operation, rather than
// cleared by the first invalid one, would.
func allValidNeedsAnOperation(c *match3.Case) match3.Trace {
	t := reference.PlayMatch3(c)
	if len(c.Ops) == 0 && t.AllValid {
		t.AllValid = false
		t.Bonus -= match3.AllValidBonus
		t.Total -= match3.AllValidBonus
	}
	return t
}
