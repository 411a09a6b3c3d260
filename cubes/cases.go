package cubes

import (
	"bytes"
	"embed"
	"fmt"
	"slices"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/sample"
	"github.com/cascade-harness/cascade/samegame"
)

// The built-in cases are the statement's documented example (package
// internal/sample holds it, the one copy in the tree) and the cases
// embedded from testdata/builtin/NAME.in with NAME.ans: the inputs of
// the command's scripts (each pins a ruling) and a few tricky cases.
// The answers are the reference's; the package tests check that they
// still are.
//
//go:embed testdata/builtin
var builtinFS embed.FS

// builtinCases are the embedded cases.
var builtinCases = conformance.Embedded{FS: builtinFS, Dir: "testdata/builtin"}

// embedded returns fresh copies of the embedded cases.
func embedded() []conformance.Case { return builtinCases.Cases() }

// examples are documented examples as cases.
func examples(exs []sample.Example) []conformance.Case {
	var cs []conformance.Case
	for _, ex := range exs {
		cs = append(cs, conformance.Case{Name: ex.Name, Input: []byte(ex.Input), Want: ex.Want, HasWant: true})
	}
	return cs
}

// sameGameCases returns the built-in SameGame cases, the fixed part of
// Game.Test and Game.Run: the statement's example, every
// SameGame input of the command's scripts, and a box of 300 x 300 cubes of
// one colour removed by one click, worth 4050045000 points, more than 32
// bits hold. Each call returns fresh copies.
//
// An embedded case with a rules line is a case of its rule set, not of
// the statement's: sameGameCasesUnder selects it. One without a rules
// line whose box is W x H is no case of the statement either, whose
// input opens with N: a program written to the statement could not read
// it.
func sameGameCases() []conformance.Case {
	cs := append(examples(sample.SameGame()), embedded()...)
	cs = slices.DeleteFunc(cs, func(c conformance.Case) bool { return !statementCase(c.Input) })
	return append(cs, oneColourBox(300))
}

// statementCase reports whether a SameGame input is in the Color Cubes
// statement's own format: no rules line, and a first line holding N
// alone.
func statementCase(in []byte) bool {
	first, _, _ := bytes.Cut(bytes.TrimLeft(in, " \t\r\n"), []byte("\n"))
	return len(bytes.Fields(first)) == 1 && !hasRulesLine(in)
}

// oneColourBox is an n x n box of colour 1 with one click: one group of
// n*n cubes.
func oneColourBox(n int) conformance.Case {
	c := &samegame.Case{W: n, H: n, Board: bytes.Repeat([]byte{1}, n*n), Moves: []samegame.Move{{X: 0, Y: 0}}}
	var b bytes.Buffer
	samegame.Format(&b, c)
	return conformance.Case{
		Name:    fmt.Sprintf("samegame-one-colour-%dx%d", n, n),
		Input:   b.Bytes(),
		Want:    samegame.Points(n * n),
		HasWant: true,
	}
}
