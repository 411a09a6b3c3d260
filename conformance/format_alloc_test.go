package conformance

import (
	"bytes"
	"testing"
)

func TestFormatOfAGeneratedCaseAllocatesItsTextOnce(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	sg := SameGame.Generate(1, 0, 0)
	m3 := Match3.Generate(1, 0, 0)
	var b bytes.Buffer
	SameGame.Format(&b, sg)
	if got := SameGame.format(sg); !bytes.Equal(got, b.Bytes()) {
		t.Fatalf("format = %q, want %q", got, b.Bytes())
	}
	SameGame.format(sg)
	Match3.format(m3)
	for name, f := range map[string]func(){
		"samegame": func() { SameGame.format(sg) },
		"match3":   func() { Match3.format(m3) },
	} {
		// The text, and what the game's Format allocates of its own
		// (a row of digits); not the buffers it is written through.
		if allocs := testing.AllocsPerRun(100, f); allocs > 3 {
			t.Errorf("%s: format of a generated case: %v allocations, want at most 3", name, allocs)
		}
	}
}
