package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/cascade-harness/cascade/internal/alloc"
)

// maxFuzzReport is the largest report FuzzMergeReports reads: room for
// every seed, small enough that a run stays quick.
const maxFuzzReport = 64 << 10

// FuzzMergeReports hands merge two reports made of the fuzzer's bytes,
// as shards of one run and each alone: whatever they hold, merge never
// panics, refuses a report with a usage error or a *badReport, and
// reads, merges, prints and writes them again in memory bounded by
// their size; the report it writes, merge takes.
func FuzzMergeReports(f *testing.F) {
	for _, pair := range reportSeeds(f) {
		f.Add(pair[0], pair[1])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		if len(a)+len(b) > maxFuzzReport {
			return
		}
		bound := alloc.Bound(len(a) + len(b))
		if used := alloc.Bytes(func() { mergeAndPrint(t, a, b) }); used > bound {
			t.Fatalf("merge of %d and %d bytes of reports allocated %d bytes, bound %d", len(a), len(b), used, bound)
		}
	})
}

// mergeAndPrint does what cascade merge does with reports a and b, as
// a.json and b.json, and with each alone.
func mergeAndPrint(t *testing.T, a, b []byte) {
	var shards []*shardReport
	for _, r := range []struct {
		file string
		data []byte
	}{{"a.json", a}, {"b.json", b}} {
		s, err := parseShard(r.file, r.data)
		if err != nil {
			if !strings.HasPrefix(err.Error(), r.file+": ") {
				t.Fatalf("parseShard(%s) = %v: the error does not name the file", r.file, err)
			}
			if bad, ok := errors.AsType[*badReport](err); ok && bad.field == "" {
				t.Fatalf("parseShard(%s) = %v: the error names no field", r.file, err)
			}
			continue
		}
		shards = append(shards, s)
	}
	for _, set := range [][]*shardReport{shards, shards[:min(1, len(shards))], shards[min(1, len(shards)):]} {
		if len(set) == 0 {
			continue
		}
		m, err := merge(set)
		if err != nil {
			continue
		}
		printMerged(io.Discard, m, painter(colorNever, io.Discard))
		data, err := json.Marshal(m.out)
		if err != nil {
			t.Fatalf("the merged report does not marshal: %v", err)
		}
		// The merged report is the report of a whole run: every field
		// merge checks holds in it as in the shards.
		if _, err := parseShard("merged.json", data); err != nil {
			t.Fatalf("merge takes its shards but not the report it made of them: %v", err)
		}
	}
}

// reportSeeds are pairs of reports: the shards of real runs of check,
// made here, and the reports of the merge scripts.
func reportSeeds(f *testing.F) [][2][]byte {
	dir := f.TempDir()
	cases := filepath.Join(dir, "cases")
	if err := os.Mkdir(cases, 0o777); err != nil {
		f.Fatal(err)
	}
	for name, text := range map[string]string{
		"a.in": "2\n21\n11\n2\n0 0, 0 0\n",
		"b.in": "rules benchmark\n2\n22\n11\n1\n0 0\n",
		"c.in": "rules benchmark\n1\n1\n0\n",
	} {
		if err := os.WriteFile(filepath.Join(cases, name), []byte(text), 0o666); err != nil {
			f.Fatal(err)
		}
	}
	runs := [][]string{
		{"--game", "samegame", "--engine", "reference", "--builtin=false", "--seed", "7", "--count", "6"},
		{"--engine", "reference", "--seed", "3", "--count", "4", "--coverage=false"},
		// Two programs side by side, which a matrix reports.
		{"--game", "samegame", "--impl", "echo 0", "--impl", "echo 1", "--builtin=false", "--seed", "3", "--count", "3"},
		// And with --cases files of another rule set: a game and a
		// matrix of each rule set.
		{"--game", "samegame", "--impl", "echo 0", "--impl", "echo 1", "--builtin=false", "--cases", cases, "--seed", "3", "--count", "2"},
	}
	var seeds [][2][]byte
	for i, args := range runs {
		var pair [2][]byte
		for k := range 2 {
			file := filepath.Join(dir, strings.Repeat("x", i+1)+string(rune('1'+k))+".json")
			shard := []string{"check", "--shard", string(rune('1'+k)) + "/2", "--json", file}
			run(append(shard, args...), strings.NewReader(""), io.Discard, io.Discard)
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatalf("check %v wrote no report: %v", args, err)
			}
			pair[k] = data
		}
		// What check writes, merge takes: the checks of the fields
		// refuse no real report.
		sa, err := parseShard("a.json", pair[0])
		if err != nil {
			f.Fatalf("check %v: shard 1/2: %v", args, err)
		}
		sb, err := parseShard("b.json", pair[1])
		if err != nil {
			f.Fatalf("check %v: shard 2/2: %v", args, err)
		}
		if _, err := merge([]*shardReport{sa, sb}); err != nil {
			f.Fatalf("check %v: merge: %v", args, err)
		}
		seeds = append(seeds, pair)
	}
	scripts, err := filepath.Glob(filepath.Join("testdata", "script", "merge-*.txtar"))
	if err != nil || len(scripts) == 0 {
		f.Fatalf("no merge script: %v", err)
	}
	for _, s := range scripts {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		var reports [][]byte
		for _, m := range txtar.Parse(data).Files {
			if strings.HasSuffix(m.Name, ".json") {
				reports = append(reports, m.Data)
			}
		}
		for i := range reports {
			seeds = append(seeds, [2][]byte{reports[i], reports[(i+1)%len(reports)]})
		}
	}
	return seeds
}
