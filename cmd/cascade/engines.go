package main

import (
	"fmt"
	"strings"

	"cascade/conformance"
)

// engines are the implementations "cascade score --engine" and
// "cascade check --engine" can run: the fast engine, and the reference,
// the literal reading of the rules that the engine is checked against.
// Every game has both.
var engines = []string{conformance.EngineName, conformance.ReferenceName}

// defaultEngine is the engine score and check run without --engine.
const defaultEngine = conformance.EngineName

func engineNames() string { return strings.Join(engines, ", ") }

// engineFlag is the --engine flag: the name of a built-in implementation.
type engineFlag string

func (e *engineFlag) String() string { return string(*e) }

func (e *engineFlag) Set(s string) error {
	for _, name := range engines {
		if name == s {
			*e = engineFlag(s)
			return nil
		}
	}
	return fmt.Errorf("unknown engine %q; engines: %s", s, engineNames())
}
