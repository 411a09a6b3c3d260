package main

import (
	"fmt"
	"slices"
	"strings"

	"cascade/conformance"
)

// engines are the implementations "cascade score --engine" and
// "cascade check --engine" can run: the fast engine, and the reference,
// the literal reading of the rules that the engine is checked against.
var engines = map[string]conformance.Funcs{
	conformance.Engine.Name:    conformance.Engine,
	conformance.Reference.Name: conformance.Reference,
}

// defaultEngine is the engine score and check run without --engine.
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
