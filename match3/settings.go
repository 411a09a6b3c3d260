package match3

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cascade-harness/cascade/expr"
)

// Setting is one setting of a rule set: its key in the text form, how it
// reads and writes its value, and what it means. Settings lists them all;
// parsing, formatting and documentation all go through it.
type Setting struct {
	Key string
	Doc string
	// Play is true for a setting that changes how a game plays or scores,
	// false for one that only shapes generated boards.
	Play   bool
	parse  func(r *Rules, v string) error
	format func(r Rules) string
}

// parseEnum sets *field to the arm of names that v names.
func parseEnum[T ~uint8](names []string, v string, field *T) error {
	i := slices.Index(names, v)
	if i < 0 {
		return fmt.Errorf("%q, want %s", v, orList(names))
	}
	*field = T(i)
	return nil
}

func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// parseBonus sets *field to the integer v, within what keeps a total of
// two bonuses and a game's points in 64 bits.
func parseBonus(v string, field *int64) error {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return fmt.Errorf("%q is not an integer", v)
	}
	if n < -1<<62 || n > 1<<62 {
		return fmt.Errorf("%d outside %d..%d", n, -1<<62, 1<<62)
	}
	*field = n
	return nil
}

// Settings lists every setting of a rule set in canonical order.
var Settings = []Setting{
	{Key: "refill", Play: true,
		Doc:    "none: emptied cells stay empty; queue: after every fall each column's empty cells fill from the lowest up with the next pieces of its queue, and stay empty once it runs dry",
		parse:  func(r *Rules, v string) error { return parseEnum(refillNames, v, &r.Refill) },
		format: func(r Rules) string { return name(refillNames, r.Refill) }},
	{Key: "clear", Play: true,
		Doc:    "which runs a round removes: all; lowest, the runs of the lowest row holding a horizontal run or a vertical run's bottom cell, and the runs that share a cell with them",
		parse:  func(r *Rules, v string) error { return parseEnum(clearNames, v, &r.Clear) },
		format: func(r Rules) string { return name(clearNames, r.Clear) }},
	{Key: "start", Play: true,
		Doc:    "a start board holding a run: reject, the case is bad input; settle, its rounds are played before the first operation, scoring nothing; score, as settle, scored",
		parse:  func(r *Rules, v string) error { return parseEnum(startNames, v, &r.Start) },
		format: func(r Rules) string { return name(startNames, r.Start) }},
	{Key: "swaps", Play: true,
		Doc:    "any: a case holds swaps; none: it holds none (q = 0), and the game is the settle of its start board",
		parse:  func(r *Rules, v string) error { return parseEnum(swapsNames, v, &r.Swaps) },
		format: func(r Rules) string { return name(swapsNames, r.Swaps) }},
	{Key: "invalid", Play: true,
		Doc:    "what an invalid swap costs: bonus, a move and the all-valid bonus; free, nothing, and it is no move; move, one of the moves",
		parse:  func(r *Rules, v string) error { return parseEnum(invalidNames, v, &r.Invalid) },
		format: func(r Rules) string { return name(invalidNames, r.Invalid) }},
	{Key: "points", Play: true,
		Doc: "thupc, the statement's elimination, combination, chain and hands; or the points of a term (see per), an expression in n, r, i, c and s",
		parse: func(r *Rules, v string) (err error) {
			if v == ThupcName {
				r.Scoring, r.Points = ScoringThupc, expr.Expr{}
				return nil
			}
			r.Scoring = ScoringExpr
			r.Points, err = expr.Parse(v, PointVars)
			return err
		},
		format: func(r Rules) string {
			if r.Scoring == ScoringThupc {
				return ThupcName
			}
			return r.Points.String()
		}},
	{Key: "per", Play: true,
		Doc:    "what a term of points is: round, the cells a round removes; run, one run of three or more; colour, the cells of one colour a round removes",
		parse:  func(r *Rules, v string) error { return parseEnum(perNames, v, &r.Per) },
		format: func(r Rules) string { return name(perNames, r.Per) }},
	{Key: "specials", Play: true,
		Doc:    "effects: a removed special marks its area; points: it marks nothing and only counts in s",
		parse:  func(r *Rules, v string) error { return parseEnum(specialsNames, v, &r.Specials) },
		format: func(r Rules) string { return name(specialsNames, r.Specials) }},
	{Key: "nomove", Play: true,
		Doc:    "when no swap would make a run: play, later swaps are invalid; end, the game is over and later operations are not played",
		parse:  func(r *Rules, v string) error { return parseEnum(noMoveNames, v, &r.NoMove) },
		format: func(r Rules) string { return name(noMoveNames, r.NoMove) }},
	{Key: "moves", Play: true,
		Doc: "the moves a game lasts, 0 for no limit; later operations are not played",
		parse: func(r *Rules, v string) (err error) {
			r.Moves, err = atoiIn(v, 0, 1<<30)
			return err
		},
		format: func(r Rules) string { return strconv.Itoa(r.Moves) }},
	{Key: "allvalid", Play: true,
		Doc:    "the endgame bonus when no invalid swap cost it",
		parse:  func(r *Rules, v string) error { return parseBonus(v, &r.AllValid) },
		format: func(r Rules) string { return strconv.FormatInt(r.AllValid, 10) }},
	{Key: "cleared", Play: true,
		Doc:    "the endgame bonus when the board is empty at the end",
		parse:  func(r *Rules, v string) error { return parseBonus(v, &r.Cleared) },
		format: func(r Rules) string { return strconv.FormatInt(r.Cleared, 10) }},
	{Key: "answer", Play: true,
		Doc:    "what a program answers: total, the score; board, the final board",
		parse:  func(r *Rules, v string) error { return parseEnum(answerNames, v, &r.Answer) },
		format: func(r Rules) string { return name(answerNames, r.Answer) }},
	{Key: "size",
		Doc: "the usual board for generation, RxC (rows x columns), at most 4096 cells; 0x0 leaves it to the generator",
		parse: func(r *Rules, v string) error {
			h, w, ok := strings.Cut(v, "x")
			if !ok {
				return fmt.Errorf("%q, want RxC", v)
			}
			var err error
			if r.Rows, err = atoiIn(h, 0, SizeMaxCells); err != nil {
				return err
			}
			if r.Cols, err = atoiIn(w, 0, SizeMaxCells); err != nil {
				return err
			}
			switch {
			case (r.Rows == 0) != (r.Cols == 0):
				return fmt.Errorf("%q: both sides 0 or neither", v)
			case r.Rows*r.Cols > SizeMaxCells:
				return fmt.Errorf("%q: %d cells, more than %d", v, r.Rows*r.Cols, SizeMaxCells)
			}
			return nil
		},
		format: func(r Rules) string { return fmt.Sprintf("%dx%d", r.Rows, r.Cols) }},
	{Key: "colours",
		Doc: "the number of colours for generation; 0 leaves it to the generator",
		parse: func(r *Rules, v string) (err error) {
			r.Colours, err = atoiIn(v, 0, MaxColours)
			return err
		},
		format: func(r Rules) string { return strconv.Itoa(r.Colours) }},
}

// SizeMaxCells is the largest usual board a rule set names (size=RxC),
// in cells.
const SizeMaxCells = 4096

func atoiIn(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer", v)
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%d outside %d..%d", n, lo, hi)
	}
	return n, nil
}

// ParseRules reads a rule set in its text form, NAME [key=value ...]: a
// named rule set, or custom (thupc's settings), with any settings
// overridden. A name with overrides that change play becomes custom,
// since it is no longer the rule set the name stands for. Keys may come
// in any order, each at most once.
func ParseRules(text string) (Rules, error) {
	f := strings.Fields(text)
	want := func() string { return strings.Join(append(Names(), "custom"), ", ") }
	if len(f) == 0 {
		return Rules{}, fmt.Errorf("rules: no rule set named; want one of %s", want())
	}
	r, ok := Lookup(f[0])
	switch {
	case f[0] == "custom":
		r = Thupc
	case !ok:
		return Rules{}, fmt.Errorf("rules: unknown rule set %q; want one of %s", f[0], want())
	}
	base := r
	seen := map[string]bool{}
	for _, kv := range f[1:] {
		k, v, ok := strings.Cut(kv, "=")
		i := slices.IndexFunc(Settings, func(s Setting) bool { return s.Key == k })
		switch {
		case !ok:
			return Rules{}, fmt.Errorf("rules: %q is not key=value", kv)
		case i < 0:
			return Rules{}, fmt.Errorf("rules: unknown setting %q; want one of %s", k, strings.Join(settingKeys(), ", "))
		case seen[k]:
			return Rules{}, fmt.Errorf("rules: setting %s given twice", k)
		}
		seen[k] = true
		if err := Settings[i].parse(&r, v); err != nil {
			return Rules{}, fmt.Errorf("rules: %s: %w", k, err)
		}
	}
	r.Name = base.Name
	if f[0] == "custom" || !r.Same(base) {
		r.Name = "custom"
	}
	return r, nil
}

func settingKeys() []string {
	var k []string
	for _, s := range Settings {
		k = append(k, s.Key)
	}
	return k
}

// String returns the canonical text form: the name and every setting
// that changes play, e.g. "thupc refill=none clear=all start=reject
// swaps=any invalid=bonus points=thupc per=round specials=effects nomove=play
// moves=0 allvalid=1000 cleared=10000 answer=total". It is what a
// program under test reads from CASCADE_RULES, and ParseRules reads it
// back.
func (r Rules) String() string {
	r = r.Effective()
	var b strings.Builder
	b.WriteString(r.Name)
	for _, s := range Settings {
		if s.Play {
			fmt.Fprintf(&b, " %s=%s", s.Key, s.format(r))
		}
	}
	return b.String()
}

// Full returns String followed by the generation settings.
func (r Rules) Full() string {
	s := r.String()
	r = r.Effective()
	for _, st := range Settings {
		if !st.Play {
			s += fmt.Sprintf(" %s=%s", st.Key, st.format(r))
		}
	}
	return s
}

// Text returns the shortest text form that ParseRules reads back as r:
// the name alone for a named rule set as it stands, else Full.
func (r Rules) Text() string {
	r = r.Effective()
	if n, ok := Lookup(r.Name); ok && n.Equal(r) {
		return r.Name
	}
	return r.Full()
}

// RulesLine is the line Format writes first of a case under r: "rules "
// and r's text, or nothing under thupc.
func RulesLine(r Rules) string {
	if r.IsThupc() {
		return ""
	}
	return "rules " + r.Text() + "\n"
}

// Validate reports the first setting of r, as built in code, that no
// text form names: an enumerated value past its arms, a negative moves
// or usual board. ParseRules never returns such rules.
func (r Rules) Validate() error {
	if r.Name == "" {
		// The zero Rules, thupc, costs nothing to check.
		return nil
	}
	for _, s := range Settings {
		if s.Key == "size" || s.Key == "colours" {
			continue
		}
		var check Rules
		if err := s.parse(&check, s.format(r)); err != nil {
			return fmt.Errorf("rules %s: %s: %w", r.Name, s.Key, err)
		}
	}
	if r.Rows < 0 || r.Cols < 0 || r.Colours < 0 {
		return fmt.Errorf("rules %s: usual board %dx%d with %d colours, want none negative", r.Name, r.Rows, r.Cols, r.Colours)
	}
	return nil
}
