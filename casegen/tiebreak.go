package casegen

import (
	"math/rand/v2"
	"slices"

	"github.com/cascade-harness/cascade/internal/lazy"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/reference"
)

// tieBreakOps plants a hand whose cards the tie-break decides (SPEC
// "Hand tie-break") on c's board and returns the five swaps that play it,
// the first five operations of the case: it draws five two-main
// operations' colours that TieBreakDecides, lays out on the top five
// rows, over the same six columns, a row per operation, the last at the
// top, each "a a b a b b" or "b b a b a a" (a swap of the middle two
// makes a run of each colour, the whole six cells, so the rows above
// fall intact), fills the rest of the board without runs, and plays the
// swaps on the player newPlayer makes, the one the case is aimed at (the
// reference when nil), to see that the hand is the one planted. It
// gives up after a few tries, and at once when the board has fewer than
// 5 rows, 6 columns or 4 colours (no such hand has fewer): ok is false
// then and c is as it was.
func tieBreakOps(r *rand.Rand, c *match3.Case, newPlayer func(*match3.Case) Match3Player) (ops []match3.Swap, ok bool) {
	hands := tieHands.Get()
	if c.Rows < 5 || c.Cols < 6 || c.Colours < 4 {
		return nil, false
	}
	start := slices.Clone(c.Board)
	for range 8 {
		hand := hands[r.IntN(len(hands))]
		// A shift of every colour keeps the ties of hands of one kind.
		if d := r.IntN(c.Colours - 3); d > 0 {
			for i := range hand {
				hand[i][0] += d
				hand[i][1] += d
			}
			if !TieBreakDecides(hand) {
				continue
			}
		}
		y := r.IntN(c.Cols - 5)
		want := RunFreeColours(r, c.Rows, c.Cols, c.Colours, nil)
		// Each row falls to the fifth, between the cells z1 and z2 left
		// and right of it: its first colour is not z1 and its last not
		// z2, or it would make a run there. One way round always does.
		z1 := 1 + r.IntN(c.Colours)
		z2 := 1 + (z1+r.IntN(c.Colours-1))%c.Colours
		if y > 0 {
			want[4*c.Cols+y-1] = z1
		}
		if y+6 < c.Cols {
			want[4*c.Cols+y+6] = z2
		}
		ops = ops[:0]
		var rows [5][6]int
		for i, m := range hand {
			a, b := m[0], m[1]
			// The other way round when z1 or z2 bars this one, or when
			// it would stand three of a colour over one another with
			// the two rows under it (an accident of the board's second
			// row when the way is barred: then it is tried again).
			if a == z1 || b == z2 || i >= 2 && !(b == z1 || a == z2) && stacked([6]int{a, a, b, a, b, b}, rows[i-1], rows[i-2]) {
				a, b = b, a
			}
			rows[i] = [6]int{a, a, b, a, b, b}
			copy(want[(4-i)*c.Cols+y:], rows[i][:])
			ops = append(ops, match3.Swap{A: match3.Cell{X: 5, Y: y + 3}, B: match3.Cell{X: 5, Y: y + 4}})
		}
		// The row under the planted ones stays as the rows fall onto it:
		// a colour of its own in each column, not that of two planted
		// rows that meet there, keeps it out of every run.
		if c.Rows > 5 {
			for j := range 6 {
				used := map[int]bool{}
				for i := 1; i < 5; i++ {
					if rows[i][j] == rows[i-1][j] {
						used[rows[i][j]] = true
					}
				}
				used[rows[0][j]] = true
				if c.Rows > 6 {
					used[want[6*c.Cols+y+j]] = true
				}
				for v := 1; v <= c.Colours; v++ {
					if !used[v] {
						want[5*c.Cols+y+j] = v
						break
					}
				}
			}
		}
		for i, v := range RunFreeColours(r, c.Rows, c.Cols, c.Colours, want) {
			c.Board[i].Colour = v
		}
		// The operations played on the player the case is aimed at.
		var mains [][2]int
		g := startMatch3(newPlayer, c)
		for _, s := range ops {
			if res := g.Apply(s); res.Validity == match3.Valid {
				mains = append(mains, res.Main)
			}
		}
		if len(mains) >= 5 && TieBreakDecides([5][2]int(mains[:5])) {
			return ops, true
		}
	}
	copy(c.Board, start)
	return nil, false
}

// stacked reports whether a column holds the same colour in rows a, b
// and c.
func stacked(a, b, c [6]int) bool {
	for j := range a {
		if a[j] == b[j] && b[j] == c[j] {
			return true
		}
	}
	return false
}

// tieHands are the hands of five two-main operations of colours 1..4
// that TieBreakDecides.
var tieHands = lazy.Value[[][5][2]int]{Make: func() [][5][2]int {
	var pairs [][2]int
	for a := 1; a <= 4; a++ {
		for b := a + 1; b <= 4; b++ {
			pairs = append(pairs, [2]int{a, b})
		}
	}
	// The hands hold colours 1..4 only: each of the 4^5 sets of cards
	// is scored once, not once per hand it is a choice of.
	var scored [4 * 4 * 4 * 4 * 4]match3.Hand
	score := func(cards [5]int) match3.Hand {
		k := 0
		for _, c := range cards {
			k = 4*k + c - 1
		}
		if scored[k].Kind == match3.NoHand {
			scored[k] = reference.ScoreHand(cards)
		}
		return scored[k]
	}
	var hands [][5][2]int
	var hand [5][2]int
	var fill func(i int)
	fill = func(i int) {
		if i == len(hand) {
			if tieBreakDecides(hand, score) {
				hands = append(hands, hand)
			}
			return
		}
		for _, p := range pairs {
			hand[i] = p
			fill(i + 1)
		}
	}
	fill(0)
	return hands
}}

// TieBreakDecides reports whether the hand of five valid operations'
// main colours (each ascending, the second 0 when there is one only)
// needs the tie-break to a test: several choices of cards reach the best
// score, and the smallest of them (the hand's cards, SPEC "Hand
// tie-break") is not the first best one when the choices are tried in
// the order of a count whose lowest bit picks the first operation's
// second colour. The first choice of that count, every operation's
// smaller colour, is the smallest of all: a tie it is part of would not
// do. It takes three two-main operations at least, a full house of two
// scores such as 1,1,1,4,4 and 2,2,2,1,1 (507).
func TieBreakDecides(mains [5][2]int) bool {
	return tieBreakDecides(mains, reference.ScoreHand)
}

// tieBreakDecides is TieBreakDecides with the hands scored by score,
// reference.ScoreHand or a memory of it. The hand's cards are those of
// the best score, the smallest of them on a tie (reference.BestHand).
func tieBreakDecides(mains [5][2]int, score func([5]int) match3.Hand) bool {
	var first, best match3.Hand
	for choice := range 1 << 5 {
		var cards [5]int
		skip := false
		for i, m := range mains {
			switch {
			case choice&(1<<i) == 0:
				cards[i] = m[0]
			case m[1] == 0:
				skip = true
			default:
				cards[i] = m[1]
			}
		}
		if skip {
			continue
		}
		h := score(cards)
		if first.Kind == match3.NoHand || h.Score > first.Score {
			first = h
		}
		if best.Kind == match3.NoHand || h.Score > best.Score ||
			h.Score == best.Score && slices.Compare(h.Cards[:], best.Cards[:]) < 0 {
			best = h
		}
	}
	return best.Cards != first.Cards
}
