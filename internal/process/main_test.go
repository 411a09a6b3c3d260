package process

import (
	"flag"
	"os"
	"testing"
)

var noCgroup = flag.Bool("nocgroup", false, "run every program without a cgroup, as where none can be made: the /proc fallback")

func TestMain(m *testing.M) {
	flag.Parse()
	useCgroups = !*noCgroup
	os.Exit(m.Run())
}
