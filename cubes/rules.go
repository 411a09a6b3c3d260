package cubes

import (
	"io"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/samegame"
)

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
