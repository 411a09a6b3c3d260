package samegame

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Rules is a SameGame rule set: the handful of settings in which the games
// of the SameGame family differ. Every layer (reference, engine,
// generation, shrinking, reports) reads the one value a case carries; no
// layer holds a copy of the game per rule set.
//
// The zero Rules stands for codeabbey, the Color Cubes statement's rules,
// so that a Case built in code without rules plays as it always has;
// Effective resolves it.
type Rules struct {
	// Name is a named rule set (see Named) or "custom".
	Name string
	// Min is the smallest group a click removes. A click on a smaller
	// group, or on an empty cell, removes nothing and scores 0.
	Min int
	// Points is the score of a group of n cubes.
	Points Expr
	// Clear is the bonus when the box is empty after the last click.
	Clear int64
	// Left is added, with n the cubes left, when the game ends with cubes
	// in the box; End says when it does.
	Left Expr
	// End says when Left applies.
	End End
	// Close is the side empty columns close towards.
	Close Close
	// Width, Height and Colours are the rule set's usual box, for
	// generation only; 0 leaves the choice to the generator.
	Width, Height, Colours int
}

// End says when a rule set's Left term applies.
type End uint8

const (
	// EndOver applies Left only when no group of at least Min cubes
	// remains after the last click.
	EndOver End = iota
	// EndList applies Left after the last click, whatever remains.
	EndList
	// EndMove applies Clear or Left only when a click removed a group and
	// no group of at least Min cubes remains after the last click: the
	// term is earned by the click that ends the game, as games that add
	// it inside their move do, so a box no click changed earns none.
	EndMove
)

// Close is the side towards which empty columns close.
type Close uint8

const (
	// CloseLeft removes an empty column and shifts the columns to its
	// right one place left.
	CloseLeft Close = iota
	// CloseRight removes an empty column and shifts the columns to its
	// left one place right.
	CloseRight
)

var (
	endNames   = []string{"over", "list", "move"}
	closeNames = []string{"left", "right"}
)

func (e End) String() string   { return endNames[e] }
func (c Close) String() string { return closeNames[c] }

// The expressions of the named rule sets, compiled by hand: composite
// literals of constants are laid out by the compiler, so that a command
// that never reads a rule set pays nothing for them at start-up.
// TestNamedExpressionsAreCompiled holds them to ParseExpr.
var (
	exprTriangle = Expr{src: "n*(n+1)/2", code: []instr{{'n', 0}, {'n', 0}, {'#', 1}, {'+', 0}, {'*', 0}, {'#', 2}, {'/', 0}}}
	exprSquare2  = Expr{src: "(n-2)^2", code: []instr{{'n', 0}, {'#', 2}, {'-', 0}, {'#', 2}, {'^', 0}}}
	exprLX       = Expr{src: "-(n-2)^2", code: []instr{{'n', 0}, {'#', 2}, {'-', 0}, {'#', 2}, {'^', 0}, {'~', 0}}}
	exprPairs    = Expr{src: "n*(n-1)", code: []instr{{'n', 0}, {'n', 0}, {'#', 1}, {'-', 0}, {'*', 0}}}
	exprJawLeft  = Expr{src: "max(20-n,0)^2", code: []instr{{'#', 20}, {'n', 0}, {'-', 0}, {'#', 0}, {'M', 0}, {'#', 2}, {'^', 0}}}
	exprZero     = Expr{src: "0", code: []instr{{'#', 0}}}
	exprN        = Expr{src: "n", code: []instr{{'n', 0}}}
)

// CodeAbbey is the Color Cubes statement's rule set, the default.
var CodeAbbey = Rules{Name: "codeabbey", Min: 1, Points: exprTriangle}

// named lists the named rule sets in the order documentation shows them.
var named = []Rules{
	{Name: "codeabbey", Min: 1, Points: exprTriangle},
	{Name: "benchmark", Min: 2, Points: exprSquare2, Clear: 1000, Width: 15, Height: 15, Colours: 5},
	{Name: "swellfoop", Min: 2, Points: exprSquare2, Clear: 1000, Width: 6, Height: 5, Colours: 3},
	{Name: "ksame", Min: 2, Points: exprSquare2, Clear: 1000, Width: 15, Height: 10, Colours: 3},
	{Name: "lx", Min: 2, Points: exprSquare2, Clear: 1000, Left: exprLX, Width: 15, Height: 15, Colours: 5},
	{Name: "jawbreaker", Min: 2, Points: exprPairs, Clear: 400, Left: exprJawLeft, End: EndMove, Close: CloseRight, Width: 12, Height: 12, Colours: 5},
	{Name: "tatham", Min: 2, Points: exprSquare2, Width: 5, Height: 5, Colours: 3},
	{Name: "clickomania", Min: 2, Points: exprZero, Left: exprN, End: EndList, Width: 10, Height: 16, Colours: 4},
}

// Named returns the named rule sets, codeabbey first.
func Named() []Rules { return slices.Clone(named) }

// Lookup returns the named rule set called name.
func Lookup(name string) (Rules, bool) {
	for _, r := range named {
		if r.Name == name {
			return r, true
		}
	}
	return Rules{}, false
}

// Names lists the names of the named rule sets.
func Names() []string {
	var s []string
	for _, r := range named {
		s = append(s, r.Name)
	}
	return s
}

// Effective returns r, or CodeAbbey when r is the zero Rules.
func (r Rules) Effective() Rules {
	if r.Name == "" {
		return CodeAbbey
	}
	return r
}

// Setting is one setting of a rule set: its key in the text form, how it
// reads and writes its value, and what it means. Settings lists them all;
// parsing, formatting and documentation all go through it.
type Setting struct {
	Key string
	Doc string
	// Play is true for a setting that changes how a game scores, false for
	// one that only shapes generated boards.
	Play   bool
	parse  func(r *Rules, v string) error
	format func(r Rules) string
}

// Settings lists every setting of a rule set in canonical order.
var Settings = []Setting{
	{Key: "min", Play: true,
		Doc: "the smallest group a click removes; a click on a smaller group scores 0 and changes nothing",
		parse: func(r *Rules, v string) (err error) {
			r.Min, err = atoiIn(v, 1, 1<<30)
			return err
		},
		format: func(r Rules) string { return strconv.Itoa(r.Min) }},
	{Key: "points", Play: true,
		Doc: "the points for a group of n cubes, an expression in n",
		parse: func(r *Rules, v string) (err error) {
			r.Points, err = ParseExpr(v)
			return err
		},
		format: func(r Rules) string { return r.Points.String() }},
	{Key: "clear", Play: true,
		Doc: "the bonus when the box is empty after the last click",
		parse: func(r *Rules, v string) (err error) {
			r.Clear, err = strconv.ParseInt(v, 10, 64)
			if err != nil {
				return fmt.Errorf("%q is not an integer", v)
			}
			return nil
		},
		format: func(r Rules) string { return strconv.FormatInt(r.Clear, 10) }},
	{Key: "left", Play: true,
		Doc: "added, with n the cubes left, when the game ends with cubes in the box (see end)",
		parse: func(r *Rules, v string) (err error) {
			r.Left, err = ParseExpr(v)
			return err
		},
		format: func(r Rules) string { return r.Left.String() }},
	{Key: "end", Play: true,
		Doc: "when left applies: over, only when no group of at least min cubes remains after the last click; list, after the last click whatever remains; move, as over but only once a click has removed a group, and then clear too",
		parse: func(r *Rules, v string) error {
			i := slices.Index(endNames, v)
			if i < 0 {
				return fmt.Errorf("%q, want over, list or move", v)
			}
			r.End = End(i)
			return nil
		},
		format: func(r Rules) string { return r.End.String() }},
	{Key: "close", Play: true,
		Doc: "the side empty columns close towards: left or right",
		parse: func(r *Rules, v string) error {
			i := slices.Index(closeNames, v)
			if i < 0 {
				return fmt.Errorf("%q, want left or right", v)
			}
			r.Close = Close(i)
			return nil
		},
		format: func(r Rules) string { return r.Close.String() }},
	{Key: "size",
		Doc: "the usual box for generation, WxH, at most 4096 cells; 0x0 leaves it to the generator",
		parse: func(r *Rules, v string) error {
			w, h, ok := strings.Cut(v, "x")
			if !ok {
				return fmt.Errorf("%q, want WxH", v)
			}
			var err error
			if r.Width, err = atoiIn(w, 0, SizeMaxCells); err != nil {
				return err
			}
			if r.Height, err = atoiIn(h, 0, SizeMaxCells); err != nil {
				return err
			}
			switch {
			case (r.Width == 0) != (r.Height == 0):
				return fmt.Errorf("%q: both sides 0 or neither", v)
			case r.Width*r.Height > SizeMaxCells:
				return fmt.Errorf("%q: %d cells, more than %d", v, r.Width*r.Height, SizeMaxCells)
			}
			return nil
		},
		format: func(r Rules) string { return fmt.Sprintf("%dx%d", r.Width, r.Height) }},
	{Key: "colours",
		Doc: "the number of colours for generation, 1-9; 0 leaves it to the generator",
		parse: func(r *Rules, v string) (err error) {
			r.Colours, err = atoiIn(v, 0, Colours)
			return err
		},
		format: func(r Rules) string { return strconv.Itoa(r.Colours) }},
}

// SizeMaxCells is the largest usual box a rule set names (size=WxH), in
// cells. Generation plays the usual box to the end of the game, a click
// at a time, each reading the whole box, and the reference keeps the box
// after every click: the cost grows as the square of the cells. At 64x64
// a case takes a few hundredths of a second and a few megabytes; at
// 100x100 a third of a second and 60 MB.
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
// named rule set, or custom (codeabbey's settings), with any settings
// overridden. A name with overrides becomes custom, since it is no longer
// the rule set the name stands for. Keys may come in any order, each at
// most once.
func ParseRules(text string) (Rules, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return Rules{}, fmt.Errorf("rules: no rule set named; want one of %s or custom", strings.Join(Names(), ", "))
	}
	r, ok := Lookup(f[0])
	switch {
	case f[0] == "custom":
		r = CodeAbbey
	case !ok:
		return Rules{}, fmt.Errorf("rules: unknown rule set %q; want one of %s or custom", f[0], strings.Join(Names(), ", "))
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

// String returns the canonical text form: the name and every setting that
// changes how a game scores, e.g. "benchmark min=2 points=(n-2)^2
// clear=1000 left=0 end=over close=left". It is what a program under test
// reads from CASCADE_RULES, and ParseRules reads it back.
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

// Same reports whether r and s play the same game: equal names and play
// settings. It allocates nothing, so that a case of the statement's rules
// costs nothing to tell.
func (r Rules) Same(s Rules) bool {
	r, s = r.Effective(), s.Effective()
	return r.Name == s.Name && r.Min == s.Min && r.Points.String() == s.Points.String() &&
		r.Clear == s.Clear && r.Left.String() == s.Left.String() && r.End == s.End && r.Close == s.Close
}

// Equal reports whether r and s are the same rule set, its generation
// settings included.
func (r Rules) Equal(s Rules) bool {
	r, s = r.Effective(), s.Effective()
	return r.Same(s) && r.Width == s.Width && r.Height == s.Height && r.Colours == s.Colours
}

// IsDefault reports whether r plays codeabbey.
func (r Rules) IsDefault() bool { return r.Same(CodeAbbey) }

// IsCodeAbbey reports whether r is codeabbey as it stands, generation
// settings included: the rule set a case without a rules line has.
func (r Rules) IsCodeAbbey() bool { return r.Equal(CodeAbbey) }

// Score returns the points for a group of n cubes under r: Points(n) when
// n reaches Min, else 0. r must be effective.
func (r Rules) Score(n int) int64 {
	if n < max(r.Min, 1) {
		return 0
	}
	return r.Points.Eval(int64(n))
}

// Ending returns the end-of-game term under r, given the cubes left after
// the last click, whether a group of at least Min cubes remains, and
// whether any click removed a group: Clear for an empty box, Left(left)
// when the end applies, else 0; under EndMove nothing until a click has
// removed a group. r must be effective.
func (r Rules) Ending(left int, groupLeft, removed bool) int64 {
	switch {
	case r.End == EndMove && !removed:
		return 0
	case left == 0:
		return r.Clear
	case r.End == EndList || !groupLeft:
		return r.Left.Eval(int64(left))
	}
	return 0
}
