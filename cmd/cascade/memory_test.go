package main

import (
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
	paceCollector()
	if got := debug.SetGCPercent(100); got != generatingGCPercent {
		t.Errorf("GOGC unset: the collector's pace is %d, want %d", got, generatingGCPercent)
	}
	t.Setenv("GOGC", "100")
	paceCollector()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("GOGC=100: the collector's pace is %d, want 100, as GOGC sets it", got)
	}
}
