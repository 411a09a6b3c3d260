package main

import (
	"math"
	"os"
	"runtime/debug"
	"testing"
)

func TestCheckPacesTheCollectorUnlessGOGCIsSet(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	gogc, had := os.LookupEnv("GOGC")
	t.Cleanup(func() {
		if had {
			os.Setenv("GOGC", gogc)
		}
	})
	os.Unsetenv("GOGC")
	paceCollector(0)
	if got := debug.SetGCPercent(100); got != generatingGCPercent {
		t.Errorf("GOGC unset: the collector's pace is %d, want %d", got, generatingGCPercent)
	}
	t.Setenv("GOGC", "100")
	paceCollector(0)
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC=100: the collector's pace is %d, want 100, as GOGC sets it", got)
	}
}

// TestCheckThatPacesTheCollectorBoundsItsMemory: a pace set for small
// generated cases let a 64x64 box's garbage pile up to 348 MB against a
// bound of 64 MB; the pace comes with the bound as the soft limit.
func TestCheckThatPacesTheCollectorBoundsItsMemory(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	if _, ok := os.LookupEnv("GOMEMLIMIT"); ok {
		t.Skip("GOMEMLIMIT is set")
	}
	paceCollector(1000)
	if got, want := debug.SetMemoryLimit(-1), int64(memoryBase/2+memoryPerByte*1000); got != want {
		t.Errorf("soft limit %d, want %d", got, want)
	}
}
