package fuzz

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
)

// The gopter properties (properties_samegame_test.go,
// properties_match3_test.go): the engine agrees with the reference, and
// both keep the invariants of the rules on every move of every generated
// case, drawn by package enginetest's generators (enginetest.SameGameCases,
// enginetest.Match3Cases), which any engine's properties draw from too.
// This file holds the harness that runs a property. A failing property
// is shrunk by the generators' shrinkers and reported with its knobs and
// the seed that replays it with -props.seed.

var propsSeed = flag.Int64("props.seed", 0, "seed of the gopter properties (0: from the clock)")

// propsCases is the number of cases each property checks; under -short a
// tenth. The whole package stays well under a minute on two cores.
const propsCases = 3000

// checkProperty runs one gopter property and fails t when it is
// falsified, naming the seed that replays it.
func checkProperty(t *testing.T, name string, p gopter.Prop) {
	t.Helper()
	seed := *propsSeed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	params := gopter.DefaultTestParametersWithSeed(seed)
	params.MinSuccessfulTests = propsCases
	if testing.Short() {
		params.MinSuccessfulTests = propsCases / 10
	}
	props := gopter.NewProperties(params)
	props.Property(name, p)
	if !props.Run(gopter.NewFormatedReporter(true, 100, logWriter{t})) {
		t.Errorf("property falsified; replay with -props.seed=%d", seed)
	}
}

// logWriter hands gopter's report to t.Log.
type logWriter struct{ t *testing.T }

func (w logWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// problems collects what a property found wrong; its String is "" when
// nothing was, which gopter takes as a pass.
type problems []string

func (p *problems) add(format string, args ...any) {
	if len(*p) < 5 {
		*p = append(*p, fmt.Sprintf(format, args...))
	}
}

func (p problems) String() string { return strings.Join(p, "\n") }
