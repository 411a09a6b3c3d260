package conformance

import (
	"cascade/engine"
	"cascade/reference"
)

// Reference is the reference implementation, the oracle every check
// compares with; checking it against itself pins nothing but shows the
// harness at work.
var Reference = Funcs{
	Name:     "reference",
	SameGame: infallible(reference.PlaySameGame),
	Match3:   infallible(reference.PlayMatch3),
}

// Engine is the fast built-in engine.
var Engine = Funcs{
	Name:     "engine",
	SameGame: infallible(engine.PlaySameGame),
	Match3:   infallible(engine.PlayMatch3),
}
