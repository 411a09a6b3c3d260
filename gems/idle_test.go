package gems

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
	"github.com/cascade-harness/cascade/match3"
)

func TestIdleTablesNameEveryVariant(t *testing.T) {
	// A variant left out of a table is always played, which is safe but
	// slow; a name in a table that no variant has is a typo that leaves
	// its variant always played.
	alwaysPlayed := map[string]bool{
		"only horizontal runs found":                 true,
		"hand ties go to the largest cards":          true, // equivalent
		"swap with an empty cell reported as no run": true, // equivalent
		// The variants of every ruling both ways and off by one: played on
		// every case until the needs tables learn when each is idle.
		"coordinates read as 0-based":                              true,
		"x read as the column and y as the row":                    true,
		"rows counted from the bottom":                             true,
		"cells two apart in a line accepted as adjacent":           true,
		"swap with an empty cell accepted when it makes a run":     true,
		"swap that makes no run kept and counted valid":            true,
		"same cell taken as adjacent":                              true,
		"swap valid only when a run passes through its first cell": true,
		"swaps in the last row or column rejected":                 true,
		"specials stay put when pieces are swapped":                true,
		"a piece with a special cannot be swapped":                 true,
		"column special marks its row":                             true,
		"3x3 special acts as 5x5":                                  true,
		"line cells a special hits counted twice":                  true,
		"only vertical runs found":                                 true,
		"runs of four needed":                                      true,
		"runs of two enough":                                       true,
		"round multiplier counted from 0":                          true,
		"round multiplier counted from 2":                          true,
		"combination blocks join line cells of any colour":         true,
		"combination 50(x-2)^2: a run of three scores 50":          true,
		"pieces do not fall":                                       true,
		"pieces fall one cell per round":                           true,
		"emptied columns close up as in SameGame":                  true,
		"one round per operation: a fall never sets off another":   true,
		"chain score 80x^2: the first round counted":               true,
		"chain score 80(x-2)^2":                                    true,
		"main colours from the last round":                         true,
		"a hand after every 4th valid operation":                   true,
		"a hand after every 6th valid operation":                   true,
		"all-valid bonus never given":                              true,
		"cleared bonus never given":                                true,
		"cleared bonus with one piece left":                        true,
		"all-valid bonus needs at least one operation":             true,
		"score kept in 32 bits":                                    true,
	}
	check := func(t *testing.T, table map[string]bool, names []string) {
		for name := range table {
			if !slices.Contains(names, name) {
				t.Errorf("the idle table names %q, which is no variant", name)
			}
		}
		for _, name := range names {
			if _, ok := table[name]; !ok && !alwaysPlayed[name] {
				t.Errorf("variant %q is missing from the idle table", name)
			}
		}
	}
	t.Run("match3", func(t *testing.T) {
		s := match3Scan{counts: conformance.Counter{}}
		check(t, s.needs(match3.Trace{}), fixture.VariantNames(Game))
	})
}
