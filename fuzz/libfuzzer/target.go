package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A target is one native fuzz target: a func FuzzX(f *testing.F) in a
// _test.go file of the package itself (not of its _test package, which
// go-118-fuzz-build cannot import).
type target struct {
	Name string
	// Params are the types of the values f.Fuzz passes after the
	// *testing.T, as written in the source: "[]byte" or "string" are the
	// ones this command can encode.
	Params []string
	decl   *ast.FuncDecl
	file   *testFile
}

// A testFile is one parsed _test.go file of the package and the names its
// imports are known by in it.
type testFile struct {
	name    string
	ast     *ast.File
	imports map[string]string // local name -> import path
}

// tests is the parsed test source of a package directory.
type tests struct {
	dir   string
	fset  *token.FileSet
	pkg   string // the package name the internal test files share
	files []*testFile
}

// parseTests parses the _test.go files of the package in dir, keeping those
// of the package itself and leaving the external _test package aside.
func parseTests(dir string) (*tests, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	slices.Sort(names)
	ts := &tests{dir: dir, fset: token.NewFileSet()}
	for _, name := range names {
		f, err := parser.ParseFile(ts.fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(f.Name.Name, "_test") {
			continue
		}
		if ts.pkg != "" && f.Name.Name != ts.pkg {
			return nil, fmt.Errorf("%s: package %s, want %s", name, f.Name.Name, ts.pkg)
		}
		ts.pkg = f.Name.Name
		tf := &testFile{name: name, ast: f, imports: map[string]string{}}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil {
				return nil, err
			}
			local := importName(path)
			if spec.Name != nil {
				local = spec.Name.Name
			}
			if local == "." {
				return nil, fmt.Errorf("%s: dot import of %s: not supported", name, path)
			}
			tf.imports[local] = path
		}
		ts.files = append(ts.files, tf)
	}
	if len(ts.files) == 0 {
		return nil, fmt.Errorf("%s: no _test.go files of the package", dir)
	}
	return ts, nil
}

// importName is the name a package is known by when imported without one:
// the last element of its path, skipping a major version suffix. It is
// right for every package this module imports in its tests.
func importName(path string) string {
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}

// targets lists the fuzz targets of ts in file order, as go test -list
// '^Fuzz' does.
func (ts *tests) targets() ([]*target, error) {
	var out []*target
	for _, tf := range ts.files {
		for _, d := range tf.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || !isFuzzName(fd.Name.Name) || !tf.takesTestingF(fd) {
				continue
			}
			params, err := ts.fuzzParams(tf, fd)
			if err != nil {
				return nil, err
			}
			out = append(out, &target{Name: fd.Name.Name, Params: params, decl: fd, file: tf})
		}
	}
	return out, nil
}

// target finds the fuzz target called name.
func (ts *tests) target(name string) (*target, error) {
	all, err := ts.targets()
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.Name == name {
			return t, nil
		}
	}
	return nil, fmt.Errorf("%s: no fuzz target %s", ts.dir, name)
}

// isFuzzName reports whether go test takes a function called name for a
// fuzz target: Fuzz, then nothing or anything but a lower-case letter.
func isFuzzName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Fuzz")
	if !ok {
		return false
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return rest == "" || !unicode.IsLower(r)
}

// takesTestingF reports whether fd has the one parameter *testing.F.
func (tf *testFile) takesTestingF(fd *ast.FuncDecl) bool {
	ps := fd.Type.Params.List
	if len(ps) != 1 || len(ps[0].Names) > 1 {
		return false
	}
	star, ok := ps[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "F" {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && tf.imports[x.Name] == "testing"
}

// fuzzParams finds the call f.Fuzz(func(t *testing.T, ...) {...}) in fd
// and returns the types of its parameters after the first.
func (ts *tests) fuzzParams(tf *testFile, fd *ast.FuncDecl) ([]string, error) {
	var f string
	if names := fd.Type.Params.List[0].Names; len(names) == 1 {
		f = names[0].Name
	}
	var lit *ast.FuncLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || lit != nil {
			return lit == nil
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Fuzz" || len(call.Args) != 1 {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == f {
			lit, _ = call.Args[0].(*ast.FuncLit)
		}
		return true
	})
	pos := ts.fset.Position(fd.Pos())
	if lit == nil {
		return nil, fmt.Errorf("%s: %s: no call %s.Fuzz(func(...) {...})", pos, fd.Name.Name, f)
	}
	var params []string
	for _, field := range lit.Type.Params.List {
		for range max(1, len(field.Names)) {
			params = append(params, types.ExprString(field.Type))
		}
	}
	if len(params) < 2 {
		return nil, fmt.Errorf("%s: %s: f.Fuzz's function takes no fuzzed value", pos, fd.Name.Name)
	}
	return params[1:], nil
}
