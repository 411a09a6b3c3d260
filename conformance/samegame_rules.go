package conformance

import (
	"fmt"
	"io"
	"sync"

	"github.com/cascade-harness/cascade/casegen"
	"github.com/cascade-harness/cascade/conformance/planted"
	"github.com/cascade-harness/cascade/samegame"
)

// RulesEnv is the environment variable from which a program under test
// learns the SameGame rule set of its cases, in the canonical text form
// (samegame.Rules.String): "benchmark min=2 points=(n-2)^2 clear=1000
// left=0 end=over close=left". Its standard input never carries the
// rules line, so a program needs to read only the box and the clicks.
const RulesEnv = "CASCADE_RULES"

// SameGameUnder is SameGame played under the rule set r: an input
// without a rules line reads as a case of r, cases are generated and
// shrunk under r, reports name r, and a program under test reads its
// cases without the rules line. An input whose rules line names another
// rule set (see RulesConflict) is rejected with a *RulesConflict, under
// codeabbey as under any other rule set. SameGameUnder of codeabbey is
// SameGame in all else; SameGame itself takes any rules line and plays
// the case under it. The same r gives the same game.
//
// Its built-in cases are the embedded cases that play as r does
// (sameGameCasesUnder): the benchmark's 20 standard positions under every
// rule set that plays as the benchmark, and the scripts' inputs whose
// rules line names r. Its planted variants are those of
// planted.SameGameUnder.
func SameGameUnder(r samegame.Rules) *Game[*samegame.Case, samegame.Trace] {
	r = r.Effective()
	key := r.Full()
	if g, ok := underGames.Load(key); ok {
		return g.(*Game[*samegame.Case, samegame.Trace])
	}
	g, _ := underGames.LoadOrStore(key, sameGameUnder(r))
	return g.(*Game[*samegame.Case, samegame.Trace])
}

// underGames holds the games SameGameUnder made, by the rule set's full
// text: a game of a rule set tells its planted variants once, however
// many cases of it are read.
var underGames sync.Map

// sameGameUnder makes the game SameGameUnder returns for r, which is
// effective.
func sameGameUnder(r samegame.Rules) *Game[*samegame.Case, samegame.Trace] {
	g := *SameGame
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
	g.Builtin = func() []Case { return sameGameCasesUnder(r) }
	g.CoverageItems = append(sameGameRulesCoverageItems(r), ex.items(r)...)
	g.Coverage = func(c *samegame.Case, t samegame.Trace) Coverage { return coverSameGame(c, t, ex) }
	// Telling which setting bugs play alike takes a moment; every audit
	// and cover of the game shares the one list.
	g.Variants = sync.OnceValue(func() []planted.Variant[*samegame.Case, samegame.Trace] { return planted.SameGameUnder(r) })
	g.Rulings = planted.SameGameUnderRulings
	return &g
}

func init() { SameGame.PlayedAs = sameGamePlayedAs }

// sameGamePlayedAs is the game a case SameGame read is played as: SameGame
// for a case of codeabbey, else SameGameUnder its rule set, keeping only
// what plays (its usual box is for generation, and the case has its
// box).
func sameGamePlayedAs(c *samegame.Case) *Game[*samegame.Case, samegame.Trace] {
	if c.Rules.IsDefault() {
		return SameGame
	}
	r := c.Rules
	if n, ok := samegame.Lookup(r.Name); ok && n.Same(r) {
		r = n
	} else {
		r.Width, r.Height, r.Colours = 0, 0, 0
	}
	return SameGameUnder(r)
}

// RulesConflict is an input whose rules line, on line Line, names a rule
// set other than the one it is read under. Rule sets are the same when
// they have the same name and the same settings of play (samegame.Rules.Same):
// the usual box and colours, for generation only, do not count, but the
// name does, so that "custom" with the settings of benchmark is not
// benchmark, as a program told one would not know it is the other.
type RulesConflict struct {
	Line        int
	File, Given samegame.Rules
}

func (e *RulesConflict) Error() string { return e.Explain("the rules given") }

// Explain says what is wrong, naming where the rules given came from
// ("--rules", RulesEnv): `line 1: the rules line says "benchmark", but
// --rules says "lx"`.
func (e *RulesConflict) Explain(given string) string {
	return fmt.Sprintf("line %d: the rules line says %q, but %s says %q", e.Line, RulesText(e.File), given, RulesText(e.Given))
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
		return &RulesConflict{Line: w.line, File: c.Rules, Given: r}
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
