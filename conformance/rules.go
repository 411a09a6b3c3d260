package conformance

import "fmt"

// RulesEnv is the environment variable from which a program under test
// learns the rule set of its cases, in the canonical text form of the
// game's rule sets: for SameGame, "benchmark min=2 points=(n-2)^2
// clear=1000 left=0 end=over close=left". Its standard input never
// carries the rules line, so a program needs to read only the board and
// the moves.
const RulesEnv = "CASCADE_RULES"

// RulesConflict is an input whose rules line, on line Line, names a rule
// set other than the one it is read under. A game whose cases carry a
// rules line (Game.RulesLine) returns it from Parse when it is read under
// one rule set: the caller says so as a usage error, whatever the size
// of the input. File and Given name the two rule sets as messages name
// them (for SameGame, cubes.RulesText): the rules line's and the one
// given.
type RulesConflict struct {
	Line        int
	File, Given string
}

func (e *RulesConflict) Error() string { return e.Explain("the rules given") }

// Explain says what is wrong, naming where the rules given came from
// ("--rules", RulesEnv): `line 1: the rules line says "benchmark", but
// --rules says "lx"`.
func (e *RulesConflict) Explain(given string) string {
	return fmt.Sprintf("line %d: the rules line says %q, but %s says %q", e.Line, e.File, given, e.Given)
}
