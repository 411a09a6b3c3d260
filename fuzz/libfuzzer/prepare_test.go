package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// toy is a test file of a package with a target, the helpers it reaches
// (a function, a type with methods, declared with another type whose
// methods come too, an aliased import) and a test that needs what the
// target does not (gopter).
const toy = `package toy

import (
	"strconv"
	"testing"

	r "math/rand/v2"

	"github.com/leanovate/gopter"
)

type (
	box  struct{ n int }
	unit struct{}
)

func (b box) String() string { return strconv.Itoa(b.n) }

func (b *box) grow() { b.n += r.IntN(3) }

func (unit) String() string { return "unit" }

func helper(t *testing.T, b *box) {
	t.Helper()
	b.grow()
}

func unused(t *testing.T) { _ = gopter.NewProperties(nil) }

func FuzzToy(f *testing.F) {
	f.Fuzz(func(t *testing.T, name string, data []byte) { helper(t, &box{}) })
}

func TestToy(t *testing.T) { unused(t) }
`

// declared lists the top-level names a source file declares, methods as
// Recv.Name, and the paths it imports.
func declared(t *testing.T, src []byte) (names, imports []string) {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "harness.go", src, 0)
	if err != nil {
		t.Fatalf("harness does not parse: %v\n%s", err, src)
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil {
				name = recvName(d.Recv.List[0].Type) + "." + name
			}
			names = append(names, name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					names = append(names, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						names = append(names, n.Name)
					}
				case *ast.ImportSpec:
					path, _ := strconv.Unquote(s.Path.Value)
					if s.Name != nil {
						path = s.Name.Name + " " + path
					}
					imports = append(imports, path)
				}
			}
		}
	}
	return names, imports
}

func TestHarnessTakesWhatTheTargetReaches(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "toy_test.go"), []byte(toy), 0o666); err != nil {
		t.Fatal(err)
	}
	ts, err := parseTests(dir)
	if err != nil {
		t.Fatal(err)
	}
	all, err := ts.targets()
	if err != nil || len(all) != 1 || all[0].Name != "FuzzToy" || !slices.Equal(all[0].Params, []string{"string", "[]byte"}) {
		t.Fatalf("targets = %v, %v; want FuzzToy fuzzing string, []byte", all, err)
	}
	src, err := ts.harness(all[0])
	if err != nil {
		t.Fatal(err)
	}
	names, imports := declared(t, src)
	if want := []string{"box", "unit", "box.String", "box.grow", "unit.String", "helper", "FuzzToy"}; !slices.Equal(names, want) {
		t.Errorf("harness declares %v, want %v\n%s", names, want, src)
	}
	if want := []string{"r math/rand/v2", "strconv", "testing"}; !slices.Equal(imports, want) {
		t.Errorf("harness imports %v, want %v\n%s", imports, want, src)
	}
}

// fuzzFuncs finds the fuzz targets in the package's test files by their
// text, to check targets against.
var fuzzFuncs = regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)

func TestHarnessOfEveryTargetDeclaresItAlone(t *testing.T) {
	ts, err := parseTests("..")
	if err != nil {
		t.Fatal(err)
	}
	all, err := ts.targets()
	if err != nil {
		t.Fatal(err)
	}
	var names, want []string
	for _, tgt := range all {
		names = append(names, tgt.Name)
	}
	files, _ := filepath.Glob("../*_test.go")
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range fuzzFuncs.FindAllSubmatch(src, -1) {
			want = append(want, string(m[1]))
		}
	}
	slices.Sort(names)
	slices.Sort(want)
	if len(names) == 0 || !slices.Equal(names, want) {
		t.Fatalf("targets = %v, want %v", names, want)
	}
	for _, tgt := range all {
		src, err := ts.harness(tgt)
		if err != nil {
			t.Fatalf("%s: %v", tgt.Name, err)
		}
		decls, imports := declared(t, src)
		for _, d := range decls {
			if isFuzzName(d) && d != tgt.Name || strings.HasPrefix(d, "Test") {
				t.Errorf("harness of %s declares %s", tgt.Name, d)
			}
		}
		if !slices.Contains(decls, tgt.Name) {
			t.Errorf("harness of %s does not declare it", tgt.Name)
		}
		for _, path := range imports {
			if strings.Contains(path, "gopter") {
				t.Errorf("harness of %s imports %s", tgt.Name, path)
			}
		}
	}
}

func TestPrepareRefusesThePackageItself(t *testing.T) {
	ts, err := parseTests("..")
	if err != nil {
		t.Fatal(err)
	}
	all, err := ts.targets()
	if err != nil || len(all) == 0 {
		t.Fatalf("targets = %v, %v", all, err)
	}
	if err := ts.prepare(all[0], "../"); err == nil {
		t.Fatal("prepare of the package itself succeeded")
	}
	if files, _ := filepath.Glob("../*_test.go"); len(files) == 0 {
		t.Fatal("the package's test files are gone")
	}
}

func TestPrepareLeavesOnlyTheHarness(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{"toy_test.go": toy, "other_test.go": "package toy\n", "toy.go": "package toy\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	ts, err := parseTests(dir)
	if err != nil {
		t.Fatal(err)
	}
	tgt, err := ts.target("FuzzToy")
	if err != nil {
		t.Fatal(err)
	}
	copyDir := filepath.Join(t.TempDir(), "toy")
	if err := os.CopyFS(copyDir, os.DirFS(dir)); err != nil {
		t.Fatal(err)
	}
	if err := ts.prepare(tgt, copyDir); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(copyDir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{harnessFile, "toy.go"}; !slices.Equal(names, want) {
		t.Errorf("after prepare the copy holds %v, want %v", names, want)
	}
}
