package gems

import (
	"bytes"
	"embed"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/sample"
)

// The built-in cases are the statement's samples (package
// internal/sample holds them, the one copy in the tree) and the cases
// embedded from testdata/builtin/NAME.in with NAME.ans: the inputs of
// the command's scripts (each pins a ruling) and a few tricky cases.
// The answers are the reference's; the package tests check that they
// still are.
//
//go:embed testdata/builtin
var builtinFS embed.FS

// match3Cases returns the built-in match-3 cases: the statement's three
// samples and every match-3 input of the command's scripts that stays
// inside the statement's limits and has no rules line (one that has is
// a case of its rule set: casesUnder takes it). Each call returns fresh
// copies.
func match3Cases() []conformance.Case {
	cs := samples()
	for _, c := range embedded() {
		if !hasRulesLine(c.Input) {
			cs = append(cs, c)
		}
	}
	return cs
}

// hasRulesLine reports whether a match-3 input opens with a rules line.
func hasRulesLine(in []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(in, " \t\r\n"), []byte("rules"))
}

// builtinCases are the embedded cases.
var builtinCases = conformance.Embedded{FS: builtinFS, Dir: "testdata/builtin"}

// embedded returns fresh copies of the embedded cases.
func embedded() []conformance.Case { return builtinCases.Cases() }

// samples are the statement's samples as cases.
func samples() []conformance.Case {
	var cs []conformance.Case
	for _, ex := range sample.Match3() {
		cs = append(cs, conformance.Case{Name: ex.Name, Input: []byte(ex.Input), Want: ex.Want, HasWant: true})
	}
	return cs
}
