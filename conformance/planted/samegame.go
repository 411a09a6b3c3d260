package planted

import (
	"fmt"
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/reference"
	"github.com/cascade-harness/cascade/samegame"
)

// SameGame returns the SameGame variants under the statement's rules,
// codeabbey, each a reference rule table with one step replaced unless
// its comment says otherwise. Its points and minimum are written out
// (a single cube not removed, c(c-1)/2): they are codeabbey's variants
// of the settings min and points, as SameGameUnder generates them for
// every other rule set.
func SameGame() []conformance.Variant[*samegame.Case, samegame.Trace] {
	return sameGameList(samegame.CodeAbbey)
}

// SameGameUnder returns the SameGame variants under the rule set r: under
// codeabbey those of SameGame; under any other rule set the variants of
// the box (the group, the click, the fall and the close, which play under
// the case's rule set) and those of every setting (samegame_settings.go),
// each marked Equivalent where r makes it score every case alike. The
// variants of 32-bit arithmetic and of a fixed array, whose bugs need a
// box of a size, are codeabbey's only.
func SameGameUnder(r samegame.Rules) []conformance.Variant[*samegame.Case, samegame.Trace] {
	return sameGameList(r.Effective())
}

func sameGameList(r samegame.Rules) []conformance.Variant[*samegame.Case, samegame.Trace] {
	statement := r.IsDefault()
	var vs []conformance.Variant[*samegame.Case, samegame.Trace]
	add := func(only bool, v ...conformance.Variant[*samegame.Case, samegame.Trace]) {
		if only {
			vs = append(vs, v...)
		}
	}
	add(true,
		sameGameVariant("group 8-connected", "S5", reference.SameGameRules{Group: group8}),
		sameGameVariant("group search queue of N*N cells overflows", "S5", reference.SameGameRules{Group: queuedGroup}),
		sameGameVariant("Y counted from the top", "S3", reference.SameGameRules{
			Locate: func(b reference.Box, m samegame.Move) reference.Pos {
				return reference.Pos{X: m.X, Y: b.Height() - 1 - m.Y}
			},
		}),
		conformance.Variant[*samegame.Case, samegame.Trace]{Name: "X counted on the original columns", Rule: "S3", Play: func(c *samegame.Case) samegame.Trace {
			return originalColumns(c.Rules.Effective().Close).PlaySummary(c)
		}},
		sameGameVariant("X and Y read the other way round", "S3", reference.SameGameRules{
			Locate: func(_ reference.Box, m samegame.Move) reference.Pos { return reference.Pos{X: m.Y, Y: m.X} },
		}),
		sameGameVariant("coordinates read as 1-based", "S3", reference.SameGameRules{
			Locate: func(_ reference.Box, m samegame.Move) reference.Pos { return reference.Pos{X: m.X - 1, Y: m.Y - 1} },
		}),
		sameGameVariant("empty-cell click lands on the column's top cube", "S4", reference.SameGameRules{
			Locate: func(b reference.Box, m samegame.Move) reference.Pos {
				p := b.Locate(m)
				for p.Y > 0 && b.At(p) == 0 {
					p.Y--
				}
				return p
			},
		}),
	)
	add(statement,
		sameGameVariant("empty-cell click scores 1", "S4", reference.SameGameRules{
			Points: func(c int) int64 { return samegame.Points(max(c, 1)) },
		}))
	add(true, conformance.Variant[*samegame.Case, samegame.Trace]{Name: "play stops at the first empty-cell click", Rule: "S4", Play: stopAtEmptyClick})
	add(!statement, stopBelowMin(r))
	add(statement,
		sameGameVariant("single cube scores 0, c(c-1) halved", "S5", reference.SameGameRules{
			Points: func(c int) int64 { return int64(c) * int64(c-1) / 2 },
		}),
		sameGameVariant("single cube not removed, as in the classic game", "S5", reference.SameGameRules{Group: groupOfTwoOrMore}),
		sameGameVariant("clicked cube counted twice: (c+1)(c+2)/2", "S5", reference.SameGameRules{
			Points: pointsCountingTheClickTwice,
		}),
		sameGameVariant("c(c+1) multiplied in 32 bits before halving", "S7", reference.SameGameRules{
			Points: func(c int) int64 { return int64(int32(c) * int32(c+1) / 2) },
		}),
		sameGameVariant("score kept in 32 bits", "S7", reference.SameGameRules{
			Points: func(c int) int64 { return int64(int32(samegame.Points(c))) },
		}),
		conformance.Variant[*samegame.Case, samegame.Trace]{Name: "box held in a fixed 20x20 array", Rule: "S7", Play: playFixedBox},
	)
	leftmost := "leftmost column never closed"
	if r.Close == samegame.CloseRight {
		leftmost = "rightmost column never closed"
	}
	add(true,
		sameGameVariant("cubes do not fall", "S6", reference.SameGameRules{Fall: func(reference.Box) {}}),
		sameGameVariant("empty columns not closed", "S6", reference.SameGameRules{Close: func(reference.Box) {}}),
		closeVariant("only the first emptied column closed", closeFirstOnly),
		closeVariant("of two adjacent emptied columns the second stays", closeSkippingNext),
		closeVariant(leftmost, closeFromSecond),
	)
	if !statement {
		vs = append(vs, settingVariants(r)...)
	}
	return vs
}

// stopBelowMin is the variant that ends the game at the first click on a
// group below the minimum, as the benchmark's referee ends it with an
// error where S8 plays on.
func stopBelowMin(r samegame.Rules) conformance.Variant[*samegame.Case, samegame.Trace] {
	v := conformance.Variant[*samegame.Case, samegame.Trace]{Name: "play stops at the first click below the minimum", Rule: "S8", Play: func(c *samegame.Case) samegame.Trace {
		g := reference.NewSameGameSummary(c)
		for _, m := range c.Moves {
			if res := g.Apply(m); res.Colour != 0 && res.Removed == 0 {
				break
			}
		}
		return g.Done()
	}}
	if r.Min <= 1 {
		v.Equivalent = fmt.Sprintf("under %s, min=%d: no group is below it", r.Name, r.Min)
	}
	return v
}

// closeVariant is the variant whose columns close with close, written
// for columns closing to the left; under a rule set whose columns close
// to the right it closes the box seen in a mirror, the same loop run from
// the other side.
func closeVariant(name string, close func(reference.Box)) conformance.Variant[*samegame.Case, samegame.Trace] {
	mirrored := reference.SameGameRules{Close: func(b reference.Box) {
		slices.Reverse(b)
		close(b)
		slices.Reverse(b)
	}}
	return conformance.Variant[*samegame.Case, samegame.Trace]{Name: name, Rule: "S6", Play: func(c *samegame.Case) samegame.Trace {
		if c.Rules.Effective().Close == samegame.CloseRight {
			return mirrored.PlaySummary(c)
		}
		return reference.SameGameRules{Close: close}.PlaySummary(c)
	}}
}

// sameGameVariant is the variant that plays under r. The rules keep no state,
// so one table serves every call.
func sameGameVariant(name, rule string, r reference.SameGameRules) conformance.Variant[*samegame.Case, samegame.Trace] {
	return conformance.Variant[*samegame.Case, samegame.Trace]{Name: name, Rule: rule, Play: r.PlaySummary}
}

// group8 finds the group of the cube at p through sides and corners.
func group8(b reference.Box, p reference.Pos) []reference.Pos {
	colour := b.At(p)
	if colour == 0 {
		return nil
	}
	seen := map[reference.Pos]bool{p: true}
	group := []reference.Pos{p}
	for i := 0; i < len(group); i++ {
		q := group[i]
		for dx := -1; dx <= 1; dx++ {
			for dy := -1; dy <= 1; dy++ {
				r := reference.Pos{X: q.X + dx, Y: q.Y + dy}
				if !seen[r] && b.At(r) == colour {
					seen[r] = true
					group = append(group, r)
				}
			}
		}
	}
	return group
}

// queuedGroup is a breadth-first flood fill as it is often written in C:
// a queue array of N*N cells, and a cell marked visited when it is taken
// from the queue rather than when it is put in. A cube with two
// neighbours of the group taken before it is queued twice, so a group
// with cycles queues more entries than it has cubes, and a large one
// more than N*N: the queue overflows (index out of range). A 2x2 box of
// one colour queues 5 cubes. Where it does not overflow it finds the
// literal group.
func queuedGroup(b reference.Box, p reference.Pos) []reference.Pos {
	colour := b.At(p)
	if colour == 0 {
		return nil
	}
	queue := make([]reference.Pos, len(b)*b.Height())
	visited := make([][]bool, len(b))
	for x := range visited {
		visited[x] = make([]bool, b.Height())
	}
	var group []reference.Pos
	head, tail := 0, 0
	queue[tail] = p
	tail++
	for head < tail {
		q := queue[head]
		head++
		if visited[q.X][q.Y] {
			continue
		}
		visited[q.X][q.Y] = true
		group = append(group, q)
		for _, r := range []reference.Pos{{X: q.X - 1, Y: q.Y}, {X: q.X + 1, Y: q.Y}, {X: q.X, Y: q.Y - 1}, {X: q.X, Y: q.Y + 1}} {
			if b.At(r) == colour && !visited[r.X][r.Y] {
				queue[tail] = r
				tail++
			}
		}
	}
	return group
}

// closeFirstOnly removes the leftmost empty column only, as a loop that
// forgets to look again after shifting would.
func closeFirstOnly(b reference.Box) {
	for x := range b {
		empty := true
		for _, v := range b[x] {
			empty = empty && v == 0
		}
		if empty {
			removeColumn(b, x)
			return
		}
	}
}

// originalColumns reads X as a column of the box as it was before any
// column closed, as an engine that closes columns by relinking them but
// indexes clicks into its original array would: a click on a closed
// column hits nothing, one beyond it the column that was there. Close
// tells Locate how the columns moved, so the rules keep state: one game
// at a time, and fresh rules for every game. side is the side the
// columns close towards.
func originalColumns(side samegame.Close) reference.SameGameRules {
	// column[i] is the original index of the column now i-th; the closed
	// columns stand, empty, at the side away from side.
	var column []int
	// far is the column that empties last: the one away from side.
	far := func(b reference.Box) int {
		if side == samegame.CloseRight {
			return 0
		}
		return len(b) - 1
	}
	return reference.SameGameRules{
		Locate: func(b reference.Box, m samegame.Move) reference.Pos {
			if b.At(reference.Pos{X: far(b)}) != 0 {
				// No column has closed: a new game, or one that could be.
				column = slices.Grow(column[:0], len(b))
				for x := range b {
					column = append(column, x)
				}
			}
			x := slices.Index(column, m.X)
			if x < 0 {
				x = m.X // outside the frame
			}
			return reference.Pos{X: x, Y: m.Y}
		},
		// The original indexes move in place as the box's columns do,
		// each standing one past the empty ones before it: lists of
		// the standing and the closed, made afresh on every click, were
		// some 45 bytes a column of garbage a click, and the variant
		// held 93 MB of an audit of a box of 2,000,000 x 1. The order of
		// the closed ones does not matter: every one of them is empty.
		Close: func(b reference.Box) {
			if side == samegame.CloseRight {
				kept := len(column) - 1
				for x := len(column) - 1; x >= 0; x-- {
					if b.At(reference.Pos{X: x}) != 0 {
						column[kept], column[x] = column[x], column[kept]
						kept--
					}
				}
				b.CloseRight()
				return
			}
			kept := 0
			for x := range column {
				if b.At(reference.Pos{X: x}) != 0 {
					column[kept], column[x] = column[x], column[kept]
					kept++
				}
			}
			b.Close()
		},
	}
}
