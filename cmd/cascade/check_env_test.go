package main

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
)

// goEnv is the go command's cache and module settings, which scripts
// that build a program need: testscript gives them a HOME of their own.
var goEnv = sync.OnceValues(func() (map[string]string, error) {
	out, err := exec.Command("go", "env", "-json", "GOCACHE", "GOPATH", "GOMODCACHE").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	var env map[string]string
	return env, json.Unmarshal(out, &env)
})

// setupEnv gives scripts what the check scripts use:
//
//   - GOCACHE, GOPATH and GOMODCACHE of the go command, GOPROXY=off,
//     GOFLAGS=-mod=mod and GOTOOLCHAIN=local, so that "go build" of a
//     program in the script's archive works offline;
//   - CASCADE_ROOT, the module's root directory, for a program that
//     imports cascade's packages through a replace directive;
//   - IMPL, the command line of the program a regression script written
//     by "cascade check --emit" checks: the reference by default.
func setupEnv(env *testscript.Env) error {
	ge, err := goEnv()
	if err != nil {
		return err
	}
	for k, v := range ge {
		env.Setenv(k, v)
	}
	env.Setenv("GOPROXY", "off")
	env.Setenv("GOFLAGS", "-mod=mod")
	env.Setenv("GOTOOLCHAIN", "local")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		return err
	}
	env.Setenv("CASCADE_ROOT", root)
	env.Setenv("IMPL", "cascade score --engine reference")
	// A check that runs past --progress writes a progress line to
	// standard error, which is not a terminal here: how many depends on
	// the machine's speed, so the scripts ask for none, and
	// check-progress sets its own.
	env.Setenv("CASCADE_PROGRESS", "0")
	return nil
}

// runscript FILE runs FILE (a glob pattern matching one file) as a
// testscript of its own, with the
// environment of setupEnv and the calling script's IMPL, and fails when
// it fails ("! runscript" when it passes). It is how the check scripts
// show that a regression script written by --emit fails against the
// wrong program and passes against the reference.
func runscript(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: runscript FILE")
	}
	files, err := filepath.Glob(ts.MkAbs(args[0]))
	if err != nil || len(files) != 1 {
		ts.Fatalf("runscript: %s matches %d files, want 1", args[0], len(files))
	}
	impl := ts.Getenv("IMPL")
	t := &nestedT{}
	testscript.RunT(t, testscript.Params{
		Files: files,
		Setup: func(env *testscript.Env) error {
			if err := setupEnv(env); err != nil {
				return err
			}
			env.Setenv("IMPL", impl)
			return nil
		},
	})
	ts.Logf("runscript %s:\n%s", args[0], strings.TrimSpace(t.log.String()))
	switch {
	case t.failed && !neg:
		ts.Fatalf("script %s failed", args[0])
	case !t.failed && neg:
		ts.Fatalf("script %s passed unexpectedly", args[0])
	}
}

// nestedT runs the scripts of testscript.RunT one after another and
// records whether any failed.
type nestedT struct {
	log    strings.Builder
	failed bool
}

// errFailNow unwinds a nested script that failed.
type errFailNow struct{}

func (t *nestedT) Skip(args ...any) { t.Log(args...); panic(errFailNow{}) }
func (t *nestedT) Fatal(args ...any) {
	t.Log(args...)
	t.FailNow()
}
func (t *nestedT) Parallel()       {}
func (t *nestedT) Log(args ...any) { fmt.Fprintln(&t.log, args...) }
func (t *nestedT) FailNow()        { t.failed = true; panic(errFailNow{}) }
func (t *nestedT) Verbose() bool   { return false }
func (t *nestedT) Run(name string, f func(testscript.T)) {
	defer func() {
		if e := recover(); e != nil {
			if _, ok := e.(errFailNow); !ok {
				panic(e)
			}
		}
	}()
	f(t)
}
