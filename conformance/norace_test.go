//go:build !race

package conformance_test

// raceEnabled says the race detector is on: it makes allocations of its
// own, so allocation counts are not checked.
const raceEnabled = false
