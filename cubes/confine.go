package cubes

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

// Confined is Under(r) confined as cf says, for engines
// that take only legal moves (a search engine that asserts on a click
// that removes nothing, a referee that ends the game lost) or only one
// box size:
//
//   - its generated cases (Generate, GenerateWith: knobs and steering as
//     ever) and its fuzz cases (Decode) lie inside cf: under Legal every
//     click removes a group of at least the rule set's minimum, a case
//     played to the end of the game or stopped at a random point; under
//     UsualBox every box is the rule set's usual one, Width x Height,
//     colours 1..Colours;
//   - a shrink (Shrink, Candidates) offers only candidates inside cf: a
//     candidate's clicks that no longer remove a group (after a smaller
//     box, fewer clicks, other colours) are dropped, which changes nothing
//     of its play; under UsualBox the box keeps its size, and only the
//     clicks and the colours shrink;
//   - its built-in cases are those of Under(r) inside cf, and
//     LeftOut says how many are left out and why.
//
// Cases read from input are checked as they are. The zero Rules confines
// SameGame itself, which generates under codeabbey but reads a case of
// any rule set, its rules line played (see Under); codeabbey
// confines Under(codeabbey). The zero Confine gives SameGame or
// Under(r). UsualBox under a rule set that names no usual box
// (codeabbey, a custom one) is an error. The same r and cf give the same
// game.
func Confined(r samegame.Rules, cf conformance.Confine) (*conformance.Game[*samegame.Case, samegame.Trace], error) {
	key := "samegame"
	base := Game
	if r.Name != "" {
		base = Under(r)
		key = r.Effective().Full()
	}
	r = r.Effective()
	if cf == (conformance.Confine{}) {
		return base, nil
	}
	if cf.UsualBox && (r.Width == 0 || r.Height == 0) {
		return nil, fmt.Errorf("the rule set %s names no usual box", RulesText(r))
	}
	key = fmt.Sprintf("%s\x00%v\x00%v", key, cf.Legal, cf.UsualBox)
	if g, ok := confinedGames.Load(key); ok {
		return g.(*conformance.Game[*samegame.Case, samegame.Trace]), nil
	}
	g, _ := confinedGames.LoadOrStore(key, sameGameConfined(base, r, cf))
	return g.(*conformance.Game[*samegame.Case, samegame.Trace]), nil
}

// confinedGames holds the games Confined made.
var confinedGames sync.Map

func sameGameConfined(base *conformance.Game[*samegame.Case, samegame.Trace], r samegame.Rules, cf conformance.Confine) *conformance.Game[*samegame.Case, samegame.Trace] {
	g := *base
	g.Confined = cf
	// Under codeabbey the cases carry the zero Rules, as SameGame's do.
	rules := r
	if r.IsCodeAbbey() {
		rules = samegame.Rules{}
	}
	g.Generate = func(seed uint64, i, maxSize int) *samegame.Case {
		return generateSameGameConfined(rules, cf, seed, i, maxSize)
	}
	g.GenerateWith = func(seed uint64, set map[string]string) (*samegame.Case, error) {
		return generateSameGameWithConfined(rules, cf, seed, set)
	}
	g.Decode = func(data []byte) *samegame.Case {
		return casegen.DecodeSameGameConfined(rules, casegen.Confine(cf), data)
	}
	g.Encode = func(c *samegame.Case) ([]byte, bool) {
		return casegen.EncodeSameGameConfined(rules, casegen.Confine(cf), c)
	}
	g.Passes = confinedPasses(&g, cf)
	if cf.Legal && base.Variants != nil {
		g.Variants = sync.OnceValue(func() []conformance.Variant[*samegame.Case, samegame.Trace] { return legalVariants(r, base.Variants()) })
	}
	if cf.Legal {
		// A legal game never clicks an empty cell or a group below the
		// minimum: a report would list these as never reached.
		g.CoverageItems = slices.DeleteFunc(slices.Clone(base.CoverageItems), func(it conformance.CoverageItem) bool {
			return it.Name == sgEmptyClick || it.Name == sgBelowMin || it.Name == sgClickCleared
		})
	}
	type builtin struct {
		keep              []string
		illegal, notUsual int
	}
	read := sync.OnceValue(func() builtin {
		var b builtin
		b.keep, b.illegal, b.notUsual = confinedBuiltin(base, cf)
		return b
	})
	g.Builtin = func() []conformance.Case {
		b := read()
		var cs []conformance.Case
		for _, c := range base.Builtin() {
			if slices.Contains(b.keep, c.Name) {
				cs = append(cs, c)
			}
		}
		return cs
	}
	g.LeftOut = func() (int, string) {
		b := read()
		return b.illegal + b.notUsual, leftOutText(b.illegal, b.notUsual, r)
	}
	return &g
}

// generateSameGameConfined is generateSameGameUnder confined as cf says:
// the knobs drawn and steered as ever, then the usual box, then legal
// clicks.
func generateSameGameConfined(rules samegame.Rules, cf conformance.Confine, seed uint64, i, maxSize int) *samegame.Case {
	r := casegen.CaseRand(seed, i)
	o := casegen.SameGameKnobs(r, maxSize)
	sameGameSteering.Get().Steer(seed+uint64(i), &o, maxSize)
	o = o.Under(r, rules, maxSize)
	o.Rules = rules
	if cf.UsualBox {
		o, _ = o.InUsualBox(r)
	}
	o.Legal = cf.Legal
	o.NewPlayer = engineSameGame
	return casegen.SameGame(r, o)
}

// generateSameGameWithConfined is generateSameGameWithUnder confined as
// cf says: the knobs of set, then the usual box, then legal clicks.
func generateSameGameWithConfined(rules samegame.Rules, cf conformance.Confine, seed uint64, set map[string]string) (*samegame.Case, error) {
	o, err := casegen.SameGameKnobTable().Options(set)
	if err != nil {
		return nil, err
	}
	o.Rules = rules
	r := casegen.CaseRand(seed, 0)
	if cf.UsualBox {
		o, _ = o.InUsualBox(r)
	}
	o.Legal = cf.Legal
	o.NewPlayer = engineSameGame
	return casegen.SameGame(r, o), nil
}

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
