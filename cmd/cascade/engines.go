package main

import (
	"fmt"
	"strings"

	"github.com/cascade-harness/cascade/conformance"
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

// plantedPrefix starts an --engine of score that names a planted
// variant: planted:NAME plays the deliberately broken variant NAME
// (package conformance/planted), so that `cascade score --engine
// planted:NAME` is a program with that one bug, for testing a test set
// (cascade suite). Check's --engine takes only the engines.
const plantedPrefix = "planted:"

// scoreEngineFlag is score's --engine: one of the engines, or
// planted:NAME, whose NAME is looked up once the game is known.
type scoreEngineFlag string

func (e *scoreEngineFlag) String() string { return string(*e) }

func (e *scoreEngineFlag) Set(s string) error {
	if name, ok := strings.CutPrefix(s, plantedPrefix); ok {
		if name == "" {
			return fmt.Errorf("%s needs the name of a variant: %sNAME", plantedPrefix, plantedPrefix)
		}
		*e = scoreEngineFlag(s)
		return nil
	}
	var f engineFlag
	if err := f.Set(s); err != nil {
		return err
	}
	*e = scoreEngineFlag(f)
	return nil
}

// planted returns the name of the planted variant --engine names, if it
// names one.
func (e scoreEngineFlag) planted() (string, bool) {
	return strings.CutPrefix(string(e), plantedPrefix)
}
