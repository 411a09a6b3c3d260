package enginetest

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cascade-harness/cascade/conformance"
)

// EmitDir is where Test, Fuzz and Agrees write the regression script
// of a failure, relative to the package directory go test runs the test
// in, unless EmitDirEnv names another: the directory Scripts is
// usually given.
const EmitDir = "testdata/script"

// EmitDirEnv, when set, names the directory in place of EmitDir.
const EmitDirEnv = "CASCADE_EMIT_DIR"

// NoEmitEnv, when set to anything but 0 (CASCADE_NO_EMIT=1), writes
// no regression script: for CI, whose checkout is thrown away, or a run
// that must not touch the tree.
const NoEmitEnv = "CASCADE_NO_EMIT"

// Test checks impl against the reference of game g as g.Test does
// (conformance.Game.Test: the built-in cases and SuiteCases generated
// ones, every failure reported), and keeps the first case that fails as
// a regression script: the script cascade check --emit writes, written
// under EmitDir, its path in the report. Scripts, given that
// directory, runs it from the next go test on, in process, against the
// engine, so that the case stays a test once the engine is fixed, as
// go test -fuzz keeps a failing input in testdata/fuzz. A script that
// holds the same case and answers is not written twice; nothing is
// written when impl passes, nor under NoEmitEnv.
//
//	func TestEngine(t *testing.T) {
//		enginetest.Test(t, cubes.Game, impl)
//	}
func Test[C, T any](t *testing.T, g *conformance.Game[C, T], impl conformance.Impl[C, T]) {
	t.Helper()
	g.Test(keeper{t}, impl)
}

// keeper is the conformance.TB of Test: a test that keeps the
// regression script of its first failure.
type keeper struct{ *testing.T }

func (k keeper) KeepRegression(r *conformance.Regression) string {
	return keepRegression(k.Name(), r)
}

// keepRegression writes r, found by the test or target named by, under
// the script directory, and returns the line of the failure report that
// says where it went; "" when NoEmitEnv asks for none.
func keepRegression(by string, r *conformance.Regression) string {
	if v := os.Getenv(NoEmitEnv); v != "" && v != "0" {
		return ""
	}
	dir := cmp.Or(os.Getenv(EmitDirEnv), EmitDir)
	r.By, r.Reuse = by, true
	// The case names the script: the same failure, found again, is the
	// same file, and another failure another one.
	sum := sha256.Sum256(r.Divergence.Shrunk.Input)
	r.Tag = hex.EncodeToString(sum[:8])
	path, err := r.Write(dir)
	if err != nil {
		return fmt.Sprintf("regression script: not written: %v", err)
	}
	return fmt.Sprintf("regression script: %s (enginetest.Scripts runs it from the next go test on; %s=1 writes none)", path, NoEmitEnv)
}

// regressionOf is the regression script of the divergence of rep, a
// check of impl on game g whose case came from source, for
// keepRegression.
func regressionOf[C, T any](g *conformance.Game[C, T], impl conformance.Impl[C, T], rep *conformance.Report, source string) *conformance.Regression {
	d := *rep.Divergence
	d.Source, d.Index = source, -1
	return &conformance.Regression{Game: g.Any(), Divergence: &d, Rules: g.Rules, Impl: impl.String()}
}

// fuzzWorker reports whether the test runs as a worker of go test -fuzz.
func fuzzWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.String() == "true"
}

// fuzzCoordinator reports whether the test runs as the process of go
// test -fuzz that coordinates the workers.
func fuzzCoordinator() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != "" && !fuzzWorker()
}

// keepCrasher keeps, as Test keeps a failure, the failing input that go
// test -fuzz wrote for target f since start (testdata/fuzz/TARGET/,
// minimised) when it is a case impl fails; it returns the line of the
// report that says where the script went, "" for none.
//
// The workers of go test -fuzz keep nothing: once one finds a failing
// input, it is minimised by running the target on smaller inputs, and
// the other workers fuzz on meanwhile, each failure shrunk anew; the
// coordinator keeps the one input go test -fuzz writes.
func keepCrasher[C, T any](f *testing.F, g *conformance.Game[C, T], impl conformance.Impl[C, T], start time.Time) string {
	dir := filepath.Join("testdata", "fuzz", f.Name())
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var newest string
	var at time.Time
	for _, e := range entries {
		if info, err := e.Info(); err == nil && !e.IsDir() && !info.ModTime().Before(start) && info.ModTime().After(at) {
			newest, at = e.Name(), info.ModTime()
		}
	}
	if newest == "" {
		return ""
	}
	data, err := os.ReadFile(filepath.Join(dir, newest))
	if err != nil {
		return ""
	}
	input, ok := corpusBytes(data)
	if !ok {
		return ""
	}
	ctx := context.Background()
	res, err := g.Check(ctx, impl, g.Decode(input))
	if err != nil || res.Ok() || res.Verdict == conformance.TimeLimit {
		return ""
	}
	_, rep := explain(ctx, g, impl, res.Input)
	if rep == nil || rep.Divergence == nil {
		return ""
	}
	return keepRegression(f.Name(), regressionOf(g, impl, rep, "a fuzz input"))
}

// corpusBytes is the one []byte value of a file of go test's fuzz
// corpus: "go test fuzz v1" and a line []byte("...").
func corpusBytes(data []byte) ([]byte, bool) {
	header, rest, ok := strings.Cut(string(data), "\n")
	if !ok || header != "go test fuzz v1" {
		return nil, false
	}
	lit, ok := strings.CutPrefix(strings.TrimSpace(rest), "[]byte(")
	if !ok {
		return nil, false
	}
	lit, ok = strings.CutSuffix(lit, ")")
	if !ok {
		return nil, false
	}
	s, err := strconv.Unquote(lit)
	return []byte(s), err == nil
}
