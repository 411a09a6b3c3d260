package conformance_test

import (
	"bytes"
	"testing"

	"github.com/cascade-harness/cascade/cubes"
	"github.com/cascade-harness/cascade/gems"
)

func TestFormatOfAGeneratedCaseAllocatesItsTextOnce(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	sg := cubes.Game.Generate(1, 0, 0)
	m3 := gems.Game.Generate(1, 0, 0)
	var b bytes.Buffer
	cubes.Game.Format(&b, sg)
	if got := cubes.Game.FormatInput(sg); !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("format = %q, want %q", got, b.Bytes())
	}
	cubes.Game.FormatInput(sg)
	gems.Game.FormatInput(m3)
	for name, f := range map[string]func(){
		"samegame": func() { cubes.Game.FormatInput(sg) },
		"match3":   func() { gems.Game.FormatInput(m3) },
	} {
		// The text, and what the game's Format allocates of its own
		// (a row of digits); not the buffers it is written through.
		if allocs := testing.AllocsPerRun(100, f); allocs > 3 {
			t.Errorf("%s: format of a generated case: %v allocations, want at most 3", name, allocs)
		}
	}
}
