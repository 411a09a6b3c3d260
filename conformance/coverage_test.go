package conformance_test

import (
	"testing"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
	"github.com/cascade-harness/cascade/internal/fixture"
)

// TestIdleVariantsScoreAsTheReference checks what the audit relies on:
// a variant the coverage calls idle on a case, and an equivalent one,
// scores the case exactly as the reference does.
func TestIdleVariantsScoreAsTheReference(t *testing.T) {
	cases := 400
	if testing.Short() {
		cases = 60
	}
	t.Run("samegame", func(t *testing.T) { fixture.CheckIdle(t, cubes.Game, cases, 12) })
	t.Run("match3", func(t *testing.T) { fixture.CheckIdle(t, gems.Game, cases, 12) })
}
