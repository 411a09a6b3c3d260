package conformance_test

import (
	"flag"
	"os"
	"testing"

	"github.com/cascade-harness/cascade/internal/testenv"
)

// TestMain runs more of the parallel tests at once than one per core:
// most of them wait out a program's time limit or wall-clock limit.
func TestMain(m *testing.M) {
	flag.Parse()
	testenv.ParallelWaiting()
	os.Exit(m.Run())
}
