package testenv

import (
	"flag"
	"runtime"
	"strconv"
)

// WaitingParallel is how many parallel tests a package of tests that
// mostly wait (on a wall-clock limit, a time-out, a program that never
// answers) runs at once, unless -test.parallel is given.
const WaitingParallel = 8

// ParallelWaiting lets a package whose parallel tests mostly wait run
// WaitingParallel of them at once rather than go test's default of one
// per core: a test that waits out a wall-clock limit takes no CPU, and
// on a 2-core machine two of them at a time held go test -short ./...
// for the sum of their waits. It is called from TestMain after
// flag.Parse; a -test.parallel given on the command line is left as it
// is. Such tests' verdicts do not depend on the machine's load, so
// running more of them at once changes none.
func ParallelWaiting() {
	f := flag.Lookup("test.parallel")
	if f == nil {
		return
	}
	given := false
	flag.Visit(func(g *flag.Flag) { given = given || g == f })
	if !given && runtime.GOMAXPROCS(0) < WaitingParallel {
		f.Value.Set(strconv.Itoa(WaitingParallel))
	}
}
