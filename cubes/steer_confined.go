package cubes

import (
	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// Steering under a confinement. A confined game plays legal clicks only,
// or only the rule set's usual box (15x15 in 5 colours for the
// benchmark), where a box is cleared, or a game ends with a given number
// of cubes left, far more seldom than in the small boxes of few colours
// the usual mix draws: a cleared box came in 3 of 20,000 cases of
// --rules benchmark --legal --usual-box, so an engine that never gave the
// clear bonus passed 3,000 of them. So one case in four (other cases
// than the rule set's own schedule steers) is steered, inside the
// confinement, towards what it reaches seldom:
//
//   - a cleared box, when the rule set gives a clear bonus or its end
//     term (end=move) depends on one; and, with end=move, a dead start;
//   - a dead end with n cubes left, for each item of the rule set's left
//     expression (jawbreaker's 20-n at 0, lx's n-2 below 0);
//   - a group of LargeGroup cubes or more (under the usual box, when it
//     holds that many).
//
// The first two build their box as casegen's Stacked does: one whose
// every game ends with exactly n cubes left whatever its clicks, played
// with legal clicks to its end. They need a minimum of two or more, and
// (for n left) three colours, which every named rule set's usual box
// has.
func confinedSteering(r samegame.Rules, cf conformance.Confine, ex *exprCoverage) casegen.Schedule[casegen.SameGameOptions] {
	var aims []casegen.Aim[casegen.SameGameOptions]
	if r.Min >= 2 {
		if r.Clear != 0 || r.End == samegame.EndMove {
			aims = append(aims, casegen.Aim[casegen.SameGameOptions]{Item: sgCleared, Raise: endsWith(cf, 0)})
		}
		if r.End == samegame.EndMove {
			aims = append(aims, casegen.Aim[casegen.SameGameOptions]{Item: sgDeadStart, Raise: endsWith(cf, -1)})
		}
		if ex != nil {
			// Every item, not only those the usual mix seldom reaches:
			// in the usual box a game seldom ends with one cube left.
			for i, it := range ex.left.Items() {
				aims = append(aims, casegen.Aim[casegen.SameGameOptions]{Item: ex.leftNames[i], Raise: endsWith(cf, target(it))})
			}
		}
	}
	if !cf.UsualBox || r.Width*r.Height >= LargeGroup {
		aims = append(aims, casegen.Aim[casegen.SameGameOptions]{Item: sgLargeGroup, Raise: func(o *casegen.SameGameOptions, maxSize int) bool {
			if !cf.UsualBox {
				// The smallest square that holds a large group.
				side := 11
				if maxSize > 0 && side > maxSize {
					return false
				}
				o.N, o.H = casegen.Exactly(side), casegen.Exactly(side)
			}
			o.Speckled = true
			return true
		}})
	}
	return casegen.Schedule[casegen.SameGameOptions]{Every: rulesSteerEvery, Aims: aims}
}

// endsWith asks for a game that ends with n cubes left (n < 0: none
// removed, a dead start), played to its end: in the usual box under
// UsualBox, else in a box sized to hold n cubes and stacks beside them.
// Under Legal the clicks stop at the end of the game; otherwise they are
// clicks on cubes, a quarter more than the box holds, so that the last
// ones fall on the box the game left (a cleared one, say). It reports
// false when the box cannot hold n.
func endsWith(cf conformance.Confine, n int) func(*casegen.SameGameOptions, int) bool {
	return func(o *casegen.SameGameOptions, maxSize int) bool {
		if !cf.UsualBox {
			side := 4
			for side*side < 2*max(n, 8) {
				side++
			}
			if maxSize > 0 && side > maxSize {
				return false
			}
			o.N, o.H, o.Colours = casegen.Exactly(side), casegen.Exactly(side), casegen.Between(3, 5)
		}
		cells := o.N.Max * o.H.Max
		if n > cells {
			return false
		}
		o.Stacked, o.Left = true, n
		if n < 0 {
			o.Left = cells
		}
		o.Clicks, o.Columns, o.Random, o.Empty = casegen.Exactly(cells), 0, 0, 0
		if !cf.Legal {
			o.Clicks = casegen.Exactly(cells + cells/4)
		}
		return true
	}
}
