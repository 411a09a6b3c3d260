// Command libfuzzer is what cascade's go test -fuzz targets need, besides
// go-118-fuzz-build and clang, to be built and run as libFuzzer binaries
// (make libfuzzer, and ClusterFuzzLite's build in .clusterfuzzlite/):
//
//	libfuzzer targets                 # list the fuzz targets
//	libfuzzer seeds DIR               # the seed corpus, in libFuzzer's form, into DIR/<target>/
//	libfuzzer prepare TARGET COPY     # make COPY, a copy of fuzz/, buildable for TARGET
//	libfuzzer import TARGET FILE...   # turn libFuzzer inputs into go test corpus files
//
// -dir (before the command) names the package directory, fuzz by default,
// as seen from the root of the tree, where the scripts run it.
//
// It is a module of its own, with go-118-fuzz-build, so that cascade's
// module does not require go-118-fuzz-build (a module that depends on
// cascade would download it): build it from the root with
//
//	go build -C fuzz/libfuzzer -o "$PWD/libfuzzer" .
//
// A libFuzzer binary does not read go test's corpus format. It hands
// its target's f.Fuzz one run of raw bytes, out of which the testing shim
// of go-118-fuzz-build cuts each fuzzed value as a 4-byte big-endian
// length and that many bytes. seeds writes the committed corpus
// (testdata/fuzz/<target>/) that way; import turns a crashing input that
// libFuzzer or ClusterFuzzLite reports back into a go test corpus file
// in testdata/fuzz/<target>/, where go test -run '<target>/<file>'
// replays it and from where, committed, it stays a regression test.
//
// prepare exists because go-118-fuzz-build builds a target without the
// package's _test.go files, and cascade's targets call helpers there; see
// prepare.go.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

const usage = `usage: libfuzzer [-dir DIR] COMMAND [ARG...]

  targets                  list the fuzz targets of the package in DIR
  seeds OUT                write each target's seed corpus (DIR/testdata/fuzz/<target>/)
                           as libFuzzer inputs into OUT/<target>/
  prepare TARGET COPY      make COPY, a copy of DIR, buildable by go-118-fuzz-build
                           for TARGET: remove its _test.go files and write TARGET
                           with the test helpers it calls into COPY/` + harnessFile + `
  import TARGET FILE...    turn libFuzzer inputs of TARGET into go test corpus files
                           in DIR/testdata/fuzz/TARGET/

DIR is fuzz unless -dir says otherwise.
`

// errUsage is a command line that does not fit the usage; run has said why.
var errUsage = errors.New("usage")

func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("libfuzzer", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprint(stderr, usage) }
	dir := flags.String("dir", "fuzz", "the package `directory` whose fuzz targets are meant")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	err := command(*dir, flags.Args(), stdout, stderr)
	switch {
	case errors.Is(err, errUsage):
		fmt.Fprint(stderr, usage)
		return 2
	case err != nil:
		fmt.Fprintf(stderr, "libfuzzer: %v\n", err)
		return 1
	}
	return 0
}

func command(dir string, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "libfuzzer: no command")
		return errUsage
	}
	cmd, args := args[0], args[1:]
	want := map[string]func(n int) bool{
		"targets": func(n int) bool { return n == 0 },
		"seeds":   func(n int) bool { return n == 1 },
		"prepare": func(n int) bool { return n == 2 },
		"import":  func(n int) bool { return n >= 2 },
	}[cmd]
	if want == nil {
		fmt.Fprintf(stderr, "libfuzzer: unknown command %q\n", cmd)
		return errUsage
	}
	if !want(len(args)) {
		fmt.Fprintf(stderr, "libfuzzer %s: wrong number of arguments\n", cmd)
		return errUsage
	}
	ts, err := parseTests(dir)
	if err != nil {
		return err
	}
	switch cmd {
	case "targets":
		all, err := ts.targets()
		if err != nil {
			return err
		}
		for _, t := range all {
			fmt.Fprintln(stdout, t.Name)
		}
		return nil
	case "seeds":
		return seeds(ts, args[0], stdout)
	case "prepare":
		t, err := ts.target(args[0])
		if err != nil {
			return err
		}
		return ts.prepare(t, args[1])
	default:
		t, err := ts.target(args[0])
		if err != nil {
			return err
		}
		return importInputs(ts, t, args[1:], stdout)
	}
}

// seeds writes the committed corpus of every target as libFuzzer inputs
// into out/<target>/, under the same file names, and says for each target
// how many it wrote and which it could not.
func seeds(ts *tests, out string, stdout io.Writer) error {
	all, err := ts.targets()
	if err != nil {
		return err
	}
	for _, t := range all {
		dst := filepath.Join(out, t.Name)
		if err := os.MkdirAll(dst, 0o777); err != nil {
			return err
		}
		files, err := filepath.Glob(filepath.Join(ts.dir, "testdata", "fuzz", t.Name, "*"))
		if err != nil {
			return err
		}
		var skipped []string
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				return err
			}
			vals, err := parseCorpusFile(data)
			if err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			if err := fits(t, vals); err != nil {
				return fmt.Errorf("%s: %w", file, err)
			}
			in, err := encodeInput(vals)
			if err != nil {
				skipped = append(skipped, filepath.Base(file))
				continue
			}
			if err := os.WriteFile(filepath.Join(dst, filepath.Base(file)), in, 0o666); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "%s: %d of %d seeds", t.Name, len(files)-len(skipped), len(files))
		if len(skipped) > 0 {
			fmt.Fprintf(stdout, " (not %s: an empty value has no libFuzzer input)", strings.Join(skipped, ", "))
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// fits reports whether vals are of the types t's f.Fuzz takes.
func fits(t *target, vals []value) error {
	var got []string
	for _, v := range vals {
		got = append(got, v.Type)
	}
	if strings.Join(got, ", ") != strings.Join(t.Params, ", ") {
		return fmt.Errorf("values of type %s, but %s fuzzes %s", strings.Join(got, ", "), t.Name, strings.Join(t.Params, ", "))
	}
	return nil
}

// importInputs writes each libFuzzer input file as a go test corpus file
// of t, under the same name, and prints how to replay them.
func importInputs(ts *tests, t *target, files []string, stdout io.Writer) error {
	dst := filepath.Join(ts.dir, "testdata", "fuzz", t.Name)
	if err := os.MkdirAll(dst, 0o777); err != nil {
		return err
	}
	var names []string
	for _, file := range files {
		in, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		vals, err := decodeInput(in, t.Params)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		name := filepath.Base(file)
		path := filepath.Join(dst, name)
		data := formatCorpusFile(vals)
		if old, err := os.ReadFile(path); err == nil && !bytes.Equal(old, data) {
			return fmt.Errorf("%s: %s already holds another input", file, path)
		}
		if err := os.WriteFile(path, data, 0o666); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %v\n", path, vals)
		names = append(names, name)
	}
	pkg := filepath.ToSlash(ts.dir)
	if !filepath.IsAbs(ts.dir) && !strings.HasPrefix(pkg, ".") {
		pkg = "./" + pkg
	}
	sub := names[0]
	if len(names) > 1 {
		sub = "(" + strings.Join(names, "|") + ")"
	}
	fmt.Fprintf(stdout, "replay with: go test -run '^%s$/^%s$' %s/\n", t.Name, sub, strings.TrimSuffix(pkg, "/"))
	return nil
}
