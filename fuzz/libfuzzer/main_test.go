package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunRejectsBadCommandLines(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"bogus"},
		{"targets", "extra"},
		{"seeds"},
		{"prepare", "FuzzToy"},
		{"import", "FuzzToy"},
		{"-nosuchflag", "targets"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("run(%q) = %d, want 2; stderr:\n%s", args, code, stderr.String())
		}
	}
}

// toyPackage writes the toy test file into a fresh directory, with a
// corpus of one seed of FuzzToy, and returns the directory.
func toyPackage(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	seed := filepath.Join(dir, "testdata", "fuzz", "FuzzToy", "seed")
	if err := os.MkdirAll(filepath.Dir(seed), 0o777); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(dir, "toy_test.go"): toy,
		seed:                              "go test fuzz v1\nstring(\"a\\nb\")\n[]byte(\"\\x00\\xff\")\n",
	}
	for name, data := range files {
		if err := os.WriteFile(name, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A seed written for libFuzzer by seeds and read back by import is the
// same go test corpus file.
func TestSeedsThenImportGiveTheCorpusFileBack(t *testing.T) {
	dir := toyPackage(t)
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", dir, "seeds", out}, &stdout, &stderr); code != 0 {
		t.Fatalf("seeds = %d; stderr:\n%s", code, stderr.String())
	}
	if want := "FuzzToy: 1 of 1 seeds\n"; stdout.String() != want {
		t.Errorf("seeds printed %q, want %q", stdout.String(), want)
	}
	input := filepath.Join(out, "FuzzToy", "seed")
	raw, err := os.ReadFile(input)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\x00\x00\x00\x03a\nb\x00\x00\x00\x02\x00\xff"; string(raw) != want {
		t.Errorf("libFuzzer seed = %q, want %q", raw, want)
	}

	crash := filepath.Join(t.TempDir(), "crash-1234")
	if err := os.WriteFile(crash, raw, 0o666); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code := run([]string{"-dir", dir, "import", "FuzzToy", crash}, &stdout, &stderr); code != 0 {
		t.Fatalf("import = %d; stderr:\n%s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(dir, "testdata", "fuzz", "FuzzToy", "crash-1234"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(dir, "testdata", "fuzz", "FuzzToy", "seed"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("imported corpus file:\n%s\nwant\n%s", got, want)
	}
	if line := "replay with: go test -run '^FuzzToy$/^crash-1234$' " + dir + "/\n"; !strings.HasSuffix(stdout.String(), line) {
		t.Errorf("import printed\n%s\nwant it to end with\n%s", stdout.String(), line)
	}
}

func TestImportRefusesAnInputTheShimIgnores(t *testing.T) {
	dir := toyPackage(t)
	crash := filepath.Join(t.TempDir(), "crash-short")
	if err := os.WriteFile(crash, []byte{0, 0}, 0o666); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-dir", dir, "import", "FuzzToy", crash}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "no call of the target") {
		t.Errorf("import of 2 bytes = %d, stderr %q; want 1 and that the target is not called", code, stderr.String())
	}
}
