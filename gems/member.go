package gems

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/input"
	"github.com/cascade-harness/cascade/match3"
	"github.com/cascade-harness/cascade/samegame"
)

// Member is the member of the match-3 family that plays under the rule
// set r, confined as cf says: the one constructor of the family's games,
// which builds each hook once from r and cf.
//
// Under a rule set:
//
//   - an input without a rules line reads as a case of r, and one whose
//     rules line names another rule set is rejected with a
//     *conformance.RulesConflict, under thupc as under any other rule
//     set;
//   - cases are generated, fuzzed and shrunk under r, reports name r
//     (Game.Rules, its canonical text, empty under thupc), and a program
//     under test reads its cases without the rules line, learning r
//     from conformance.RulesEnv;
//   - its built-in cases are the worked examples whose rules play as r
//     does (testdata/rules/NAME.in, a copy of match3's), given r's
//     rules line; under thupc, Game's.
//
// The zero Rules unconfined is Game itself, which generates under thupc
// but reads a case of any rule set, its rules line played (PlayedAs);
// thupc is Under thupc, Game in all else, which reads cases of thupc
// only. The same r and cf give the same game.
func Member(r match3.Rules, cf conformance.Confine) (*conformance.Game[*match3.Case, match3.Trace], error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := confinable(r, cf); err != nil {
		return nil, err
	}
	if r.Name == "" && cf == (conformance.Confine{}) {
		return Game, nil
	}
	key := "match3"
	if r.Name != "" {
		key = r.Effective().Full()
	}
	key = fmt.Sprintf("%s\x00%v\x00%v", key, cf.Legal, cf.UsualBox)
	if g, ok := members.Load(key); ok {
		return g.(*conformance.Game[*match3.Case, match3.Trace]), nil
	}
	g, _ := members.LoadOrStore(key, member(r, cf))
	return g.(*conformance.Game[*match3.Case, match3.Trace]), nil
}

// Under is Member(r, no confinement): match-3 played under the rule set
// r. Under thupc it is Game in all else, but reads cases of thupc only.
func Under(r match3.Rules) *conformance.Game[*match3.Case, match3.Trace] {
	g, err := Member(r.Effective(), conformance.Confine{})
	if err != nil {
		// Rules of a text form always validate; rules built in code
		// that do not are a bug of the caller.
		panic(fmt.Sprintf("gems: %v", err))
	}
	return g
}

// members holds the games Member made, by the rule set's full text and
// the confinement.
var members sync.Map

// member makes the game Member returns for r and cf; r is the zero Rules
// only when cf confines something.
func member(r match3.Rules, cf conformance.Confine) *conformance.Game[*match3.Case, match3.Trace] {
	g := *Game
	g.Confined = cf
	ruled := r.Name != "" // not Game itself, which reads any rules line
	r = r.Effective()
	if ruled {
		g.PlayedAs = nil
		g.Parse = func(in io.Reader) (*match3.Case, error) {
			c, errs := parseUnder(in, 1, r)
			if len(errs) > 0 {
				return nil, errs[0]
			}
			return c, nil
		}
		g.ParseAll = func(in io.Reader, limit int) (*match3.Case, []error) { return parseUnder(in, limit, r) }
	}
	if ruled && !r.IsThupc() {
		g.Rules = r.String()
		g.Builtin = func() []conformance.Case { return casesUnder(r) }
		// The statement's variants assume its rules: a rule set's are
		// its settings'.
		g.Variants = sync.OnceValue(func() []conformance.Variant[*match3.Case, match3.Trace] { return planted.Match3Under(r) })
		g.CoverageItems = rulesCoverageItems(r)
		g.Coverage = rulesCoverage
		g.Header = header
		if r.Refill == match3.RefillQueue {
			g.Frame = frameQueues
		}
		if r.Answer == match3.AnswerBoard {
			boardAnswer(&g)
		}
		g.Rulings = planted.Match3UnderRulings
		g.Passes = rulesPasses(r, cf)
		g.InLimits = func(c *match3.Case) (bool, string) { return inLimitsUnder(c, r) }
		g.CoverPlan = nil
	}
	gen := generator{rules: r, cf: cf}
	if !ruled || r.IsThupc() {
		gen.rules = match3.Rules{}
	} else {
		gen.steering = rulesSteering(r)
	}
	g.Generate = gen.generate
	if gen.rules.Name != "" {
		// Drawn under the rule set (casegen.Match3Under), aimed on the
		// engine's game: the case made, the engine plays it again for
		// its answer and coverage.
		g.GeneratePlayed = gen.generatePlayed
	}
	g.GenerateWith = gen.generateWith
	g.Decode = gen.decode
	g.Encode = gen.encode
	if cf.Legal {
		// A legal game plays no invalid swap and none past its end.
		g.CoverageItems = slices.DeleteFunc(slices.Clone(g.CoverageItems), func(it conformance.CoverageItem) bool {
			return it.Name == rInvalid || it.Name == rNoMove || it.Name == rNoMoveStart || it.Name == rMoveLimit
		})
	}
	if cf != (conformance.Confine{}) {
		all := g.Builtin
		g.Builtin = func() []conformance.Case {
			var cs []conformance.Case
			for _, c := range all() {
				if p, err := match3.Parse(bytes.NewReader(c.Input)); err == nil && inside(p, r, cf) {
					cs = append(cs, c)
				}
			}
			return cs
		}
		g.LeftOut = func() (int, string) {
			n := len(all()) - len(g.Builtin())
			return n, fmt.Sprintf("%d outside the confinement (an invalid swap, or not the usual board)", n)
		}
	}
	return &g
}

// confinable reports why r cannot be confined as cf says, nil when it
// can. Under thupc an invalid swap costs the all-valid bonus: it is
// part of the statement's game, which is not confined. UsualBox needs a
// rule set that names a usual board.
func confinable(r match3.Rules, cf conformance.Confine) error {
	if cf == (conformance.Confine{}) {
		return nil
	}
	if r.Name == "" || r.IsThupc() {
		return fmt.Errorf("thupc is not confined: its invalid swaps are part of its rules")
	}
	if e := r.Effective(); cf.UsualBox && (e.Rows == 0 || e.Cols == 0 || e.Colours == 0) {
		return fmt.Errorf("the rule set %s names no usual board", RulesText(r))
	}
	return nil
}

// playedAs is the game a case Game read is played as: Game for a case
// of thupc, else Under its rule set, keeping only what plays (its usual
// board is for generation, and the case has its board).
func playedAs(c *match3.Case) *conformance.Game[*match3.Case, match3.Trace] {
	if c.Rules.IsThupc() {
		return Game
	}
	r := c.Rules
	if n, ok := match3.Lookup(r.Name); ok && n.Same(r) {
		r = n
	} else {
		r.Rows, r.Cols, r.Colours = 0, 0, 0
	}
	return Under(r)
}

// RulesText is how a message names a rule set: its name when it is a
// named rule set as it plays, else its canonical form.
func RulesText(r match3.Rules) string {
	r = r.Effective()
	if n, ok := match3.Lookup(r.Name); ok && n.Same(r) {
		return r.Name
	}
	return r.String()
}

// knowsRules is Game.KnowsRules: a rules line names a match-3 rule set
// when its name is one of match-3's named rule sets, or custom with
// settings that match-3 reads and SameGame does not; "custom" alone is
// SameGame's.
func knowsRules(words []string) bool {
	if len(words) == 0 {
		return false
	}
	if words[0] != "custom" {
		_, ok := match3.Lookup(words[0])
		return ok
	}
	if len(words) == 1 {
		return false
	}
	text := strings.Join(words, " ")
	if _, err := match3.ParseRules(text); err != nil {
		return false
	}
	_, err := samegame.ParseRules(text)
	return err != nil
}

// parseUnder reads a case of the rule set r, with up to limit problems
// (0: all): an input without a rules line reads as a case of r, whose
// settings say what it holds (a queue per column under refill=queue, a
// start board that may hold runs under start=settle|score), and one
// with a rules line must name r, else the error is a
// *conformance.RulesConflict.
func parseUnder(in io.Reader, limit int, r match3.Rules) (*match3.Case, []error) {
	br := bufio.NewReader(in)
	blank := 0 // the line ends before the first text
	for {
		b, err := br.ReadByte()
		if err != nil {
			break
		}
		if b == '\n' {
			blank++
		}
		if b != ' ' && b != '\t' && b != '\r' && b != '\n' {
			br.UnreadByte()
			break
		}
	}
	lines := input.LineEnds(blank)
	head, _ := br.Peek(len("rules") + 1)
	if len(head) > len("rules") && string(head[:len("rules")]) == "rules" && strings.ContainsRune(" \t\r\n", rune(head[len("rules")])) {
		c, errs := match3.ParseAll(io.MultiReader(lines, br), limit)
		if len(errs) > 0 {
			return nil, errs
		}
		if !c.Rules.Same(r) {
			return nil, []error{&conformance.RulesConflict{Line: blank + 1, File: RulesText(c.Rules), Given: RulesText(r)}}
		}
		return c, nil
	}
	if r.IsThupc() {
		return match3.ParseAll(io.MultiReader(lines, br), limit)
	}
	// The case is read after r's rules line, one line above its own:
	// its problems name their lines one lower.
	c, errs := match3.ParseAll(io.MultiReader(strings.NewReader(match3.RulesLine(r)), lines, br), limit)
	for i, err := range errs {
		if ie, ok := errors.AsType[*input.Error](err); ok && ie.Line > 1 {
			shifted := *ie
			shifted.Line--
			errs[i] = &shifted
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}

// inLimitsUnder is Case.InLimits under the rule set r: under swaps=none
// a case holds no operation, which the statement's 1 <= q does not
// allow.
func inLimitsUnder(c *match3.Case, r match3.Rules) (bool, string) {
	if r.Swaps == match3.SwapsNone && len(c.Ops) == 0 {
		d := *c
		d.Ops = []match3.Swap{{A: match3.Cell{X: 1, Y: 1}, B: match3.Cell{X: 1, Y: 1}}}
		return d.InLimits()
	}
	return c.InLimits()
}

// inside reports whether case c of rule set r lies inside cf: under
// UsualBox on r's usual board and colours, under Legal with every swap
// valid.
func inside(c *match3.Case, r match3.Rules, cf conformance.Confine) bool {
	e := r.Effective()
	if cf.UsualBox && (c.Rows != e.Rows || c.Cols != e.Cols || c.Colours > e.Colours) {
		return false
	}
	if cf.Legal {
		n := len(c.Ops)
		d := c.Clone()
		casegen.LegalMatch3(d)
		return len(d.Ops) == n
	}
	return true
}
