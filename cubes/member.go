package cubes

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/samegame"
)

// Member is the member of the SameGame family that plays under the rule
// set r, confined as cf says: the one constructor of the family's games,
// which builds each hook once from r and cf.
//
// Under a rule set:
//
//   - an input without a rules line reads as a case of r, and one whose
//     rules line names another rule set is rejected with a
//     *conformance.RulesConflict (see RulesConflict), under codeabbey as
//     under any other rule set;
//   - cases are generated (steered towards the items of r's settings and
//     expressions), fuzzed and shrunk under r, reports name r, and a
//     program under test reads its cases without the rules line;
//   - its built-in cases are the embedded cases that play as r does
//     (sameGameCasesUnder): the benchmark's 20 standard positions under
//     every rule set that plays as the benchmark, and the scripts'
//     inputs whose rules line names r; its planted variants are
//     planted.SameGameUnder's.
//
// Confined, for engines that take only legal moves (a search engine that
// asserts on a click that removes nothing, a referee that ends the game
// lost) or only one box size:
//
//   - its generated cases (Generate, GenerateWith) and its fuzz cases
//     (Decode) lie inside cf: under Legal every click removes a group of
//     at least the rule set's minimum, a case played to the end of the
//     game or stopped at a random point; under UsualBox every box is the
//     rule set's usual one, Width x Height, colours 1..Colours. One case
//     in four is steered towards what a confined game reaches seldom by
//     chance: a cleared box, a dead start, a dead end with a given number
//     of cubes left, a large group (confinedSteering);
//   - a shrink (Shrink, Candidates) offers only candidates inside cf: a
//     candidate's clicks that no longer remove a group (after a smaller
//     box, fewer clicks, other colours) are dropped, which changes
//     nothing of its play; under UsualBox the box keeps its size, and
//     only the clicks and the colours shrink;
//   - its built-in cases are those of the unconfined member inside cf,
//     and LeftOut says how many are left out and why.
//
// Cases read from input are checked as they are. The zero Rules is
// SameGame itself (Game), which generates under codeabbey but reads a
// case of any rule set, its rules line played; codeabbey is Under
// codeabbey, which reads cases of codeabbey only. UsualBox under a rule
// set that names no usual box (codeabbey, a custom one) is an error. The
// same r and cf give the same game.
func Member(r samegame.Rules, cf conformance.Confine) (*conformance.Game[*samegame.Case, samegame.Trace], error) {
	if cf.UsualBox && (r.Effective().Width == 0 || r.Effective().Height == 0) {
		return nil, fmt.Errorf("the rule set %s names no usual box", RulesText(r))
	}
	if r.Name == "" && cf == (conformance.Confine{}) {
		return Game, nil
	}
	key := "samegame"
	if r.Name != "" {
		key = r.Effective().Full()
	}
	key = fmt.Sprintf("%s\x00%v\x00%v", key, cf.Legal, cf.UsualBox)
	if g, ok := members.Load(key); ok {
		return g.(*conformance.Game[*samegame.Case, samegame.Trace]), nil
	}
	g, _ := members.LoadOrStore(key, member(r, cf))
	return g.(*conformance.Game[*samegame.Case, samegame.Trace]), nil
}

// Under is Member(r, no confinement): SameGame played under the rule set
// r. Under codeabbey it is Game in all else, but reads cases of
// codeabbey only.
func Under(r samegame.Rules) *conformance.Game[*samegame.Case, samegame.Trace] {
	g, _ := Member(r.Effective(), conformance.Confine{})
	return g
}

// members holds the games Member made, by the rule set's full text and
// the confinement: a game tells its planted variants once, however many
// cases of it are read.
var members sync.Map

// member makes the game Member returns for r and cf; r is the zero Rules
// only when cf confines something.
func member(r samegame.Rules, cf conformance.Confine) *conformance.Game[*samegame.Case, samegame.Trace] {
	g := *Game
	g.Confined = cf
	ruled := r.Name != "" // not SameGame itself, which reads any rules line
	r = r.Effective()
	// The rule set the game's cases carry: under codeabbey the zero
	// Rules, as SameGame's do.
	rules := r
	if r.IsCodeAbbey() {
		rules = samegame.Rules{}
	}
	if ruled {
		g.PlayedAs = nil
		g.Parse = func(in io.Reader) (*samegame.Case, error) {
			w := &rulesWatch{r: in}
			c, err := samegame.Parse(w)
			if err != nil {
				return nil, err
			}
			return c, underRules(c, w, r)
		}
		g.ParseAll = func(in io.Reader, limit int) (*samegame.Case, []error) {
			w := &rulesWatch{r: in}
			c, errs := samegame.ParseAll(w, limit)
			if len(errs) > 0 {
				return nil, errs
			}
			if err := underRules(c, w, r); err != nil {
				return nil, []error{err}
			}
			return c, nil
		}
	}
	var ex *exprCoverage
	if ruled && !r.IsCodeAbbey() {
		g.Rules = r.String()
		ex = newExprCoverage(r)
		g.Builtin = func() []conformance.Case { return sameGameCasesUnder(r) }
		g.CoverageItems = append(sameGameRulesCoverageItems(r), ex.items(r)...)
		g.Coverage = func(c *samegame.Case, t samegame.Trace) conformance.Coverage { return coverSameGame(c, t, ex) }
		// Telling which setting bugs play alike takes a moment; every
		// audit and cover of the game shares the one list.
		g.Variants = sync.OnceValue(func() []conformance.Variant[*samegame.Case, samegame.Trace] { return planted.SameGameUnder(r) })
		g.Rulings = planted.SameGameUnderRulings
	}
	gen := generator{rules: rules, cf: cf}
	if ex != nil {
		gen.steering = rulesSteering(ex)
	}
	if cf != (conformance.Confine{}) {
		gen.confined = confinedSteering(r, cf, ex)
	}
	g.Generate = gen.generate
	g.GeneratePlayed = gen.generatePlayed
	g.GenerateWith = gen.generateWith
	g.Decode = func(data []byte) *samegame.Case {
		return casegen.DecodeSameGameConfined(rules, casegen.Confine(cf), data)
	}
	g.Encode = func(c *samegame.Case) ([]byte, bool) {
		return casegen.EncodeSameGameConfined(rules, casegen.Confine(cf), c)
	}
	if cf == (conformance.Confine{}) {
		return &g
	}

	g.Passes = confinedPasses(&g, cf)
	if cf.Legal && g.Variants != nil {
		unconfined := g.Variants
		g.Variants = sync.OnceValue(func() []conformance.Variant[*samegame.Case, samegame.Trace] { return legalVariants(r, unconfined()) })
	}
	if cf.Legal {
		// A legal game never clicks an empty cell or a group below the
		// minimum: a report would list these as never reached.
		g.CoverageItems = slices.DeleteFunc(slices.Clone(g.CoverageItems), func(it conformance.CoverageItem) bool {
			return it.Name == sgEmptyClick || it.Name == sgBelowMin || it.Name == sgClickCleared
		})
	}
	type builtin struct {
		keep              []string
		illegal, notUsual int
	}
	unconfined := g
	unconfined.Confined = conformance.Confine{}
	all := g.Builtin
	read := sync.OnceValue(func() builtin {
		var b builtin
		b.keep, b.illegal, b.notUsual = confinedBuiltin(&unconfined, cf)
		return b
	})
	g.Builtin = func() []conformance.Case {
		b := read()
		var cs []conformance.Case
		for _, c := range all() {
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
