package cubes

import (
	"io"
	"sync"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/samegame"
)

// Under is SameGame played under the rule set r: an input
// without a rules line reads as a case of r, cases are generated and
// shrunk under r, reports name r, and a program under test reads its
// cases without the rules line. An input whose rules line names another
// rule set (see RulesConflict) is rejected with a *RulesConflict, under
// codeabbey as under any other rule set. Under of codeabbey is
// SameGame in all else; SameGame itself takes any rules line and plays
// the case under it. The same r gives the same game.
//
// Its built-in cases are the embedded cases that play as r does
// (sameGameCasesUnder): the benchmark's 20 standard positions under every
// rule set that plays as the benchmark, and the scripts' inputs whose
// rules line names r. Its planted variants are those of
// planted.SameGameUnder.
func Under(r samegame.Rules) *conformance.Game[*samegame.Case, samegame.Trace] {
	r = r.Effective()
	key := r.Full()
	if g, ok := underGames.Load(key); ok {
		return g.(*conformance.Game[*samegame.Case, samegame.Trace])
	}
	g, _ := underGames.LoadOrStore(key, sameGameUnder(r))
	return g.(*conformance.Game[*samegame.Case, samegame.Trace])
}

// underGames holds the games Under made, by the rule set's full
// text: a game of a rule set tells its planted variants once, however
// many cases of it are read.
var underGames sync.Map

// sameGameUnder makes the game Under returns for r, which is
// effective.
func sameGameUnder(r samegame.Rules) *conformance.Game[*samegame.Case, samegame.Trace] {
	g := *Game
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
	if r.IsCodeAbbey() {
		return &g
	}
	g.Rules = r.String()
	g.Decode = func(data []byte) *samegame.Case { return casegen.DecodeSameGameUnder(r, data) }
	g.Encode = func(c *samegame.Case) ([]byte, bool) { return casegen.EncodeSameGameUnder(r, c) }
	ex := newExprCoverage(r)
	steering := rulesSteering(ex)
	g.Generate = func(seed uint64, i, maxSize int) *samegame.Case {
		return generateSameGameUnder(r, steering, seed, i, maxSize)
	}
	g.GenerateWith = func(seed uint64, set map[string]string) (*samegame.Case, error) {
		return generateSameGameWithUnder(r, seed, set)
	}
	g.Builtin = func() []conformance.Case { return sameGameCasesUnder(r) }
	g.CoverageItems = append(sameGameRulesCoverageItems(r), ex.items(r)...)
	g.Coverage = func(c *samegame.Case, t samegame.Trace) conformance.Coverage { return coverSameGame(c, t, ex) }
	// Telling which setting bugs play alike takes a moment; every audit
	// and cover of the game shares the one list.
	g.Variants = sync.OnceValue(func() []conformance.Variant[*samegame.Case, samegame.Trace] { return planted.SameGameUnder(r) })
	g.Rulings = planted.SameGameUnderRulings
	return &g
}

func init() { Game.PlayedAs = sameGamePlayedAs }

// sameGamePlayedAs is the game a case SameGame read is played as: SameGame
// for a case of codeabbey, else Under its rule set, keeping only
// what plays (its usual box is for generation, and the case has its
// box).
func sameGamePlayedAs(c *samegame.Case) *conformance.Game[*samegame.Case, samegame.Trace] {
	if c.Rules.IsDefault() {
		return Game
	}
	r := c.Rules
	if n, ok := samegame.Lookup(r.Name); ok && n.Same(r) {
		r = n
	} else {
		r.Width, r.Height, r.Colours = 0, 0, 0
	}
	return Under(r)
}

// RulesText is how a message names a rule set: its name when it is a
// named rule set as it plays, else its canonical form.
func RulesText(r samegame.Rules) string {
	r = r.Effective()
	if n, ok := samegame.Lookup(r.Name); ok && n.Same(r) {
		return r.Name
	}
	return r.String()
}

// underRules gives c the rule set r when its input, which w watched, had
// no rules line; one that had must name r.
func underRules(c *samegame.Case, w *rulesWatch, r samegame.Rules) error {
	if w.line == 0 {
		c.Rules = r
		if r.IsCodeAbbey() {
			c.Rules = samegame.Rules{}
		}
		return nil
	}
	if !c.Rules.Same(r) {
		return &conformance.RulesConflict{Line: w.line, File: RulesText(c.Rules), Given: RulesText(r)}
	}
	return nil
}

// rulesWatch passes an input on and notes the line of its rules line,
// 0 when it has none: a case whose rules line says codeabbey reads as
// one without, but it still names a rule set.
type rulesWatch struct {
	r     io.Reader
	lines int    // the lines ended before the first text
	head  []byte // the first bytes of text, up to len("rules ")
	done  bool
	line  int
}

func (w *rulesWatch) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	for _, b := range p[:n] {
		if w.done {
			break
		}
		switch {
		case len(w.head) == 0 && b == '\n':
			w.lines++
		case len(w.head) == 0 && (b == ' ' || b == '\t' || b == '\r'):
		case len(w.head) < len("rules"):
			w.head = append(w.head, b)
		default:
			w.done = true
			if string(w.head) == "rules" && (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
				w.line = w.lines + 1
			}
		}
	}
	if err != nil && !w.done {
		// An input that ends right after "rules" is not valid: the
		// parser says so.
		w.done = true
	}
	return n, err
}
