package fuzz

import (
	"bufio"
	"bytes"
	"errors"
	_ "github.com/cascade-harness/cascade/games"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/internal/alloc"
)

// The readers of the files a user hands cascade (a --cases directory,
// its NAME.in, NAME.ans and NAME.txtar files, a stream of cases on
// standard input) take untrusted bytes: whatever they hold, a reader
// never panics, names the file of each error, and allocates in
// proportion to the bytes, never to a number they claim.

// maxFuzzInput is the largest input the targets read: big enough for
// every seed, small enough that a run of the reader stays quick.
const maxFuzzInput = 64 << 10

// FuzzReadCases makes a --cases directory of the fuzzer's bytes, read
// as a txtar archive whose members are its files (a member whose name
// ends in / a subdirectory), and reads it as check --cases does, telling
// each input's game and as each game in turn.
func FuzzReadCases(f *testing.F) {
	for _, seed := range caseSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		dir := t.TempDir()
		// txtar.Parse panics on a line "-- --"; the archive is the
		// harness's, not the reader's input, so the line is widened
		// (FuzzReadCaseArchive hands the reader such lines as they are).
		for _, m := range txtar.Parse(noNamelessMarker.ReplaceAll(data, []byte("--  --$1"))).Files {
			name := path.Base(m.Name)
			if name == "." || name == ".." || name == "/" {
				continue
			}
			p := filepath.Join(dir, name)
			if strings.HasSuffix(m.Name, "/") {
				os.Mkdir(p, 0o777)
				continue
			}
			if err := os.WriteFile(p, m.Data, 0o666); err != nil && !errors.Is(err, os.ErrExist) {
				continue // a name taken by a subdirectory
			}
		}
		for _, g := range append([]conformance.Any{nil}, conformance.Games()...) {
			var cs []conformance.Case
			var err error
			if used := alloc.Bytes(func() { cs, err = conformance.ReadCasesFor(dir, g) }); used > alloc.Bound(len(data)) {
				t.Fatalf("ReadCasesFor(%v) of a %d-byte directory allocated %d bytes, bound %d", g, len(data), used, alloc.Bound(len(data)))
			}
			if err != nil {
				t.Fatalf("ReadCasesFor(%v) = %v, want the directory read", g, err)
			}
			checkCases(t, dir, cs)
		}
	})
}

// noNamelessMarker matches a line "-- --".
var noNamelessMarker = regexp.MustCompile(`(?m)^-- --(\r?)$`)

// FuzzReadCaseArchive reads the fuzzer's bytes as a NAME.txtar case
// file of a --cases directory.
func FuzzReadCaseArchive(f *testing.F) {
	for _, seed := range archiveSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "set.txtar"), data, 0o666); err != nil {
			t.Fatal(err)
		}
		var cs []conformance.Case
		var err error
		if used := alloc.Bytes(func() { cs, err = conformance.ReadCases(dir) }); used > alloc.Bound(len(data)) {
			t.Fatalf("ReadCases of a %d-byte archive allocated %d bytes, bound %d", len(data), used, alloc.Bound(len(data)))
		}
		if err != nil {
			t.Fatalf("ReadCases = %v, want the directory read", err)
		}
		if len(cs) == 0 {
			t.Fatalf("ReadCases of an archive = no case, want its cases or one naming why it has none")
		}
		checkCases(t, dir, cs)
		for _, c := range cs {
			if c.Name != "set" && !strings.HasPrefix(c.Name, "set/") {
				t.Errorf("case %q of set.txtar: want it named set/MEMBER", c.Name)
			}
		}
	})
}

// checkCases checks what a reader made of the directory dir: cases in
// the order of their names, each error naming its file in dir.
func checkCases(t *testing.T, dir string, cs []conformance.Case) {
	t.Helper()
	if !slices.IsSortedFunc(cs, func(a, b conformance.Case) int { return strings.Compare(a.Name, b.Name) }) {
		t.Errorf("cases not in the order of their names")
	}
	for _, c := range cs {
		if c.Err != nil && !strings.HasPrefix(c.Err.Error(), dir) {
			t.Errorf("case %q: error %q does not name its file in %s", c.Name, c.Err, dir)
		}
	}
}

// FuzzNextCase reads the fuzzer's bytes as a stream of cases, as cascade
// score --stream and a stream program read their standard input: each
// case read is the next stretch of the stream, and reading ends at the
// first error.
func FuzzNextCase(f *testing.F) {
	for _, seed := range streamSeeds() {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzInput {
			return
		}
		for _, g := range append([]conformance.Any{nil}, conformance.Games()...) {
			used := alloc.Bytes(func() {
				r := bufio.NewReader(bytes.NewReader(data))
				rest, line := data, 0
				for {
					text, _, _, err := conformance.NextCase(r, g, &line)
					if len(text) > 0 {
						at := bytes.Index(rest, text)
						if at < 0 {
							t.Fatalf("NextCase(%v) = %q, not the next stretch of the stream", g, text)
						}
						rest = rest[at+len(text):]
					}
					if err != nil {
						return
					}
				}
			})
			if used > alloc.Bound(len(data)) {
				t.Fatalf("NextCase(%v) over a %d-byte stream allocated %d bytes, bound %d", g, len(data), used, alloc.Bound(len(data)))
			}
		}
	})
}

// The seeds are read from the tree's testdata, relative to this
// package: a libFuzzer build of a target (fuzz/libfuzzer.sh) runs
// elsewhere, reads none and takes its seed corpus from
// testdata/fuzz/<target>/ instead.

// caseSeeds are directories of real cases, as txtar archives: the
// built-in cases of each game, and each command script that holds a
// --cases directory.
func caseSeeds() [][]byte {
	var seeds [][]byte
	for _, game := range []string{"samegame", "match3"} {
		seeds = append(seeds, txtar.Format(builtinArchive(game, 6)))
	}
	for _, s := range casesScripts() {
		if data, err := os.ReadFile(s); err == nil {
			seeds = append(seeds, data)
		}
	}
	return seeds
}

// casesScripts are the command's scripts that hold a --cases directory.
func casesScripts() []string {
	scripts, _ := filepath.Glob(filepath.Join("..", "cmd", "cascade", "testdata", "script", "*cases*.txtar"))
	return scripts
}

// archiveSeeds are NAME.txtar case files: a few built-in cases of each
// game in one archive, and the archives of the command's scripts.
func archiveSeeds() [][]byte {
	var seeds [][]byte
	for _, game := range []string{"samegame", "match3"} {
		seeds = append(seeds, txtar.Format(builtinArchive(game, 4)))
	}
	for _, s := range casesScripts() {
		data, err := os.ReadFile(s)
		if err != nil {
			continue
		}
		for _, m := range txtar.Parse(data).Files {
			if strings.HasSuffix(m.Name, ".txtar") {
				seeds = append(seeds, m.Data)
			}
		}
	}
	return seeds
}

// streamSeeds are streams of real cases: the built-in cases of each
// game one after the other.
func streamSeeds() [][]byte {
	var seeds [][]byte
	for _, game := range []string{"samegame", "match3"} {
		var b bytes.Buffer
		for _, m := range builtinArchive(game, 6).Files {
			if strings.HasSuffix(m.Name, ".in") {
				b.Write(m.Data)
				b.WriteString("\n")
			}
		}
		seeds = append(seeds, b.Bytes())
	}
	return seeds
}

// builtinArchive holds the first n built-in cases of game, with their
// answers, as its game family's testdata/builtin holds them.
func builtinArchive(game string, n int) *txtar.Archive {
	dir := filepath.Join("..", map[string]string{"samegame": "cubes", "match3": "gems"}[game], "testdata", "builtin")
	ins, _ := filepath.Glob(filepath.Join(dir, "*.in"))
	a := &txtar.Archive{Comment: []byte("built-in " + game + " cases\n")}
	for _, in := range ins[:min(n, len(ins))] {
		stem := strings.TrimSuffix(in, ".in")
		for _, file := range []string{in, stem + ".ans"} {
			data, err := os.ReadFile(file)
			if err != nil {
				continue
			}
			a.Files = append(a.Files, txtar.File{Name: filepath.Base(file), Data: data})
		}
	}
	return a
}

// TestReaderSeedsAreFound makes sure the targets above start from real
// files: their seeds are read from testdata, where a move would leave
// them none without a word.
func TestReaderSeedsAreFound(t *testing.T) {
	for _, c := range []struct {
		name  string
		seeds [][]byte
		min   int
	}{
		{"caseSeeds", caseSeeds(), 4},
		{"archiveSeeds", archiveSeeds(), 3},
		{"streamSeeds", streamSeeds(), 2},
	} {
		if len(c.seeds) < c.min {
			t.Errorf("%s: %d seeds, want at least %d", c.name, len(c.seeds), c.min)
		}
		for i, s := range c.seeds {
			if len(s) == 0 {
				t.Errorf("%s: seed %d is empty", c.name, i)
			}
		}
	}
}
