package samegame

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/input"
)

// Expr is an integer expression in n, the form a rule set gives its
// points for a group and its term for the cubes left: integers, n, the
// operators + - * / ^ (power, binding tightest and to the right), unary
// minus, parentheses, and min(a,b), max(a,b). Arithmetic is int64 and
// wraps as Go's does, division included: it truncates toward zero, and
// -2^63 / -1 is -2^63. A division by zero gives 0, as does a negative
// power, so that every n has a value and no rule set can fail mid-game.
// An integer is at most 2^63-1; -2^63 is written -9223372036854775807-1.
//
// An Expr is parsed once; Eval runs its compiled form without allocating,
// so an engine may call it per move. The zero Expr is 0.
type Expr struct {
	src  string
	code []instr
}

// instr is one step of the compiled form, a postfix program on a stack.
type instr struct {
	op  byte // '#' push v, 'n' push n, '~' negate, 'm' min, 'M' max, else a binary operator
	val int64
}

// ExprMax is the longest expression ParseExpr reads, blanks removed: the
// form String gives back. It bounds the rules line a case carries
// (rulesMax), which holds two expressions, so that any rule set ParseRules
// accepts is one Format writes and Parse reads back.
const ExprMax = 200

// maxDepth bounds the evaluation stack, so that Eval keeps it in an array
// on the goroutine stack, and the parser's nesting of parentheses. No
// expression of ExprMax bytes reaches it: each operand takes a byte and
// each operator or parenthesis one more, so one holds at most
// ExprMax/2+1 operands and ExprMax/2 open parentheses. The check stays
// as a guard, should ExprMax grow.
const maxDepth = ExprMax/2 + 1

// ParseExpr reads an expression in n, of at most ExprMax bytes besides
// blanks, which are ignored.
func ParseExpr(s string) (Expr, error) {
	src := strings.Join(strings.Fields(s), "")
	if src == "" {
		return Expr{}, fmt.Errorf("empty expression")
	}
	if len(src) > ExprMax {
		return Expr{}, fmt.Errorf("expression %s: longer than %d bytes (blanks not counted)", input.Quote([]byte(src)), ExprMax)
	}
	p := exprParser{s: src}
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
		case '#', 'n':
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

// MustExpr is ParseExpr for expressions written in code.
func MustExpr(s string) Expr {
	e, err := ParseExpr(s)
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

// Eval returns the value of e at n.
func (e Expr) Eval(n int64) int64 {
	var stack [maxDepth]int64
	sp := 0
	for _, in := range e.code {
		switch in.op {
		case '#':
			stack[sp] = in.val
			sp++
			continue
		case 'n':
			stack[sp] = n
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

// exprParser is a recursive-descent parser that emits postfix code:
//
//	sum   = prod { ("+" | "-") prod }
//	prod  = unary { ("*" | "/") unary }
//	unary = "-" unary | pow
//	pow   = atom [ "^" unary ]
//	atom  = integer | "n" | "(" sum ")" | ("min" | "max") "(" sum "," sum ")"
type exprParser struct {
	s    string
	i    int
	code []instr
	// spans holds, per instruction of code, the text of the
	// subexpression whose value it leaves on the stack, as s[from:to]:
	// what coverage (ExprCover) names its items by.
	spans [][2]int
	err   error
	nest  int
}

func (p *exprParser) fail(format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf(format, args...)
	}
	p.i = len(p.s)
}

func (p *exprParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

// emit appends an instruction whose subexpression began at from.
func (p *exprParser) emit(op byte, v int64, from int) {
	p.code = append(p.code, instr{op, v})
	p.spans = append(p.spans, [2]int{from, p.i})
}

func (p *exprParser) sum() {
	from := p.i
	p.prod()
	for c := p.peek(); c == '+' || c == '-'; c = p.peek() {
		p.i++
		p.prod()
		p.emit(c, 0, from)
	}
}

func (p *exprParser) prod() {
	from := p.i
	p.unary()
	for c := p.peek(); c == '*' || c == '/'; c = p.peek() {
		p.i++
		p.unary()
		p.emit(c, 0, from)
	}
}

func (p *exprParser) unary() {
	if p.nest++; p.nest > maxDepth {
		p.fail("nested deeper than %d", maxDepth)
		return
	}
	defer func() { p.nest-- }()
	from := p.i
	if p.peek() == '-' {
		p.i++
		p.unary()
		p.emit('~', 0, from)
		return
	}
	p.atom()
	if p.peek() == '^' {
		p.i++
		p.unary()
		p.emit('^', 0, from)
	}
}

func (p *exprParser) atom() {
	from := p.i
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
		p.emit('#', v, from)
	case c == 'n':
		p.i++
		p.emit('n', 0, from)
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
		p.emit(op, 0, from)
	case c == 0:
		p.fail("ends where a value is wanted")
	default:
		p.fail("unexpected %q where a value is wanted", c)
	}
}

func (p *exprParser) expect(c byte) {
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
