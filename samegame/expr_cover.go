package samegame

import "math/bits"

// ExprCover is the instrumented form of an Expr: it evaluates the
// expression as Eval does and reports which of its branches the
// evaluation took, so that coverage can say whether a set of games
// reached both arms of every min and max and each sign of the values
// that decide one. It is built once per rule set and evaluated only
// where coverage is read; Eval, the form engines and the reference play
// by, carries none of it.
//
// The branches watched are the arms of every min(a,b) and max(a,b) (an
// arm taken when it strictly beats the other; a tie decides nothing) and
// the sign, negative, zero or positive, of every operand of min, max, ^
// and /, and of the whole expression: where a wrong engine (a max left
// out, a power of a negative base, a division that truncates the other
// way, a penalty of the wrong sign) first parts from a right one. A
// branch becomes an item only when it tells some n of the domain from
// another: an item reached at every n, or at none, is dropped, and of
// branches reached at the same n (the arm 20-n of max(20-n,0) and
// 20-n>0) the first is kept, arms before signs, in the order of the
// text. The domain is probed at every n from its least to a thousand
// past it and around each power of two up to 2^20.
type ExprCover struct {
	code []instr
	// watch holds, per instruction, the item each outcome reaches: the
	// sign of its value (negative, zero, positive), then for a min or
	// max its first and its second arm; -1 for none.
	watch [][outcomes]int8
	items []ExprItem
}

// An ExprItem is one branch of an expression that coverage counts.
type ExprItem struct {
	// Name is the branch, in the expression's own text: "20-n<0",
	// "20-n=0", "max(20-n,0)->0" (the arm 0 of the max taken).
	Name string
	// Lo and Hi are the least and the most n probed at which the item
	// is reached; steering aims at them.
	Lo, Hi int64
}

// outcomes are the branches watched per instruction: three signs and
// two arms.
const (
	outNeg = iota
	outZero
	outPos
	outFirst
	outSecond
	outcomes
)

// maxCoverItems bounds the items of one expression, so that one
// evaluation's items fit in a uint64; an expression with more keeps the
// first.
const maxCoverItems = 64

// CoverExpr returns the instrumented form of e over the domain n >=
// least: a group's points at least the rule set's minimum, the cubes
// left at least 1.
func CoverExpr(e Expr, least int64) ExprCover {
	x := ExprCover{code: e.code}
	if e.src == "" {
		return x
	}
	p := exprParser{s: e.src}
	p.sum()
	if p.err != nil || len(p.code) != len(e.code) {
		// e came from ParseExpr or was compiled from its src, so that
		// neither happens.
		return ExprCover{code: e.code}
	}
	branches := coverBranches(p)
	probes := exprProbes(least)
	reach := make([][]uint64, len(branches))
	for i := range reach {
		reach[i] = make([]uint64, (len(probes)+63)/64)
	}
	// Each outcome of an instruction is at most one branch.
	at := make([][outcomes]int, len(e.code))
	for k := range at {
		at[k] = [outcomes]int{-1, -1, -1, -1, -1}
	}
	for i, b := range branches {
		at[b.instr][b.out] = i
	}
	for j, n := range probes {
		evalBranches(e.code, n, func(k, out int) {
			if i := at[k][out]; i >= 0 {
				reach[i][j/64] |= 1 << (j % 64)
			}
		})
	}
	x.watch = make([][outcomes]int8, len(e.code))
	for k := range x.watch {
		x.watch[k] = [outcomes]int8{-1, -1, -1, -1, -1}
	}
	var kept [][]uint64
	for i, b := range branches {
		hits := 0
		for _, w := range reach[i] {
			hits += bits.OnesCount64(w)
		}
		if hits == 0 || hits == len(probes) || len(x.items) == maxCoverItems {
			continue
		}
		item := -1
		for k, r := range kept {
			if equalBits(r, reach[i]) {
				item = k
			}
		}
		if item < 0 {
			item = len(x.items)
			kept = append(kept, reach[i])
			lo, hi := probeRange(reach[i], probes)
			x.items = append(x.items, ExprItem{Name: b.name, Lo: lo, Hi: hi})
		}
		x.watch[b.instr][b.out] = int8(item)
	}
	return x
}

// Items are the items of x, in the order Reached numbers them.
func (x *ExprCover) Items() []ExprItem { return x.items }

// Reached evaluates x at n and returns the items the evaluation took,
// item i as bit i. It does not allocate.
func (x *ExprCover) Reached(n int64) uint64 {
	if len(x.items) == 0 {
		return 0
	}
	var got uint64
	evalBranches(x.code, n, func(k, out int) {
		if i := x.watch[k][out]; i >= 0 {
			got |= 1 << i
		}
	})
	return got
}

// evalBranches evaluates code at n as Eval does and calls took with
// every instruction's sign and, for a min or max, the arm that strictly
// won.
func evalBranches(code []instr, n int64, took func(instr, out int)) {
	var stack [maxDepth]int64
	sp := 0
	for k, in := range code {
		switch in.op {
		case '#':
			stack[sp] = in.val
			sp++
		case 'n':
			stack[sp] = n
			sp++
		case '~':
			stack[sp-1] = -stack[sp-1]
		default:
			a, b := stack[sp-2], stack[sp-1]
			sp--
			stack[sp-1] = apply(in.op, a, b)
			if (in.op == 'm' || in.op == 'M') && a != b {
				if (a < b) == (in.op == 'm') {
					took(k, outFirst)
				} else {
					took(k, outSecond)
				}
			}
		}
		switch v := stack[sp-1]; {
		case v < 0:
			took(k, outNeg)
		case v == 0:
			took(k, outZero)
		default:
			took(k, outPos)
		}
	}
}

// A branch is one outcome of one instruction that coverage may watch.
type branch struct {
	instr, out int
	name       string
}

// coverBranches lists the branches of the expression p parsed: the arms
// of each min and max in the order of the text, then the signs of the
// operands of min, max, ^ and / and of the whole, in the order of the
// text.
func coverBranches(p exprParser) []branch {
	text := func(k int) string { return p.s[p.spans[k][0]:p.spans[k][1]] }
	signed := make([]bool, len(p.code))
	var stack []int
	var arms []branch
	for k, in := range p.code {
		switch in.op {
		case '#', 'n':
			stack = append(stack, k)
			continue
		case '~':
			stack[len(stack)-1] = k
			continue
		}
		a, b := stack[len(stack)-2], stack[len(stack)-1]
		stack = append(stack[:len(stack)-2], k)
		switch in.op {
		case 'm', 'M', '^', '/':
			signed[a], signed[b] = true, true
		}
		if in.op == 'm' || in.op == 'M' {
			arms = append(arms,
				branch{k, outFirst, text(k) + "->" + text(a)},
				branch{k, outSecond, text(k) + "->" + text(b)})
		}
	}
	signed[len(p.code)-1] = true
	bs := sortedBySpan(arms, p.spans)
	var signs []branch
	for k := range p.code {
		if signed[k] {
			for out, rel := range []string{"<0", "=0", ">0"} {
				signs = append(signs, branch{k, out, text(k) + rel})
			}
		}
	}
	return append(bs, sortedBySpan(signs, p.spans)...)
}

// sortedBySpan orders branches by where their subexpression begins in
// the text, the inner one first, keeping the order of a subexpression's
// own branches.
func sortedBySpan(bs []branch, spans [][2]int) []branch {
	out := make([]branch, 0, len(bs))
	for len(bs) > 0 {
		best := 0
		for i, b := range bs {
			s, t := spans[b.instr], spans[bs[best].instr]
			if s[0] < t[0] || s[0] == t[0] && s[1] < t[1] {
				best = i
			}
		}
		k := bs[best].instr
		for _, b := range bs {
			if b.instr == k {
				out = append(out, b)
			}
		}
		rest := bs[:0:0]
		for _, b := range bs {
			if b.instr != k {
				rest = append(rest, b)
			}
		}
		bs = rest
	}
	return out
}

// exprProbes are the n at which CoverExpr tells branches apart: every n
// from least to least+1023, and each power of two up to 2^20, with its
// neighbours, from least on.
func exprProbes(least int64) []int64 {
	var p []int64
	for n := least; n < least+1024; n++ {
		p = append(p, n)
	}
	for n := int64(1024); n <= 1<<20; n *= 2 {
		for _, m := range []int64{n - 1, n, n + 1} {
			if m >= least+1024 {
				p = append(p, m)
			}
		}
	}
	return p
}

func equalBits(a, b []uint64) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// probeRange is the least and the most probe in the set r.
func probeRange(r []uint64, probes []int64) (lo, hi int64) {
	lo, hi = -1, -1
	for j, n := range probes {
		if r[j/64]&(1<<(j%64)) != 0 {
			if lo < 0 {
				lo = n
			}
			hi = n
		}
	}
	return lo, hi
}
