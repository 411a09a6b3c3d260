package main

import (
	"fmt"

	"github.com/cascade-harness/cascade/conformance"
)

// How the check report names a case and its moves.

// parsePuzzle parses input, a case as a check result holds it, as game
// g; it returns nil when input is not a case of g.
func parsePuzzle(g conformance.Any, input []byte) conformance.Puzzle {
	p, err := g.Parse(input)
	if err != nil {
		return nil
	}
	return p
}

// size describes the size of input, a case of game g, or its length
// when it is not one.
func size(g conformance.Any, input []byte) string {
	if p := parsePuzzle(g, input); p != nil {
		return p.Size()
	}
	return fmt.Sprintf("%d bytes", len(input))
}

// opText describes move or operation op (1-based) of p, "?" when p is
// nil or has no such move.
func opText(p conformance.Puzzle, op int) string {
	if p == nil {
		return "?"
	}
	return p.StepText(op)
}
