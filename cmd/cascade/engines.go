package main

import (
	"fmt"
	"slices"
	"strings"

	"cascade/engine"
	"cascade/match3"
	"cascade/reference"
	"cascade/samegame"
)

// A player plays whole cases of both games.
type player struct {
	sameGame func(*samegame.Case) samegame.Trace
	match3   func(*match3.Case) match3.Trace
}

// engines are the implementations "cascade score --engine" can run: the
// fast engine, and the reference, the literal reading of the rules that
// the engine is checked against.
var engines = map[string]player{
	"engine":    {engine.PlaySameGame, engine.PlayMatch3},
	"reference": {reference.PlaySameGame, reference.PlayMatch3},
}

// defaultEngine is the engine score runs without --engine.
const defaultEngine = "engine"

func engineNames() string {
	names := make([]string, 0, len(engines))
	for name := range engines {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// engineFlag is the --engine flag: the name of a registered engine.
type engineFlag string

func (e *engineFlag) String() string { return string(*e) }

func (e *engineFlag) Set(s string) error {
	if _, ok := engines[s]; !ok {
		return fmt.Errorf("unknown engine %q; engines: %s", s, engineNames())
	}
	*e = engineFlag(s)
	return nil
}
