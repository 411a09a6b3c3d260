// operation.go is the life of one match-3 operation under the rule set:
// whether it is played at all (Over), its validity, the swap, the rounds
// of elimination it sets off and their scores. The settle of a start
// board plays the same rounds without a swap.

package engine

import "github.com/cascade-harness/cascade/match3"

// Apply plays one operation and returns what it did. A cell off the board
// counts as empty. Once the game is over the operation is not played
// (Over) and costs nothing.
func (g *Match3) Apply(s match3.Swap) match3.Result {
	g.ops++
	g.rounds = nil
	res := match3.Result{Swap: s, Validity: match3.Over}
	if g.Over() {
		return res
	}
	if res.Validity = g.check(s); res.Validity != match3.Valid {
		g.invalid()
		return res
	}
	a, _ := g.index(s.A)
	b, _ := g.index(s.B)
	g.board[a], g.board[b] = g.board[b], g.board[a]
	g.spans = append(g.spans[:0], g.cellSpan(a), g.cellSpan(b))
	g.fresh = g.fresh[:0]
	g.eliminate(&res, a, b)
	if res.Rounds == 0 {
		g.board[a], g.board[b] = g.board[b], g.board[a]
		res.Validity = match3.NoRun
		g.invalid()
		return res
	}
	g.moves++
	if g.set.Scoring == match3.ScoringThupc {
		res.Chain = chain(res.Rounds)
		g.mains[g.valid%5] = res.Main
		g.valid++
		if g.valid%5 == 0 {
			res.Hand = bestHand(&g.mains)
		}
	}
	g.sum += res.Score() + res.Hand.Score
	g.checkMoves()
	return res
}

// invalid counts an invalid operation as the rule set says: one of its
// moves unless invalid=free, and the all-valid bonus lost under
// invalid=bonus.
func (g *Match3) invalid() {
	if g.set.Invalid != match3.InvalidFree {
		g.moves++
	}
	if g.set.Invalid == match3.InvalidBonus {
		g.allValid = false
	}
}

// chain is the chain score of a move of x rounds, 80(x-1)^2.
func chain(rounds int) int64 {
	x := int64(rounds - 1)
	return 80 * x * x
}

// eliminate plays rounds while runs are left, from the changes g.spans
// holds (or the whole board when g.full), and adds what they score to
// res: under points=thupc elimination, combination and, when a >= 0, the
// main colours of the swapped cells a and b; under points=EXPR the
// points of its terms.
func (g *Match3) eliminate(res *match3.Result, a, b int) {
	var terms int64 // the move's terms so far, for i
	for round := int64(1); ; round++ {
		g.startRound()
		g.scan()
		if len(g.marked) == 0 {
			return
		}
		if g.afterScan != nil {
			g.afterScan(g, g.marked)
		}
		if g.set.Clear == match3.ClearLowest {
			g.keepLowest()
		}
		lines := len(g.marked)
		thupc := g.set.Scoring == match3.ScoringThupc
		if thupc {
			if round == 1 && a >= 0 {
				res.Main = g.mainColours(a, b)
			}
		}
		if thupc || g.keepRounds {
			g.blockSizes = g.blockSizes[:0]
			if comb := g.blocks(lines); thupc {
				res.Combination += comb
			}
		}
		var triggered []int32
		if g.set.Specials == match3.SpecialsEffects {
			triggered = g.fireSpecials(lines)
		}
		if g.keepRounds {
			g.keepRound(lines, triggered)
		}
		if thupc {
			var colours int64
			for _, i := range g.marked {
				colours += int64(colourOf(g.board[i]))
			}
			res.Elimination += round * colours
		} else {
			res.Points += g.points(round, &terms)
		}
		res.Rounds++
		g.fall()
		if g.keepRounds && len(g.fresh) > 0 {
			g.keepRefilled()
		}
	}
}

// check returns the validity of s that shows before the swap: adjacency,
// then empty cells. Whether a run forms is left to the first scan.
func (g *Match3) check(s match3.Swap) match3.Validity {
	dx, dy := s.A.X-s.B.X, s.A.Y-s.B.Y
	if dx*dx+dy*dy != 1 {
		return match3.NotAdjacent
	}
	a, okA := g.index(s.A)
	b, okB := g.index(s.B)
	if !okA || !okB || g.board[a] == 0 || g.board[b] == 0 {
		return match3.EmptyCell
	}
	if colourOf(g.board[a]) == colourOf(g.board[b]) {
		// The board holds no run, so exchanging equal colours makes none.
		return match3.NoRun
	}
	return match3.Valid
}

// mainColours returns the colours of the swapped cells a and b that lie in
// a run of the first round (every first-round run passes through one),
// ascending, the second 0 when only one does.
func (g *Match3) mainColours(a, b int) [2]int {
	var m [2]int
	n := 0
	for _, i := range [2]int{a, b} {
		if g.markedNow(i) {
			m[n] = int(colourOf(g.board[i]))
			n++
		}
	}
	if n == 2 && m[0] > m[1] {
		m[0], m[1] = m[1], m[0]
	}
	return m
}

// startRound empties the lists of one round. No cell carries a mark:
// the previous round's fall emptied every cell it marked.
func (g *Match3) startRound() {
	g.marked = g.marked[:0]
	g.runs = g.runs[:0]
	g.unfile()
}

// markedNow reports whether cell i was marked in this round.
func (g *Match3) markedNow(i int) bool { return g.board[i]&markAny != 0 }
