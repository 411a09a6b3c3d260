package cubes

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// confinedPasses are SameGame's shrink passes for a game confined as cf
// says: under UsualBox without those that change the box (the fresh
// boxes, the crops, the cut crosses), under Legal with fresh boxes of
// legal clicks; every candidate is then made legal (casegen.Legalise),
// and one that thereby becomes the case at hand, or leaves the usual
// box, is not offered.
func confinedPasses(g *conformance.Game[*samegame.Case, samegame.Trace], cf conformance.Confine) []conformance.Pass[*samegame.Case] {
	var out []conformance.Pass[*samegame.Case]
	for _, p := range sameGamePasses {
		switch p.Name {
		case "fresh":
			if cf.UsualBox {
				continue
			}
			p.Run = sameGameFreshLegal
		case "crop", "crop rows or columns", "row and column":
			if cf.UsualBox {
				continue
			}
		}
		run := p.Run
		p.Run = func(s *conformance.Shrinking[*samegame.Case]) {
			s.Confined(func(c *samegame.Case) (*samegame.Case, bool) {
				if c == nil || c.Validate() != nil {
					return c, true
				}
				if cf.UsualBox && !casegen.HasUsualBox(c) {
					return c, false
				}
				if cf.Legal {
					c = casegen.Legalise(c)
					if sameBoxAndClicks(c, s.Case()) {
						return c, false
					}
				}
				return c, true
			}, run)
		}
		out = append(out, p)
	}
	return out
}

// confinedBuiltin reads base's built-in cases and returns the names of
// those inside cf, and how many are left out for a click that removes
// nothing and for a box that is not the usual one.
func confinedBuiltin(base *conformance.Game[*samegame.Case, samegame.Trace], cf conformance.Confine) (keep []string, illegal, notUsual int) {
	for _, bc := range base.Builtin() {
		c, err := base.Parse(bytes.NewReader(bc.Input))
		switch {
		case err != nil:
			// Not a case: the run reports it as it would unconfined.
			keep = append(keep, bc.Name)
		case cf.Legal && !casegen.Legal(c):
			illegal++
		case cf.UsualBox && !casegen.HasUsualBox(c):
			notUsual++
		default:
			keep = append(keep, bc.Name)
		}
	}
	return keep, illegal, notUsual
}

// leftOutText says why built-in cases were left out, for each reason
// how many: "3 with a click that removes nothing (on an empty cell or
// on a group below min=2)".
func leftOutText(illegal, notUsual int, r samegame.Rules) string {
	var parts []string
	if illegal > 0 {
		what := "on an empty cell"
		if r.Min > 1 {
			what += fmt.Sprintf(" or on a group below min=%d", r.Min)
		}
		parts = append(parts, fmt.Sprintf("%d with a click that removes nothing (%s)", illegal, what))
	}
	if notUsual > 0 {
		parts = append(parts, fmt.Sprintf("%d not in the usual %s", notUsual, usualBoxText(r)))
	}
	return strings.Join(parts, ", ")
}

// usualBoxText names the usual box of r: "15x15 box of colours 1..5".
func usualBoxText(r samegame.Rules) string {
	if r.Colours == 0 {
		return fmt.Sprintf("%dx%d box", r.Width, r.Height)
	}
	return fmt.Sprintf("%dx%d box of colours 1..%d", r.Width, r.Height, r.Colours)
}

// sameBoxAndClicks reports whether a and b are the same box with the
// same clicks: the same input, as a program under test reads it.
func sameBoxAndClicks(a, b *samegame.Case) bool {
	return a.W == b.W && a.H == b.H && bytes.Equal(a.Board, b.Board) && slices.Equal(a.Moves, b.Moves)
}
