package fuzz

import (
	"slices"

	"cascade/reference"
	"cascade/samegame"
)

// sameGameVariants are SameGame as a real implementation might get it
// wrong, one rule each, built by replacing one step of the literal rules.
var sameGameVariants = []struct {
	name  string
	rules reference.SameGameRules
}{
	{"group 8-connected (S5)", reference.SameGameRules{Group: group8}},
	{"Y counted from the top (S3)", reference.SameGameRules{
		Locate: func(b reference.Box, m samegame.Move) reference.Pos {
			return reference.Pos{X: m.X, Y: len(b) - 1 - m.Y}
		},
	}},
	{"X counted on the original columns (S3)", originalColumns()},
	{"empty-cell click lands on the column's top cube (S4)", reference.SameGameRules{
		Locate: func(b reference.Box, m samegame.Move) reference.Pos {
			p := b.Locate(m)
			for p.Y > 0 && b.At(p) == 0 {
				p.Y--
			}
			return p
		},
	}},
	{"empty-cell click scores 1 (S4)", reference.SameGameRules{
		Points: func(c int) int64 { return samegame.Points(max(c, 1)) },
	}},
	{"single cube scores 0, c(c-1) halved (S5)", reference.SameGameRules{
		Points: func(c int) int64 { return int64(c) * int64(c-1) / 2 },
	}},
	{"score kept in 32 bits (S7)", reference.SameGameRules{
		Points: func(c int) int64 { return int64(int32(samegame.Points(c))) },
	}},
	{"cubes do not fall (S6)", reference.SameGameRules{Fall: func(reference.Box) {}}},
	{"empty columns not closed (S6)", reference.SameGameRules{Close: func(reference.Box) {}}},
	{"only the first emptied column closed (S6)", reference.SameGameRules{Close: closeFirstOnly}},
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

// closeFirstOnly removes the leftmost empty column only, as a loop that
// forgets to look again after shifting would.
func closeFirstOnly(b reference.Box) {
	for x := range b {
		empty := true
		for _, v := range b[x] {
			empty = empty && v == 0
		}
		if empty {
			copy(b[x:], b[x+1:])
			b[len(b)-1] = make([]uint8, len(b))
			return
		}
	}
}

// originalColumns reads X as a column of the box as it was before any
// column closed, as an engine that closes columns by relinking them but
// indexes clicks into its original array would: a click on a closed
// column hits nothing, one to its right the column that was there. Close
// tells Locate how the columns moved, so the rules keep state: one game
// at a time.
func originalColumns() reference.SameGameRules {
	// column[i] is the original index of the column now i-th; the closed
	// columns stand, empty, at the right.
	var column []int
	return reference.SameGameRules{
		Locate: func(b reference.Box, m samegame.Move) reference.Pos {
			if b.At(reference.Pos{X: len(b) - 1}) != 0 {
				// No column has closed: a new game, or one that could be.
				column = column[:0]
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
		Close: func(b reference.Box) {
			var standing, closed []int
			for x, orig := range column {
				if b.At(reference.Pos{X: x}) != 0 {
					standing = append(standing, orig)
				} else {
					closed = append(closed, orig)
				}
			}
			column = append(standing, closed...)
			b.Close()
		},
	}
}
