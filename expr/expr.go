// Package expr is the integer expression language of rule sets: the
// points a rule set gives for what a move removes, written as arithmetic
// in a few named variables. SameGame's rule sets use it in n, the cubes of
// a group; match-3's in n, the round r, the index i, the colour c and the
// specials s of what a term scores.
//
// An expression holds integers, the variables it was parsed with (single
// lower-case letters), the operators + - * / ^ (power, binding tightest
// and to the right), unary minus, parentheses, and min(a,b), max(a,b).
// Arithmetic is int64 and wraps as Go's does, division included: it
// truncates toward zero, and -2^63 / -1 is -2^63. A division by zero gives
// 0, as does a negative power, so that every assignment has a value and no
// rule set can fail mid-game. An integer is at most 2^63-1; -2^63 is
// written -9223372036854775807-1.
package expr

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/input"
)

// Expr is a parsed expression. It is parsed once; Eval runs its compiled
// form without allocating, so an engine may call it per move. The zero
// Expr is 0.
type Expr struct {
	src  string
	code []instr
}

// instr is one step of the compiled form, a postfix program on a stack.
type instr struct {
	op  byte // '#' push val, 'v' push variable val, '~' negate, 'm' min, 'M' max, else a binary operator
	val int64
}

// Max is the longest expression Parse reads, blanks removed: the form
// String gives back.
const Max = 200

// MaxVars is the most variables an expression may be parsed with.
const MaxVars = 8

// maxDepth bounds the evaluation stack, so that Eval keeps it in an array
// on the goroutine stack; an expression nested deeper is rejected.
const maxDepth = 32

// Parse reads an expression of at most Max bytes besides blanks, which
// are ignored, in the variables vars: each byte of vars is a variable's
// name, a lower-case letter other than m, and Eval takes the values in
// that order. Parse("n*(n+1)/2", "n") is SameGame's codeabbey points.
func Parse(s, vars string) (Expr, error) {
	if len(vars) > MaxVars {
		return Expr{}, fmt.Errorf("%d variables, more than %d", len(vars), MaxVars)
	}
	for i := range len(vars) {
		if c := vars[i]; c < 'a' || c > 'z' || c == 'm' || strings.IndexByte(vars[:i], c) >= 0 {
			return Expr{}, fmt.Errorf("variables %q: want distinct lower-case letters other than m", vars)
		}
	}
	src := strings.Join(strings.Fields(s), "")
	if src == "" {
		return Expr{}, fmt.Errorf("empty expression")
	}
	if len(src) > Max {
		return Expr{}, fmt.Errorf("expression %s: longer than %d bytes (blanks not counted)", input.Quote([]byte(src)), Max)
	}
	p := parser{s: src, vars: vars}
	p.sum()
	if p.err == nil && p.i < len(src) {
		p.fail("unexpected %q", src[p.i])
	}
	if p.err != nil {
		return Expr{}, fmt.Errorf("expression %q: %w", src, p.err)
	}
	depth, most := 0, 0
	for _, in := range p.code {
		switch in.op {
		case '#', 'v':
			depth++
		case '~':
		default:
			depth--
		}
		most = max(most, depth)
	}
	if most > maxDepth {
		return Expr{}, fmt.Errorf("expression %q: nested deeper than %d", src, maxDepth)
	}
	return Expr{src: src, code: p.code}, nil
}

// Must is Parse for expressions written in code.
func Must(s, vars string) Expr {
	e, err := Parse(s, vars)
	if err != nil {
		panic(err)
	}
	return e
}

// String returns the expression as parsed, blanks removed; "0" for the
// zero Expr.
func (e Expr) String() string {
	if e.src == "" {
		return "0"
	}
	return e.src
}

// Uses reports whether e reads variable i (of the vars it was parsed
// with): a rule set's generator aims only at what its points read.
func (e Expr) Uses(i int) bool {
	for _, in := range e.code {
		if in.op == 'v' && in.val == int64(i) {
			return true
		}
	}
	return false
}

// Eval returns the value of e with its variables set to vals, in the
// order Parse was given them; a variable without a value is 0.
func (e Expr) Eval(vals ...int64) int64 {
	var stack [maxDepth]int64
	sp := 0
	for _, in := range e.code {
		switch in.op {
		case '#':
			stack[sp] = in.val
			sp++
			continue
		case 'v':
			stack[sp] = 0
			if int(in.val) < len(vals) {
				stack[sp] = vals[in.val]
			}
			sp++
			continue
		case '~':
			stack[sp-1] = -stack[sp-1]
			continue
		}
		a, b := stack[sp-2], stack[sp-1]
		sp--
		stack[sp-1] = apply(in.op, a, b)
	}
	if sp == 0 {
		return 0
	}
	return stack[0]
}

func apply(op byte, a, b int64) int64 {
	switch op {
	case '+':
		return a + b
	case '-':
		return a - b
	case '*':
		return a * b
	case '/':
		switch b {
		case 0:
			return 0
		case -1:
			// Go's / panics on -1<<63 / -1; the wrapped quotient, as
			// Java's and Rust's wrapping division give, is -1<<63,
			// which negation gives.
			return -a
		}
		return a / b
	case '^':
		return power(a, b)
	case 'm':
		return min(a, b)
	case 'M':
		return max(a, b)
	}
	return 0
}

// power is a^b by squaring, wrapping; 0 for b < 0.
func power(a, b int64) int64 {
	if b < 0 {
		return 0
	}
	r := int64(1)
	for b > 0 {
		if b&1 == 1 {
			r *= a
		}
		a *= a
		b >>= 1
	}
	return r
}

// parser is a recursive-descent parser that emits postfix code:
//
//	sum   = prod { ("+" | "-") prod }
//	prod  = unary { ("*" | "/") unary }
//	unary = "-" unary | pow
//	pow   = atom [ "^" unary ]
//	atom  = integer | variable | "(" sum ")" | ("min" | "max") "(" sum "," sum ")"
type parser struct {
	s    string
	vars string
	i    int
	code []instr
	err  error
	nest int
}

func (p *parser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
	p.i = len(p.s)
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) emit(op byte, v int64) { p.code = append(p.code, instr{op, v}) }

func (p *parser) sum() {
	p.prod()
	for c := p.peek(); c == '+' || c == '-'; c = p.peek() {
		p.i++
		p.prod()
		p.emit(c, 0)
	}
}

func (p *parser) prod() {
	p.unary()
	for c := p.peek(); c == '*' || c == '/'; c = p.peek() {
		p.i++
		p.unary()
		p.emit(c, 0)
	}
}

func (p *parser) unary() {
	if p.nest++; p.nest > maxDepth {
		p.fail("nested deeper than %d", maxDepth)
		return
	}
	defer func() { p.nest-- }()
	if p.peek() == '-' {
		p.i++
		p.unary()
		p.emit('~', 0)
		return
	}
	p.atom()
	if p.peek() == '^' {
		p.i++
		p.unary()
		p.emit('^', 0)
	}
}

func (p *parser) atom() {
	switch c := p.peek(); {
	case c >= '0' && c <= '9':
		var v int64
		for c := p.peek(); c >= '0' && c <= '9'; c = p.peek() {
			if v > (1<<63-1-int64(c-'0'))/10 {
				p.fail("integer out of range")
				return
			}
			v = v*10 + int64(c-'0')
			p.i++
		}
		p.emit('#', v)
	case c == '(':
		p.i++
		p.sum()
		p.expect(')')
	case strings.HasPrefix(p.s[p.i:], "min(") || strings.HasPrefix(p.s[p.i:], "max("):
		op := byte('m')
		if p.s[p.i+1] == 'a' {
			op = 'M'
		}
		p.i += 4
		p.sum()
		p.expect(',')
		p.sum()
		p.expect(')')
		p.emit(op, 0)
	case c >= 'a' && c <= 'z' && strings.IndexByte(p.vars, c) >= 0:
		p.i++
		if n := p.peek(); n >= 'a' && n <= 'z' {
			p.fail("unexpected %q after variable %q", n, c)
			return
		}
		p.emit('v', int64(strings.IndexByte(p.vars, c)))
	case c == 0:
		p.fail("ends where a value is wanted")
	case c >= 'a' && c <= 'z':
		p.fail("unknown variable %q; want one of %s", c, varList(p.vars))
	default:
		p.fail("unexpected %q where a value is wanted", c)
	}
}

func varList(vars string) string {
	if vars == "" {
		return "none (integers only)"
	}
	return strings.Join(strings.Split(vars, ""), ", ")
}

func (p *parser) expect(c byte) {
	if p.peek() != c {
		if p.i >= len(p.s) {
			p.fail("missing %q", c)
		} else {
			p.fail("unexpected %q, want %q", p.s[p.i], c)
		}
		return
	}
	p.i++
}
