package cubes

import (
	"slices"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/fixture"
)

func TestIdleTablesNameEveryVariant(t *testing.T) {
	// A variant left out of a table is always played, which is safe but
	// slow; a name in a table that no variant has is a typo that leaves
	// its variant always played.
	alwaysPlayed := map[string]bool{
		"group 8-connected":      true,
		"Y counted from the top": true,
		// The variants of every ruling both ways and off by one: played on
		// every case until the needs tables learn when each is idle.
		"X and Y read the other way round":                 true,
		"coordinates read as 1-based":                      true,
		"play stops at the first empty-cell click":         true,
		"single cube not removed, as in the classic game":  true,
		"clicked cube counted twice: (c+1)(c+2)/2":         true,
		"c(c+1) multiplied in 32 bits before halving":      true,
		"of two adjacent emptied columns the second stays": true,
		"leftmost column never closed":                     true,
		"score kept in 32 bits":                            true,
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
	t.Run("samegame", func(t *testing.T) {
		s := sameGameScan{counts: conformance.Counter{}}
		check(t, s.needs(), fixture.VariantNames(Game))
	})
}
