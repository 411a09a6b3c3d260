package process

import (
	"flag"
	"os"
	"testing"

	"github.com/cascade-harness/cascade/internal/testenv"
)

var noCgroup = flag.Bool("nocgroup", false, "run every program without a cgroup, as where none can be made: the /proc fallback")

// TestMain runs more of the parallel tests at once than one per core:
// most of them wait out a program's wall-clock limit.
func TestMain(m *testing.M) {
	flag.Parse()
	testenv.ParallelWaiting()
	useCgroups = !*noCgroup
	os.Exit(m.Run())
}
