// Package mutate lists the source mutants of a Go file and draws a
// sample of them: the small slips a maintainer makes (a comparison one
// off or turned round, an arithmetic operator swapped, a constant one
// off, a condition negated, a statement dropped), each a single edit of
// the file's bytes. internal/cmd/mutate applies them one at a time and
// runs the project's checks on each (docs/mutation.md).
package mutate

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"slices"
	"strconv"
)

// A Mutant is one edit of one file: the bytes [Start, End) of the file
// replaced by New.
type Mutant struct {
	File       string // the file's path, as given to List
	Line, Col  int    // where the edit starts, 1-based
	Start, End int    // byte offsets of the replaced text
	Old, New   string // the text replaced and its replacement
	Kind       string // the kind of slip: see kinds
}

// String names m by place and edit, "engine/hand.go:42:9: < to <=", which
// is how a run's report and the list of equivalent mutants name it.
func (m Mutant) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", m.File, m.Line, m.Col, m.Edit())
}

// Edit says what m changes, without its place.
func (m Mutant) Edit() string {
	switch m.Kind {
	case "negate":
		return "negate " + short(m.Old)
	case "drop":
		return "drop " + short(m.Old)
	case "named":
		return m.Old // read back from its name (ParseLines)
	}
	if m.New == "" {
		return "remove " + m.Old
	}
	return fmt.Sprintf("%s to %s", short(m.Old), short(m.New))
}

// short cuts a long piece of source to its first line, at most 40
// bytes.
func short(s string) string {
	for i := range len(s) {
		if s[i] == '\n' || i >= 40 {
			return s[:i] + "..."
		}
	}
	return s
}

// Apply returns src with m's edit made. src must be the file m was
// listed from.
func (m Mutant) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.New))
	out = append(out, src[:m.Start]...)
	out = append(out, m.New...)
	return append(out, src[m.End:]...)
}

// swaps are the operators each operator becomes: a comparison its
// boundary (< to <=) and its negation (< to >=), arithmetic its usual
// partner.
var swaps = map[token.Token][]token.Token{
	token.LSS: {token.LEQ, token.GEQ},
	token.LEQ: {token.LSS, token.GTR},
	token.GTR: {token.GEQ, token.LEQ},
	token.GEQ: {token.GTR, token.LSS},
	token.EQL: {token.NEQ},
	token.NEQ: {token.EQL},

	token.ADD:     {token.SUB},
	token.SUB:     {token.ADD},
	token.MUL:     {token.QUO},
	token.QUO:     {token.MUL},
	token.REM:     {token.MUL},
	token.AND:     {token.OR},
	token.OR:      {token.AND},
	token.XOR:     {token.AND},
	token.SHL:     {token.SHR},
	token.SHR:     {token.SHL},
	token.AND_NOT: {token.AND},
	token.LAND:    {token.LOR},
	token.LOR:     {token.LAND},

	token.ADD_ASSIGN: {token.SUB_ASSIGN},
	token.SUB_ASSIGN: {token.ADD_ASSIGN},
	token.MUL_ASSIGN: {token.QUO_ASSIGN},
	token.QUO_ASSIGN: {token.MUL_ASSIGN},
	token.OR_ASSIGN:  {token.AND_ASSIGN},
	token.AND_ASSIGN: {token.OR_ASSIGN},
	token.SHL_ASSIGN: {token.SHR_ASSIGN},
	token.SHR_ASSIGN: {token.SHL_ASSIGN},
	token.INC:        {token.DEC},
	token.DEC:        {token.INC},
}

// List returns every mutant of the Go source src, the file called name,
// in the order of their place in the file. A mutant need not compile: a
// run builds each before it counts it.
func List(name string, src []byte) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	tf := fset.File(f.Pos())
	var ms []Mutant
	add := func(kind string, from, to token.Pos, repl string) {
		start, end := tf.Offset(from), tf.Offset(to)
		p := tf.Position(from)
		ms = append(ms, Mutant{File: name, Line: p.Line, Col: p.Column, Start: start, End: end,
			Old: string(src[start:end]), New: repl, Kind: kind})
	}
	op := func(kind string, pos token.Pos, tok token.Token) {
		for _, to := range swaps[tok] {
			add(kind, pos, pos+token.Pos(len(tok.String())), to.String())
		}
	}
	negate := func(cond ast.Expr) {
		if cond != nil {
			add("negate", cond.Pos(), cond.End(), "!("+string(src[tf.Offset(cond.Pos()):tf.Offset(cond.End())])+")")
		}
	}
	drop := func(list []ast.Stmt) {
		for _, s := range list {
			switch s := s.(type) {
			case *ast.AssignStmt:
				if s.Tok == token.DEFINE {
					continue
				}
			case *ast.BranchStmt:
				if s.Tok != token.BREAK && s.Tok != token.CONTINUE {
					continue
				}
			case *ast.ExprStmt, *ast.IncDecStmt:
			default:
				continue
			}
			add("drop", s.Pos(), s.End(), "")
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.BinaryExpr:
			op("operator", n.OpPos, n.Op)
		case *ast.AssignStmt:
			op("operator", n.TokPos, n.Tok)
		case *ast.IncDecStmt:
			op("operator", n.TokPos, n.Tok)
		case *ast.UnaryExpr:
			if n.Op == token.NOT || n.Op == token.SUB {
				add("operator", n.OpPos, n.OpPos+1, "")
			}
		case *ast.BasicLit:
			if n.Kind != token.INT {
				break
			}
			v, err := strconv.ParseInt(n.Value, 0, 64)
			if err != nil {
				break
			}
			add("boundary", n.Pos(), n.End(), strconv.FormatInt(v+1, 10))
			if v > 0 {
				add("boundary", n.Pos(), n.End(), strconv.FormatInt(v-1, 10))
			}
		case *ast.Ident:
			switch n.Name {
			case "true":
				add("operator", n.Pos(), n.End(), "false")
			case "false":
				add("operator", n.Pos(), n.End(), "true")
			}
		case *ast.IfStmt:
			negate(n.Cond)
		case *ast.ForStmt:
			negate(n.Cond)
		case *ast.BlockStmt:
			drop(n.List)
		case *ast.CaseClause:
			drop(n.Body)
		}
		return true
	})
	slices.SortStableFunc(ms, func(a, b Mutant) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	return ms, nil
}

// Shuffle returns ms in an order drawn from seed alone: a run tries
// mutants in this order until its sample is full, so that the same seed
// and the same source give the same sample.
func Shuffle(ms []Mutant, seed uint64) []Mutant {
	out := slices.Clone(ms)
	r := rand.New(rand.NewPCG(seed, 0x6d757461))
	r.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
