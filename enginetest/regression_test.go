package enginetest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cascade-harness/cascade/conformance"
	"github.com/cascade-harness/cascade/cubes"
)

// corpusBytes reads the files go test -fuzz writes for a target of one
// []byte, and nothing else, without panicking.
func TestCorpusBytesReadsAFuzzCorpusFile(t *testing.T) {
	for _, tc := range []struct {
		name, file string
		want       []byte
		ok         bool
	}{
		{"bytes", "go test fuzz v1\n[]byte(\"\\x01\\x02ab\")\n", []byte{1, 2, 'a', 'b'}, true},
		{"empty", "go test fuzz v1\n[]byte(\"\")\n", []byte{}, true},
		{"other version", "go test fuzz v2\n[]byte(\"a\")\n", nil, false},
		{"a string", "go test fuzz v1\nstring(\"a\")\n", nil, false},
		{"bad quoting", "go test fuzz v1\n[]byte(\"\\q\")\n", nil, false},
		{"no value", "go test fuzz v1\n", nil, false},
		{"nothing", "", nil, false},
	} {
		got, ok := corpusBytes([]byte(tc.file))
		if ok != tc.ok || ok && !bytes.Equal(got, tc.want) {
			t.Errorf("%s: corpusBytes = %q, %v; want %q, %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// A failure Test finds is written once under CASCADE_EMIT_DIR, named
// after the case, and the same failure found again is the same file;
// under CASCADE_NO_EMIT=1 nothing is written.
func TestKeptRegressionIsWrittenOnceAndNotUnderNoEmit(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(NoEmitEnv, "")
	t.Setenv(EmitDirEnv, dir)
	run := func() string {
		rep, err := cubes.Game.Run(context.Background(), wrongEngine, conformance.RunOptions{
			NoBuiltin: true, Cases: []conformance.Case{{Name: "x", Input: []byte("2\n11\n11\n2\n0 0, 0 0\n")}}, Count: -1, Jobs: 1, NoCoverage: true,
		})
		if err != nil || rep.Divergence == nil {
			t.Fatalf("no divergence to keep: %v", err)
		}
		return keepRegression("TestX", regressionOf(cubes.Game, wrongEngine, rep, "a case"))
	}
	first, second := run(), run()
	if first != second || !strings.HasPrefix(first, "regression script: "+dir+string(filepath.Separator)+"samegame-wrong-answer-") {
		t.Errorf("kept twice: %q, then %q", first, second)
	}
	if files, _ := os.ReadDir(dir); len(files) != 1 {
		t.Errorf("%d files in the directory, want the one script", len(files))
	}
	t.Setenv(NoEmitEnv, "1")
	t.Setenv(EmitDirEnv, filepath.Join(dir, "none"))
	if note := run(); note != "" {
		t.Errorf("under %s=1: %q", NoEmitEnv, note)
	}
	if _, err := os.Stat(filepath.Join(dir, "none")); err == nil {
		t.Errorf("under %s=1 the directory was made", NoEmitEnv)
	}
}
